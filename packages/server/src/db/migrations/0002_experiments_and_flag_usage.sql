CREATE TABLE "flag_usage" (
	"environment_id" text NOT NULL,
	"flag_key" text NOT NULL,
	"project_id" text NOT NULL,
	"last_evaluated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flag_usage_environment_id_flag_key_pk" PRIMARY KEY("environment_id","flag_key")
);
--> statement-breakpoint
ALTER TABLE "experiment" DROP CONSTRAINT "experiment_layer_slots";--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "layer_slots" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "metrics" jsonb DEFAULT '{"primary":[],"secondary":[],"guardrails":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "decision" jsonb;--> statement-breakpoint
ALTER TABLE "experiment" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "layer" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_usage" ADD CONSTRAINT "flag_usage_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_usage_project_id_idx" ON "flag_usage" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_layer_slots_range" CHECK ("experiment"."layer_slots" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_layer_slots" CHECK (("experiment"."slot_start" is null and "experiment"."slot_end" is null) or ("experiment"."layer_id" is not null and 0 <= "experiment"."slot_start" and "experiment"."slot_start" < "experiment"."slot_end" and "experiment"."slot_end" <= 10000));