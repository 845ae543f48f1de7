/**
 * The cURL example of every REST operation, shown on /docs/api and run by a test against a real
 * server (test/integration/examples.test.ts): the production form with a key, and for the read
 * feed the sandbox form with no key. Shell variables: $SCORELINE_URL (e.g. http://localhost:3000),
 * $API_KEY, $FIXTURE_ID (a fixture_id from /results).
 */

export interface Example {
  production: string;
  /** Same request against /sandbox/v1 (no key); null where the sandbox does not serve the operation. */
  sandbox: string | null;
}

const KEY = '-H "Authorization: Bearer $API_KEY"';

function read(pathAndQuery: string): Example {
  return { production: `curl ${KEY} "$SCORELINE_URL/v1${pathAndQuery}"`, sandbox: `curl "$SCORELINE_URL/sandbox/v1${pathAndQuery}"` };
}

/** Examples by operationId (server/api/openapi-document.ts OPERATIONS). */
export const EXAMPLES: Record<string, Example> = {
  getLive: read('/football/live'),
  getMatchesLive: read('/football/matches/live?league=world-cup'),
  getMatch: read('/football/matches/$FIXTURE_ID'),
  getFixtures: read('/football/fixtures?league=world-cup&limit=5'),
  getResults: read('/football/results?league=premier-league&season=2023-24&limit=5'),
  getStandings: read('/football/standings?league=premier-league&season=2023-24'),
  getOdds: read('/football/odds?match_id=$FIXTURE_ID'),
  getOddsHistory: read('/football/odds/history?match_id=$FIXTURE_ID&market=1X2&bookmaker=bet365'),
  createKey: { production: `curl -X POST "$SCORELINE_URL/v1/keys" -H "Content-Type: application/json" -d '{"name":"my app"}'`, sandbox: null },
  getCurrentKey: { production: `curl ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
  rotateCurrentKey: { production: `curl -X POST ${KEY} "$SCORELINE_URL/v1/keys/current/rotate"`, sandbox: null },
  revokeCurrentKey: { production: `curl -X DELETE ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
};
