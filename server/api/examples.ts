/**
 * The cURL example of every REST operation, shown on /docs/api and run by a test against a real
 * server (test/integration/examples.test.ts): the production form with a key, and for the read
 * feed the sandbox form with no key. Shell variables: $SCORELINE_URL (e.g. http://localhost:3000),
 * $API_KEY, $FIXTURE_ID (a fixture_id from /results), $WEBHOOK_ID (an `id` from POST /v1/webhooks),
 * $DELIVERY_ID (an `id` from its deliveries). The test points WEBHOOK_RECEIVER_EXAMPLE at a local receiver.
 */

export interface Example {
  production: string;
  /** Same request against /sandbox/v1 (no key); null where the sandbox does not serve the operation. */
  sandbox: string | null;
}

const KEY = '-H "Authorization: Bearer $API_KEY"';

/** The receiver URL shown in the webhook examples; examples.test.ts replaces it with a receiver on 127.0.0.1. */
export const WEBHOOK_RECEIVER_EXAMPLE = 'https://example.com/hooks/scoreline';

/** A production-only request with the key: `curl -X <method> … "$SCORELINE_URL/v1<path>"`, with an optional JSON body. */
function owned(method: string, path: string, json?: object): Example {
  const body = json ? ` -H "Content-Type: application/json" -d '${JSON.stringify(json)}'` : '';
  return { production: `curl ${method === 'GET' ? '' : `-X ${method} `}${KEY} "$SCORELINE_URL/v1${path}"${body}`, sandbox: null };
}

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
  getTeamStatistics: read('/football/statistics/teams?league=premier-league&season=2023-24'),
  getPlayerStatistics: read('/football/statistics/players?league=premier-league&season=2023-24'),
  getOdds: read('/football/odds?match_id=$FIXTURE_ID'),
  getOddsHistory: read('/football/odds/history?match_id=$FIXTURE_ID&market=1X2&bookmaker=bet365'),
  createKey: { production: `curl -X POST "$SCORELINE_URL/v1/keys" -H "Content-Type: application/json" -d '{"name":"my app"}'`, sandbox: null },
  getCurrentKey: { production: `curl ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
  rotateCurrentKey: { production: `curl -X POST ${KEY} "$SCORELINE_URL/v1/keys/current/rotate"`, sandbox: null },
  revokeCurrentKey: { production: `curl -X DELETE ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
  createWebhook: owned('POST', '/webhooks', { url: WEBHOOK_RECEIVER_EXAMPLE, events: ['match.goal', 'match.red_card'], sports: ['football'], description: 'goal alerts' }),
  listWebhooks: owned('GET', '/webhooks'),
  getWebhook: owned('GET', '/webhooks/$WEBHOOK_ID'),
  updateWebhook: owned('PATCH', '/webhooks/$WEBHOOK_ID', { events: ['match.*', 'odds.updated'], leagues: ['premier-league', 'world-cup'] }),
  testWebhook: owned('POST', '/webhooks/$WEBHOOK_ID/test'),
  listWebhookDeliveries: owned('GET', '/webhooks/$WEBHOOK_ID/deliveries?status=delivered&limit=20'),
  retryWebhookDelivery: owned('POST', '/webhooks/$WEBHOOK_ID/deliveries/$DELIVERY_ID/retry'),
  deleteWebhook: owned('DELETE', '/webhooks/$WEBHOOK_ID'),
};
