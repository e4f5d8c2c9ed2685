CREATE TABLE "project_member" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "role",
	"protected_environments" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_member_project_id_user_id_pk" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_member_role_not_owner" CHECK ("project_member"."role" is null or "project_member"."role" <> 'owner')
);
--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "role" "role" DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "protected_environments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "environment" ADD COLUMN "protected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_member" ADD CONSTRAINT "project_member_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_member" ADD CONSTRAINT "project_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Production was changeable by every editor until now: it becomes protected, and the secret keys that automate it
-- keep working.
UPDATE "environment" SET "protected" = true WHERE "key" = 'production';--> statement-breakpoint
UPDATE "api_key" SET "protected_environments" = true WHERE "kind" = 'secret';
