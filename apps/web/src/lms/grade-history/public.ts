// What other features may use of this one; everything else here is its own.
export { AsOfField } from './components/as-of-field';
export { GradeBookAsOfPanel } from './components/grade-book-as-of-panel';
