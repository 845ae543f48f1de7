/**
 * The cURL example of every REST operation, shown on /docs/api and run by a test against a real
 * server (test/integration/examples.test.ts): the production form with a key, and for the read
 * feed the sandbox form with no key. Shell variables: $SCORELINE_URL (e.g. http://localhost:3000),
 * $API_KEY, $FIXTURE_ID (a fixture_id from /results), $TEAM_ID (its home_team_id), $PLAYER_ID (a player_id
 * from /statistics/players), $WEBHOOK_ID (an `id` from POST /v1/webhooks),
 * $DELIVERY_ID (an `id` from its deliveries). The test points WEBHOOK_RECEIVER_EXAMPLE at a local receiver.
 * The operator examples (/v1/ops, docs/operators.md) send $OPERATOR_KEY (an operator key, slo_… or
 * OPERATOR_API_KEY) and run in order as one story: create a competition, a team and a fixture, score
 * it, retract the goal, suspend and resume it, push odds. $OPS_COMPETITION_ID, $OPS_TEAM_ID and
 * $OPS_FIXTURE_ID are the `id`s answered by POST /v1/ops/competitions, /teams and /fixtures.
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
  return {
    production: `curl ${method === 'GET' ? '' : `-X ${method} `}${KEY} "$SCORELINE_URL/v1${path}"${body}`,
    sandbox: null,
  };
}

const OPERATOR = '-H "Authorization: Bearer $OPERATOR_KEY"';
/** Stands for the fixture id inside an operator example's JSON body (a number, filled in by the shell). */
const OPS_FIXTURE = '$OPS_FIXTURE_ID';

/**
 * An operator request: `curl [-X <method>] <operator key> "$SCORELINE_URL/v1/ops<path>"`, with an
 * optional JSON body in single quotes where `$OPS_FIXTURE_ID` is spliced in unquoted (a number).
 */
function operator(method: string, path: string, json?: object): Example {
  const text = json ? JSON.stringify(json).replaceAll(`"${OPS_FIXTURE}"`, `'"${OPS_FIXTURE}"'`) : '';
  const body = json ? ` -H "Content-Type: application/json" -d '${text}'` : '';
  return {
    production: `curl ${method === 'GET' ? '' : `-X ${method} `}${OPERATOR} "$SCORELINE_URL/v1/ops${path}"${body}`,
    sandbox: null,
  };
}

function read(pathAndQuery: string): Example {
  return {
    production: `curl ${KEY} "$SCORELINE_URL/v1${pathAndQuery}"`,
    sandbox: `curl "$SCORELINE_URL/sandbox/v1${pathAndQuery}"`,
  };
}

