// What other modules may use of this one; everything else here is its own.
export { runAll } from './dropout.service';
