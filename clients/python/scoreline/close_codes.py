"""What a live stream does when its socket ends (docs/websocket.md close codes). Pure functions."""
from __future__ import annotations

from dataclasses import dataclass

from .backoff import parse_retry_after
from .errors import ScorelineStreamError
from .protocol import WS_CLOSE


@dataclass(frozen=True)
class Decision:
    """Reconnect no sooner than ``min_delay`` seconds, or stop for good with ``error``."""

    reconnect: bool
    min_delay: float = 0.0
    error: ScorelineStreamError | None = None


def decide_after_close(code: int, reason: str = "") -> Decision:
    """After an accepted connection closed with ``code``: 4001 key_revoked stops; every other code reconnects and resumes."""
    if code == WS_CLOSE["key_revoked"]:
        detail = f": {reason}" if reason else ""
        return Decision(False, error=ScorelineStreamError("key_revoked", f"API key revoked (close {code}{detail})", close_code=code))
    return Decision(True)


def decide_after_refusal(status: int, retry_after: str | None = None, max_retry_after: float = 60.0) -> Decision:
    """After the upgrade was refused with HTTP ``status``: 401 stops; 429 waits Retry-After (capped); 5xx retries; other 4xx stop."""
    if status == 401:
        return Decision(False, error=ScorelineStreamError("unauthorized", "WebSocket upgrade refused: invalid API key (HTTP 401)", status=status))
    if status == 429:
        return Decision(True, parse_retry_after(retry_after, max_retry_after) or 0.0)
    if status >= 500:
        return Decision(True)
    return Decision(False, error=ScorelineStreamError("upgrade_refused", f"WebSocket upgrade refused with HTTP {status}", status=status))
