ALTER TYPE "public"."notification_type" ADD VALUE 'dropout_flag';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dropout_flag_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_dropout_flag_id_dropout_flags_id_fk" FOREIGN KEY ("dropout_flag_id") REFERENCES "public"."dropout_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dropout_flag_user_key" ON "notifications" USING btree ("dropout_flag_id","user_id") WHERE "notifications"."dropout_flag_id" is not null;--> statement-breakpoint
-- Decision 0021 §3.5: the bell counts dropout-flag notifications too. The new enum value is
-- compared as text: this migration's transaction cannot use the value it adds.
DROP FUNCTION "notification_unread_counts"(integer);--> statement-breakpoint
CREATE FUNCTION "notification_unread_counts"(p_user integer)
RETURNS TABLE (grade_comments integer, announcements integer, undo_publish_requests integer,
  discussion_replies integer, dropout_flags integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT (count(*) FILTER (WHERE n.type = 'grade_comment'))::integer,
		(count(*) FILTER (WHERE n.type = 'announcement'))::integer,
		(count(*) FILTER (WHERE n.type = 'undo_publish_request'))::integer,
		(count(*) FILTER (WHERE n.type::text = 'discussion_reply'))::integer,
		(count(*) FILTER (WHERE n.type::text = 'dropout_flag'))::integer
	FROM notifications n
	WHERE n.user_id = p_user AND n.is_read = false AND (n.expires_at IS NULL OR n.expires_at > now());
END
$$;
