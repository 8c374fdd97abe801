ALTER TABLE "deployment_files" ALTER COLUMN "gzip" SET DATA TYPE bytea USING decode("gzip", 'base64');--> statement-breakpoint
ALTER TABLE "deployment_files" ALTER COLUMN "brotli" SET DATA TYPE bytea USING decode("brotli", 'base64');
