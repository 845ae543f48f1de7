ALTER TABLE "api_keys" ADD COLUMN "lineage_id" integer;--> statement-breakpoint
-- Keys chosen by the operator (INITIAL_API_KEY, OPERATOR_API_KEY) kept their first 7 characters in
-- clear as the prefix: replace it by a display prefix from the hash (server/auth/keys.ts displayPrefix).
UPDATE "api_keys" SET "prefix" = 'cfg_' || substr("key_hash", 1, 4) WHERE "name" IN ('initial (INITIAL_API_KEY)', 'operator (OPERATOR_API_KEY)') OR "prefix" !~ '^slo?_';
