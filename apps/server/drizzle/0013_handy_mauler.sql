CREATE TABLE "form_deliveries" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"space_id" text NOT NULL,
	"submission_id" text,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_settings" (
	"space_id" text PRIMARY KEY NOT NULL,
	"notify" text DEFAULT 'each' NOT NULL,
	"notify_email" text,
	"webhook_url" text,
	"webhook_secret" text NOT NULL,
	"retention_months" integer DEFAULT 12 NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"space_id" text NOT NULL,
	"form_name" text NOT NULL,
	"page" text NOT NULL,
	"fields" jsonb NOT NULL,
	"email" text,
	"read" boolean DEFAULT false NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"test" boolean DEFAULT false NOT NULL,
	"period" text,
	"seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_usage" (
	"owner_id" text NOT NULL,
	"period" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_usage_owner_id_period_pk" PRIMARY KEY("owner_id","period")
);
--> statement-breakpoint
ALTER TABLE "form_deliveries" ADD CONSTRAINT "form_deliveries_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_deliveries" ADD CONSTRAINT "form_deliveries_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_settings" ADD CONSTRAINT "form_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_usage" ADD CONSTRAINT "form_usage_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_deliveries_due_idx" ON "form_deliveries" USING btree ("next_at") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "form_submissions_space_created_idx" ON "form_submissions" USING btree ("space_id","created_at");