import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { clearErrors, useAppState } from '../../../lib/app-store';
import {
  buildIssueReport,
  helpdeskMailto,
  issueTitle,
  newestFirst,
  readableError,
} from './issue-report';

type IssueReportViewProps = {
  issueType: string | null;
  user: CurrentUser;
  helpdeskEmail: string | null;
  version: string;
};

type CopyState = 'idle' | 'copied' | 'failed';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** What the user needs to report a problem to the helpdesk (spec §8): the errors this tab
 * recorded, their JWL-ID, and the details ready to paste or to send by e-mail. Nothing is
 * sent from here. */
export function IssueReportView({ issueType, user, helpdeskEmail, version }: IssueReportViewProps) {
  const errors = useAppState((s) => s.errors);
  const [openedAt] = useState(() => new Date());
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const title = issueTitle(issueType);
  const details = buildIssueReport({
    issueType,
    user,
    errors,
    version,
    origin: window.location.origin,
    userAgent: window.navigator.userAgent,
    reportedAt: openedAt,
  });

  const copy = async () => {
    try {
      await window.navigator.clipboard.writeText(details);
      setCopyState('copied');
    } catch {
      // No clipboard (an insecure address, or permission refused): show the text to copy by hand.
      setCopyState('failed');
    }
  };

  return (
    <Stack gap="md" maw={860}>
      <Title order={1} fz="h2">
        {title}
      </Title>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {ERROR_TEXTS.defaultHeadline}
          </Title>
          <Text>{ERROR_TEXTS.defaultText}</Text>
          <Text>
            Your JWL-ID:{' '}
            <Text span fw={700}>
              {user.id}
            </Text>
          </Text>
          {helpdeskEmail ? (
            <Text>
              Helpdesk:{' '}
              <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
                {helpdeskEmail}
              </Text>
              . The e-mail button opens your mail program with the details filled in; add the course
              and attach your screenshot.
            </Text>
          ) : (
            <Text>Send the details (Copy details) and your screenshot to the helpdesk.</Text>
          )}
        </Stack>
      </Paper>

      <Group gap="sm">
        {helpdeskEmail ? (
          <Button component="a" href={helpdeskMailto(helpdeskEmail, `Lantern: ${title}`, details)}>
            E-mail the helpdesk
          </Button>
        ) : null}
        <Button variant={helpdeskEmail ? 'light' : 'filled'} onClick={() => void copy()}>
          Copy details
        </Button>
        <Button
          variant="outline"
          color="red.9"
          disabled={errors.length === 0}
          onClick={() => {
            clearErrors();
            setCopyState('idle');
          }}
        >
          Clear the list
        </Button>
      </Group>
      <Text role="status" size="sm" c={copyState === 'failed' ? 'red.9' : 'green.9'}>
        {copyState === 'copied' ? 'The details are copied; paste them into your message.' : null}
        {copyState === 'failed'
          ? 'Copying is not possible in this browser. Select the details below and copy them.'
          : null}
      </Text>
      {copyState === 'failed' ? (
        <Textarea
          label="Details for the helpdesk"
          value={details}
          readOnly
          autosize
          minRows={6}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
      ) : null}

      <Stack gap="xs">
        <Title order={2} fz="h4">
          Recorded errors ({errors.length})
        </Title>
        <Text size="sm" c="gray.7">
          What went wrong in this browser tab since Lantern was opened in it, newest first.
        </Text>
        {errors.length === 0 ? (
          <Text>No errors are recorded.</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {newestFirst(errors).map((entry, index) => (
              <Paper component="li" withBorder p="sm" key={`${entry.timestamp}-${index}`}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {readableError(entry.error)}
                </Text>
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  Page:{' '}
                  <Anchor component={Link} to={entry.page} size="sm">
                    {entry.page}
                  </Anchor>
                </Text>
                <Text size="sm" c="gray.7">
                  Time:{' '}
                  <time dateTime={entry.timestamp}>
                    {timeFormat.format(new Date(entry.timestamp))}
                  </time>
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
