import '../../../components/list-styles';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PROGRAMME_TYPE_LABELS, type ProgrammeType } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useAutomaticMails } from '../api/find-automatic-mails';
import { AutomaticMailTable } from '../components/automatic-mail-table';
import { automaticMailDetailPath, NEW_ITEM, programmeHomePath, programmeTypeOf } from '../paths';

export const loader = requireRight('AUTOMATIC_MAIL__DISPLAY');

function MailList({
  programmeType,
  programmeId,
}: {
  programmeType: ProgrammeType;
  programmeId: number;
}) {
  const user = useCurrentUser();
  const mails = useAutomaticMails({ programmeType, programmeId });
  const programme = mails.data?.programme;
  return (
    <Stack gap="sm" maw={1200}>
      <Anchor component={Link} to={programmeHomePath(programmeType, programmeId)} size="sm">
        ← Programme
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Automatic mails
          </Title>
          <Text size="sm" mt={4}>
            {programme
              ? `${programme.code} ${programme.title} · ${PROGRAMME_TYPE_LABELS[programme.type]}`
              : PROGRAMME_TYPE_LABELS[programmeType]}
          </Text>
        </div>
        {hasRight(user, 'AUTOMATIC_MAIL__CREATE') ? (
          <Button
            component={Link}
            to={automaticMailDetailPath(programmeType, programmeId, NEW_ITEM)}
            size="sm"
          >
            New automatic mail
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={mails.error} />
      <AutomaticMailTable
        programmeType={programmeType}
        programmeId={programmeId}
        items={mails.data?.items ?? []}
        isFetching={mails.isPending}
      />
    </Stack>
  );
}

export default function AutomaticMailListRoute() {
  const params = useParams();
  const programmeType = programmeTypeOf(params.programmeType);
  const programmeId = Number(params.programmeId);
  if (!programmeType || !Number.isInteger(programmeId) || programmeId < 1)
    return <Text>No such programme.</Text>;
  return <MailList programmeType={programmeType} programmeId={programmeId} />;
}
