/** The ids with `id` moved by `delta` places (or dropped before `targetId`). */
export function moved(ids: readonly number[], id: number, delta: number): number[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

export function droppedBefore(ids: readonly number[], id: number, targetId: number): number[] {
  if (id === targetId || !ids.includes(id) || !ids.includes(targetId)) return [...ids];
  const rest = ids.filter((x) => x !== id);
  rest.splice(rest.indexOf(targetId), 0, id);
  return rest;
}
