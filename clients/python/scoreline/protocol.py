"""Wire constants and shapes of the Scoreline API (docs/api.md, docs/websocket.md, SPEC 2.1-2.4).

Plain TypedDicts mirroring the server's zod schemas (lib/wire/*.ts); the test suite checks the
constants against the server's own so they cannot drift. Timestamps are ISO 8601 UTC strings
with ``Z``; odds are decimal; ``clock_seconds`` is in seconds.
"""
from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

#: The protocol name the server announces in ``welcome``.
WS_PROTOCOL = "scoreline.v1"

#: WebSocket close codes (docs/websocket.md "Close codes").
WS_CLOSE: dict[str, int] = {
    "normal": 1000,  # sent by LiveStream.close()
    "going_away": 1001,  # server restarting: reconnect and resume
    "abnormal": 1006,  # socket dropped without a close frame: reconnect and resume
    "message_too_big": 1009,  # a client message larger than 16 KiB
    "internal_error": 1011,  # server could not answer subscribe/resume: reconnect and resume
    "idle_timeout": 4000,  # no subscription for idle_timeout_ms: reconnect and resume
    "key_revoked": 4001,  # the API key was revoked or rotated: never reconnect with it
    "slow_consumer": 4002,  # the client read too slowly: reconnect and resume
    "protocol_error": 4003,  # too many malformed messages in a row
}

#: Largest ``subscriptions`` list a ``resume`` may carry (lib/wire/ws.ts ResumeMessage).
MAX_RESUME_SUBSCRIPTIONS = 100


class Subscription(TypedDict):
    """A channel (``<sport>.live`` / ``<sport>.odds`` / ``<sport>.win-probability``), optionally narrowed to a league slug and/or a fixture id."""

    channel: str
    league: NotRequired[str]
    fixture_id: NotRequired[int]


class Score(TypedDict):
    home: int
    away: int


class LastEvent(TypedDict):
    """SPEC 2.1 ``last_event`` (plus ids and side)."""

    type: str
    team: str
    player: str
    minute: int
    event_id: NotRequired[str]
    side: NotRequired[Literal["home", "away"]]
    stoppage_time: NotRequired[int | None]
    occurred_at: NotRequired[str]


class LiveMatch(TypedDict):
    """SPEC 2.1 live match: an update's ``data`` and the items of a snapshot (extra fields beside the spec's)."""

    fixture_id: int
    sport: str
    league: str
    home_team: str
    away_team: str
    score: Score
    minute: int
    period: str
    status: str
    last_event: LastEvent | None
    updated_at: str
    league_slug: NotRequired[str]
    season: NotRequired[str]
    kickoff: NotRequired[str]
    seq: NotRequired[int]
    state: NotRequired[dict[str, Any] | None]


class MatchSummary(TypedDict):
    """SPEC 2.2 live match summary: ``score`` as text ``"home-away"``."""

    match: str
    score: str
    minute: int


class FixturesSummary(TypedDict):
    """SPEC 2.3 fixtures summary; ``next_kickoff`` ISO 8601 UTC."""

    league: str
    fixtures: int
    next_kickoff: str


class Odds(TypedDict):
    """SPEC 2.4 odds: decimal odds of one market (e.g. ``1X2``)."""

    market: str
    home: float
    draw: float
    away: float


class MatchEvent(TypedDict):
    """One stored match event (an update's ``event``)."""

    seq: int
    event_id: str
    fixture_id: int
    type: str
    team: str | None
    player: str | None
    minute: int | None
    occurred_at: str


class OddsTick(TypedDict):
    """One odds tick: decimal ``price`` of a bookmaker's market selection."""

    bookmaker: str
    market: str
    selection: str
    line: float | None
    price: float
    observed_at: str
    seq: int | None


class WinProbabilityPoint(TypedDict):
    """One point of Scoreline's win probability: fractions in (0, 1), ``draw`` None where the match has none."""

    home: float
    draw: float | None
    away: float
    observed_at: str
    clock: dict[str, Any]
    event: dict[str, Any] | None


class GolfFieldEntry(TypedDict):
    """One player's line in a golf point: P(wins the tournament), strokes to par over the regulation holes completed, regulation holes left."""

    player: str
    probability: float
    to_par: int
    holes_left: int


class GolfWinProbabilityPoint(TypedDict):
    """A golf tournament's point on ``golf.win-probability`` (no two sides): the (at most 10) most likely winners in
    ``field`` and ``others``, the rest's total; ``clock`` = period, minute None, label; ``event`` = event_id, type, player."""

    observed_at: str
    clock: dict[str, Any]
    event: dict[str, Any] | None
    field: list[GolfFieldEntry]
    others: float


class RowWinProbability(TypedDict):
    """A row's pre-match win probability (Scoreline's rating, before kickoff; fractions)."""

    home: float
    draw: float | None
    away: float


class InPlayWinProbability(WinProbabilityPoint):
    """The latest point of a match's in-play series (the win-probability endpoint's last point) and what it started from."""

    started_from: Literal["rating"]


class GolfInPlayWinProbability(GolfWinProbabilityPoint):
    """A golf tournament's latest field point (top 10 and ``others``, as ``golf.win-probability`` messages) and what it started from."""

    started_from: Literal["rating"]


class LiveRow(LiveMatch):
    """A row of ``GET /v1/{sport}/live``: the live match, its pre-match ``win_probability`` (None for golf) and
    ``win_probability_in_play`` (golf: the field point, ``"field" in point``; None while no in-play point is known)."""

    win_probability: RowWinProbability | None
    win_probability_in_play: InPlayWinProbability | GolfInPlayWinProbability | None


class Problem(TypedDict, total=False):
    """An RFC 9457 ``application/problem+json`` body as Scoreline sends it."""

    type: str
    title: str
    status: int
    detail: str
    instance: str
    code: str
    request_id: str


class WebhookEnvelope(TypedDict):
    """Every webhook body: event ``type`` (``match.goal``, ``odds.updated``, ``win_probability.updated``, ``webhook.test``…), ISO 8601 UTC ``timestamp``, ``data``."""

    type: str
    timestamp: str
    data: Any


def normalize_subscription(sub: dict[str, Any]) -> Subscription:
    """``{channel}`` plus ``league`` / ``fixture_id`` only when set (accepts the server's echo with null filters)."""
    out: Subscription = {"channel": str(sub["channel"])}
    if sub.get("league") is not None:
        out["league"] = str(sub["league"])
    if sub.get("fixture_id") is not None:
        out["fixture_id"] = int(sub["fixture_id"])
    return out


def subscription_key(sub: dict[str, Any]) -> str:
    """A stable identity of a subscription: equal for the same channel, league and fixture."""
    league = sub.get("league")
    fixture = sub.get("fixture_id")
    return f"{sub['channel']}|{league if league is not None else ''}|{fixture if fixture is not None else ''}"
