CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"programme_id" integer NOT NULL,
	"started_by" integer NOT NULL,
	"sha256" text NOT NULL,
	"owner" text NOT NULL,
	"state" text DEFAULT 'staging' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_staged_rows" (
	"run_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "import_staged_rows_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_staged_rows" ADD CONSTRAINT "import_staged_rows_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_per_programme" ON "import_runs" USING btree ("programme_id") WHERE "import_runs"."state" = 'staging';--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_per_person" ON "import_runs" USING btree ("started_by") WHERE "import_runs"."state" = 'staging';