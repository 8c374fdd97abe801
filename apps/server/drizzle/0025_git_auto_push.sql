ALTER TABLE "git_connections" ADD COLUMN "auto_push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "git_connections" ADD COLUMN "auto_push_revision" integer;