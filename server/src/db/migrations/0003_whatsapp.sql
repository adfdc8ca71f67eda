ALTER TYPE "public"."delivery_status" ADD VALUE 'delivered' BEFORE 'failed';--> statement-breakpoint
ALTER TYPE "public"."delivery_status" ADD VALUE 'read' BEFORE 'failed';--> statement-breakpoint
CREATE TABLE "whatsapp_signups" (
	"session_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"access_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "whatsapp_templates" CASCADE;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "registration_pin" text;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "connected_by_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_signups" ADD CONSTRAINT "whatsapp_signups_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_signups" ADD CONSTRAINT "whatsapp_signups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_signups_company_idx" ON "whatsapp_signups" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_accounts_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_client_seq_idx" ON "messages" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "outbox_external_idx" ON "outbox" USING btree ("company_id","external_id");