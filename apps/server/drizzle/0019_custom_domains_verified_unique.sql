DROP INDEX "custom_domains_owner_idx";--> statement-breakpoint
DROP INDEX "custom_domains_hostname_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_hostname_idx" ON "custom_domains" USING btree ("hostname") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_owner_hostname_idx" ON "custom_domains" USING btree ("owner_id","hostname");--> statement-breakpoint
CREATE INDEX "custom_domains_hostname_idx" ON "custom_domains" USING btree ("hostname");