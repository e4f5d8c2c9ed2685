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
ALTER TABLE "project" ADD COLUMN "stale_after_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_usage_hourly" ADD CONSTRAINT "flag_usage_hourly_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdk_instance" ADD CONSTRAINT "sdk_instance_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_flag" ADD CONSTRAINT "unknown_flag_environment_id_environment_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_usage_hourly_hour_idx" ON "flag_usage_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "sdk_instance_project_id_idx" ON "sdk_instance" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "unknown_flag_project_id_idx" ON "unknown_flag" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_stale_after_days_range" CHECK ("project"."stale_after_days" between 1 and 365);