import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_LEVELS,
  VERIFICATION_RIGHTS,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import {
  VERIFICATION_STATE_LABELS,
  type TermVerification,
  type VerificationScope,
  type VerificationState,
} from '@lantern/contracts/bachelor-verification';
import { DialogActions } from '../../../components/dialog-actions';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useApproveVerification } from '../api/approve-verification';
import { GradeChanges } from './grade-changes';
import { counted } from '../../../lib/plural';

const STATE_COLORS: Record<VerificationState, string> = {
  waiting: 'blue',
  blocked: 'gray',
  approved: 'green',
  stale: 'orange',
};

const scopeName = (s: VerificationScope) =>
  s.level === 'CLC'
    ? `${VERIFICATION_LEVEL_LABELS.CLC}: ${s.clcName ?? 'CLC'}`
    : VERIFICATION_LEVEL_LABELS[s.level];

/** One approval scope: its state, its last approval, why it waits, and its approve button. */
function ScopeCard({
  scope,
  mayApprove,
  onApprove,
}: {
  scope: VerificationScope;
  mayApprove: boolean;
  onApprove: (s: VerificationScope) => void;
}) {
  const open = (scope.state === 'waiting' || scope.state === 'stale') && scope.blockedBy === null;
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {scopeName(scope)}
          </Text>
          <Badge color={STATE_COLORS[scope.state]} variant="light" c="dark.8" tt="none">
            {VERIFICATION_STATE_LABELS[scope.state]}
          </Badge>
        </Group>
        <Text size="sm">
          {counted(scope.grades, 'grade')}
          {scope.flagged > 0 ? `, ${String(scope.flagged)} missing or not final` : ''}
        </Text>
        {scope.approval ? (
          <Text size="xs" c="dimmed">
            Approved by {scope.approval.by ?? 'a former user'} on{' '}
            {formatDateTime(scope.approval.at)} · fingerprint {scope.approval.hash.slice(0, 10)}
            {scope.approval.staleAt
              ? ` · stale since ${formatDateTime(scope.approval.staleAt)}`
              : ''}
          </Text>
        ) : null}
        {scope.blockedBy && scope.state !== 'approved' ? (
          // Orange text is below AA on white: dark text, marked orange at its side.
          <Text
            size="sm"
            fw={500}
            style={{
              borderInlineStart: '3px solid var(--mantine-color-orange-6)',
              paddingInlineStart: 'var(--mantine-spacing-xs)',
            }}
          >
            {scope.blockedBy}
          </Text>
        ) : null}
        {scope.state === 'stale' ? (
          <GradeChanges
            changes={scope.changes}
            count={scope.changeCount}
            label={`Grades changed since the ${scopeName(scope)} approval`}
          />
        ) : null}
        {mayApprove && open ? (
          <Group justify="flex-end">
            <Button size="xs" onClick={() => onApprove(scope)}>
              {scope.state === 'stale' ? 'Approve again' : 'Approve'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

const TEXTS = outcomeTexts('Grades approved', 'The approval failed');

/** The three levels of a term's verification as steps, each approvable by its own right. */
export function VerificationLevels({
  programmeId,
  data,
}: {
  programmeId: number;
  data: TermVerification;
}) {
  const user = useCurrentUser();
  const approve = useApproveVerification(programmeId);
  const [asked, setAsked] = useState<VerificationScope | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAsked(null);
    setFailure(null);
  };
  const confirm = () => {
    if (!asked) return;
    approve.mutate(
      { level: asked.level, termKey: data.termKey, hash: asked.hash, clcId: asked.clcId },
      {
        onSuccess: () => {
          notifySuccess('verification', TEXTS);
          close();
        },
        onError: (error) => setFailure(displayError(error)),
      },
    );
  };
  const steps: { level: VerificationLevel; scopes: VerificationScope[] }[] =
    VERIFICATION_LEVELS.map((level) => ({
      level,
      scopes: data.levels.filter((l) => l.level === level),
    }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {steps.map((step, i) => (
          <Stack key={step.level} gap="xs" component="section" aria-label={`Step ${String(i + 1)}`}>
            <Title order={3} size="h5">
              Step {i + 1}: {VERIFICATION_LEVEL_LABELS[step.level]}
            </Title>
            {step.scopes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No CLC of yours has grades in this term.
              </Text>
            ) : (
              step.scopes.map((s) => (
                <ScopeCard
                  key={`${s.level}-${String(s.clcId)}`}
                  scope={s}
                  mayApprove={hasRight(user, VERIFICATION_RIGHTS[s.level])}
                  onApprove={setAsked}
                />
              ))
            )}
          </Stack>
        ))}
      </SimpleGrid>
      <Modal opened={asked !== null} onClose={close} title="Approve these grades?">
        {asked ? (
          <Stack gap="sm">
            <Text size="sm">
              You approve {counted(asked.grades, 'grade')} of {data.termName} at the level “
              {scopeName(asked)}
              ”.
            </Text>
            <Text size="sm">
              Fingerprint of the grades you reviewed: <code>{asked.hash.slice(0, 12)}</code>. If any
              grade changed since this page loaded, the approval is refused and the page reloads.
            </Text>
            <DialogActions
              failure={failure}
              onBack={close}
              label="Approve"
              isBusy={approve.isPending}
              onConfirm={confirm}
            />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
