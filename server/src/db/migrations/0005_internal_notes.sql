-- Internal notes. drizzle's migrator runs pending migrations in one transaction: ADD VALUE is allowed there from
-- PostgreSQL 12 (and PGlite), but the new values cannot be used until it commits, so nothing below or in this run may
-- use 'note' or 'mention' (a later migration can).
ALTER TYPE "public"."message_type" ADD VALUE 'note';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'mention';