CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"name" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"slug" text NOT NULL,
	"season" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"timezone" text NOT NULL,
	"tie_breakers" jsonb NOT NULL,
	"points" jsonb NOT NULL,
	"points_adjustments" jsonb NOT NULL,
	"is_replay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_sport_slug_season" UNIQUE("sport","slug","season")
);
--> statement-breakpoint
CREATE TABLE "feed_sequence" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixture_sources" (
	"source_key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"fixture_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"competition_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"kickoff" timestamp with time zone NOT NULL,
	"round" text,
	"group_name" text,
	"venue" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"recorded_kickoff" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lineups" (
	"fixture_id" integer NOT NULL,
	"side" text NOT NULL,
	"team" text NOT NULL,
	"formation" text,
	"players" jsonb NOT NULL,
	CONSTRAINT "lineups_fixture_id_side_pk" PRIMARY KEY("fixture_id","side")
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"fixture_id" integer NOT NULL,
	"sport" text NOT NULL,
	"type" text NOT NULL,
	"side" text,
	"player" text,
	"minute" integer,
	"stoppage" integer,
	"period" text,
	"clock_seconds" double precision,
	"detail" jsonb NOT NULL,
	"source" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "match_snapshots" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"state" jsonb NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_stats" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"stats" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "odds_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"bookmaker" text NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"line" double precision,
	"price" double precision NOT NULL,
	"kind" text NOT NULL,
	"observed_at" timestamp with time zone,
	CONSTRAINT "odds_quotes_identity" UNIQUE NULLS NOT DISTINCT("fixture_id","bookmaker","market","selection","line","kind")
);
--> statement-breakpoint
CREATE TABLE "replay_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"cycle" integer NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"speed" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standings" (
	"competition_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standings_competition_id_group_name_pk" PRIMARY KEY("competition_id","group_name")
);
--> statement-breakpoint
CREATE TABLE "team_aliases" (
	"sport" text NOT NULL,
	"alias_key" text NOT NULL,
	"alias" text NOT NULL,
	"team_id" integer NOT NULL,
	CONSTRAINT "team_aliases_sport_alias_key_pk" PRIMARY KEY("sport","alias_key")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "teams_sport_name" UNIQUE("sport","name")
);
--> statement-breakpoint
ALTER TABLE "fixture_sources" ADD CONSTRAINT "fixture_sources_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_snapshots" ADD CONSTRAINT "match_snapshots_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_stats" ADD CONSTRAINT "match_stats_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_quotes" ADD CONSTRAINT "odds_quotes_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixtures_sport_kickoff" ON "fixtures" USING btree ("sport","kickoff","id");--> statement-breakpoint
CREATE INDEX "fixtures_competition_status" ON "fixtures" USING btree ("competition_id","status");--> statement-breakpoint
CREATE INDEX "fixtures_status" ON "fixtures" USING btree ("status");--> statement-breakpoint
CREATE INDEX "match_events_fixture_seq" ON "match_events" USING btree ("fixture_id","seq");