ALTER TABLE "wbt_commits" ADD COLUMN "session_seconds" integer;--> statement-breakpoint
ALTER TABLE "wbt_commits" ADD COLUMN "terminate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The time a part already has in a launch stays its time: its commit carries it from now on.
UPDATE "wbt_commits" c SET "session_seconds" = p."seconds"
FROM "wbt_part_times" p
WHERE c."attempt_id" = p."attempt_id" AND c."launch_no" = p."launch_no" AND c."sco" = p."sco"
  AND c."seq" = p."seq" AND p."seq" > 0;
