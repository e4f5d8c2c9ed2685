CREATE TABLE "experiment_alert" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"phase" integer NOT NULL,
	"kind" text NOT NULL,
	"metric" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"figures" jsonb NOT NULL,
	"snapshot_id" text,
	"stopped_experiment" boolean DEFAULT false NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "auto_stop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment_alert" ADD CONSTRAINT "experiment_alert_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_alert" ADD CONSTRAINT "experiment_alert_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_alert" ADD CONSTRAINT "experiment_alert_snapshot_id_experiment_snapshot_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."experiment_snapshot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_alert_once" ON "experiment_alert" USING btree ("experiment_id","phase","kind","metric","version");--> statement-breakpoint
CREATE INDEX "experiment_alert_project_id_experiment_id_idx" ON "experiment_alert" USING btree ("project_id","experiment_id");