CREATE TABLE "space_profiles" (
	"space_id" text PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"brief" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "space_profiles" ADD CONSTRAINT "space_profiles_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;