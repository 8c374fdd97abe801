ALTER TABLE "form_settings" ADD COLUMN "notify_email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_settings" ADD COLUMN "notify_email_token_hash" text;--> statement-breakpoint
ALTER TABLE "form_settings" ADD COLUMN "notify_email_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "form_settings_notify_token_idx" ON "form_settings" USING btree ("notify_email_token_hash");