CREATE TABLE "data_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL
);
