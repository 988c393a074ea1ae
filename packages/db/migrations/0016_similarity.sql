CREATE TYPE "public"."similarity_provider" AS ENUM('local', 'turnitin');--> statement-breakpoint
CREATE TYPE "public"."similarity_status" AS ENUM('queued', 'running', 'done', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."submission_text_source" AS ENUM('text', 'pdf', 'docx', 'txt');--> statement-breakpoint
CREATE TABLE "similarity_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "similarity_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"provider" "similarity_provider" NOT NULL,
	"status" "similarity_status" DEFAULT 'queued' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"score" numeric(5, 2),
	"flagged" boolean DEFAULT false NOT NULL,
	"words" integer,
	"external_id" text,
	"report_url" text,
	"error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "similarity_checks_score_check" CHECK ("similarity_checks"."score" is null or "similarity_checks"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "similarity_matches" (
	"check_id" bigint NOT NULL,
	"other_submission_id" bigint NOT NULL,
	"other_student_id" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"other_score" numeric(5, 2) NOT NULL,
	"longest_words" integer NOT NULL,
	"passages" jsonb NOT NULL,
	CONSTRAINT "similarity_matches_check_id_other_submission_id_pk" PRIMARY KEY("check_id","other_submission_id")
);
--> statement-breakpoint
CREATE TABLE "submission_texts" (
	"submission_id" bigint NOT NULL,
	"part" smallint NOT NULL,
	"file_id" uuid,
	"source" "submission_text_source" NOT NULL,
	"text" text NOT NULL,
	"words" integer NOT NULL,
	"sha256" text NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_texts_submission_id_part_pk" PRIMARY KEY("submission_id","part"),
	CONSTRAINT "submission_texts_text_check" CHECK (length("submission_texts"."text") <= 2000000)
);
--> statement-breakpoint
ALTER TABLE "similarity_checks" ADD CONSTRAINT "similarity_checks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_checks" ADD CONSTRAINT "similarity_checks_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_checks" ADD CONSTRAINT "similarity_checks_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_check_id_similarity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."similarity_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_other_submission_id_submissions_id_fk" FOREIGN KEY ("other_submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_other_student_id_users_jwl_id_fk" FOREIGN KEY ("other_student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_texts" ADD CONSTRAINT "submission_texts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_texts" ADD CONSTRAINT "submission_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "similarity_checks_submission_key" ON "similarity_checks" USING btree ("submission_id","provider");--> statement-breakpoint
CREATE INDEX "similarity_checks_item_idx" ON "similarity_checks" USING btree ("item_id","score" DESC NULLS LAST) WHERE "similarity_checks"."status" = 'done';--> statement-breakpoint
CREATE INDEX "similarity_checks_open_idx" ON "similarity_checks" USING btree ("status","queued_at") WHERE "similarity_checks"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "similarity_checks_external_key" ON "similarity_checks" USING btree ("provider","external_id") WHERE "similarity_checks"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "similarity_matches_other_idx" ON "similarity_matches" USING btree ("other_submission_id");--> statement-breakpoint
CREATE INDEX "submission_texts_sha_idx" ON "submission_texts" USING btree ("sha256");