import type { Database } from '@lantern/db/client';

// Learning content for the tests of this module: the seed has courses but no units yet, so a
// test builds the unit and items it needs, in the course it names.

export type ItemSpec = {
  kind: 'resource' | 'text_task' | 'file_task';
  settings?: Record<string, unknown>;
  dueAt?: string | null;
  lateUntil?: string | null;
  visibleFrom?: string | null;
  published?: boolean;
};

export async function makeUnit(
  database: Database,
  courseId: number,
  options: { status?: 'draft' | 'published' | 'closed'; opensAt?: string | null } = {},
): Promise<number> {
  const [unit] = await database.query<{ id: number }>(
    `insert into learning_units (course_id, title, status, opens_at, position)
     values ($1, 'A unit', $2, $3, (select count(*) from learning_units where course_id = $1))
     returning id`,
    [courseId, options.status ?? 'published', options.opensAt ?? null],
  );
  if (!unit) throw new Error('no unit');
  return unit.id;
}

export async function makeItem(
  database: Database,
  unitId: number,
  spec: ItemSpec,
): Promise<number> {
  const graded = spec.kind !== 'resource';
  const settings =
    spec.settings ??
    (spec.kind === 'resource'
      ? { format: 'text' }
      : spec.kind === 'file_task'
        ? { accept: ['pdf'], maxFiles: 2, maxFileBytes: 1_000_000 }
        : {});
  const [item] = await database.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, delivery,
        max_points, grading, due_at, late_until, visible_from, position)
     select $1, u.course_id, $2, 'A learning item', $3::jsonb, $4, $5, $6, $7, $8, $9, $10,
        (select count(*) from learning_items where unit_id = $1)
     from learning_units u where u.id = $1
     returning id`,
    [
      unitId,
      spec.kind,
      JSON.stringify(settings),
      spec.published ?? true,
      graded ? 'online' : null,
      graded ? 10 : null,
      graded ? 'points' : null,
      spec.dueAt ?? null,
      spec.lateUntil ?? null,
      spec.visibleFrom ?? null,
    ],
  );
  if (!item) throw new Error('no item');
  return item.id;
}

/** A published decision on an attempt, as the grading side would leave it. */
export async function publishDecision(
  database: Database,
  submissionId: number,
  outcome: 'graded' | 'returned',
  comment: string | null = null,
): Promise<void> {
  await database.query(
    `insert into grades (item_id, student_id, course_id, submission_id, outcome, points, comment,
        is_published, max_points, item_version, published_at)
     select s.item_id, s.student_id, s.course_id, s.id, $2::grade_outcome,
        case when $2::text = 'graded' then 7 end, $3::text,
        true, 10, s.item_version, now()
     from submissions s where s.id = $1
     on conflict (item_id, student_id) do update set submission_id = excluded.submission_id,
        outcome = excluded.outcome, points = excluded.points, comment = excluded.comment,
        published_at = now(), version = grades.version + 1`,
    [submissionId, outcome, comment],
  );
  await database.query(
    `insert into grade_events (item_id, student_id, course_id, submission_id, action, new_points,
        new_outcome, new_published, comment, max_points, item_version, grade_version)
     select g.item_id, g.student_id, g.course_id, g.submission_id, 'publish', g.points, g.outcome,
        true, g.comment, g.max_points, g.item_version, g.version
     from grades g join submissions s on s.item_id = g.item_id and s.student_id = g.student_id
     where s.id = $1`,
    [submissionId],
  );
}
