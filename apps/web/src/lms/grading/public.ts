// What other features may use of this one; everything else here is its own.
export { useSubmission } from './api/get-submission';
export { GradingFrame } from './components/grading-frame';
export { HandedIn } from './components/handed-in';
export { pointsText } from './points';
