CREATE TYPE "public"."metric_direction" AS ENUM('higher', 'lower');--> statement-breakpoint
CREATE TYPE "public"."metric_type" AS ENUM('conversion', 'count', 'sum', 'ratio');--> statement-breakpoint
CREATE TABLE "metric" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"type" "metric_type" NOT NULL,
	"source" jsonb NOT NULL,
	"ratio" jsonb,
	"window_hours" integer,
	"direction" "metric_direction" DEFAULT 'higher' NOT NULL,
	"capping" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"cuped_enabled" boolean DEFAULT true NOT NULL,
	"cuped_lookback_days" integer DEFAULT 14 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_ratio_only_for_ratio" CHECK (("metric"."type" = 'ratio') = ("metric"."ratio" is not null)),
	CONSTRAINT "metric_window_hours_range" CHECK ("metric"."window_hours" is null or "metric"."window_hours" >= 1),
	CONSTRAINT "metric_cuped_lookback_days_range" CHECK ("metric"."cuped_lookback_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "statistics" jsonb DEFAULT '{"method":"frequentist","alpha":0.05,"correction":"holm"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "metric" ADD CONSTRAINT "metric_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_project_id_key_unique" ON "metric" USING btree ("project_id","key");