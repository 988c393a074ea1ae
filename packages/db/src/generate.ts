// Deterministic generator of realistic people for demos, tests and benchmarks: CLCs in the host
// countries of a refugee-education network, and the students, facilitators and coordinators who
// belong to them. Same seed, same rows: every random choice comes from a seeded PRNG. The parts
// live in generate/, by what they generate; this file is the entry point others import.
export { createRng } from './generate/rng';
export type { Rng } from './generate/rng';
export { HOST_COUNTRIES } from './generate/hosts';
export { mobileNumber, slug } from './generate/helpers';
export { generateClcs } from './generate/clcs';
export type { GeneratedClc } from './generate/clcs';
export type {
  DeviceType,
  IdentificationType,
  ResidencyStatus,
  SchoolingLevel,
} from './generate/student-traits';
export { FLAWS, generateStudents } from './generate/students';
export type { ClcRef, Flaw, GenerateOptions, GeneratedStudent } from './generate/students';
export { pgArrayLiteral } from './generate/insert-rows';
export { insertStudents } from './generate/insert-students';
export type { InsertedCounts, InsertStudentsOptions } from './generate/insert-students';
export { generateStaff, insertStaff } from './generate/staff';
export type { GeneratedStaff, InsertStaffOptions, StaffOptions } from './generate/staff';
