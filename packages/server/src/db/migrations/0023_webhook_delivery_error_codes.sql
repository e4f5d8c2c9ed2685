ALTER TABLE "webhook_delivery" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "error_params" jsonb;