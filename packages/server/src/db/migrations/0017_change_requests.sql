CREATE TYPE "public"."change_request_status" AS ENUM('draft', 'in_review', 'approved', 'applied', 'rejected', 'cancelled', 'failed');--> statement-breakpoint
CREATE TABLE "change_request" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "change_request_status" NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"changes" jsonb NOT NULL,
	"environments" jsonb NOT NULL,
	"required_approvals" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"plan_id" text,
	"plan_step" integer,
	"plan_steps" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"late_by_seconds" integer,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "change_request_approval" (
	"change_request_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_approval_change_request_id_user_id_pk" PRIMARY KEY("change_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "change_request_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"change_request_id" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"verdict" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environment" ADD COLUMN "required_approvals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_approval" ADD CONSTRAINT "change_request_approval_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_comment" ADD CONSTRAINT "change_request_comment_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_request_project_id_number_unique" ON "change_request" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "change_request_due_idx" ON "change_request" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "change_request_comment_change_request_id_idx" ON "change_request_comment" USING btree ("change_request_id","at");