ALTER TABLE "event" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "event_project_id_event_id_unique";--> statement-breakpoint
DROP INDEX "event_project_id_experiment_occurred_at_idx";--> statement-breakpoint
DROP INDEX "event_received_at_idx";--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_project_id_event_id_pk" PRIMARY KEY("project_id","event_id");--> statement-breakpoint
CREATE INDEX "event_exposure_idx" ON "event" USING btree ("project_id","experiment","unit_id","occurred_at") WHERE "event"."type" = 'exposure';--> statement-breakpoint
CREATE INDEX "event_track_idx" ON "event" USING btree ("project_id","name","occurred_at") WHERE "event"."type" = 'track';
