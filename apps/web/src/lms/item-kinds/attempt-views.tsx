import './styles';
import type { ComponentType } from 'react';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { QuizAttemptView } from '../quiz/public';
import { WbtAttemptView } from '../wbt/public';
import { SubmittedWork } from './submitted-work';

/** A handed-in attempt of a kind as the grading page shows it, left of the grading panel. */
export type AttemptView = ComponentType<{ view: SubmissionView }>;

/** A quiz: its questions with the learner's answers and the essay marks, then any text or files. */
function QuizAttempt({ view }: { view: SubmissionView }) {
  return (
    <>
      <QuizAttemptView
        submissionId={view.submission.id}
        mayGrade={view.mayGrade}
        gradeVersion={view.grade?.version ?? null}
      />
      <SubmittedWork view={view} />
    </>
  );
}

/** A training: what its SCOs reported, then any text or files. */
function WbtAttempt({ view }: { view: SubmissionView }) {
  return (
    <>
      <WbtAttemptView submissionId={view.submission.id} />
      <SubmittedWork view={view} />
    </>
  );
}

/**
 * The grading page's view of each kind's attempt. A new kind does not compile until it is here.
 * A voice task's files play as sound whatever their type (SubmittedWork reads the kind); a
 * resource is never handed in.
 */
export const ATTEMPT_VIEWS = {
  resource: null,
  text_task: SubmittedWork,
  file_task: SubmittedWork,
  voice_task: SubmittedWork,
  wbt: WbtAttempt,
  quiz: QuizAttempt,
  discussion: SubmittedWork,
} as const satisfies Record<ItemKind, AttemptView | null>;
