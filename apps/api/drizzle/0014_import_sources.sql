-- Import sources (issue 25): sources, their runs (one running at a time per source), the records linked to an
-- existing event, and on events the source, the missed runs, the record's hash and the fields an administrator edited.
CREATE TABLE "import_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"title" text NOT NULL,
	"missed_runs" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"owner_id" integer NOT NULL,
	"default_category_id" integer,
	"category_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"licence" text,
	"attribution" text,
	"publish_at_once" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_source_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_missed_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_hash" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "admin_edited_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_source_id_import_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."import_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_source_id_import_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."import_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_default_category_id_categories_id_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_links_record_key" ON "import_links" USING btree ("source_id","external_id");--> statement-breakpoint
CREATE INDEX "import_links_event_idx" ON "import_links" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "import_runs_source_idx" ON "import_runs" USING btree ("source_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_running_key" ON "import_runs" USING btree ("source_id") WHERE "import_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "import_sources_due_idx" ON "import_sources" USING btree ("next_run_at") WHERE NOT "import_sources"."paused" AND "import_sources"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_import_key" ON "events" USING btree ("import_source_id","external_id") WHERE "events"."import_source_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_import_source_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."import_sources"("id") ON DELETE no action ON UPDATE no action;
