// What other modules may use of this one; everything else here is its own.
export { itemVisible, unitReleased } from './learner-visibility';
export { loadReadableCourse, withImageLinks } from './reading.service';
