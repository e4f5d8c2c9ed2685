CREATE TYPE "public"."event_type" AS ENUM('exposure', 'track');--> statement-breakpoint
CREATE TYPE "public"."experiment_kind" AS ENUM('ab', 'visual');--> statement-breakpoint
CREATE TYPE "public"."experiment_status" AS ENUM('draft', 'running', 'paused', 'stopped', 'archived');--> statement-breakpoint
CREATE TYPE "public"."flag_type" AS ENUM('boolean', 'string', 'number', 'json');--> statement-breakpoint
CREATE TYPE "public"."page_match" AS ENUM('exact', 'fuzzy');--> statement-breakpoint
CREATE TABLE "event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" "event_type" NOT NULL,
	"unit_id" text NOT NULL,
	"experiment" text,
	"version" text,
	"name" text,
	"value" double precision,
	"properties" jsonb,
	"attributes" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"hypothesis" text DEFAULT '' NOT NULL,
	"kind" "experiment_kind" NOT NULL,
	"status" "experiment_status" DEFAULT 'draft' NOT NULL,
	"unit_attribute" text DEFAULT 'id' NOT NULL,
	"traffic" integer DEFAULT 10000 NOT NULL,
	"phase" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segments" text[] DEFAULT '{}' NOT NULL,
	"layer_id" text,
	"slot_start" integer,
	"slot_end" integer,
	"page_url" text,
	"page_match" "page_match" DEFAULT 'exact' NOT NULL,
	"integration_configured" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_traffic_range" CHECK ("experiment"."traffic" between 0 and 10000),
	CONSTRAINT "experiment_phase_range" CHECK ("experiment"."phase" >= 0),
	CONSTRAINT "experiment_layer_slots" CHECK (("experiment"."layer_id" is null and "experiment"."slot_start" is null and "experiment"."slot_end" is null) or ("experiment"."layer_id" is not null and 0 <= "experiment"."slot_start" and "experiment"."slot_start" < "experiment"."slot_end" and "experiment"."slot_end" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "experiment_version" (
	"id" text PRIMARY KEY NOT NULL,
	"experiment_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"is_control" boolean DEFAULT false NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"change_records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "experiment_version_weight_range" CHECK ("experiment_version"."weight" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "flag" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" "flag_type" NOT NULL,
	"variants" jsonb NOT NULL,
	"default_variant" text NOT NULL,
	"off_variant" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_environment" (
	"flag_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flag_environment_flag_id_environment_id_pk" PRIMARY KEY("flag_id","environment_id")
);
--> statement-breakpoint
CREATE TABLE "layer" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_layer_id_layer_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."layer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_version" ADD CONSTRAINT "experiment_version_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag" ADD CONSTRAINT "flag_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_environment" ADD CONSTRAINT "flag_environment_flag_id_flag_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_environment" ADD CONSTRAINT "flag_environment_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layer" ADD CONSTRAINT "layer_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment" ADD CONSTRAINT "segment_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_project_id_event_id_unique" ON "event" USING btree ("project_id","event_id");--> statement-breakpoint
CREATE INDEX "event_project_id_experiment_occurred_at_idx" ON "event" USING btree ("project_id","experiment","occurred_at");--> statement-breakpoint
CREATE INDEX "event_received_at_idx" ON "event" USING brin ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_project_id_key_unique" ON "experiment" USING btree ("project_id","key");--> statement-breakpoint
CREATE INDEX "experiment_project_id_status_idx" ON "experiment" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_version_experiment_id_key_unique" ON "experiment_version" USING btree ("experiment_id","key");--> statement-breakpoint
CREATE INDEX "experiment_version_experiment_id_position_idx" ON "experiment_version" USING btree ("experiment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "flag_project_id_key_unique" ON "flag" USING btree ("project_id","key");--> statement-breakpoint
CREATE INDEX "flag_environment_environment_id_idx" ON "flag_environment" USING btree ("environment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "layer_project_id_key_unique" ON "layer" USING btree ("project_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_project_id_key_unique" ON "segment" USING btree ("project_id","key");