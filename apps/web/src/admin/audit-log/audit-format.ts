import type { AuditLogFilter, AuditPerson } from '@lantern/contracts/audit-log';

/** "Amina Yusuf · 1042", with "(merged into 1043)" for a person merged away. */
export const personLabel = (person: AuditPerson | null): string => {
  if (person === null) return '—';
  const name = person.name.trim() || 'Unknown';
  const merged = person.mergedIntoId === null ? '' : ` (merged into ${person.mergedIntoId})`;
  return `${name} · ${person.id}${merged}`;
};

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export type ChangeView =
  | { kind: 'none' }
  | { kind: 'diff'; rows: { field: string; from: string; to: string }[] }
  | { kind: 'values'; rows: { field: string; value: string }[] };

const isDiff = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 2 &&
  'from' in value &&
  'to' in value;

/** A row's changes as a table: field, before and after where the row holds a diff
 * ({ field: { from, to } }); field and value otherwise. */
export function changeView(changes: unknown): ChangeView {
  if (changes === null || changes === undefined) return { kind: 'none' };
  if (typeof changes !== 'object' || Array.isArray(changes))
    return { kind: 'values', rows: [{ field: 'value', value: show(changes) }] };
  const entries = Object.entries(changes);
  if (entries.length === 0) return { kind: 'none' };
  if (entries.every(([, v]) => isDiff(v)))
    return {
      kind: 'diff',
      rows: entries.map(([field, v]) => {
        const d = v as { from: unknown; to: unknown };
        return { field, from: show(d.from), to: show(d.to) };
      }),
    };
  return {
    kind: 'values',
    rows: entries.map(([field, v]) => ({
      field,
      value: Array.isArray(v) ? v.map(show).join(', ') || '—' : show(v),
    })),
  };
}

export const FILTER_NAMES = ['user', 'entityType', 'entityId', 'action', 'from', 'to'] as const;

/** The filters of the address, without the empty ones. */
export function filterFromParams(params: URLSearchParams): AuditLogFilter {
  const filter: AuditLogFilter = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value;
  }
  return filter;
}
