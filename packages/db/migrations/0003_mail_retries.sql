ALTER TYPE "public"."mail_status" ADD VALUE 'sending' BEFORE 'sent';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempted_at" timestamp with time zone;