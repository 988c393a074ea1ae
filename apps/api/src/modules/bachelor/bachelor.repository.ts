import { asc, eq } from 'drizzle-orm';
import { termKeyOf, type BachelorSummary } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import { programmeCourses, programmes } from '@lantern/db/schema/programmes';
import { baTerms } from '@lantern/db/schema/bachelor';
import { notFound } from '../../lib/errors';

/** A bachelor programme with its courses and terms (newest first). */
export async function bachelorSummary(db: Db, id: number): Promise<BachelorSummary> {
  const [programme] = await db
    .select({
      id: programmes.id,
      code: programmes.code,
      title: programmes.title,
      status: programmes.status,
      certifyingUniversity: programmes.certifyingUniversity,
      gradingSchemaId: programmes.gradingSchemaId,
    })
    .from(programmes)
    .where(eq(programmes.id, id));
  if (!programme) throw notFound('Programme');
  const [courses, terms] = await Promise.all([
    db
      .select({
        id: programmeCourses.id,
        code: programmeCourses.code,
        title: programmeCourses.title,
        units: programmeCourses.units,
      })
      .from(programmeCourses)
      .where(eq(programmeCourses.programmeId, id))
      .orderBy(asc(programmeCourses.position), asc(programmeCourses.code)),
    db
      .select({
        id: baTerms.id,
        year: baTerms.year,
        season: baTerms.season,
        name: baTerms.name,
        startDate: baTerms.startDate,
        weeks: baTerms.weeks,
      })
      .from(baTerms)
      .where(eq(baTerms.programmeId, id))
      .orderBy(asc(baTerms.startDate)),
  ]);
  return {
    ...programme,
    courses,
    terms: terms.map((t) => ({ ...t, key: termKeyOf(t.year, t.season) })),
  };
}
