// What other modules may use of this one; everything else here is its own.
export { checkQuizSettings, copyQuestionBanks } from './banks.service';
export { writeItemSession } from './sessions.service';
export { quizSweep } from './grading.service';
