CREATE TYPE "public"."class_staff_kind" AS ENUM('facilitator', 'faculty');--> statement-breakpoint
CREATE TYPE "public"."enrolment_state" AS ENUM('applied', 'active', 'declined', 'withdrawn', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."programme_status" AS ENUM('new', 'applying', 'preparing', 'prep_done', 'running', 'finished', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."programme_type" AS ENUM('professional', 'bachelor', 'language', 'orientation', 'gel');--> statement-breakpoint
CREATE TABLE "automatic_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_status" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipient_role" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" integer NOT NULL,
	"code" text NOT NULL,
	"student_name" text NOT NULL,
	"programme_title" text NOT NULL,
	"certificate_text" text NOT NULL,
	"certifying_university" text NOT NULL,
	"clc_name" text NOT NULL,
	"signee_name" text,
	"signee_title" text,
	"issued_on" date NOT NULL,
	"file_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_staff" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "class_staff_kind" NOT NULL,
	CONSTRAINT "class_staff_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"clc_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer DEFAULT 15 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_results" (
	"enrolment_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"score" numeric NOT NULL,
	"entered_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_results_enrolment_id_course_id_pk" PRIMARY KEY("enrolment_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"clc_id" integer,
	"state" "enrolment_state" DEFAULT 'applied' NOT NULL,
	"class_id" integer,
	"placed_manually" boolean DEFAULT false NOT NULL,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_schemas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scale_max" numeric NOT NULL,
	"pass_mark" numeric NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_clcs" (
	"programme_id" integer NOT NULL,
	"clc_id" integer NOT NULL,
	CONSTRAINT "programme_clcs_programme_id_clc_id_pk" PRIMARY KEY("programme_id","clc_id")
);
--> statement-breakpoint
CREATE TABLE "programme_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"units" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "programme_type" NOT NULL,
	"code" text NOT NULL,
	"internal_name" text NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" "programme_status" DEFAULT 'new' NOT NULL,
	"grading_schema_id" integer,
	"certifying_university" text,
	"certificate_text" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmes_dates_check" CHECK ("programmes"."end_date" >= "programmes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "study_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_breaks_dates_check" CHECK ("study_breaks"."ends_on" >= "study_breaks"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "automatic_mails" ADD CONSTRAINT "automatic_mails_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_staff" ADD CONSTRAINT "class_staff_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_staff" ADD CONSTRAINT "class_staff_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_clc_id_clcs_id_fk" FOREIGN KEY ("clc_id") REFERENCES "public"."clcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_entered_by_users_jwl_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_clc_id_clcs_id_fk" FOREIGN KEY ("clc_id") REFERENCES "public"."clcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_clcs" ADD CONSTRAINT "programme_clcs_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_clcs" ADD CONSTRAINT "programme_clcs_clc_id_clcs_id_fk" FOREIGN KEY ("clc_id") REFERENCES "public"."clcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_courses" ADD CONSTRAINT "programme_courses_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_grading_schema_id_grading_schemas_id_fk" FOREIGN KEY ("grading_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_breaks" ADD CONSTRAINT "study_breaks_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_breaks" ADD CONSTRAINT "study_breaks_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_mails_programme_idx" ON "automatic_mails" USING btree ("programme_id","event_type");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_enrolment_key" ON "certificates" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "class_staff_user_idx" ON "class_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_name_key" ON "classes" USING btree ("programme_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_programme_user_key" ON "enrolments" USING btree ("programme_id","user_id");--> statement-breakpoint
CREATE INDEX "enrolments_user_idx" ON "enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enrolments_programme_state_idx" ON "enrolments" USING btree ("programme_id","state");--> statement-breakpoint
CREATE INDEX "enrolments_class_idx" ON "enrolments" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_schemas_name_key" ON "grading_schemas" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "programme_clcs_clc_idx" ON "programme_clcs" USING btree ("clc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_courses_code_key" ON "programme_courses" USING btree ("programme_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_type_code_key" ON "programmes" USING btree ("type","code");--> statement-breakpoint
CREATE INDEX "programmes_type_start_idx" ON "programmes" USING btree ("type","start_date");--> statement-breakpoint
CREATE INDEX "study_breaks_enrolment_idx" ON "study_breaks" USING btree ("enrolment_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");