-- Decision 0020 §2.1: web-based trainings. The upload purpose wbt_package is added here and used
-- only by later statements of the app, never in this migration.
CREATE TYPE "public"."wbt_completion" AS ENUM('unknown', 'incomplete', 'completed');--> statement-breakpoint
CREATE TYPE "public"."wbt_launch_mode" AS ENUM('normal', 'browse');--> statement-breakpoint
CREATE TYPE "public"."wbt_standard" AS ENUM('scorm12', 'scorm2004', 'html');--> statement-breakpoint
CREATE TYPE "public"."wbt_success" AS ENUM('unknown', 'passed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'wbt_package';--> statement-breakpoint
CREATE TABLE "wbt_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wbt_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"last_launch_no" integer DEFAULT 0 NOT NULL,
	"completion" "wbt_completion" DEFAULT 'unknown' NOT NULL,
	"success" "wbt_success" DEFAULT 'unknown' NOT NULL,
	"score_scaled" numeric(6, 5),
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"submission_id" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"last_commit_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wbt_attempts_attempt_check" CHECK ("wbt_attempts"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "wbt_commits" (
	"attempt_id" bigint NOT NULL,
	"launch_no" integer NOT NULL,
	"seq" integer NOT NULL,
	"sco" smallint NOT NULL,
	"elements" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wbt_commits_attempt_id_launch_no_seq_pk" PRIMARY KEY("attempt_id","launch_no","seq")
);
--> statement-breakpoint
CREATE TABLE "wbt_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wbt_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "wbt_elements_name_check" CHECK (length("wbt_elements"."name") <= 255 and "wbt_elements"."name" ~ '^(cmi|adl)\.[A-Za-z0-9_.]+$')
);
--> statement-breakpoint
CREATE TABLE "wbt_launches" (
	"attempt_id" bigint NOT NULL,
	"launch_no" integer NOT NULL,
	"mode" "wbt_launch_mode" NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"session_seconds" integer DEFAULT 0 NOT NULL,
	"session_seq" integer DEFAULT 0 NOT NULL,
	"terminated_at" timestamp with time zone,
	CONSTRAINT "wbt_launches_attempt_id_launch_no_pk" PRIMARY KEY("attempt_id","launch_no")
);
--> statement-breakpoint
CREATE TABLE "wbt_package_files" (
	"package_id" integer NOT NULL,
	"path" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	CONSTRAINT "wbt_package_files_package_id_path_pk" PRIMARY KEY("package_id","path")
);
--> statement-breakpoint
CREATE TABLE "wbt_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wbt_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"standard" "wbt_standard" NOT NULL,
	"title" text NOT NULL,
	"scos" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entries" integer NOT NULL,
	"unpacked_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wbt_sco_states" (
	"attempt_id" bigint NOT NULL,
	"sco" smallint NOT NULL,
	"completion" "wbt_completion" DEFAULT 'unknown' NOT NULL,
	"success" "wbt_success" DEFAULT 'unknown' NOT NULL,
	"score_scaled" numeric(6, 5),
	"launch_no" integer NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "wbt_sco_states_attempt_id_sco_pk" PRIMARY KEY("attempt_id","sco")
);
--> statement-breakpoint
CREATE TABLE "wbt_values" (
	"attempt_id" bigint NOT NULL,
	"sco" smallint NOT NULL,
	"element_id" integer NOT NULL,
	"value" text NOT NULL,
	"launch_no" integer NOT NULL,
	"seq" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wbt_values_attempt_id_sco_element_id_pk" PRIMARY KEY("attempt_id","sco","element_id"),
	CONSTRAINT "wbt_values_value_check" CHECK (length("wbt_values"."value") <= 65536)
);
--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD CONSTRAINT "wbt_attempts_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD CONSTRAINT "wbt_attempts_package_id_wbt_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."wbt_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD CONSTRAINT "wbt_attempts_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD CONSTRAINT "wbt_attempts_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD CONSTRAINT "wbt_attempts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_commits" ADD CONSTRAINT "wbt_commits_attempt_id_wbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."wbt_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_launches" ADD CONSTRAINT "wbt_launches_attempt_id_wbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."wbt_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_package_files" ADD CONSTRAINT "wbt_package_files_package_id_wbt_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."wbt_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_packages" ADD CONSTRAINT "wbt_packages_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_packages" ADD CONSTRAINT "wbt_packages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_packages" ADD CONSTRAINT "wbt_packages_uploaded_by_users_jwl_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_sco_states" ADD CONSTRAINT "wbt_sco_states_attempt_id_wbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."wbt_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_values" ADD CONSTRAINT "wbt_values_attempt_id_wbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."wbt_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbt_values" ADD CONSTRAINT "wbt_values_element_id_wbt_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."wbt_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wbt_attempts_attempt_key" ON "wbt_attempts" USING btree ("item_id","student_id","attempt");--> statement-breakpoint
CREATE INDEX "wbt_attempts_item_idx" ON "wbt_attempts" USING btree ("item_id","completion");--> statement-breakpoint
CREATE INDEX "wbt_attempts_student_idx" ON "wbt_attempts" USING btree ("student_id","item_id");--> statement-breakpoint
CREATE INDEX "wbt_commits_received_idx" ON "wbt_commits" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wbt_elements_name_key" ON "wbt_elements" USING btree ("name");--> statement-breakpoint
CREATE INDEX "wbt_packages_course_idx" ON "wbt_packages" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wbt_packages_sha_key" ON "wbt_packages" USING btree ("course_id","sha256");