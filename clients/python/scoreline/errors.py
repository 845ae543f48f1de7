"""Errors raised by the Scoreline client (RFC 9457 problem bodies: docs/api.md "Errors")."""
from __future__ import annotations

from typing import Any, Literal


class ScorelineError(Exception):
    """Base class of every error this package raises."""


class ScorelineApiError(ScorelineError):
    """A REST call answered 4xx/5xx (after retries, for 429 and 503).

    ``status`` is the HTTP status; ``code``, ``detail``, ``title``, ``type``, ``instance`` and
    ``request_id`` come from the problem body (``code`` is ``http_<status>`` and ``detail`` the
    reason phrase when the body is not problem JSON); ``problem`` is the whole parsed body.
    """

    def __init__(self, status: int, problem: dict[str, Any], reason: str = "") -> None:
        self.status = status
        self.problem = problem
        self.code: str = problem["code"] if isinstance(problem.get("code"), str) else f"http_{status}"
        self.detail: str = problem["detail"] if isinstance(problem.get("detail"), str) else (reason or f"HTTP {status}")
        self.title: str | None = problem.get("title") if isinstance(problem.get("title"), str) else None
        self.type: str | None = problem.get("type") if isinstance(problem.get("type"), str) else None
        self.instance: str | None = problem.get("instance") if isinstance(problem.get("instance"), str) else None
        self.request_id: str | None = problem.get("request_id") if isinstance(problem.get("request_id"), str) else None
        super().__init__(f"Scoreline API {status} {self.code}: {self.detail}")


class ScorelineNetworkError(ScorelineError):
    """A REST call got no HTTP answer (refused, reset, DNS, timeout) after every retry; ``__cause__`` is the last one."""

    def __init__(self, url: str, cause: BaseException) -> None:
        self.url = url
        super().__init__(f"Scoreline API unreachable ({url}): {cause}")


StreamErrorCode = Literal["unauthorized", "key_revoked", "upgrade_refused"]


class ScorelineStreamError(ScorelineError):
    """A live stream stopped for good: upgrade refused with 401 (or another 4xx but 429), or close 4001 key revoked."""

    def __init__(self, code: StreamErrorCode, message: str, *, status: int | None = None, close_code: int | None = None) -> None:
        self.code = code
        self.status = status
        self.close_code = close_code
        super().__init__(message)


class WebhookVerificationError(ScorelineError):
    """A webhook request failed verification: missing headers, bad signature, timestamp out of tolerance, or not an envelope."""
