DROP INDEX "event_exposure_idx";--> statement-breakpoint
DROP INDEX "event_track_idx";--> statement-breakpoint
ALTER TABLE "event" ALTER COLUMN "unit_id" SET DATA TYPE text collate "C";--> statement-breakpoint
CREATE INDEX "event_exposure_idx" ON "event" USING btree ("project_id","experiment","unit_id","occurred_at","version") WHERE "event"."type" = 'exposure';--> statement-breakpoint
CREATE INDEX "event_track_idx" ON "event" USING btree ("unit_id","project_id","occurred_at","name","value") WHERE "event"."type" = 'track';