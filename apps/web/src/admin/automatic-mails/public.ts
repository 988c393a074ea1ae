// What other features may use of this one; everything else here is its own.
export { programmeHomePath, programmeTypeOf } from './paths';
