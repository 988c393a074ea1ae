/** A JSON value, for the details each result carries into results/latest.json. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export type Target = {
  /** What the target is checked against: the measured value, or the ratio value ÷ floor. */
  on: 'value' | 'ratio';
  op: '<=' | '>=';
  limit: number;
};

/** One measured figure against its floor, measured in the same run. */
export type Result = {
  scenario: string;
  name: string;
  unit: string;
  value: number;
  floor: number;
  /** value ÷ floor. For rates (higher is better) the target asks for a minimum ratio. */
  ratio: number;
  target: Target;
  pass: boolean;
  /** How the figure and its floor were measured (samples, settings, notes). */
  detail: Record<string, Json>;
};

export function result(fields: Omit<Result, 'ratio' | 'pass'>): Result {
  const ratio = fields.floor > 0 ? fields.value / fields.floor : Number.NaN;
  const checked = fields.target.on === 'value' ? fields.value : ratio;
  const pass =
    fields.target.op === '<=' ? checked <= fields.target.limit : checked >= fields.target.limit;
  return { ...fields, ratio, pass };
}

const fmt = (n: number): string => {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  return n.toFixed(2);
};

export const formatNumber = fmt;

export function formatTarget(r: Result): string {
  const subject = r.target.on === 'value' ? '' : 'ratio ';
  const unit = r.target.on === 'value' ? ` ${r.unit}` : '';
  return `${subject}${r.target.op === '<=' ? '≤' : '≥'} ${fmt(r.target.limit)}${unit}`;
}

/** The summary table printed at the end of a run. */
export function formatTable(results: Result[]): string {
  const header = ['scenario', 'value', 'floor', 'ratio', 'target', 'result'];
  const rows = results.map((r) => [
    r.name,
    `${fmt(r.value)} ${r.unit}`,
    `${fmt(r.floor)} ${r.unit}`,
    fmt(r.ratio),
    formatTarget(r),
    r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
};

export const log = (message: string): void => {
  process.stdout.write(`${message}\n`);
};
