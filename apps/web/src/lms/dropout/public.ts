// What other features may use of this one; everything else here is its own.
export { useDropoutItems } from './api/find-dropout-items';
export { ClassFlagBadge } from './components/class-flag-badge';
export { DropoutList } from './routes/dropout-list';
