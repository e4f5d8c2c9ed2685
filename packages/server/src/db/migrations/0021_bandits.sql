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
ALTER TABLE "experiment" ADD COLUMN "bandit" jsonb;--> statement-breakpoint
ALTER TABLE "bandit_period" ADD CONSTRAINT "bandit_period_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandit_period" ADD CONSTRAINT "bandit_period_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bandit_period_once" ON "bandit_period" USING btree ("experiment_id","phase","index");