import '../styles';
import { Anchor, Group, Loader, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { TaskInstructions } from '../components/task-instructions';
import { GradingFrame, HandedIn, useSubmission } from '../../grading/public';
import { ATTEMPT_VIEWS } from '../../item-kinds/public';
import { ScoreBadge } from '../../similarity/public';
import { GradeRequestPanel } from '../../grade-requests/public';

export const loader = requireRight('SUBMISSION__DISPLAY');

const gradePath = (submissionId: number) => `/en/grade/${submissionId}`;

/** grade/:submissionId: the work, its attempts, the grading panel, previous/next in the queue. */
export default function GradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submissionId = Number(useParams().submissionId);
  const { data, error, isPending } = useSubmission(submissionId);
  if (error) return <ErrorAlert error={error} />;
  if (isPending) return <Loader size="sm" />;
  const s = data.submission;
  const Attempt = ATTEMPT_VIEWS[data.task.kind];
  return (
    <GradingFrame view={data} pathOf={gradePath} beside={<GradeRequestPanel view={data} />}>
      <TaskInstructions task={data.task} />
      <Group gap="xs">
        {data.attempts.length > 1 ? (
          <Select
            label={t('teaching.grade.attempt', 'Attempt')}
            size="xs"
            w={200}
            allowDeselect={false}
            value={String(s.id)}
            data={data.attempts.map((a) => ({
              value: String(a.id),
              label: `${a.attempt} · ${formatDateTime(a.submittedAt)}`,
            }))}
            onChange={(v) => {
              if (v) void navigate(`/en/grade/${v}`);
            }}
          />
        ) : null}
        <HandedIn submission={s} />
        {data.similarity ? (
          <Anchor component={Link} to={`/en/similarity/${s.id}`} size="sm">
            <ScoreBadge badge={data.similarity} /> {t('similarity.openReport', 'Similarity report')}
          </Anchor>
        ) : null}
      </Group>
      {Attempt ? <Attempt view={data} /> : null}
    </GradingFrame>
  );
}
