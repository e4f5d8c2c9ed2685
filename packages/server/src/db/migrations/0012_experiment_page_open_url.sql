ALTER TABLE "experiment" ADD COLUMN "page_open_url" text;--> statement-breakpoint
-- Existing pages open at their pattern with each * standing for nothing (an address the pattern matches), unless the *
-- is in the host, where no such address exists.
UPDATE "experiment" SET "page_open_url" = replace("page_url", '*', '') WHERE "page_url" IS NOT NULL AND split_part("page_url", '/', 3) NOT LIKE '%*%';
