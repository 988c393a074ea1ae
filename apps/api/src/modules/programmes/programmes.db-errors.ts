/** The largest value of an integer column: a larger id cannot exist, so it is not looked up. */
export const MAX_INT = 2_147_483_647;

/**
 * Whether an error is PostgreSQL's unique violation (23505) of the named index. Drizzle wraps
 * the driver's error, so the code and the constraint sit on a cause a level or two down.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let i = 0; i < 4 && current; i += 1) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
