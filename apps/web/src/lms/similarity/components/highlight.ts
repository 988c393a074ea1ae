/** A passage to mark in a text: character range and its number (the same on both sides). */
export type Mark = { start: number; end: number; n: number };
export type Segment = { text: string; n: number | null; start: number };

/**
 * Cuts a text into plain and marked segments. Where passages overlap, the lower number wins
 * for the shared characters, so every character is in at most one mark and the text reads the
 * same as it was handed in. Ranges are clipped to the text.
 */
export function segments(text: string, marks: readonly Mark[]): Segment[] {
  const cuts = new Set<number>([0, text.length]);
  const clipped = marks
    .map((m) => ({ start: Math.max(0, m.start), end: Math.min(text.length, m.end), n: m.n }))
    .filter((m) => m.end > m.start);
  for (const m of clipped) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const from = points[i] ?? 0;
    const to = points[i + 1] ?? 0;
    let n: number | null = null;
    for (const m of clipped) if (m.start <= from && m.end >= to && (n === null || m.n < n)) n = m.n;
    const last = out.at(-1);
    if (last && last.n === n) last.text += text.slice(from, to);
    else out.push({ text: text.slice(from, to), n, start: from });
  }
  return out;
}
