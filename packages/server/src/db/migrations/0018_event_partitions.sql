-- Events move to a table partitioned by calendar month (UTC) of occurred_at, so that retention drops whole months.
-- LIKE keeps the columns exactly as they were (order, types, collations, defaults); the key and the indexes are made
-- after the rows are in, which is cheaper than keeping them up to date row by row. The DEFAULT partition takes what
-- no monthly partition covers; the server keeps the monthly partitions (features/event-retention), and names them
-- event_YYYY_MM as here.
CREATE TABLE "event_partitioned" (LIKE "event" INCLUDING DEFAULTS) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
CREATE TABLE "event_default" PARTITION OF "event_partitioned" DEFAULT;--> statement-breakpoint
-- Months are computed on UTC wall-clock time: month arithmetic on timestamptz would follow the session's time zone.
DO $$
DECLARE
  first_day timestamp;
BEGIN
  FOR first_day IN SELECT DISTINCT date_trunc('month', "occurred_at" AT TIME ZONE 'UTC') FROM "event" LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "event_partitioned" FOR VALUES FROM (%L) TO (%L)',
      'event_' || to_char(first_day, 'YYYY_MM'),
      first_day AT TIME ZONE 'UTC',
      (first_day + interval '1 month') AT TIME ZONE 'UTC'
    );
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "event_partitioned" SELECT * FROM "event";--> statement-breakpoint
DROP TABLE "event";--> statement-breakpoint
ALTER TABLE "event_partitioned" RENAME TO "event";--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_project_id_event_id_occurred_at_pk" PRIMARY KEY("project_id","event_id","occurred_at");--> statement-breakpoint
CREATE INDEX "event_exposure_idx" ON "event" USING btree ("project_id","experiment","unit_id","occurred_at","version") WHERE "event"."type" = 'exposure';--> statement-breakpoint
CREATE INDEX "event_track_idx" ON "event" USING btree ("unit_id","project_id","occurred_at","name","value") WHERE "event"."type" = 'track';
