// What other modules may use of this one; everything else here is its own.
export {
  clcIdsByCode,
  enrol,
  freeCode,
  insertProgramme,
  studentIds,
  userId,
} from './programmes.fixtures';
export type { ClcIds } from './programmes.fixtures';
