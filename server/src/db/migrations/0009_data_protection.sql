ALTER TYPE "public"."action_type" ADD VALUE 'client_export';--> statement-breakpoint
ALTER TYPE "public"."action_type" ADD VALUE 'client_erase';--> statement-breakpoint
ALTER TYPE "public"."action_type" ADD VALUE 'agent_erase';--> statement-breakpoint
CREATE TABLE "file_usage" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"channel_ref" text,
	"sender_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_identities" ADD COLUMN "verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "widget_sessions" ADD COLUMN "identity_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "file_usage" ADD CONSTRAINT "file_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_usage_company_idx" ON "file_usage" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "file_usage_channel_idx" ON "file_usage" USING btree ("company_id","channel_ref","created_at");--> statement-breakpoint
CREATE INDEX "file_usage_sender_idx" ON "file_usage" USING btree ("company_id","sender_ref","created_at");--> statement-breakpoint
CREATE INDEX "used_identities_expires_idx" ON "used_identities" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tickets_retention_idx" ON "tickets" USING btree ("company_id","closed_at") WHERE "tickets"."stage" = 'closed' and "tickets"."purged_at" is null;--> statement-breakpoint
UPDATE "client_identities" SET "verified" = false WHERE "platform" = 'wordpress' AND "external_id" LIKE '%:guest:%';--> statement-breakpoint
INSERT INTO "file_usage" ("key", "company_id", "bytes", "created_at")
  SELECT "file_path", "company_id", coalesce("file_size", 0), "created_at" FROM "messages" WHERE "file_path" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "action_records" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "action_records" ADD CONSTRAINT "action_records_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wordpress_tokens_site_origin_idx" ON "wordpress_tokens" USING btree ("site_origin");--> statement-breakpoint
CREATE INDEX "messages_file_idx" ON "messages" USING btree ("company_id","file_path") WHERE "messages"."file_path" is not null;--> statement-breakpoint
CREATE INDEX "messages_thumbnail_idx" ON "messages" USING btree ("company_id","thumbnail_path") WHERE "messages"."thumbnail_path" is not null;--> statement-breakpoint
CREATE INDEX "messages_video_thumbnail_idx" ON "messages" USING btree ("company_id","video_thumbnail_path") WHERE "messages"."video_thumbnail_path" is not null;
