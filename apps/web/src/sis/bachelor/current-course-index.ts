import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getCurrentCourseIndex, setCurrentCourseIndex } from '../../lib/storage';

/*
 * The saved current-course index (spec §2, §9; decision 0022): the classroom route
 * `classroom/:termKey/:courseId/:currentCourseIndex` saves which classroom of the offering is
 * open, so the classroom reopens where it was; entering the students term route from anywhere
 * except a classroom clears it. A classroom's links to the term route say where they come from
 * in the navigation state.
 */

/** The navigation state of a link from a classroom to the students term route. */
export const FROM_CLASSROOM = { from: 'classroom' } as const;

export const cameFromClassroom = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'classroom';

export function saveCourseIndex(index: number): void {
  setCurrentCourseIndex(index);
}

/** The saved index, 0 when none is saved (or it is not a whole number ≥ 0). */
export function savedCourseIndex(): number {
  const n = Number(getCurrentCourseIndex());
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** On entering the students term route: clears the saved index unless a classroom sent us. */
export function useClearCourseIndexOnEntry(termKey: string | undefined): void {
  const location = useLocation();
  // How the term was entered; a filter or page changed inside it later is no new entry.
  const fromClassroom = cameFromClassroom(location.state);
  useEffect(() => {
    if (!fromClassroom) setCurrentCourseIndex(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry of a term
  }, [termKey]);
}
