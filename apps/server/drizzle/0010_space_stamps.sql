CREATE TABLE "user_space_stamps" (
	"user_id" text PRIMARY KEY NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_space_stamps" ADD CONSTRAINT "user_space_stamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "bump_user_space_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_TABLE_NAME = 'spaces' THEN
    owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
    IF TG_OP = 'UPDATE' AND OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN
      INSERT INTO "user_space_stamps" ("user_id", "stamp") SELECT "id", 1 FROM "users" WHERE "id" = OLD.owner_id
        ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "user_space_stamps"."stamp" + 1;
    END IF;
  ELSE
    SELECT "owner_id" INTO owner FROM "spaces"
      WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.space_id ELSE NEW.space_id END;
  END IF;
  -- Through "users": nothing is written for an account being deleted (its rows go with it).
  INSERT INTO "user_space_stamps" ("user_id", "stamp") SELECT "id", 1 FROM "users" WHERE "id" = owner
    ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "user_space_stamps"."stamp" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "spaces_bump_user_space_stamp" AFTER INSERT OR UPDATE OR DELETE ON "spaces"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_space_stamp"();
--> statement-breakpoint
CREATE TRIGGER "space_versions_bump_user_space_stamp" AFTER INSERT OR UPDATE OR DELETE ON "space_versions"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_space_stamp"();
