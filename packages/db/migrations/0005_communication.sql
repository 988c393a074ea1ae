CREATE TYPE "public"."announcement_status" AS ENUM('draft', 'published', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('grade_comment', 'announcement', 'undo_publish_request');--> statement-breakpoint
CREATE TYPE "public"."priority" AS ENUM('low', 'normal', 'high');--> statement-breakpoint
CREATE TYPE "public"."ticket_kind" AS ENUM('support_issue', 'public_ticket');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('new', 'in_progress', 'closed');--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"priority" "priority" DEFAULT 'normal' NOT NULL,
	"audience_everyone" boolean DEFAULT false NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_clc_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"audience_programme_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" "announcement_status" DEFAULT 'draft' NOT NULL,
	"publish_from" timestamp with time zone,
	"publish_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"priority" "priority" DEFAULT 'normal' NOT NULL,
	"submission_id" integer,
	"task_id" integer,
	"announcement_id" integer,
	"undo_publish_request_id" integer,
	"title" text,
	"body" text,
	"link" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "ticket_kind" NOT NULL,
	"status" "ticket_status" DEFAULT 'new' NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text,
	"subject" text NOT NULL,
	"issue_type" text,
	"description" text NOT NULL,
	"page_url" text,
	"course" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_agent" text,
	"screenshot_file_id" uuid,
	"ip" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_author_id_users_jwl_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_screenshot_file_id_files_id_fk" FOREIGN KEY ("screenshot_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_pending_idx" ON "announcements" USING btree ("publish_from") WHERE "announcements"."status" = 'published' and "announcements"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_type_idx" ON "notifications" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","type","expires_at") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_announcement_user_key" ON "notifications" USING btree ("announcement_id","user_id") WHERE "notifications"."announcement_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_submission_idx" ON "notifications" USING btree ("submission_id") WHERE "notifications"."submission_id" is not null;--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_author_idx" ON "support_ticket_replies" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "support_tickets_ip_idx" ON "support_tickets" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");