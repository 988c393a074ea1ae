// What other features may use of this one; everything else here is its own.
export { bachelorPaths } from './paths';
export { BACHELOR_SECTIONS } from './sections';
