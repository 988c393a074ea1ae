import '../styles';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { essayDataSchema, type StaffAttempt } from '@lantern/contracts/quiz';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { isApiError } from '../../../lib/api-errors';
import { AudioPlayer } from '../../voice/public';
import { useSubmissionQuiz } from '../api/get-submission-quiz';
import { useSaveMarks } from '../api/save-marks';
import {
  gradingMethodLabel,
  pointsText,
  questionKindLabel,
  responseStateLabel,
  round2,
} from '../labels';
import { QuestionInput } from './question-input';
import { RightAnswer } from './right-answer';

type Q = StaffAttempt['questions'][number];
type Mark = { points: number | string; comment: string };

function QuestionReview({
  q,
  mark,
  onMark,
  mayGrade,
  errors,
  index,
}: {
  /** Its place among the essays: the server's messages name `marks.<index>.points`. */
  index: number;
  q: Q;
  mark: Mark | null;
  onMark: (mark: Mark) => void;
  mayGrade: boolean;
  errors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const essay = q.kind === 'essay' ? essayDataSchema.safeParse(q.data) : null;
  const graderInfo = essay?.success ? essay.data.graderInfo : '';
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={`grade-q-${q.number}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={`grade-q-${q.number}`}>
            {t('quiz.take.questionN', 'Question {{n}}', { n: q.number })} · {q.title}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray" tt="none">
              {questionKindLabel(t, q.kind)}
            </Badge>
            <Badge variant="light" c="dark.8" tt="none">
              {responseStateLabel(t, q.state)}
            </Badge>
            <Text size="sm">{pointsText(t, q.awardedPoints, q.points)}</Text>
          </Group>
        </Group>
        <RichText html={q.prompt} />
        {q.kind === 'essay' ? (
          <>
            {q.response && 'text' in q.response && q.response.text.trim() !== '' ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {q.response.text}
              </Text>
            ) : null}
            {q.fileUrl ? (
              <AudioPlayer
                src={q.fileUrl}
                label={t('quiz.grade.recording', 'Spoken answer to question {{n}}', {
                  n: q.number,
                })}
              />
            ) : null}
            {q.response === null ? (
              <Text size="sm" c="dimmed">
                {t('quiz.grade.noAnswer', 'No answer.')}
              </Text>
            ) : null}
            {q.problem ? (
              <Text size="sm" c="red.9">
                {q.problem}
              </Text>
            ) : null}
            {graderInfo ? (
              <Alert
                variant="light"
                color="blue.9"
                p="xs"
                title={t('quiz.grade.forGrader', 'For the grader')}
              >
                {graderInfo}
              </Alert>
            ) : null}
            {mark ? (
              <Group align="flex-start" gap="sm" wrap="wrap">
                <NumberInput
                  label={t('quiz.grade.points', 'Points (of {{max}})', { max: round2(q.points) })}
                  w={160}
                  min={0}
                  max={q.points}
                  decimalScale={2}
                  disabled={!mayGrade}
                  value={mark.points}
                  error={errors[`marks.${index}.points`]}
                  onChange={(v) => onMark({ ...mark, points: v })}
                />
                <Textarea
                  label={t('quiz.grade.comment', 'Comment on this answer')}
                  autosize
                  minRows={1}
                  style={{ flex: 1, minWidth: 220 }}
                  disabled={!mayGrade}
                  value={mark.comment}
                  error={errors[`marks.${index}.comment`]}
                  onChange={(e) => onMark({ ...mark, comment: e.currentTarget.value })}
                />
              </Group>
            ) : null}
          </>
        ) : (
          <>
            <QuestionInput
              view={q.view}
              response={q.response}
              onChange={() => undefined}
              label={t('quiz.grade.answer', 'The learner’s answer')}
              readOnly
            />
            <RightAnswer kind={q.kind} data={q.data} />
            {q.feedback ? (
              <Text size="xs" c="dimmed">
                {q.feedback}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A quiz submission on the grade page (decision 0020 §3.5): every question with the learner's
 * answer, machine-scored ones with the right answer, essays (written or spoken) with points
 * and a comment. Saving the marks makes the draft grade by the session's method; the grading
 * panel then publishes it as for any task.
 */
export function QuizAttemptView({
  submissionId,
  mayGrade,
  gradeVersion,
}: {
  submissionId: number;
  mayGrade: boolean;
  gradeVersion: number | null;
}) {
  const { t } = useTranslation();
  const quiz = useSubmissionQuiz(submissionId);
  const save = useSaveMarks(submissionId);
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  if (quiz.isPending)
    return <Loader size="sm" role="status" aria-label={t('lms.loading', 'Loading')} />;
  if (quiz.error) return <ErrorAlert error={quiz.error} />;
  const data = quiz.data;
  const essays = data.questions.filter((q) => q.kind === 'essay');
  const markOf = (q: Q): Mark =>
    marks[q.slot] ?? { points: q.manualPoints ?? '', comment: q.comment ?? '' };
  const errors = isApiError(save.error) ? save.error.fields : {};
  const missing = essays.some((q) => markOf(q).points === '');
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        <Text size="sm">
          <strong>{t('quiz.grade.attemptTotal', 'This attempt')}:</strong>{' '}
          {pointsText(t, data.attempt.totalPoints, data.maxPoints)}
        </Text>
        <Text size="sm">
          <strong>{gradingMethodLabel(t, data.gradingMethod)}:</strong>{' '}
          {data.methodPoints === null ? '—' : round2(data.methodPoints)}
        </Text>
      </Group>
      {data.questions.map((q) => (
        <QuestionReview
          key={q.slot}
          q={q}
          mark={q.kind === 'essay' ? markOf(q) : null}
          onMark={(m) => setMarks((all) => ({ ...all, [q.slot]: m }))}
          mayGrade={mayGrade}
          errors={errors}
          index={essays.indexOf(q)}
        />
      ))}
      {essays.length > 0 && mayGrade ? (
        <Stack gap={4}>
          <Group>
            <Button
              loading={save.isPending}
              disabled={missing}
              onClick={() =>
                save.mutate({
                  attemptId: data.attempt.id,
                  data: {
                    marks: essays.map((q) => {
                      const m = markOf(q);
                      return {
                        slot: q.slot,
                        points: Number(m.points),
                        comment: m.comment.trim() === '' ? null : m.comment,
                      };
                    }),
                    ...(gradeVersion === null ? {} : { gradeVersion }),
                  },
                })
              }
            >
              {t('quiz.grade.saveMarks', 'Save the marks')}
            </Button>
            {save.isSuccess ? (
              <Text size="sm" role="status">
                {t('quiz.grade.marksSaved', 'Marks saved: the draft grade is updated.')}
              </Text>
            ) : null}
          </Group>
          {missing ? (
            <Text size="xs" c="dimmed">
              {t('quiz.grade.markEvery', 'Give points to every essay to save the marks.')}
            </Text>
          ) : null}
          {save.error && Object.keys(errors).length === 0 ? (
            <ErrorAlert error={save.error} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
