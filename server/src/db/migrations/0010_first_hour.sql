ALTER TABLE "client_identities" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;