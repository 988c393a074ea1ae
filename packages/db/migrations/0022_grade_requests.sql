CREATE TYPE "public"."grade_request_kind" AS ENUM('undo_publish', 'grade_change');--> statement-breakpoint
CREATE TYPE "public"."grade_request_state" AS ENUM('open', 'approved', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TABLE "grade_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "grade_request_kind" NOT NULL,
	"subject" "grade_event_subject" DEFAULT 'task' NOT NULL,
	"item_id" integer,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"enrolment_id" integer,
	"grade_version" integer NOT NULL,
	"from_points" numeric(7, 2),
	"from_outcome" "grade_outcome",
	"max_points" numeric(7, 2) NOT NULL,
	"to_points" numeric(7, 2),
	"to_outcome" "grade_outcome",
	"to_comment" text,
	"reason" text NOT NULL,
	"state" "grade_request_state" DEFAULT 'open' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"applied_event_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "grade_requests_subject_check" CHECK (("grade_requests"."subject" = 'task') = ("grade_requests"."item_id" is not null) and ("grade_requests"."subject" = 'course_result') = ("grade_requests"."enrolment_id" is not null)),
	CONSTRAINT "grade_requests_reason_check" CHECK (length("grade_requests"."reason") between 1 and 2000 and ("grade_requests"."decision_note" is null or length("grade_requests"."decision_note") <= 2000)),
	CONSTRAINT "grade_requests_decided_check" CHECK (("grade_requests"."state" = 'open') = ("grade_requests"."decided_at" is null) and ("grade_requests"."state" <> 'declined' or "grade_requests"."decision_note" is not null))
);
--> statement-breakpoint
DROP INDEX "certificates_enrolment_key";--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "learner_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_student_id_users_jwl_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_requested_by_users_jwl_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_decided_by_users_jwl_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_requests_open_key" ON "grade_requests" USING btree ("course_id","student_id",coalesce("item_id", 0)) WHERE "grade_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "grade_requests_course_idx" ON "grade_requests" USING btree ("course_id","state","id");--> statement-breakpoint
CREATE INDEX "grade_requests_requested_by_idx" ON "grade_requests" USING btree ("requested_by","state","id");--> statement-breakpoint
CREATE INDEX "grade_requests_student_idx" ON "grade_requests" USING btree ("student_id","id");--> statement-breakpoint
-- Until now nothing produced undo-publish requests: a notification naming one (the old demo data)
-- names a request that never existed, and would stop the foreign key.
UPDATE "notifications" SET "undo_publish_request_id" = NULL WHERE "undo_publish_request_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_undo_publish_request_id_grade_requests_id_fk" FOREIGN KEY ("undo_publish_request_id") REFERENCES "public"."grade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_request_id_grade_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."grade_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_undo_publish_request_key" ON "notifications" USING btree ("undo_publish_request_id","user_id") WHERE "notifications"."type" = 'undo_publish_request';--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_enrolment_key" ON "certificates" USING btree ("enrolment_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
-- Decision 0021 §2.2: facilitators publish onsite grades, so they ask to undo or change them.
-- Only for roles and rights that exist (a renamed role is left).
INSERT INTO "role_rights" ("role_key", "right_key")
SELECT v.role_key, v.right_key
FROM (VALUES ('FACILITATOR', 'GRADE_CHANGE_REQUEST__CREATE'), ('FACILITATOR', 'GRADE_CHANGE_REQUEST__DISPLAY'),
             ('LEAD_FACILITATOR', 'GRADE_CHANGE_REQUEST__CREATE'), ('LEAD_FACILITATOR', 'GRADE_CHANGE_REQUEST__DISPLAY')
     ) AS v(role_key, right_key)
WHERE EXISTS (SELECT 1 FROM "roles" r WHERE r.key = v.role_key)
  AND EXISTS (SELECT 1 FROM "rights" g WHERE g.key = v.right_key)
ON CONFLICT DO NOTHING;
