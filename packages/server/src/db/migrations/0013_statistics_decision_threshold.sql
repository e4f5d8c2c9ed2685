ALTER TABLE "project" ALTER COLUMN "statistics" SET DEFAULT '{"method":"frequentist","alpha":0.05,"correction":"holm","decisionThreshold":0.95}'::jsonb;--> statement-breakpoint
-- Settings stored before the decision threshold existed take its default, so every stored row stays valid.
UPDATE "project" SET "statistics" = "statistics" || '{"decisionThreshold":0.95}'::jsonb WHERE NOT ("statistics" ? 'decisionThreshold');
