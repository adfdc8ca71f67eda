-- No release could create a WordPress token (the table had no writer); any row would hold only a hash, which cannot
-- become the sealed secret the new columns need.
DELETE FROM "wordpress_tokens";--> statement-breakpoint
CREATE TABLE "widget_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"identity" text NOT NULL,
	"verified" boolean NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wordpress_tokens" DROP CONSTRAINT "wordpress_tokens_created_by_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "wordpress_tokens_hash_uq";--> statement-breakpoint
DROP INDEX "wordpress_tokens_company_idx";--> statement-breakpoint
ALTER TABLE "wordpress_tokens" ADD COLUMN "public_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_tokens" ADD COLUMN "secret" text NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_tokens" ADD COLUMN "site_origin" text NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_tokens" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "widget_sessions" ADD CONSTRAINT "widget_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_sessions" ADD CONSTRAINT "widget_sessions_token_id_wordpress_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."wordpress_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_sessions_token_idx" ON "widget_sessions" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "widget_sessions_identity_idx" ON "widget_sessions" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "widget_sessions_expires_idx" ON "widget_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "wordpress_tokens" ADD CONSTRAINT "wordpress_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wordpress_tokens_public_id_uq" ON "wordpress_tokens" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "wordpress_tokens_company_idx" ON "wordpress_tokens" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "wordpress_tokens" DROP COLUMN "token_hash";