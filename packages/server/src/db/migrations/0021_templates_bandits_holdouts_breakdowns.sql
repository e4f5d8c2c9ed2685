ALTER TYPE "public"."experiment_kind" ADD VALUE 'holdout';--> statement-breakpoint
CREATE TABLE "bandit_period" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"phase" integer NOT NULL,
	"index" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"weights" jsonb NOT NULL,
	"probabilities" jsonb
);
--> statement-breakpoint
CREATE TABLE "experiment_template" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdout" (
	"experiment_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"salt" text NOT NULL,
	"experiments" boolean DEFAULT true NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "planned_days" integer;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "decision_rule" jsonb;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "bandit" jsonb;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "breakdown_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bandit_period" ADD CONSTRAINT "bandit_period_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandit_period" ADD CONSTRAINT "bandit_period_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_template" ADD CONSTRAINT "experiment_template_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_template" ADD CONSTRAINT "experiment_template_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdout" ADD CONSTRAINT "holdout_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdout" ADD CONSTRAINT "holdout_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bandit_period_once" ON "bandit_period" USING btree ("experiment_id","phase","index");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_template_project_id_key_unique" ON "experiment_template" USING btree ("project_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "holdout_one_active" ON "holdout" USING btree ("project_id") WHERE "holdout"."active";--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_planned_days_range" CHECK ("experiment"."planned_days" between 1 and 365);