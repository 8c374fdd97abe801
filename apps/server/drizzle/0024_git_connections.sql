CREATE TABLE "git_connections" (
	"space_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"branch" text NOT NULL,
	"username" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"last_synced_oid" text,
	"synced_revision" integer,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;