// What other modules may use of this one; everything else here is its own.
export { loadReadableCourse, withImageLinks } from './reading.service';
