CREATE TABLE "space_files" (
	"space_id" text NOT NULL,
	"path" text NOT NULL,
	"content" text NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_files_space_id_path_pk" PRIMARY KEY("space_id","path")
);
--> statement-breakpoint
CREATE TABLE "space_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"space_id" text NOT NULL,
	"revision" integer NOT NULL,
	"files" jsonb NOT NULL,
	"prompt" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "space_files" ADD CONSTRAINT "space_files_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_versions" ADD CONSTRAINT "space_versions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_versions_space_revision_idx" ON "space_versions" USING btree ("space_id","revision");--> statement-breakpoint
CREATE INDEX "space_versions_created_idx" ON "space_versions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "spaces_owner_created_idx" ON "spaces" USING btree ("owner_id","created_at");