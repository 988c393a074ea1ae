// What other features may use of this one; everything else here is its own.
export { useRoleOptions } from './api/get-role-options';
