CREATE TYPE "public"."webhook_delivery_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."webhook_format" AS ENUM('json', 'slack', 'teams');--> statement-breakpoint
CREATE TABLE "flag_usage_hourly" (
	"environment_id" text NOT NULL,
	"flag_key" text NOT NULL,
	"variant" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"project_id" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "flag_usage_hourly_environment_id_flag_key_variant_hour_pk" PRIMARY KEY("environment_id","flag_key","variant","hour")
);
--> statement-breakpoint
CREATE TABLE "payload_revision_announced" (
	"environment_id" text PRIMARY KEY NOT NULL,
	"revision" text NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdk_instance" (
	"environment_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"sdk_name" text NOT NULL,
	"sdk_version" text NOT NULL,
	"project_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sdk_instance_environment_id_instance_id_sdk_name_sdk_version_pk" PRIMARY KEY("environment_id","instance_id","sdk_name","sdk_version")
);
--> statement-breakpoint
CREATE TABLE "unknown_flag" (
	"environment_id" text NOT NULL,
	"flag_key" text NOT NULL,
	"project_id" text NOT NULL,
	"evaluations" bigint NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unknown_flag_environment_id_flag_key_pk" PRIMARY KEY("environment_id","flag_key")
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"format" "webhook_format" DEFAULT 'json' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_delivery_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retry_until" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"response_code" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flag_environment" ADD COLUMN "prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "stale_after_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_usage_hourly" ADD CONSTRAINT "flag_usage_hourly_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payload_revision_announced" ADD CONSTRAINT "payload_revision_announced_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdk_instance" ADD CONSTRAINT "sdk_instance_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_flag" ADD CONSTRAINT "unknown_flag_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_usage_hourly_hour_idx" ON "flag_usage_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "sdk_instance_project_id_idx" ON "sdk_instance" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "unknown_flag_project_id_idx" ON "unknown_flag" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "webhook_project_id_idx" ON "webhook" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_webhook_id_seq_idx" ON "webhook_delivery" USING btree ("webhook_id","seq" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_stale_after_days_range" CHECK ("project"."stale_after_days" between 1 and 365);