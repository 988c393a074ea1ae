import type { Passage, TextPart } from '@lantern/contracts/similarity';
import type { Mark } from './highlight';

/** The marks of one side of a match in one part, numbered from 1 in the passages' order. */
export function marksFor(
  passages: readonly Passage[],
  side: 'this' | 'other',
  part: number,
): Mark[] {
  return passages.flatMap((p, i) => {
    const [aPart, aStart, aEnd, bPart, bStart, bEnd] = p;
    if (side === 'this') return aPart === part ? [{ start: aStart, end: aEnd, n: i + 1 }] : [];
    return bPart === part ? [{ start: bStart, end: bEnd, n: i + 1 }] : [];
  });
}

/** A part's heading: the typed answer, or the file it was read from. */
export const partLabel = (part: TextPart, typed: string): string => part.name ?? typed;
