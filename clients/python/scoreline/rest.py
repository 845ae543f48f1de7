"""REST client of the Scoreline API ``/v1/...`` (docs/api.md), sync (``Client``) and asyncio (``AsyncClient``).

Bearer authentication; 429 and 503 retried after ``Retry-After`` (capped at ``max_retry_after``
seconds) and network errors after exponential backoff with full jitter, ``max_retries`` times in
all; RFC 9457 errors as ``ScorelineApiError``; cursor pagination (``next_cursor`` → ``cursor``) as
an iterator.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import Any

import httpx

from .backoff import backoff_delay, parse_retry_after
from .errors import ScorelineApiError, ScorelineNetworkError

#: Query parameters; ``None`` values are left out.
Params = Mapping[str, str | int | float | bool | None]

RETRY_STATUSES = frozenset({429, 503})
#: Called before each retry with (attempt, HTTP status or None for a network error, delay in s).
RetryHook = Callable[[int, int | None, float], None]


def _query(params: Params | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in (params or {}).items():
        if v is None:
            continue
        out[k] = ("true" if v else "false") if isinstance(v, bool) else str(v)
    return out


def _problem(res: httpx.Response) -> dict[str, Any]:
    try:
        body = res.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


class _Base:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 3,
        backoff_initial: float = 0.5,
        backoff_max: float = 30.0,
        max_retry_after: float = 60.0,
        timeout: float = 30.0,
        on_retry: RetryHook | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.max_retries = max(0, max_retries)
        self._backoff = (backoff_initial, backoff_max)
        self._max_retry_after = max_retry_after
        self._timeout = timeout
        self._on_retry = on_retry
        self._headers = {"authorization": f"Bearer {api_key}", "accept": "application/json", "user-agent": "scoreline-python/0.1.0"}

    def url(self, path: str) -> str:
        """The absolute URL of ``path`` (e.g. ``/v1/football/live``)."""
        return self.base_url + (path if path.startswith("/") else f"/{path}")

    def _decide(self, attempt: int, res: httpx.Response | None, error: BaseException | None, url: str) -> float:
        """Seconds to wait before retrying; raises when the answer is final."""
        last = attempt >= self.max_retries
        if res is None:
            if last:
                raise ScorelineNetworkError(url, error or RuntimeError("no response")) from error
            delay = backoff_delay(attempt, *self._backoff)
            status = None
        else:
            if res.status_code not in RETRY_STATUSES or last:
                raise ScorelineApiError(res.status_code, _problem(res), res.reason_phrase)
            ra = parse_retry_after(res.headers.get("retry-after"), self._max_retry_after)
            delay = ra if ra is not None else backoff_delay(attempt, *self._backoff)
            status = res.status_code
        if self._on_retry:
            self._on_retry(attempt, status, delay)
        return delay


class Client(_Base):
    """Synchronous REST client (httpx). Use as a context manager or call ``close()``.

    ``get(path, params)`` returns parsed JSON; ``paginate(path, params)`` iterates over every item
    of a cursor-paginated list. Errors: ``ScorelineApiError`` (4xx/5xx), ``ScorelineNetworkError``.
    """

    def __init__(self, base_url: str, api_key: str, **options: Any) -> None:
        super().__init__(base_url, api_key, **options)
        self._http = httpx.Client(headers=self._headers, timeout=self._timeout)

    def get(self, path: str, params: Params | None = None) -> Any:
        """GET ``path`` with ``params`` and return the parsed JSON body, retrying 429/503/network errors."""
        url = self.url(path)
        attempt = 0
        while True:
            try:
                res: httpx.Response | None = self._http.get(url, params=_query(params))
                error: BaseException | None = None
            except httpx.TransportError as e:
                res, error = None, e
            if res is not None and res.is_success:
                return res.json()
            time.sleep(self._decide(attempt, res, error, url))
            attempt += 1

    def paginate(self, path: str, params: Params | None = None) -> Iterator[Any]:
        """Every item of a ``{data, next_cursor}`` list, page after page until ``next_cursor`` is null."""
        cursor: str | None = None
        while True:
            page = self.get(path, {**(params or {}), "cursor": cursor})
            yield from page["data"]
            cursor = page.get("next_cursor")
            if not cursor:
                return

    def close(self) -> None:
        """Closes the connection pool."""
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient(_Base):
    """asyncio REST client (httpx.AsyncClient): as ``Client`` with ``await get(...)`` and ``async for x in paginate(...)``."""

    def __init__(self, base_url: str, api_key: str, **options: Any) -> None:
        super().__init__(base_url, api_key, **options)
        self._http = httpx.AsyncClient(headers=self._headers, timeout=self._timeout)

    async def get(self, path: str, params: Params | None = None) -> Any:
        """GET ``path`` with ``params`` and return the parsed JSON body, retrying 429/503/network errors."""
        url = self.url(path)
        attempt = 0
        while True:
            try:
                res: httpx.Response | None = await self._http.get(url, params=_query(params))
                error: BaseException | None = None
            except httpx.TransportError as e:
                res, error = None, e
            if res is not None and res.is_success:
                return res.json()
            await asyncio.sleep(self._decide(attempt, res, error, url))
            attempt += 1

    async def paginate(self, path: str, params: Params | None = None) -> AsyncIterator[Any]:
        """Every item of a ``{data, next_cursor}`` list, page after page until ``next_cursor`` is null."""
        cursor: str | None = None
        while True:
            page = await self.get(path, {**(params or {}), "cursor": cursor})
            for item in page["data"]:
                yield item
            cursor = page.get("next_cursor")
            if not cursor:
                return

    async def aclose(self) -> None:
        """Closes the connection pool."""
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
