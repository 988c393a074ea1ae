CREATE TYPE "public"."course_status" AS ENUM('active', 'open', 'drop-delete', 'failed', 'retaken', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."credit_entry_kind" AS ENUM('earned', 'transfer-in', 'transfer-out', 'replaced');--> statement-breakpoint
CREATE TYPE "public"."export_status" AS ENUM('completed', 'completed-exported', 'graduated');--> statement-breakpoint
CREATE TYPE "public"."offering_kind" AS ENUM('course', 'internship');--> statement-breakpoint
CREATE TYPE "public"."term_season" AS ENUM('sp', 'su', 'fa');--> statement-breakpoint
CREATE TYPE "public"."transfer_kind" AS ENUM('internal', 'external');--> statement-breakpoint
CREATE TYPE "public"."transfer_state" AS ENUM('proposed', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."verification_level" AS ENUM('BASIC', 'CLC', 'UNI');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "ba_classrooms" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "ba_cohort_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"unlisted" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_cohort_members" (
	"cohort_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"imported" jsonb,
	"last_import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ba_cohort_members_cohort_id_enrolment_id_pk" PRIMARY KEY("cohort_id","enrolment_id")
);
--> statement-breakpoint
CREATE TABLE "ba_cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"code" text NOT NULL,
	"intake_term" text NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ba_credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enrolment_id" integer NOT NULL,
	"kind" "credit_entry_kind" NOT NULL,
	"course_id" integer,
	"credits" numeric NOT NULL,
	"grade_event_id" bigint,
	"transfer_id" integer,
	"replaces_entry_id" bigint,
	"source_grade" numeric,
	"source_schema_id" integer,
	"source_schema_version" integer,
	"converted_grade" numeric,
	"conversion_id" integer,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_export_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"file_id" uuid,
	"purpose" text NOT NULL,
	"rows" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_export_statuses" (
	"enrolment_id" integer PRIMARY KEY NOT NULL,
	"status" "export_status" NOT NULL,
	"batch_id" integer,
	"changed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"kind" "offering_kind" DEFAULT 'course' NOT NULL,
	"course_id" integer NOT NULL,
	"title" text,
	"capacity" integer DEFAULT 30 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_student_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"status" "course_status" DEFAULT 'active' NOT NULL,
	"class_id" integer,
	"reason" text,
	"changed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"year" integer NOT NULL,
	"season" "term_season" NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"weeks" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ba_terms_weeks_check" CHECK ("ba_terms"."weeks" between 1 and 52)
);
--> statement-breakpoint
CREATE TABLE "ba_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"direction" text NOT NULL,
	"kind" "transfer_kind" NOT NULL,
	"course_id" integer,
	"source_enrolment_id" integer,
	"source_course_id" integer,
	"institution" text,
	"source_course_title" text,
	"source_grade" numeric,
	"source_schema_id" integer,
	"source_schema_version" integer,
	"credits" numeric NOT NULL,
	"conversion_id" integer,
	"converted_grade" numeric,
	"state" "transfer_state" DEFAULT 'proposed' NOT NULL,
	"reason" text,
	"proposed_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ba_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"clc_id" integer,
	"level" "verification_level" NOT NULL,
	"hash" text NOT NULL,
	"grades" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grade_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_schema_id" integer NOT NULL,
	"to_schema_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_jwl_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_classrooms" ADD CONSTRAINT "ba_classrooms_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_classrooms" ADD CONSTRAINT "ba_classrooms_offering_id_ba_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ba_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_classrooms" ADD CONSTRAINT "ba_classrooms_closed_by_users_jwl_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohort_imports" ADD CONSTRAINT "ba_cohort_imports_cohort_id_ba_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."ba_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohort_imports" ADD CONSTRAINT "ba_cohort_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohort_imports" ADD CONSTRAINT "ba_cohort_imports_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohort_members" ADD CONSTRAINT "ba_cohort_members_cohort_id_ba_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."ba_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohort_members" ADD CONSTRAINT "ba_cohort_members_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohorts" ADD CONSTRAINT "ba_cohorts_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_cohorts" ADD CONSTRAINT "ba_cohorts_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_transfer_id_ba_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ba_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_source_schema_id_grading_schemas_id_fk" FOREIGN KEY ("source_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_conversion_id_grade_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."grade_conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_credit_ledger" ADD CONSTRAINT "ba_credit_ledger_approved_by_users_jwl_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_batches" ADD CONSTRAINT "ba_export_batches_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_batches" ADD CONSTRAINT "ba_export_batches_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_batches" ADD CONSTRAINT "ba_export_batches_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_statuses" ADD CONSTRAINT "ba_export_statuses_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_statuses" ADD CONSTRAINT "ba_export_statuses_batch_id_ba_export_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ba_export_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_export_statuses" ADD CONSTRAINT "ba_export_statuses_changed_by_users_jwl_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_offerings" ADD CONSTRAINT "ba_offerings_term_id_ba_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."ba_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_offerings" ADD CONSTRAINT "ba_offerings_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_student_courses" ADD CONSTRAINT "ba_student_courses_offering_id_ba_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ba_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_student_courses" ADD CONSTRAINT "ba_student_courses_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_student_courses" ADD CONSTRAINT "ba_student_courses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_student_courses" ADD CONSTRAINT "ba_student_courses_changed_by_users_jwl_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_terms" ADD CONSTRAINT "ba_terms_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_source_enrolment_id_enrolments_id_fk" FOREIGN KEY ("source_enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_source_course_id_programme_courses_id_fk" FOREIGN KEY ("source_course_id") REFERENCES "public"."programme_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_source_schema_id_grading_schemas_id_fk" FOREIGN KEY ("source_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_conversion_id_grade_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."grade_conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_proposed_by_users_jwl_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_transfers" ADD CONSTRAINT "ba_transfers_decided_by_users_jwl_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_verifications" ADD CONSTRAINT "ba_verifications_term_id_ba_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."ba_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_verifications" ADD CONSTRAINT "ba_verifications_clc_id_clcs_id_fk" FOREIGN KEY ("clc_id") REFERENCES "public"."clcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ba_verifications" ADD CONSTRAINT "ba_verifications_approved_by_users_jwl_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_conversions" ADD CONSTRAINT "grade_conversions_from_schema_id_grading_schemas_id_fk" FOREIGN KEY ("from_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_conversions" ADD CONSTRAINT "grade_conversions_to_schema_id_grading_schemas_id_fk" FOREIGN KEY ("to_schema_id") REFERENCES "public"."grading_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_conversions" ADD CONSTRAINT "grade_conversions_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ba_classrooms_offering_idx" ON "ba_classrooms" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "ba_cohort_imports_cohort_idx" ON "ba_cohort_imports" USING btree ("cohort_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ba_cohort_members_enrolment_key" ON "ba_cohort_members" USING btree ("enrolment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ba_cohorts_code_key" ON "ba_cohorts" USING btree ("programme_id",lower("code"));--> statement-breakpoint
CREATE INDEX "ba_credit_ledger_enrolment_idx" ON "ba_credit_ledger" USING btree ("enrolment_id","id");--> statement-breakpoint
CREATE INDEX "ba_credit_ledger_event_idx" ON "ba_credit_ledger" USING btree ("grade_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ba_offerings_course_key" ON "ba_offerings" USING btree ("term_id","course_id") WHERE "ba_offerings"."kind" = 'course';--> statement-breakpoint
CREATE INDEX "ba_offerings_term_idx" ON "ba_offerings" USING btree ("term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ba_student_courses_key" ON "ba_student_courses" USING btree ("offering_id","enrolment_id");--> statement-breakpoint
CREATE INDEX "ba_student_courses_enrolment_idx" ON "ba_student_courses" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "ba_student_courses_class_idx" ON "ba_student_courses" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ba_terms_key" ON "ba_terms" USING btree ("programme_id","year","season");--> statement-breakpoint
CREATE INDEX "ba_transfers_enrolment_idx" ON "ba_transfers" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "ba_transfers_state_idx" ON "ba_transfers" USING btree ("state","direction");--> statement-breakpoint
CREATE INDEX "ba_verifications_term_idx" ON "ba_verifications" USING btree ("term_id","level","approved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_conversions_key" ON "grade_conversions" USING btree ("from_schema_id","to_schema_id","version");--> statement-breakpoint
-- The credit ledger is append-only (decision 0022): a correction is a new entry, never an edit.
CREATE FUNCTION ba_credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ba_credit_ledger is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER ba_credit_ledger_no_update BEFORE UPDATE ON "ba_credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION ba_credit_ledger_append_only();
