ALTER TABLE "flag" ALTER COLUMN "default_variant" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flag" ALTER COLUMN "off_variant" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flag" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;