import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { HOME_PATHS } from '../../lib/route-modes';

/** A learner on a sis page (spec §6): the sentence, and the way to their learning home. */
export function SisOnlyPanel() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" maw={640} mx="auto" my="xl">
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {t('shell.sisOnly.title')}
        </Title>
        <Text>{t('shell.sisOnly.text')}</Text>
        <Anchor component={Link} to={HOME_PATHS.lms} fw={600}>
          {t('shell.sisOnly.link')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** An lms page the server would not open (system role manager): its sentence, and the way home. */
export function LmsRefusedPanel({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return (
    <ErrorPanel variant="noPermission" detail={detail}>
      <Anchor component={Link} to={HOME_PATHS.sis} state={{ mode: 'sis' }}>
        {t('shell.lmsRefused.link')}
      </Anchor>
    </ErrorPanel>
  );
}
