CREATE TABLE "data_cleanups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_cleanups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"user_ids" integer[] NOT NULL,
	"removed_roles" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"removed_user_id" integer NOT NULL,
	"kept_user_id" integer NOT NULL,
	"merged_by" integer,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fields" jsonb NOT NULL,
	"moves" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "data_cleanups" ADD CONSTRAINT "data_cleanups_created_by_users_jwl_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_cleanups" ADD CONSTRAINT "data_cleanups_restored_by_users_jwl_id_fk" FOREIGN KEY ("restored_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_merges" ADD CONSTRAINT "user_merges_removed_user_id_users_jwl_id_fk" FOREIGN KEY ("removed_user_id") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_merges" ADD CONSTRAINT "user_merges_kept_user_id_users_jwl_id_fk" FOREIGN KEY ("kept_user_id") REFERENCES "public"."users"("jwl_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_merges" ADD CONSTRAINT "user_merges_merged_by_users_jwl_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_merges" ADD CONSTRAINT "user_merges_undone_by_users_jwl_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_cleanups_created_idx" ON "data_cleanups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_merges_removed_idx" ON "user_merges" USING btree ("removed_user_id");--> statement-breakpoint
CREATE INDEX "user_merges_kept_idx" ON "user_merges" USING btree ("kept_user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merged_into_id_users_jwl_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."users"("jwl_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_merged_into_idx" ON "users" USING btree ("merged_into_id");