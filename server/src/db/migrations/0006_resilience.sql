CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_chat_pending_idx" ON "outbox" USING btree ("company_id","platform","channel_ref","recipient","seq") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
UPDATE "outbox" SET "seq" = "ordered"."n" FROM (SELECT "o"."id", row_number() OVER (ORDER BY "o"."created_at", "m"."seq" NULLS LAST, "o"."id") AS "n" FROM "outbox" "o" LEFT JOIN "messages" "m" ON "m"."id" = "o"."message_id") AS "ordered" WHERE "outbox"."id" = "ordered"."id";