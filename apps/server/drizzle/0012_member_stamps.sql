-- Members see a shared space through the same per-user stamps as its owner (ADR 0136, ADR 0211):
-- a change of a space or its versions bumps the owner's stamp and every member's, and a change of a
-- space's members bumps everyone in it (and the one who left).
CREATE OR REPLACE FUNCTION "bump_user_space_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  space text;
BEGIN
  IF TG_TABLE_NAME = 'spaces' THEN
    space := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
    owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
    IF TG_OP = 'UPDATE' AND OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN
      INSERT INTO "user_space_stamps" ("user_id", "stamp") SELECT "id", 1 FROM "users" WHERE "id" = OLD.owner_id
        ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "user_space_stamps"."stamp" + 1;
    END IF;
  ELSE
    space := CASE WHEN TG_OP = 'DELETE' THEN OLD.space_id ELSE NEW.space_id END;
    SELECT "owner_id" INTO owner FROM "spaces" WHERE "id" = space;
  END IF;
  IF TG_TABLE_NAME = 'space_members' AND TG_OP = 'DELETE' THEN
    INSERT INTO "user_space_stamps" ("user_id", "stamp") SELECT "id", 1 FROM "users" WHERE "id" = OLD.user_id
      ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "user_space_stamps"."stamp" + 1;
  END IF;
  -- Through "users": nothing is written for an account being deleted (its rows go with it).
  INSERT INTO "user_space_stamps" ("user_id", "stamp")
    SELECT "id", 1 FROM "users" WHERE "id" = owner
    UNION
    SELECT m."user_id", 1 FROM "space_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."space_id" = space
    ON CONFLICT ("user_id") DO UPDATE SET "stamp" = "user_space_stamps"."stamp" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "space_members_bump_user_space_stamp" AFTER INSERT OR UPDATE OR DELETE ON "space_members"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_space_stamp"();
