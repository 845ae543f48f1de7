"""scoreline — the official Python client of Scoreline (README.md).

- ``Client`` / ``AsyncClient``: REST ``/v1/...`` with Bearer auth, retries (429/503 after
  Retry-After, network errors with jittered backoff), RFC 9457 errors, cursor paging.
- ``AsyncLiveStream`` / ``LiveStream``: the ``/v1/ws`` live stream that reconnects and resumes by
  seq, delivering every update exactly once in order, with ``resync`` and ``gap`` surfaced.
- ``verify_webhook``: Standard Webhooks signature verification.
"""
from .backoff import backoff_delay, backoff_window, parse_retry_after
from .close_codes import Decision, decide_after_close, decide_after_refusal
from .errors import ScorelineApiError, ScorelineError, ScorelineNetworkError, ScorelineStreamError, WebhookVerificationError
from .protocol import (
    MAX_RESUME_SUBSCRIPTIONS,
    WS_CLOSE,
    WS_PROTOCOL,
    FixturesSummary,
    GolfFieldEntry,
    GolfInPlayWinProbability,
    GolfWinProbabilityPoint,
    InPlayWinProbability,
    LastEvent,
    LiveMatch,
    LiveRow,
    MatchEvent,
    MatchSummary,
    Odds,
    OddsTick,
    WinProbabilityPoint,
    Problem,
    RowWinProbability,
    Score,
    Subscription,
    WebhookEnvelope,
)
from .rest import AsyncClient, Client
from .sequencer import SeqTracker
from .stream import AsyncLiveStream, LiveStream, StreamEvent, StreamStats
from .webhooks import sign, verify_webhook

__version__ = "0.1.0"

__all__ = [
    "AsyncClient", "AsyncLiveStream", "Client", "Decision", "FixturesSummary", "GolfFieldEntry", "GolfInPlayWinProbability", "GolfWinProbabilityPoint", "InPlayWinProbability", "LastEvent", "LiveMatch", "LiveRow", "LiveStream",
    "MAX_RESUME_SUBSCRIPTIONS", "MatchEvent", "MatchSummary", "Odds", "OddsTick", "WinProbabilityPoint", "Problem", "RowWinProbability", "Score", "ScorelineApiError",
    "ScorelineError", "ScorelineNetworkError", "ScorelineStreamError", "SeqTracker", "StreamEvent", "StreamStats",
    "Subscription", "WS_CLOSE", "WS_PROTOCOL", "WebhookEnvelope", "WebhookVerificationError", "backoff_delay",
    "backoff_window", "decide_after_close", "decide_after_refusal", "parse_retry_after", "sign", "verify_webhook",
]
