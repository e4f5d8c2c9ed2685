CREATE TYPE "public"."snapshot_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "experiment_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"phase" integer NOT NULL,
	"status" "snapshot_status" DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"covers_from" timestamp with time zone NOT NULL,
	"covers_to" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"data" jsonb
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "phase_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "experiment" SET "phase_started_at" = "started_at";--> statement-breakpoint
ALTER TABLE "experiment_snapshot" ADD CONSTRAINT "experiment_snapshot_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_snapshot" ADD CONSTRAINT "experiment_snapshot_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_snapshot_one_running" ON "experiment_snapshot" USING btree ("experiment_id") WHERE "experiment_snapshot"."status" = 'running';--> statement-breakpoint
CREATE INDEX "experiment_snapshot_experiment_id_started_at_idx" ON "experiment_snapshot" USING btree ("experiment_id","started_at" DESC NULLS LAST);