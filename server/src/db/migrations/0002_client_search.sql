-- Trigram matching for the client search (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin (lower("name") gin_trgm_ops,lower("account_number") gin_trgm_ops,"short_id" gin_trgm_ops);