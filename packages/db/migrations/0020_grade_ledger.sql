CREATE TYPE "public"."grade_event_subject" AS ENUM('task', 'course_result');--> statement-breakpoint
CREATE TYPE "public"."course_result_source" AS ENUM('entered', 'computed');--> statement-breakpoint
ALTER TYPE "public"."grade_event_action" ADD VALUE 'unpublish';--> statement-breakpoint
ALTER TYPE "public"."grade_event_action" ADD VALUE 'change';--> statement-breakpoint
ALTER TYPE "public"."grade_event_action" ADD VALUE 'finalise';--> statement-breakpoint
ALTER TYPE "public"."grade_event_action" ADD VALUE 'reopen';--> statement-breakpoint
ALTER TABLE "grade_events" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_events" ALTER COLUMN "item_version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_events" ALTER COLUMN "at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "grade_events" ADD COLUMN "subject" "grade_event_subject" DEFAULT 'task' NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_events" ADD COLUMN "enrolment_id" integer;--> statement-breakpoint
ALTER TABLE "grade_events" ADD COLUMN "has_text" boolean GENERATED ALWAYS AS (comment is not null or reason is not null or rubric_scores is not null) STORED;--> statement-breakpoint
ALTER TABLE "course_results" ADD COLUMN "source" "course_result_source" DEFAULT 'entered' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_results" ADD COLUMN "is_final" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_results" ADD COLUMN "grading_schema_id" integer;--> statement-breakpoint
ALTER TABLE "course_results" ADD COLUMN "grading_schema_version" integer;--> statement-breakpoint
ALTER TABLE "course_results" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_subject_check" CHECK (("grade_events"."subject" = 'task') = ("grade_events"."item_id" is not null and "grade_events"."item_version" is not null));--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_enrolment_check" CHECK (("grade_events"."subject" = 'course_result') = ("grade_events"."enrolment_id" is not null));
--> statement-breakpoint
-- The course results entered before the ledger began each get the event that sets them (decision
-- 0021), so every result in the projection is reached by its events, as every grade already is.
UPDATE "course_results" r SET "grading_schema_id" = p.grading_schema_id, "grading_schema_version" = gs.version
FROM "enrolments" e JOIN "programmes" p ON p.id = e.programme_id
LEFT JOIN "grading_schemas" gs ON gs.id = p.grading_schema_id
WHERE e.id = r.enrolment_id;
--> statement-breakpoint
INSERT INTO "grade_events" ("subject", "student_id", "course_id", "enrolment_id", "action",
	"new_points", "new_published", "max_points", "grading_schema_id", "grading_schema_version",
	"grade_version", "actor_id", "reason", "at")
SELECT 'course_result', e.user_id, r.course_id, r.enrolment_id, 'save', r.score, false,
	coalesce(gs.scale_max, r.score), r.grading_schema_id, r.grading_schema_version, 1, r.entered_by,
	'Entered before the grade ledger began', r.updated_at
FROM "course_results" r JOIN "enrolments" e ON e.id = r.enrolment_id
LEFT JOIN "grading_schemas" gs ON gs.id = r.grading_schema_id
ORDER BY r.updated_at, r.enrolment_id, r.course_id;
--> statement-breakpoint
-- A student's history is read by (student_id, id): covering every fixed-width column and
-- `has_text`, it is an index-only scan wherever the events lie, and only the events that carry
-- text visit the table (decision 0021). Drizzle cannot say INCLUDE, so the index is made here.
DROP INDEX "grade_events_student_idx";--> statement-breakpoint
CREATE INDEX "grade_events_student_idx" ON "grade_events" USING btree ("student_id","id")
	INCLUDE ("subject", "action", "course_id", "item_id", "enrolment_id", "submission_id",
		"old_points", "new_points", "old_outcome", "new_outcome", "old_published", "new_published",
		"max_points", "grading_schema_id", "grading_schema_version", "item_version", "grade_version",
		"actor_id", "impersonator_id", "request_id", "at", "has_text");
