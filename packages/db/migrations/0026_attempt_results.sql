CREATE TABLE "ba_attempt_results" (
	"student_course_id" integer PRIMARY KEY NOT NULL,
	"score" numeric NOT NULL,
	"source" "course_result_source" DEFAULT 'entered' NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"grading_schema_id" integer,
	"grading_schema_version" integer,
	"version" integer NOT NULL,
	"entered_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grade_events" ADD COLUMN "student_course_id" integer;--> statement-breakpoint
ALTER TABLE "ba_attempt_results" ADD CONSTRAINT "ba_attempt_results_student_course_id_ba_student_courses_id_fk" FOREIGN KEY ("student_course_id") REFERENCES "public"."ba_student_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_attempt_results" ADD CONSTRAINT "ba_attempt_results_entered_by_users_jwl_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before 0026 every attempt at a course read the one course result: each keeps a copy of it, so
-- no approval signed before this migration goes stale by it.
INSERT INTO "ba_attempt_results" ("student_course_id", "score", "source", "is_final", "grading_schema_id", "grading_schema_version", "version", "entered_by", "updated_at")
SELECT sc."id", r."score", r."source", r."is_final", r."grading_schema_id", r."grading_schema_version", r."version", r."entered_by", r."updated_at"
FROM "ba_student_courses" sc
JOIN "ba_offerings" o ON o."id" = sc."offering_id"
JOIN "course_results" r ON r."enrolment_id" = sc."enrolment_id" AND r."course_id" = o."course_id"
WHERE sc."status" <> 'drop-delete';
