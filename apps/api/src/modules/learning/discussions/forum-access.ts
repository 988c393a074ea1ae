import type { discussionSettingsSchema, DiscussionTopicsBy } from '@lantern/contracts/discussions';

// A forum as the caller reaches it (discussions.access.ts loadForum), and who they act as there.

export type ForumAccess = {
  id: number;
  courseId: number;
  programmeId: number;
  course: { id: number; code: string; title: string };
  unit: { id: number; title: string } | null;
  item: {
    id: number;
    title: string;
    dueAt: Date | null;
    settings: ReturnType<typeof discussionSettingsSchema.parse>;
  } | null;
  title: string;
  topicsBy: DiscussionTopicsBy;
  separateClasses: boolean;
  isLocked: boolean;
  /** The unit (the forum's, or its item's) is closed: read only. */
  isClosed: boolean;
  version: number;
  mayAuthor: boolean;
  /** The caller learns in the course (their `course_learners` row). */
  learner: { classId: number | null; maySubmit: boolean } | null;
  /** Classes of the course's programme where the caller has a seat. */
  seats: number[];
};

/** Learns in the course and neither teaches it nor authors it: reads and posts as a learner. */
export const actsAsLearner = (f: ForumAccess): boolean =>
  f.learner !== null && !f.mayAuthor && f.seats.length === 0;
