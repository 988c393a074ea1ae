CREATE TYPE "public"."course_enrolment_source" AS ENUM('programme', 'additional');--> statement-breakpoint
CREATE TYPE "public"."course_enrolment_status" AS ENUM('active', 'dropped');--> statement-breakpoint
CREATE TYPE "public"."grade_event_action" AS ENUM('save', 'publish', 'override', 'transfer_in', 'transfer_out');--> statement-breakpoint
CREATE TYPE "public"."grade_outcome" AS ENUM('graded', 'returned');--> statement-breakpoint
CREATE TYPE "public"."learning_item_kind" AS ENUM('resource', 'text_task', 'file_task');--> statement-breakpoint
CREATE TYPE "public"."progress_source" AS ENUM('done', 'submitted');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('draft', 'submitted');--> statement-breakpoint
CREATE TYPE "public"."task_delivery" AS ENUM('online', 'onsite');--> statement-breakpoint
CREATE TYPE "public"."task_grading" AS ENUM('points', 'rubric');--> statement-breakpoint
CREATE TYPE "public"."learning_unit_status" AS ENUM('draft', 'published', 'closed');--> statement-breakpoint
CREATE TYPE "public"."upload_purpose" AS ENUM('submission', 'course_document');--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"source" "course_enrolment_source" NOT NULL,
	"status" "course_enrolment_status" DEFAULT 'active' NOT NULL,
	"class_id" integer,
	"reason" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrolments_course_id_student_id_pk" PRIMARY KEY("course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"tasks_submitted" integer DEFAULT 0 NOT NULL,
	"tasks_graded" integer DEFAULT 0 NOT NULL,
	"points_published" numeric(10, 2) DEFAULT 0 NOT NULL,
	"weighted_published" numeric(12, 6) DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_progress_student_id_course_id_pk" PRIMARY KEY("student_id","course_id"),
	CONSTRAINT "course_progress_counts_check" CHECK ("course_progress"."items_done" >= 0 and "course_progress"."tasks_submitted" >= 0 and "course_progress"."tasks_graded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grade_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"submission_id" bigint,
	"action" "grade_event_action" NOT NULL,
	"old_points" numeric(7, 2),
	"new_points" numeric(7, 2),
	"old_outcome" "grade_outcome",
	"new_outcome" "grade_outcome",
	"old_published" boolean,
	"new_published" boolean NOT NULL,
	"comment" text,
	"rubric_scores" jsonb,
	"max_points" numeric(7, 2) NOT NULL,
	"grading_schema_id" integer,
	"grading_schema_version" integer,
	"item_version" integer NOT NULL,
	"grade_version" integer NOT NULL,
	"actor_id" integer,
	"impersonator_id" integer,
	"reason" text,
	"request_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"submission_id" bigint,
	"outcome" "grade_outcome" DEFAULT 'graded' NOT NULL,
	"points" numeric(7, 2),
	"comment" text,
	"rubric_scores" jsonb,
	"is_published" boolean DEFAULT false NOT NULL,
	"max_points" numeric(7, 2) NOT NULL,
	"grading_schema_id" integer,
	"grading_schema_version" integer,
	"item_version" integer NOT NULL,
	"graded_by" integer,
	"graded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_item_id_student_id_pk" PRIMARY KEY("item_id","student_id"),
	CONSTRAINT "grades_points_check" CHECK ("grades"."points" is null or ("grades"."points" >= 0 and "grades"."points" <= "grades"."max_points")),
	CONSTRAINT "grades_graded_check" CHECK ("grades"."outcome" <> 'graded' or "grades"."points" is not null),
	CONSTRAINT "grades_comment_check" CHECK ("grades"."comment" is null or length("grades"."comment") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "grading_schema_versions" (
	"grading_schema_id" integer NOT NULL,
	"version" integer NOT NULL,
	"scale_max" numeric NOT NULL,
	"pass_mark" numeric NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_schema_versions_grading_schema_id_version_pk" PRIMARY KEY("grading_schema_id","version")
);
--> statement-breakpoint
CREATE TABLE "item_class_dates" (
	"item_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"visible_from" timestamp with time zone,
	"due_at" timestamp with time zone,
	"late_until" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_class_dates_item_id_class_id_pk" PRIMARY KEY("item_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "item_progress" (
	"student_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" "progress_source" NOT NULL,
	"client_event_id" uuid,
	CONSTRAINT "item_progress_student_id_item_id_pk" PRIMARY KEY("student_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "learning_item_revisions" (
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"edited_by" integer,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_item_revisions_item_id_version_pk" PRIMARY KEY("item_id","version")
);
--> statement-breakpoint
CREATE TABLE "learning_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"kind" "learning_item_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"visible_from" timestamp with time zone,
	"delivery" "task_delivery",
	"max_points" numeric(7, 2),
	"grading" "task_grading",
	"rubric" jsonb,
	"weight" numeric(6, 3),
	"due_at" timestamp with time zone,
	"late_until" timestamp with time zone,
	"counts_for_progress" boolean DEFAULT true NOT NULL,
	"copied_from_item_id" integer,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_items_title_check" CHECK (length("learning_items"."title") between 1 and 200),
	CONSTRAINT "learning_items_settings_check" CHECK (jsonb_typeof("learning_items"."settings") = 'object'),
	CONSTRAINT "learning_items_graded_check" CHECK (("learning_items"."delivery" is null) = ("learning_items"."max_points" is null)),
	CONSTRAINT "learning_items_points_check" CHECK ("learning_items"."max_points" is null or ("learning_items"."max_points" > 0 and "learning_items"."max_points" <= 10000)),
	CONSTRAINT "learning_items_late_check" CHECK ("learning_items"."late_until" is null or "learning_items"."due_at" is null or "learning_items"."late_until" >= "learning_items"."due_at")
);
--> statement-breakpoint
CREATE TABLE "learning_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" "learning_unit_status" DEFAULT 'draft' NOT NULL,
	"opens_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"copied_from_unit_id" integer,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_units_title_check" CHECK (length("learning_units"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"submission_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_files_submission_id_file_id_pk" PRIMARY KEY("submission_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"status" "submission_status" DEFAULT 'draft' NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"text" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"item_version" integer NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"client_saved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_attempt_check" CHECK ("submissions"."attempt" >= 1),
	CONSTRAINT "submissions_submitted_check" CHECK (("submissions"."status" = 'submitted') = ("submissions"."submitted_at" is not null)),
	CONSTRAINT "submissions_text_check" CHECK ("submissions"."text" is null or length("submissions"."text") <= 200000)
);
--> statement-breakpoint
CREATE TABLE "unit_progress" (
	"student_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_progress_student_id_unit_id_pk" PRIMARY KEY("student_id","unit_id"),
	CONSTRAINT "unit_progress_done_check" CHECK ("unit_progress"."items_done" >= 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" "upload_purpose" NOT NULL,
	"item_id" integer,
	"course_id" integer,
	"filename" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"file_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_offset_check" CHECK ("uploads"."offset" >= 0 and "uploads"."offset" <= "uploads"."declared_size")
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "submission_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "programme_courses" ADD COLUMN "syllabus" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_courses" ADD COLUMN "grade_weighting" text DEFAULT 'points' NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_courses" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_courses" ADD COLUMN "copied_from_course_id" integer;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_actor_id_users_jwl_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_impersonator_id_users_jwl_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_graded_by_users_jwl_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_published_by_users_jwl_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_schema_versions" ADD CONSTRAINT "grading_schema_versions_grading_schema_id_grading_schemas_id_fk" FOREIGN KEY ("grading_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_schema_versions" ADD CONSTRAINT "grading_schema_versions_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_class_dates" ADD CONSTRAINT "item_class_dates_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_class_dates" ADD CONSTRAINT "item_class_dates_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_class_dates" ADD CONSTRAINT "item_class_dates_updated_by_users_jwl_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_progress" ADD CONSTRAINT "item_progress_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_progress" ADD CONSTRAINT "item_progress_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_item_revisions" ADD CONSTRAINT "learning_item_revisions_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_item_revisions" ADD CONSTRAINT "learning_item_revisions_edited_by_users_jwl_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_items" ADD CONSTRAINT "learning_items_unit_id_learning_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."learning_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_items" ADD CONSTRAINT "learning_items_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_units" ADD CONSTRAINT "learning_units_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_units" ADD CONSTRAINT "learning_units_published_by_users_jwl_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_units" ADD CONSTRAINT "learning_units_closed_by_users_jwl_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_progress" ADD CONSTRAINT "unit_progress_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_progress" ADD CONSTRAINT "unit_progress_unit_id_learning_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."learning_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_jwl_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_enrolments_student_idx" ON "course_enrolments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_progress_course_idx" ON "course_progress" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "grade_events_student_idx" ON "grade_events" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "grade_events_item_idx" ON "grade_events" USING btree ("item_id","student_id","id");--> statement-breakpoint
CREATE INDEX "grade_events_course_idx" ON "grade_events" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "grades_student_idx" ON "grades" USING btree ("student_id","item_id");--> statement-breakpoint
CREATE INDEX "grades_course_idx" ON "grades" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "item_class_dates_class_idx" ON "item_class_dates" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "item_progress_item_idx" ON "item_progress" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "learning_items_unit_idx" ON "learning_items" USING btree ("unit_id","position") WHERE "learning_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "learning_items_graded_idx" ON "learning_items" USING btree ("course_id","id") WHERE "learning_items"."max_points" is not null and "learning_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "learning_units_course_idx" ON "learning_units" USING btree ("course_id","position") WHERE "learning_units"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "submission_files_file_idx" ON "submission_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_client_key" ON "submissions" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_attempt_key" ON "submissions" USING btree ("item_id","student_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_latest_key" ON "submissions" USING btree ("item_id","student_id") WHERE "submissions"."is_latest";--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_draft_key" ON "submissions" USING btree ("item_id","student_id") WHERE "submissions"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "submissions_student_idx" ON "submissions" USING btree ("student_id","course_id","item_id") WHERE "submissions"."is_latest";--> statement-breakpoint
CREATE INDEX "submissions_queue_idx" ON "submissions" USING btree ("item_id","submitted_at") WHERE "submissions"."status" = 'submitted' and "submissions"."is_latest";--> statement-breakpoint
CREATE INDEX "unit_progress_unit_idx" ON "unit_progress" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_expiry_idx" ON "uploads" USING btree ("expires_at") WHERE "uploads"."completed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_grade_comment_key" ON "notifications" USING btree ("submission_id","user_id") WHERE "notifications"."type" = 'grade_comment';--> statement-breakpoint
-- Grade events are the history of every grade (decision 0019): never changed, never removed.
CREATE FUNCTION "grade_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'grade_events is append-only' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "grade_events_no_update" BEFORE UPDATE OR DELETE ON "grade_events"
	FOR EACH ROW EXECUTE FUNCTION "grade_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "grade_events_no_truncate" BEFORE TRUNCATE ON "grade_events"
	FOR EACH STATEMENT EXECUTE FUNCTION "grade_events_append_only"();
--> statement-breakpoint
-- Who learns in a course: the active, completed and failed enrolments of its programme, minus the
-- courses dropped, plus additional courses. Only active enrolments of a running programme may hand
-- in work; the others read. The bachelor and GEL issues add their term enrolments here only.
CREATE VIEW "course_learners" AS
SELECT c.id AS course_id, e.user_id AS student_id, e.id AS enrolment_id, e.class_id, e.clc_id,
	'programme'::text AS source, (e.state = 'active' AND p.status = 'running') AS may_submit
FROM "programme_courses" c
JOIN "programmes" p ON p.id = c.programme_id
JOIN "enrolments" e ON e.programme_id = c.programme_id AND e.state IN ('active', 'completed', 'failed')
WHERE NOT EXISTS (
	SELECT 1 FROM "course_enrolments" ce
	WHERE ce.course_id = c.id AND ce.student_id = e.user_id AND ce.status = 'dropped')
UNION ALL
SELECT ce.course_id, ce.student_id, e.id, ce.class_id, e.clc_id, 'additional',
	(p.status = 'running' AND (e.id IS NULL OR e.state = 'active'))
FROM "course_enrolments" ce
JOIN "programme_courses" c ON c.id = ce.course_id
JOIN "programmes" p ON p.id = c.programme_id
LEFT JOIN "enrolments" e ON e.programme_id = c.programme_id AND e.user_id = ce.student_id
WHERE ce.source = 'additional' AND ce.status = 'active'
	AND NOT EXISTS (
		SELECT 1 FROM "enrolments" e2 WHERE e2.programme_id = c.programme_id AND e2.user_id = ce.student_id
			AND e2.state IN ('active', 'completed', 'failed'));
--> statement-breakpoint
-- Each grading schema's current state is its first recorded version.
INSERT INTO "grading_schema_versions" ("grading_schema_id", "version", "scale_max", "pass_mark", "bands")
SELECT id, version, scale_max, pass_mark, bands FROM "grading_schemas"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Default rights of decision 0019 for a database made before it (a fresh one takes the map):
-- faculty grade by responsibility, no longer by SUBMISSION__EDIT.
DELETE FROM "role_rights" WHERE "role_key" = 'FACULTY' AND "right_key" = 'SUBMISSION__EDIT';
--> statement-breakpoint
INSERT INTO "role_rights" ("role_key", "right_key")
SELECT v.role_key, v.right_key
FROM (VALUES ('FACILITATOR', 'SYLLABUS__DISPLAY'), ('FACILITATOR', 'COURSE_PREVIEW__DISPLAY'),
             ('LEAD_FACILITATOR', 'SYLLABUS__DISPLAY'), ('LEAD_FACILITATOR', 'COURSE_PREVIEW__DISPLAY'),
             ('COORDINATOR', 'ACTIVE_COURSES__DISPLAY'), ('COORDINATOR', 'ACTIVE_COURSES__EDIT'),
             ('COORDINATOR', 'ADDITIONAL_COURSES__DISPLAY'), ('COORDINATOR', 'ADDITIONAL_COURSES__CREATE'),
             ('COORDINATOR', 'ADDITIONAL_COURSES__EDIT'), ('COORDINATOR', 'ADDITIONAL_COURSES__DELETE'),
             ('LEAD_COORDINATOR', 'ACTIVE_COURSES__DISPLAY'), ('LEAD_COORDINATOR', 'ACTIVE_COURSES__EDIT'),
             ('LEAD_COORDINATOR', 'ADDITIONAL_COURSES__DISPLAY'), ('LEAD_COORDINATOR', 'ADDITIONAL_COURSES__CREATE'),
             ('LEAD_COORDINATOR', 'ADDITIONAL_COURSES__EDIT'), ('LEAD_COORDINATOR', 'ADDITIONAL_COURSES__DELETE'),
             ('ACADEMIC_MANAGER', 'ACTIVE_COURSES__DISPLAY'), ('ACADEMIC_MANAGER', 'ACTIVE_COURSES__EDIT'),
             ('ACADEMIC_MANAGER', 'ADDITIONAL_COURSES__DISPLAY'), ('ACADEMIC_MANAGER', 'ADDITIONAL_COURSES__CREATE'),
             ('ACADEMIC_MANAGER', 'ADDITIONAL_COURSES__EDIT'), ('ACADEMIC_MANAGER', 'ADDITIONAL_COURSES__DELETE'),
             ('ACADEMIC_MANAGER', 'SUBMISSION__DISPLAY'),
             ('OPERATIONAL_MANAGER', 'ACTIVE_COURSES__DISPLAY'), ('OPERATIONAL_MANAGER', 'ADDITIONAL_COURSES__DISPLAY')
     ) AS v(role_key, right_key)
WHERE EXISTS (SELECT 1 FROM "roles" r WHERE r.key = v.role_key)
  AND EXISTS (SELECT 1 FROM "rights" g WHERE g.key = v.right_key)
ON CONFLICT DO NOTHING;
