CREATE TABLE "rum_report" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rum_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" text,
	"user_id" text,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"body" text,
	"page" text NOT NULL,
	"release_id" text NOT NULL,
	"edition" text NOT NULL,
	"platform" text NOT NULL,
	"environment" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rum_vital" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rum_vital_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" text,
	"user_id" text,
	"page" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"release_id" text NOT NULL,
	"edition" text NOT NULL,
	"platform" text NOT NULL,
	"environment" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rum_report" ADD CONSTRAINT "rum_report_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rum_vital" ADD CONSTRAINT "rum_vital_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rum_report_organization_id_received_at_idx" ON "rum_report" USING btree ("organization_id","received_at");--> statement-breakpoint
CREATE INDEX "rum_vital_organization_id_received_at_idx" ON "rum_vital" USING btree ("organization_id","received_at");