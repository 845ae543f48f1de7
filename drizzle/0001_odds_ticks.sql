CREATE TABLE "odds_ticks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tick_id" text NOT NULL,
	"seq" bigint,
	"fixture_id" integer NOT NULL,
	"bookmaker" text NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"line" double precision,
	"price" double precision NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "odds_ticks_tick_id_unique" UNIQUE("tick_id")
);
--> statement-breakpoint
ALTER TABLE "odds_ticks" ADD CONSTRAINT "odds_ticks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "odds_ticks_fixture_time" ON "odds_ticks" USING btree ("fixture_id","observed_at","id");--> statement-breakpoint
-- Imported opening/closing prices become the first two ticks of each line (docs/odds.md):
-- opening observed one day before kickoff (football-data.co.uk collects them on the Friday or
-- Tuesday before the round), closing at kickoff.
INSERT INTO "odds_ticks" ("tick_id", "seq", "fixture_id", "bookmaker", "market", "selection", "line", "price", "observed_at", "source")
SELECT 'import/' || q."fixture_id" || '/' || q."bookmaker" || '/' || q."market" || '/' || q."selection" || '/' || COALESCE(q."line"::text, '-') || '/' || q."kind",
       NULL, q."fixture_id", q."bookmaker", q."market", q."selection", q."line", q."price",
       CASE WHEN q."kind" = 'closing' THEN f."kickoff" ELSE f."kickoff" - interval '1 day' END,
       'football-data'
FROM "odds_quotes" q JOIN "fixtures" f ON f."id" = q."fixture_id"
ON CONFLICT ("tick_id") DO NOTHING;
