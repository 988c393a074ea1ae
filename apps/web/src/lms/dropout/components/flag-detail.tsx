import { Loader, Stack, Text, Title } from '@mantine/core';
import { FOLLOW_UP_KIND_LABELS, type FollowUp } from '@lantern/contracts/dropout';
import { ErrorAlert } from '../../../components/failure-alert';
import type { ProgrammeRef } from '../api/find-dropout-items';
import { useDropoutFlag } from '../api/find-dropout-flags';
import { FlagEvidence, FlagStatusBadge } from './flag-evidence';
import { FollowUpForm } from './follow-up-form';

const ASSIGNEE: Record<FollowUp['assigneeRole'], string> = {
  coordinator: 'the coordinators of the student’s CLC',
  facilitator: 'the facilitators of the student’s class',
};

function FollowUpView({ followUp }: { followUp: FollowUp }) {
  if (followUp.status === 'open')
    return (
      <Stack gap="xs">
        <Text size="sm">Open follow-up for {ASSIGNEE[followUp.assigneeRole]}.</Text>
        <FollowUpForm followUp={followUp} />
      </Stack>
    );
  return (
    <Text size="sm">
      {followUp.kind ? FOLLOW_UP_KIND_LABELS[followUp.kind] : 'Done'} by{' '}
      {followUp.doneBy ?? 'someone'}
      {followUp.doneAt ? ` on ${new Date(followUp.doneAt).toLocaleDateString('en-GB')}` : ''}:{' '}
      {followUp.outcome}
    </Text>
  );
}

/** One flag: why, in words, and its follow-up. */
export function FlagDetail({ reference, flagId }: { reference: ProgrammeRef; flagId: number }) {
  const flag = useDropoutFlag({ ...reference, flagId });
  if (flag.isPending) return <Loader size="sm" role="status" aria-label="Loading evidence" />;
  if (flag.isError) return <ErrorAlert error={flag.error} />;
  const { flag: f, tasks, followUps } = flag.data;
  return (
    <Stack gap="sm">
      <FlagStatusBadge status={f.status} />
      <FlagEvidence criterion={f.criterion} flag={f} tasks={tasks} />
      <Title order={3} fz="h5">
        Follow-up
      </Title>
      {followUps.length === 0 ? (
        <Text size="sm">No follow-up.</Text>
      ) : (
        followUps.map((o) => <FollowUpView key={o.id} followUp={o} />)
      )}
    </Stack>
  );
}
