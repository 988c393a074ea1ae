CREATE TABLE "wbt_part_times" (
	"attempt_id" bigint NOT NULL,
	"launch_no" integer NOT NULL,
	"sco" smallint NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"open_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wbt_part_times_attempt_id_launch_no_sco_pk" PRIMARY KEY("attempt_id","launch_no","sco")
);
--> statement-breakpoint
ALTER TABLE "wbt_attempts" ADD COLUMN "marked_done_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wbt_part_times" ADD CONSTRAINT "wbt_part_times_attempt_id_wbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."wbt_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A launch's one session time becomes the time of the part its last timed commit was for.
INSERT INTO "wbt_part_times" ("attempt_id", "launch_no", "sco", "seconds", "seq")
SELECT l."attempt_id", l."launch_no", coalesce(c."sco", 0), l."session_seconds", l."session_seq"
FROM "wbt_launches" l
LEFT JOIN "wbt_commits" c ON c."attempt_id" = l."attempt_id" AND c."launch_no" = l."launch_no" AND c."seq" = l."session_seq"
WHERE l."session_seconds" > 0;--> statement-breakpoint
ALTER TABLE "wbt_launches" DROP COLUMN "session_seconds";--> statement-breakpoint
ALTER TABLE "wbt_launches" DROP COLUMN "session_seq";