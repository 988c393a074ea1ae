/**
 * The ISO time an as-of read asks for, from a datetime-local value: the end of that minute, so
 * "as of 10:00" includes what happened during 10:00 (the field has no seconds) — but never after
 * now, which the server refuses. Empty or not a time: null. Call it on a change, not in render.
 */
export function asOfFromInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(Math.min(at.getTime() + 59_999, Date.now())).toISOString();
}