/** Examples by operationId (server/api/openapi-document.ts OPERATIONS). */
export const EXAMPLES: Record<string, Example> = {
  getLive: read('/football/live'),
  getMatchesLive: read('/football/matches/live?league=world-cup'),
  getMatch: read('/football/matches/$FIXTURE_ID'),
  getWinProbability: read('/football/matches/$FIXTURE_ID/win-probability'),
  getFixtures: read('/football/fixtures?league=world-cup&limit=5'),
  getResults: read('/football/results?league=premier-league&season=2023-24&limit=5'),
  getStandings: read('/football/standings?league=premier-league&season=2023-24'),
  getTeamStatistics: read('/football/statistics/teams?league=premier-league&season=2023-24'),
  getPlayerStatistics: read('/football/statistics/players?league=premier-league&season=2023-24'),
  getOdds: read('/football/odds?match_id=$FIXTURE_ID'),
  getOddsHistory: read('/football/odds/history?match_id=$FIXTURE_ID&market=1X2&bookmaker=bet365'),
  getLeagues: read('/football/leagues'),
  getLeagueSeason: read('/football/leagues/premier-league/seasons/2023-24'),
  getTeams: read('/football/teams?league=premier-league&season=2023-24&search=united'),
  getTeam: read('/football/teams/$TEAM_ID?league=premier-league&season=2023-24'),
  getPlayer: read('/football/players/$PLAYER_ID'),
  getHeadToHead: read('/football/head-to-head?teams=Arsenal,Chelsea&league=premier-league'),
  createKey: {
    production: `curl -X POST "$SCORELINE_URL/v1/keys" -H "Content-Type: application/json" -d '{"name":"my app"}'`,
    sandbox: null,
  },
  getCurrentKey: { production: `curl ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
  rotateCurrentKey: { production: `curl -X POST ${KEY} "$SCORELINE_URL/v1/keys/current/rotate"`, sandbox: null },
  revokeCurrentKey: { production: `curl -X DELETE ${KEY} "$SCORELINE_URL/v1/keys/current"`, sandbox: null },
  createWebhook: owned('POST', '/webhooks', {
    url: WEBHOOK_RECEIVER_EXAMPLE,
    events: ['match.goal', 'match.red_card'],
    sports: ['football'],
    description: 'goal alerts',
  }),
  listWebhooks: owned('GET', '/webhooks'),
  getWebhook: owned('GET', '/webhooks/$WEBHOOK_ID'),
  updateWebhook: owned('PATCH', '/webhooks/$WEBHOOK_ID', {
    events: ['match.*', 'odds.updated'],
    leagues: ['premier-league', 'world-cup'],
  }),
  testWebhook: owned('POST', '/webhooks/$WEBHOOK_ID/test'),
  listWebhookDeliveries: owned('GET', '/webhooks/$WEBHOOK_ID/deliveries?status=delivered&limit=20'),
  retryWebhookDelivery: owned('POST', '/webhooks/$WEBHOOK_ID/deliveries/$DELIVERY_ID/retry'),
  deleteWebhook: owned('DELETE', '/webhooks/$WEBHOOK_ID'),
  // Operators, in the order examples.test.ts runs them.
  createCompetition: operator('POST', '/competitions', {
    sport: 'football',
    league: 'sunday-league',
    season: '2026',
    name: 'Sunday League',
  }),
  listCompetitions: operator('GET', '/competitions?sport=football'),
  renameCompetition: operator('PATCH', '/competitions/$OPS_COMPETITION_ID', { name: 'Sunday League Division 1' }),
  createTeam: operator('POST', '/teams', { sport: 'football', name: 'Red Lions' }),
  renameTeam: operator('PATCH', '/teams/$OPS_TEAM_ID', { name: 'Red Lions FC' }),
  createFixture: operator('POST', '/fixtures', {
    sport: 'football',
    league: 'sunday-league',
    season: '2026',
    home_team: 'Red Lions FC',
    away_team: 'Blue Harts',
    kickoff: '2026-11-21T15:00:00Z',
    venue: 'Rec Ground',
    external_id: 'club-42',
  }),
  listOpsFixtures: operator('GET', '/fixtures?sport=football&league=sunday-league'),
  getOpsFixture: operator('GET', '/fixtures/$OPS_FIXTURE_ID'),
  patchOpsFixture: operator('PATCH', '/fixtures/$OPS_FIXTURE_ID', { venue: 'Memorial Park', round: 'Matchday 1' }),
  postEvents: operator('POST', '/events', {
    events: [
      { fixture_id: OPS_FIXTURE, event_id: 'club-42-ko', type: 'period_start', period: '1st_half' },
      {
        fixture_id: OPS_FIXTURE,
        event_id: 'club-42-goal-1',
        type: 'goal',
        side: 'home',
        player: 'A. Striker',
        minute: 23,
        period: '1st_half',
      },
    ],
  }),
  postCorrection: operator('POST', '/corrections', {
    fixture_id: OPS_FIXTURE,
    event_id: 'club-42-var-1',
    target_event_id: 'club-42-goal-1',
    action: 'retract',
    reason: 'VAR: offside',
  }),
  postStatus: operator('POST', '/fixtures/$OPS_FIXTURE_ID/status', {
    status: 'suspended',
    event_id: 'club-42-suspended',
  }),
  postOdds: operator('POST', '/odds', {
    ticks: [
      {
        tick_id: 'club-42-o1',
        fixture_id: OPS_FIXTURE,
        bookmaker: 'club-book',
        market: '1X2',
        selection: 'home',
        price: 2.1,
      },
      {
        tick_id: 'club-42-o2',
        fixture_id: OPS_FIXTURE,
        bookmaker: 'club-book',
        market: '1X2',
        selection: 'away',
        price: '+250',
      },
    ],
  }),
  postBatch: operator('POST', '/batch', {
    items: [
      { op: 'status', fixture_id: OPS_FIXTURE, status: 'resumed', event_id: 'club-42-resumed' },
      {
        op: 'event',
        fixture_id: OPS_FIXTURE,
        event_id: 'club-42-goal-2',
        type: 'goal',
        side: 'away',
        player: 'C. Poacher',
        minute: 31,
        period: '1st_half',
      },
      {
        op: 'odds',
        tick_id: 'club-42-o3',
        fixture_id: OPS_FIXTURE,
        bookmaker: 'club-book',
        market: '1X2',
        selection: 'home',
        price: '5/2',
      },
    ],
  }),
  getFeedHealth: operator('GET', '/health'),
};
