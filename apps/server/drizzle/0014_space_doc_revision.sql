ALTER TABLE "space_docs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_docs" ADD COLUMN "synced" jsonb DEFAULT '{}'::jsonb NOT NULL;