CREATE TABLE "bandit_claim" (
	"experiment_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bandit_claim" ADD CONSTRAINT "bandit_claim_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;