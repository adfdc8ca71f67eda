CREATE TABLE "held_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"platform" "platform" NOT NULL,
	"channel_ref" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_updates" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_updates" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel_ref" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_messages_client_idx" ON "held_messages" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "inbound_updates_unprocessed_idx" ON "inbound_updates" USING btree ("next_attempt_at") WHERE "inbound_updates"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_message_idx" ON "outbox" USING btree ("message_id");