import { Fragment, type ReactNode } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MyWork } from '@lantern/contracts/learning-work';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { useMyWork } from '../api/get-my-work';
import { useReadGradeComments } from '../api/read-grade-comments';
import { AttemptsList } from './attempts-list';
import { StudyBreakBanner } from './study-break-banner';
import { TaskHeader } from './task-header';
import { useMySimilarity } from '../../similarity/public';
import { MySimilarityPanel } from '../../similarity/public';
import { hasRight } from '../../../lib/rights';

/**
 * An answer page (submit_text, submit_work): the task, a study break, the answer being written
 * (the page's own) or a note that it is handed in, then the attempts with their decisions.
 * `?submission=` is the attempt a grade comment links to: it is marked and its comments read.
 */
export function TaskWorkPage({
  answer,
}: {
  /** The answer form for the current attempt, shown while one may be written. */
  answer: (work: MyWork, userId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const [search] = useSearchParams();
  const submissionId = Number(search.get('submission')) || null;
  const user = useCurrentUser();
  const work = useMyWork(itemId);
  useReadGradeComments(submissionId);
  const data = work.data;
  const checked = user ? hasRight(user, 'SUBMISSION_TURNITIN_LEARNER__DISPLAY') : false;
  const handedInAt = data?.attempts.findLast((a) => a.status === 'submitted')?.submittedAt ?? null;
  // The similarity panel shows the latest hand-in's text with its matched passages marked: that
  // attempt's card then says so rather than showing the same text a second time.
  const mine = useMySimilarity(itemId, checked && handedInAt !== null).data;
  const markedAbove = mine && mine.passages.length > 0 ? mine.submissionId : null;
  return (
    <Stack gap="md" maw={900}>
      {work.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={work.error} />
      {data && user ? (
        <>
          <TaskHeader work={data} />
          <StudyBreakBanner until={data.studyBreakUntil} />
          {data.state !== 'submitted' && data.state !== 'graded' ? (
            // A new draft or attempt starts the form afresh.
            <Fragment key={`${data.draft?.id ?? 'new'}-${data.attempts.length}`}>
              {answer(data, user.id)}
            </Fragment>
          ) : (
            <Text size="sm">
              {data.state === 'graded'
                ? t('lms.answer.gradedNote', 'This task is graded.')
                : t(
                    'lms.answer.submittedNote',
                    'Handed in {{at}}. You can hand in again if it is returned to you.',
                    { at: formatDateTime(data.attempts.at(-1)?.submittedAt ?? null) },
                  )}
            </Text>
          )}
          {checked ? <MySimilarityPanel itemId={itemId} handedInAt={handedInAt} /> : null}
          <AttemptsList
            attempts={data.attempts}
            highlight={submissionId}
            markedAbove={markedAbove}
          />
        </>
      ) : null}
    </Stack>
  );
}
