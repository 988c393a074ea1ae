import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { ReportProblemLink, supportIssuePath } from './report-problem-link';

export type ErrorPanelVariant = 'noPermission' | 'studyBreak' | 'generic';

type ErrorPanelProps = {
  variant: ErrorPanelVariant;
  /** The signed-in person's JWL-ID, for the helpdesk (generic variant). */
  jwlId?: number | null;
  /** A more precise text than the default one. */
  detail?: string | null;
  /** Where "Report a problem" leads; null for none (the server itself is unavailable). */
  reportPath?: string | null;
  children?: ReactNode;
};

const HEADLINES: Record<ErrorPanelVariant, string> = {
  noPermission: ERROR_TEXTS.noAccessHeadline,
  studyBreak: ERROR_TEXTS.studyBreakHeadline,
  generic: ERROR_TEXTS.defaultHeadline,
};

const TEXTS: Record<ErrorPanelVariant, string> = {
  noPermission: ERROR_TEXTS.noAccessText,
  studyBreak: ERROR_TEXTS.studyBreakText,
  generic: ERROR_TEXTS.defaultText,
};

/** The three error panels of spec §2: no permission, study break, generic. */
export function ErrorPanel({
  variant,
  jwlId,
  detail,
  reportPath = variant === 'studyBreak' ? null : supportIssuePath('system-error'),
  children,
}: ErrorPanelProps) {
  return (
    <Paper
      withBorder
      p="lg"
      maw={640}
      mx="auto"
      my="xl"
      role={variant === 'generic' ? 'alert' : undefined}
    >
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {HEADLINES[variant]}
        </Title>
        <Text>{TEXTS[variant]}</Text>
        {detail ? (
          <Text c="red.9" size="sm">
            {detail}
          </Text>
        ) : null}
        {variant === 'generic' ? (
          <Text size="sm" c="gray.7" style={{ wordBreak: 'break-all' }}>
            {jwlId ? `JWL-ID: ${jwlId} · ` : ''}URL: {window.location.href}
          </Text>
        ) : null}
        {children}
        {reportPath ? <ReportProblemLink to={reportPath} /> : null}
      </Stack>
    </Paper>
  );
}
