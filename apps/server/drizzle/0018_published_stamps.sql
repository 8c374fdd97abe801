-- The projects list shows where each space is published (ADR 0187), and is cached per user for one
-- spaces stamp (ADR 0136): publishing, unpublishing, a new subdomain or a change of the default
-- custom domain bumps the stamps of the space's owner and members, as a change of the space does.
CREATE TRIGGER "sites_bump_user_space_stamp" AFTER INSERT OR DELETE OR UPDATE OF "live_deployment_id", "slug" ON "sites"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_space_stamp"();
--> statement-breakpoint
CREATE TRIGGER "custom_domains_bump_user_space_stamp" AFTER INSERT OR DELETE OR UPDATE OF "status", "is_default", "hostname", "space_id" ON "custom_domains"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_space_stamp"();
