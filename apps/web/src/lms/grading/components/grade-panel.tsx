import '../styles';
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradeInput, SubmissionView } from '@lantern/contracts/teaching';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { usePublishGrade } from '../api/publish-grade';
import { useSaveGrade } from '../api/save-grade';
import { pointsText } from '../points';

/** The grading panel: points or rubric, comment, return / save / publish; read-only with the
 * reason when the user may not grade; locked once published, "Change" with SUBMISSION__EDIT. */
export function GradePanel({ view }: { view: SubmissionView }) {
  const { t } = useTranslation();
  const grade = view.grade;
  const published = grade?.isPublished ?? false;
  const [changing, setChanging] = useState(false);
  const [points, setPoints] = useState<number | string>(grade?.points ?? '');
  const [comment, setComment] = useState(grade?.comment ?? '');
  const [reason, setReason] = useState('');
  const [rubric, setRubric] = useState<Record<string, string>>(grade?.rubricScores ?? {});
  const save = useSaveGrade();
  const publish = usePublishGrade();
  const failure = save.error ?? publish.error;
  const locked = !view.mayGrade || (published && !changing);
  const submit = (outcome: GradeInput['outcome']) => {
    const typed = typeof points === 'number' ? points : null;
    save.mutate(
      {
        submissionId: view.submission.id,
        data: {
          outcome,
          points: view.task.grading === 'rubric' ? null : typed,
          rubricScores: view.task.grading === 'rubric' ? rubric : null,
          comment: comment.trim() === '' ? null : comment,
          version: grade?.version ?? 0,
          ...(published ? { reason } : {}),
        },
      },
      {
        onSuccess: () => {
          setChanging(false);
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      {!view.mayGrade && view.mayNotGradeReason ? (
        <Alert color="gray" variant="light" p="xs">
          {view.mayNotGradeReason}
        </Alert>
      ) : null}
      {grade ? (
        <Text size="sm">
          {published
            ? t('teaching.grade.published', 'Published {{at}}', {
                at: formatDateTime(grade.publishedAt),
              })
            : t('teaching.grade.draft', 'Draft, not yet visible to the student')}
          {grade.gradedBy ? ` · ${grade.gradedBy}` : ''}
          {grade.outcome === 'returned'
            ? ` · ${t('teaching.grade.returned', 'Returned for rework')}`
            : ''}
        </Text>
      ) : null}
      {view.task.grading === 'rubric' && view.task.rubric ? (
        view.task.rubric.map((criterion) => (
          <Radio.Group
            key={criterion.id}
            label={criterion.title}
            size="xs"
            value={rubric[criterion.id] ?? null}
            onChange={(v) => {
              setRubric((r) => ({ ...r, [criterion.id]: v }));
            }}
          >
            <Group gap="xs" mt={4}>
              {criterion.levels.map((level) => (
                <Radio
                  key={level.id}
                  value={level.id}
                  disabled={locked}
                  label={`${level.label} (${pointsText(level.points)})`}
                />
              ))}
            </Group>
          </Radio.Group>
        ))
      ) : (
        <NumberInput
          label={t('teaching.grade.points', 'Points (of {{max}})', {
            max: pointsText(view.task.maxPoints),
          })}
          size="sm"
          w={160}
          min={0}
          max={view.task.maxPoints}
          decimalScale={2}
          // A quiz's points come from its marks and grading method (decision 0020 §3.5).
          disabled={locked || view.task.kind === 'quiz'}
          value={points}
          onChange={setPoints}
          error={isApiError(save.error) ? save.error.fields.points : undefined}
        />
      )}
      <Textarea
        label={t('teaching.grade.comment', 'Comment for the student')}
        autosize
        minRows={3}
        maxLength={10000}
        disabled={locked}
        value={comment}
        onChange={(e) => {
          setComment(e.currentTarget.value);
        }}
      />
      {published && changing ? (
        <TextInput
          label={t('teaching.grade.reason', 'Why does the published grade change?')}
          required
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
          }}
        />
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          {displayError(failure)}
        </Alert>
      ) : null}
      {view.mayGrade ? (
        <Group gap="xs">
          {published && !changing ? (
            view.mayOverride ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setChanging(true);
                }}
              >
                {t('teaching.grade.change', 'Change')}
              </Button>
            ) : null
          ) : (
            <>
              <Button
                size="xs"
                variant="default"
                loading={save.isPending}
                onClick={() => {
                  submit('returned');
                }}
              >
                {t('teaching.grade.return', 'Save as returned for rework')}
              </Button>
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() => {
                  submit('graded');
                }}
              >
                {t('teaching.grade.save', 'Save grade')}
              </Button>
            </>
          )}
          {grade && !published ? (
            <Button
              size="xs"
              color="teal.9"
              loading={publish.isPending}
              onClick={() => {
                publish.mutate({ submissionId: view.submission.id, version: grade.version });
              }}
            >
              {t('teaching.grade.publish', 'Publish')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {view.mayGrade && !published ? (
        <Text size="xs" c="dimmed">
          {t(
            'teaching.grade.draftNote',
            'A saved grade or return is a draft: the student sees it once you publish it.',
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
