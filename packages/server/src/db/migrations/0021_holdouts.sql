ALTER TYPE "public"."experiment_kind" ADD VALUE 'holdout';--> statement-breakpoint
CREATE TABLE "holdout" (
	"experiment_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"salt" text NOT NULL,
	"experiments" boolean DEFAULT true NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holdout" ADD CONSTRAINT "holdout_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdout" ADD CONSTRAINT "holdout_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holdout_one_active" ON "holdout" USING btree ("project_id") WHERE "holdout"."active";