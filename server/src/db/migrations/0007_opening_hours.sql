CREATE TABLE "auto_messages" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_messages_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
CREATE TABLE "department_settings" (
	"department_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"always_open" boolean DEFAULT true NOT NULL,
	"week" jsonb NOT NULL,
	"special_dates" jsonb NOT NULL,
	"first_response_min" integer,
	"next_response_min" integer,
	"still_waiting_min" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "auto_kind" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_work_sec" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "arrived_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "still_waiting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_messages" ADD CONSTRAINT "auto_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_settings" ADD CONSTRAINT "department_settings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_settings" ADD CONSTRAINT "department_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_still_waiting_idx" ON "tickets" USING btree ("created_at") WHERE "tickets"."stage" = 'pending' and "tickets"."still_waiting_at" is null;--> statement-breakpoint
-- Every department was open 24/7 before schedules existed, so a past first response's working time is its wall time.
UPDATE "tickets" t SET "first_response_at" = f.first_at,
  "first_response_work_sec" = GREATEST(0, floor(extract(epoch from f.first_at - t."created_at")))::integer
FROM (
  SELECT "ticket_id", min("created_at") AS first_at FROM "messages"
  WHERE "is_agent" AND "type" IN ('text', 'image', 'video', 'audio', 'document', 'location')
  GROUP BY "ticket_id"
) f WHERE f."ticket_id" = t."id";--> statement-breakpoint
-- An open ticket's client waits since their oldest message no agent message followed.
UPDATE "tickets" t SET "awaiting_since" = w.since
FROM (
  SELECT m."ticket_id", min(m."created_at") AS since FROM "messages" m
  WHERE NOT m."is_agent" AND m."type" IN ('text', 'image', 'video', 'audio', 'document', 'location')
    AND NOT EXISTS (
      SELECT 1 FROM "messages" a
      WHERE a."ticket_id" = m."ticket_id" AND a."is_agent" AND a."seq" > m."seq"
        AND a."type" IN ('text', 'image', 'video', 'audio', 'document', 'location')
    )
  GROUP BY m."ticket_id"
) w WHERE w."ticket_id" = t."id" AND t."stage" <> 'closed';
