CREATE TYPE "public"."question_kind" AS ENUM('single', 'multiple', 'true_false', 'short_answer', 'numeric', 'matching', 'essay');--> statement-breakpoint
CREATE TYPE "public"."quiz_attempt_status" AS ENUM('in_progress', 'finished');--> statement-breakpoint
CREATE TYPE "public"."quiz_finished_by" AS ENUM('learner', 'timeout', 'staff', 'close', 'sync');--> statement-breakpoint
CREATE TYPE "public"."quiz_grading_method" AS ENUM('highest', 'last', 'average');--> statement-breakpoint
CREATE TABLE "question_banks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"copied_from_bank_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "question_banks_title_check" CHECK (length("question_banks"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" "question_kind" NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"data" jsonb NOT NULL,
	"general_feedback" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bank_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"kind" "question_kind" NOT NULL,
	"title" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"default_points" numeric(7, 2) DEFAULT 1 NOT NULL,
	"general_feedback" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "questions_title_check" CHECK (length("questions"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"status" "quiz_attempt_status" DEFAULT 'in_progress' NOT NULL,
	"finished_by" "quiz_finished_by",
	"layout" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"client_started_at" timestamp with time zone,
	"client_finished_at" timestamp with time zone,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"current_page" smallint DEFAULT 0 NOT NULL,
	"auto_points" numeric(8, 2),
	"manual_points" numeric(8, 2),
	"total_points" numeric(8, 2),
	"needs_manual" boolean DEFAULT false NOT NULL,
	"submission_id" bigint,
	"item_version" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_attempt_check" CHECK ("quiz_attempts"."attempt" >= 1),
	CONSTRAINT "quiz_attempts_finished_check" CHECK (("quiz_attempts"."status" = 'finished') = ("quiz_attempts"."finished_at" is not null and "quiz_attempts"."finished_by" is not null))
);
--> statement-breakpoint
CREATE TABLE "quiz_overrides" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"extra_seconds" integer DEFAULT 0 NOT NULL,
	"extra_attempts" smallint DEFAULT 0 NOT NULL,
	"closes_at" timestamp with time zone,
	"reason" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_overrides_session_id_student_id_pk" PRIMARY KEY("session_id","student_id"),
	CONSTRAINT "quiz_overrides_reason_check" CHECK (length("quiz_overrides"."reason") between 1 and 500),
	CONSTRAINT "quiz_overrides_extra_check" CHECK ("quiz_overrides"."extra_seconds" >= 0 and "quiz_overrides"."extra_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quiz_responses" (
	"attempt_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"response" jsonb,
	"file_id" uuid,
	"saved_seq" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auto_fraction" numeric(6, 5),
	"manual_points" numeric(7, 2),
	"comment" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	"flagged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quiz_responses_attempt_id_slot_pk" PRIMARY KEY("attempt_id","slot"),
	CONSTRAINT "quiz_responses_size_check" CHECK ("quiz_responses"."response" is null or length("quiz_responses"."response"::text) <= 60000),
	CONSTRAINT "quiz_responses_comment_check" CHECK ("quiz_responses"."comment" is null or length("quiz_responses"."comment") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "quiz_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"class_id" integer,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"time_limit_seconds" integer,
	"attempts_allowed" smallint,
	"grading_method" "quiz_grading_method" DEFAULT 'highest' NOT NULL,
	"review" jsonb NOT NULL,
	"allowed_offline" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_sessions_item_class_key" UNIQUE NULLS NOT DISTINCT("item_id","class_id"),
	CONSTRAINT "quiz_sessions_window_check" CHECK ("quiz_sessions"."opens_at" is null or "quiz_sessions"."closes_at" is null or "quiz_sessions"."closes_at" > "quiz_sessions"."opens_at"),
	CONSTRAINT "quiz_sessions_offline_check" CHECK (not "quiz_sessions"."allowed_offline" or "quiz_sessions"."time_limit_seconds" is null),
	CONSTRAINT "quiz_sessions_limits_check" CHECK (("quiz_sessions"."time_limit_seconds" is null or "quiz_sessions"."time_limit_seconds" > 0) and ("quiz_sessions"."attempts_allowed" is null or "quiz_sessions"."attempts_allowed" >= 1))
);
--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_overrides" ADD CONSTRAINT "quiz_overrides_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_overrides" ADD CONSTRAINT "quiz_overrides_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_overrides" ADD CONSTRAINT "quiz_overrides_updated_by_users_jwl_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_graded_by_users_jwl_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_updated_by_users_jwl_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_banks_course_idx" ON "question_banks" USING btree ("course_id") WHERE "question_banks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_id","id") WHERE "questions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_client_key" ON "quiz_attempts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_attempt_key" ON "quiz_attempts" USING btree ("item_id","student_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_open_key" ON "quiz_attempts" USING btree ("item_id","student_id") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_attempts_session_idx" ON "quiz_attempts" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "quiz_attempts_student_idx" ON "quiz_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_overdue_idx" ON "quiz_attempts" USING btree ("status","deadline_at") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_overrides_student_idx" ON "quiz_overrides" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "quiz_sessions_release_idx" ON "quiz_sessions" USING btree ("closes_at") WHERE "quiz_sessions"."released_at" is null and "quiz_sessions"."closes_at" is not null;