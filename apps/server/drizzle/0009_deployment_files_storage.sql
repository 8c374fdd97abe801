-- Deployment files are written once and served from memory: store them out of line without
-- PostgreSQL's own compression (gzip and brotli are compressed already; compressing the body at
-- deploy time cost ~10 ms of CPU per 1 MB deploy, ADR 0108). Retention (ADR 0106) bounds the space.
ALTER TABLE "deployment_files" ALTER COLUMN "body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "deployment_files" ALTER COLUMN "gzip" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "deployment_files" ALTER COLUMN "brotli" SET STORAGE EXTERNAL;
