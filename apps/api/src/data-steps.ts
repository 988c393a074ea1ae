import type { DataStep } from './lib/data-steps';
import { quizFeedbackSanitised } from './modules/learning/quiz/feedback.data-step';

/** The data steps, in the order they run (lib/data-steps.ts); append, never reorder or rename. */
export const DATA_STEPS: readonly DataStep[] = [quizFeedbackSanitised];
