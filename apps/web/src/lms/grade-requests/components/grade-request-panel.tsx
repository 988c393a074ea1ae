import '../styles';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GradeRequestKind } from '@lantern/contracts/grade-requests';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { hasRight } from '../../../lib/rights';
import { useOpenGradeRequest } from '../api/find-open-grade-request';
import { gradeRequestPath } from '../paths';
import { AskRequestModal } from './ask-request-modal';

/**
 * On a published grade of the grading page: the open request on it ("Undo requested by … —
 * open", with a link), else "Ask to undo publishing" and "Ask for a change" for holders of
 * GRADE_CHANGE_REQUEST__CREATE who could have published it (decision 0021 §2.2).
 */
export function GradeRequestPanel({ view }: { view: SubmissionView }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [asking, setAsking] = useState<GradeRequestKind | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const grade = view.grade;
  const published = grade?.isPublished ?? false;
  const mayAsk = hasRight(user, 'GRADE_CHANGE_REQUEST__CREATE') && view.mayGrade;
  const mayRead = hasRight(user, 'GRADE_CHANGE_REQUEST__DISPLAY');
  const open = useOpenGradeRequest(
    { courseId: view.task.courseId, itemId: view.task.id, studentId: view.student.id },
    published && mayRead,
  );
  if (!grade || !published) return null;
  const request = open.data ?? null;
  if (request) {
    const text =
      request.kind === 'undo_publish'
        ? t('requests.panel.undoOpen', 'Undo requested by {{name}} on {{at}} — open', {
            name: request.requestedBy.name,
            at: formatDateTime(request.requestedAt),
          })
        : t('requests.panel.changeOpen', 'Change requested by {{name}} on {{at}} — open', {
            name: request.requestedBy.name,
            at: formatDateTime(request.requestedAt),
          });
    return (
      <Alert color="blue.8" variant="light" p="xs">
        <Stack gap={2}>
          <Text size="sm">{text}</Text>
          <Anchor component={Link} to={gradeRequestPath(request.id)} size="sm">
            {t('requests.panel.open', 'Open request #{{id}}', { id: request.id })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!mayAsk) return null;
  return (
    <Stack gap={4}>
      {createdId !== null ? (
        <Text size="sm" role="status">
          {t('requests.panel.sent', 'Your request was sent.')}{' '}
          <Anchor component={Link} to={gradeRequestPath(createdId)} size="sm">
            {t('requests.panel.open', 'Open request #{{id}}', { id: createdId })}
          </Anchor>
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setAsking('undo_publish');
          }}
        >
          {t('requests.ask.undoTitle', 'Ask to undo publishing')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setAsking('grade_change');
          }}
        >
          {t('requests.ask.changeTitle', 'Ask for a change')}
        </Button>
      </Group>
      {asking ? (
        <AskRequestModal
          kind={asking}
          opened
          grade={{
            courseId: view.task.courseId,
            itemId: view.task.id,
            studentId: view.student.id,
            version: grade.version,
            points: grade.points,
            outcome: grade.outcome,
            comment: grade.comment,
            maxPoints: grade.maxPoints,
          }}
          onClose={() => {
            setAsking(null);
          }}
          onCreated={setCreatedId}
        />
      ) : null}
    </Stack>
  );
}
