ALTER TABLE "deployment_files" ALTER COLUMN "body" SET DATA TYPE text USING convert_from("body", 'UTF8');--> statement-breakpoint
ALTER TABLE "deployment_files" ALTER COLUMN "gzip" SET DATA TYPE text USING encode("gzip", 'base64');--> statement-breakpoint
ALTER TABLE "deployment_files" ALTER COLUMN "brotli" SET DATA TYPE text USING encode("brotli", 'base64');
