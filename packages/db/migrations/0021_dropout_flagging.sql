CREATE TYPE "public"."dropout_action" AS ENUM('notify_coordinator', 'notify_facilitator', 'follow_up', 'mail_student');--> statement-breakpoint
CREATE TYPE "public"."dropout_criterion" AS ENUM('missed_tasks', 'failed_tasks', 'inactive', 'below_grade');--> statement-breakpoint
CREATE TYPE "public"."dropout_flag_status" AS ENUM('at_risk', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."dropout_follow_up_kind" AS ENUM('call', 'visit', 'suggest_study_break', 'other');--> statement-breakpoint
CREATE TABLE "dropout_flagging_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropout_flagging_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"programme_id" integer NOT NULL,
	"term_key" text DEFAULT 'all' NOT NULL,
	"action" "dropout_action" NOT NULL,
	"criterion" "dropout_criterion" NOT NULL,
	"percent" numeric(5, 2),
	"weeks" smallint,
	"ignore_zero_point_tasks" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "dropout_flagging_items_figure_check" CHECK (("dropout_flagging_items"."criterion" = 'inactive' and "dropout_flagging_items"."percent" is null and "dropout_flagging_items"."weeks" between 1 and 52)
        or ("dropout_flagging_items"."criterion" <> 'inactive' and "dropout_flagging_items"."weeks" is null and "dropout_flagging_items"."percent" between 1 and 100))
);
--> statement-breakpoint
CREATE TABLE "dropout_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropout_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"status" "dropout_flag_status" NOT NULL,
	"evidence" jsonb NOT NULL,
	"first_flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"outcome_state" "enrolment_state"
);
--> statement-breakpoint
CREATE TABLE "dropout_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropout_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flag_id" bigint NOT NULL,
	"assignee_role" text NOT NULL,
	"clc_id" integer,
	"class_id" integer,
	"kind" "dropout_follow_up_kind",
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"done_by" integer,
	"done_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dropout_follow_ups_role_check" CHECK ("dropout_follow_ups"."assignee_role" in ('coordinator', 'facilitator')),
	CONSTRAINT "dropout_follow_ups_status_check" CHECK ("dropout_follow_ups"."status" in ('open', 'done')),
	CONSTRAINT "dropout_follow_ups_outcome_check" CHECK (("dropout_follow_ups"."status" = 'open') or ("dropout_follow_ups"."outcome" is not null and length("dropout_follow_ups"."outcome") between 1 and 2000))
);
--> statement-breakpoint
CREATE TABLE "dropout_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropout_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"programme_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flagged" integer NOT NULL,
	"cleared" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "dropout_runs_trigger_check" CHECK ("dropout_runs"."trigger" in ('schedule', 'on_demand'))
);
--> statement-breakpoint
CREATE TABLE "learner_sync_marks" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"pending_since" timestamp with time zone,
	"last_sync_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dropout_flagging_items" ADD CONSTRAINT "dropout_flagging_items_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_flags" ADD CONSTRAINT "dropout_flags_item_id_dropout_flagging_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."dropout_flagging_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_flags" ADD CONSTRAINT "dropout_flags_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_flags" ADD CONSTRAINT "dropout_flags_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_flags" ADD CONSTRAINT "dropout_flags_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_follow_ups" ADD CONSTRAINT "dropout_follow_ups_flag_id_dropout_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."dropout_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_follow_ups" ADD CONSTRAINT "dropout_follow_ups_clc_id_clcs_id_fk" FOREIGN KEY ("clc_id") REFERENCES "public"."clcs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_follow_ups" ADD CONSTRAINT "dropout_follow_ups_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_follow_ups" ADD CONSTRAINT "dropout_follow_ups_done_by_users_jwl_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropout_runs" ADD CONSTRAINT "dropout_runs_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_sync_marks" ADD CONSTRAINT "learner_sync_marks_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dropout_flagging_items_programme_idx" ON "dropout_flagging_items" USING btree ("programme_id","term_key") WHERE "dropout_flagging_items"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dropout_flags_open_key" ON "dropout_flags" USING btree ("item_id","enrolment_id") WHERE "dropout_flags"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "dropout_flags_programme_idx" ON "dropout_flags" USING btree ("programme_id","item_id");--> statement-breakpoint
CREATE INDEX "dropout_flags_enrolment_idx" ON "dropout_flags" USING btree ("enrolment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dropout_follow_ups_flag_key" ON "dropout_follow_ups" USING btree ("flag_id");--> statement-breakpoint
CREATE INDEX "dropout_follow_ups_clc_idx" ON "dropout_follow_ups" USING btree ("clc_id","status");--> statement-breakpoint
CREATE INDEX "dropout_follow_ups_class_idx" ON "dropout_follow_ups" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "dropout_runs_programme_idx" ON "dropout_runs" USING btree ("programme_id","id");--> statement-breakpoint
-- Decision 0021 §3.8: coordinators read their CLCs' dropout flags and follow-ups. Only for roles
-- and rights that exist (a renamed role is left).
INSERT INTO "role_rights" ("role_key", "right_key")
SELECT v.role_key, v.right_key
FROM (VALUES ('COORDINATOR', 'DROPOUT_FLAGGING__DISPLAY'), ('LEAD_COORDINATOR', 'DROPOUT_FLAGGING__DISPLAY')
     ) AS v(role_key, right_key)
WHERE EXISTS (SELECT 1 FROM "roles" r WHERE r.key = v.role_key)
  AND EXISTS (SELECT 1 FROM "rights" g WHERE g.key = v.right_key)
ON CONFLICT DO NOTHING;
