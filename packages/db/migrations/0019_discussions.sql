CREATE TYPE "public"."discussion_topics_by" AS ENUM('staff', 'everyone');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'discussion_reply';--> statement-breakpoint
CREATE TABLE "discussion_forums" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_forums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"unit_id" integer,
	"item_id" integer,
	"title" text NOT NULL,
	"topics_by" "discussion_topics_by" DEFAULT 'staff' NOT NULL,
	"separate_classes" boolean DEFAULT true NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "discussion_forums_title_check" CHECK (length("discussion_forums"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "discussion_post_revisions" (
	"post_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"edited_by" integer,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_post_revisions_post_id_version_pk" PRIMARY KEY("post_id","version")
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"topic_id" bigint NOT NULL,
	"course_id" integer NOT NULL,
	"parent_id" bigint,
	"path" text COLLATE "C" NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"edit_count" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	"removed_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_posts_body_check" CHECK (length("discussion_posts"."body") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "discussion_reads" (
	"user_id" integer NOT NULL,
	"topic_id" bigint NOT NULL,
	"read_ids" "int8multirange" DEFAULT '{}'::int8multirange NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reads_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_subscriptions" (
	"user_id" integer NOT NULL,
	"topic_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_subscriptions_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_topics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"forum_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"class_id" integer,
	"title" text NOT NULL,
	"author_id" integer NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"last_post_id" bigint,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "discussion_topics_title_check" CHECK (length("discussion_topics"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "topic_id" bigint;--> statement-breakpoint
ALTER TABLE "discussion_forums" ADD CONSTRAINT "discussion_forums_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_forums" ADD CONSTRAINT "discussion_forums_unit_id_learning_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."learning_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_forums" ADD CONSTRAINT "discussion_forums_item_id_learning_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."learning_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_post_revisions" ADD CONSTRAINT "discussion_post_revisions_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_post_revisions" ADD CONSTRAINT "discussion_post_revisions_edited_by_users_jwl_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_topic_id_discussion_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."discussion_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_jwl_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_removed_by_users_jwl_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_topic_id_discussion_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."discussion_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_subscriptions" ADD CONSTRAINT "discussion_subscriptions_user_id_users_jwl_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_subscriptions" ADD CONSTRAINT "discussion_subscriptions_topic_id_discussion_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."discussion_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_forum_id_discussion_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."discussion_forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_course_id_programme_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."programme_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_author_id_users_jwl_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("jwl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_forums_course_key" ON "discussion_forums" USING btree ("course_id") WHERE "discussion_forums"."unit_id" is null and "discussion_forums"."item_id" is null and "discussion_forums"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_forums_unit_key" ON "discussion_forums" USING btree ("unit_id") WHERE "discussion_forums"."item_id" is null and "discussion_forums"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_forums_item_key" ON "discussion_forums" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_posts_client_key" ON "discussion_posts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_posts_path_key" ON "discussion_posts" USING btree ("topic_id","path");--> statement-breakpoint
CREATE INDEX "discussion_posts_topic_idx" ON "discussion_posts" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "discussion_posts_author_idx" ON "discussion_posts" USING btree ("author_id","course_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_subscriptions_topic_idx" ON "discussion_subscriptions" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_topics_client_key" ON "discussion_topics" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "discussion_topics_forum_idx" ON "discussion_topics" USING btree ("forum_id","is_pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussion_topics"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_topic_user_key" ON "notifications" USING btree ("topic_id","user_id") WHERE "notifications"."topic_id" is not null;--> statement-breakpoint
-- Decision 0020 §4.2: the bell counts discussion notifications too. plpgsql plans its query
-- when first run, after this migration's transaction, so the new enum value is usable there.
DROP FUNCTION "notification_unread_counts"(integer);--> statement-breakpoint
CREATE FUNCTION "notification_unread_counts"(p_user integer)
RETURNS TABLE (grade_comments integer, announcements integer, undo_publish_requests integer,
  discussion_replies integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT (count(*) FILTER (WHERE n.type = 'grade_comment'))::integer,
		(count(*) FILTER (WHERE n.type = 'announcement'))::integer,
		(count(*) FILTER (WHERE n.type = 'undo_publish_request'))::integer,
		(count(*) FILTER (WHERE n.type::text = 'discussion_reply'))::integer
	FROM notifications n
	WHERE n.user_id = p_user AND n.is_read = false AND (n.expires_at IS NULL OR n.expires_at > now());
END
$$;
