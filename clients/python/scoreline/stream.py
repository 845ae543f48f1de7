"""A live stream of ``/v1/ws`` (docs/websocket.md) that survives drops without gaps or duplicates.

First connection: one ``subscribe`` per subscription; each ``subscribed`` gives a ``snapshot``
event. After any drop (close, reset, server restart, nothing received for ``stale_after`` s
although a ``{"type":"ping"}`` goes out every ``ping_every`` s) it reconnects with exponential
backoff and full jitter and sends ONE ``resume`` from ``last_seq``; the server replays what was
missed (``replayed: true``) then says ``resumed``, or answers ``resync`` with fresh snapshots.
An ``update``/``odds`` with seq <= last_seq is never delivered twice; a continuity problem the
client can detect is surfaced as a ``gap`` event.
"""
from __future__ import annotations

import asyncio
import inspect
import json
import queue
import threading
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .backoff import backoff_delay
from .close_codes import Decision, decide_after_close, decide_after_refusal
from .errors import ScorelineStreamError
from .protocol import MAX_RESUME_SUBSCRIPTIONS, Subscription, normalize_subscription, subscription_key
from .sequencer import SeqTracker

EventKind = Literal["state", "welcome", "snapshot", "update", "odds", "win_probability", "resumed", "resync", "gap", "unsubscribed", "server_error"]

# websockets ≤ 13 (Debian 12 ships 10.4) names the upgrade headers `extra_headers`, later versions `additional_headers`.
_HEADERS_KW = "additional_headers" if "additional_headers" in inspect.signature(websockets.connect).parameters else "extra_headers"


@dataclass
class StreamEvent:
    """One thing the stream reports.

    - ``state``: ``data["state"]`` is connecting | open | reconnecting | closed;
    - ``snapshot``: ``data`` = ``{subscription, matches: [LiveMatch], seq}``;
    - ``update`` / ``odds``: ``data`` is the server's message (``seq``, ``data`` = LiveMatch and
      ``event`` for updates, ``ticks`` for odds, ``replayed`` when sent by a resume);
    - ``win_probability``: a ``<sport>.win-probability`` message (``seq`` of the event that moved
      it, ``fixture_id``, ``point`` = observed_at, clock, home/draw/away, event — on
      ``golf.win-probability`` a ``GolfWinProbabilityPoint``: field, others), once per fixture
      and seq; not sequenced with ``update`` / ``odds`` (it shares its event's seq);
    - ``resumed``: the server's ``resumed`` message;
    - ``resync``: ``{reason, last_seq, seq, snapshots: [...]}``: replace local state;
    - ``gap``: ``{reason: out_of_order | resume_rejected | resume_incomplete, last_seq, detail}``:
      continuity not guaranteed, refetch over REST;
    - ``welcome``, ``unsubscribed``, ``server_error``: the server's message.
    """

    kind: EventKind
    data: dict[str, Any]
    seq: int | None = None


@dataclass
class StreamStats:
    """Counters since creation."""

    reconnects: int = 0
    resumed: int = 0
    resyncs: int = 0
    duplicates_dropped: int = 0
    replayed: int = 0
    gaps: int = 0


_CLOSED = object()


@dataclass
class _Conn:
    ws: Any
    phase: Literal["live", "resuming"] = "live"
    resume_from: int = 0
    replayed_seen: int = 0
    early: list[dict[str, Any]] = field(default_factory=list)
    queue: list[dict[str, Any]] = field(default_factory=list)
    welcome_seq: int | None = None


class AsyncLiveStream:
    """A reconnecting, resuming live stream (asyncio). Iterate it for ``StreamEvent``s::

        stream = AsyncLiveStream("ws://127.0.0.1:3000/v1/ws", key, [{"channel": "football.live"}])
        async for ev in stream:
            if ev.kind == "update": ...

    Iteration ends after ``close()``; it raises ``ScorelineStreamError`` when the stream stopped
    for good (HTTP 401 on upgrade, close 4001 key revoked, another 4xx refusal). Times in seconds.
    """

    def __init__(
        self,
        url: str,
        api_key: str,
        subscriptions: Iterable[Subscription | dict[str, Any]] = (),
        *,
        backoff_initial: float = 0.5,
        backoff_max: float = 30.0,
        ping_every: float = 20.0,
        stale_after: float = 45.0,
    ) -> None:
        self.url = url
        self._api_key = api_key
        self._subs: dict[str, Subscription] = {}
        for s in subscriptions:
            self._subs[subscription_key(dict(s))] = normalize_subscription(dict(s))
        self._established: set[str] = set()
        self._seqs = SeqTracker()
        # The last win_probability seq delivered per fixture (a resume may send one again).
        self._win_probability_seqs: dict[int, int] = {}
        self._backoff = (backoff_initial, backoff_max)
        self._ping_every = ping_every
        self._stale_after = stale_after
        self._events: asyncio.Queue[Any] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self._error: ScorelineStreamError | None = None
        self._conn: _Conn | None = None
        self._attempt = 0
        self._ever_opened = False
        self.state: str = "closed"
        self.stats = StreamStats()

    @property
    def last_seq(self) -> int | None:
        """Highest seq delivered (or the seq the snapshots / resume were as of); None before the first welcome."""
        return self._seqs.last_seq

    @property
    def subscriptions(self) -> list[Subscription]:
        """The subscriptions held (sent on connect, resumed after reconnects)."""
        return list(self._subs.values())

    def start(self) -> None:
        """Starts connecting in the running event loop (iteration starts it too). Errors: RuntimeError after close()."""
        if self._stopped:
            raise RuntimeError("the stream was closed; create a new one")
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def subscribe(self, sub: Subscription | dict[str, Any]) -> None:
        """Adds a subscription: sent now when connected, remembered for reconnects."""
        key = subscription_key(dict(sub))
        if key in self._subs:
            return
        s = normalize_subscription(dict(sub))
        self._subs[key] = s
        await self._send_or_queue({"type": "subscribe", **s})

    async def unsubscribe(self, sub: Subscription | dict[str, Any]) -> None:
        """Removes a subscription (unsubscribes now when connected)."""
        key = subscription_key(dict(sub))
        if self._subs.pop(key, None) is None:
            return
        self._established.discard(key)
        await self._send_or_queue({"type": "unsubscribe", **normalize_subscription(dict(sub))})

    async def close(self) -> None:
        """Closes for good (close code 1000) and stops reconnecting; iteration then ends."""
        self._stopped = True
        conn = self._conn
        if conn is not None:
            try:
                await asyncio.wait_for(conn.ws.close(1000, "client closed"), 5)
            except Exception:
                pass
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        self._set_state("closed")
        self._put(_CLOSED)

    def __aiter__(self) -> AsyncIterator[StreamEvent]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[StreamEvent]:
        self.start()
        while True:
            item = await self._events.get()
            if item is _CLOSED:
                if self._error is not None:
                    raise self._error
                return
            yield item

    # ---- internals ----

    def _put(self, item: Any) -> None:
        self._events.put_nowait(item)

    def _emit(self, kind: EventKind, data: dict[str, Any], seq: int | None = None) -> None:
        self._put(StreamEvent(kind, data, seq))

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self._emit("state", {"state": state})

    async def _send(self, msg: dict[str, Any]) -> None:
        conn = self._conn
        if conn is None:
            return
        try:
            await conn.ws.send(json.dumps(msg))
        except ConnectionClosed:
            pass  # the reader sees the close and reconnects

    async def _send_or_queue(self, msg: dict[str, Any]) -> None:
        conn = self._conn
        if conn is not None and conn.phase == "resuming":
            conn.queue.append(msg)
        else:
            await self._send(msg)  # not connected: the next connect sends every subscription

    async def _run(self) -> None:
        while not self._stopped:
            self._set_state("reconnecting" if self._ever_opened else "connecting")
            decision = await self._connect_once()
            if self._stopped:
                break
            if not decision.reconnect:
                self._stopped = True
                self._error = decision.error
                self._set_state("closed")
                self._put(_CLOSED)
                return
            self._set_state("reconnecting")
            delay = max(decision.min_delay, backoff_delay(self._attempt, *self._backoff))
            self._attempt += 1
            await asyncio.sleep(delay)

    async def _connect_once(self) -> Decision:
        try:
            ws = await websockets.connect(
                self.url,
                **{_HEADERS_KW: {"authorization": f"Bearer {self._api_key}"}},
                open_timeout=self._stale_after,
                ping_interval=None,  # liveness: application pings + stale_after, as the Node client
                close_timeout=5,
                max_size=2**24,
            )
        except InvalidHandshake as e:
            status = getattr(e, "status_code", None) or getattr(getattr(e, "response", None), "status_code", None)
            headers = getattr(e, "headers", None) or getattr(getattr(e, "response", None), "headers", None) or {}
            if status is None:
                return Decision(True)
            return decide_after_refusal(int(status), headers.get("retry-after"))
        except (OSError, asyncio.TimeoutError, EOFError):
            return Decision(True)
        conn = _Conn(ws)
        self._conn = conn
        pinger = asyncio.get_running_loop().create_task(self._ping(conn))
        try:
            await self._on_open(conn)
            while True:
                try:
                    raw = await asyncio.wait_for(ws.recv(), self._stale_after)
                except asyncio.TimeoutError:
                    ws.transport.abort()  # half-open: nothing arrived for stale_after
                    return Decision(True)
                if isinstance(raw, str):
                    await self._on_raw(conn, raw)
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd is not None else 1006
            reason = e.rcvd.reason if e.rcvd is not None else ""
            return decide_after_close(code, reason)
        except OSError:
            return Decision(True)
        finally:
            pinger.cancel()
            self._conn = None
            if not ws.closed:
                ws.transport.abort()

    async def _ping(self, conn: _Conn) -> None:
        while True:
            await asyncio.sleep(self._ping_every)
            if self._conn is conn:
                await self._send({"type": "ping"})

    async def _on_open(self, conn: _Conn) -> None:
        reconnect = self._ever_opened
        self._ever_opened = True
        if reconnect:
            self.stats.reconnects += 1
        last = self._seqs.last_seq
        items = list(self._subs.items())
        resumable = [(k, s) for k, s in items if k in self._established][:MAX_RESUME_SUBSCRIPTIONS]
        if reconnect and last is not None and resumable:
            conn.phase = "resuming"
            conn.resume_from = last
            await self._send({"type": "resume", "last_seq": last, "subscriptions": [s for _, s in resumable]})
            resumed = {k for k, _ in resumable}
            conn.queue.extend({"type": "subscribe", **s} for k, s in items if k not in resumed)
        else:
            for _, s in items:
                await self._send({"type": "subscribe", **s})
        self._set_state("open")

    async def _on_raw(self, conn: _Conn, text: str) -> None:
        try:
            msg = json.loads(text)
        except ValueError:
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            return
        t = msg["type"]
        if t == "welcome":
            if not self._subs:
                self._attempt = 0
            if self._seqs.last_seq is None:
                self._seqs.anchor(int(msg["seq"]))
            conn.welcome_seq = int(msg["seq"])
            self._emit("welcome", msg, msg["seq"])
        elif t == "subscribed":
            self._attempt = 0
            key = subscription_key(msg)
            if key in self._subs:
                self._established.add(key)
            self._seqs.anchor(int(msg["seq"]))
            self._emit("snapshot", {"subscription": normalize_subscription(msg), "matches": msg.get("snapshot") or [], "seq": msg["seq"]}, msg["seq"])
        elif t == "unsubscribed":
            self._emit("unsubscribed", msg)
        elif t in ("update", "odds"):
            self._on_data(conn, msg)
        elif t == "win_probability":
            fixture, seq = int(msg["fixture_id"]), int(msg["seq"])
            if seq > self._win_probability_seqs.get(fixture, 0):
                self._win_probability_seqs[fixture] = seq
                self._emit("win_probability", msg, seq)
        elif t == "resumed":
            await self._on_resumed(conn, msg)
        elif t == "resync":
            await self._on_resync(conn, msg)
        elif t == "error":
            await self._on_server_error(conn, msg)

    def _on_data(self, conn: _Conn, msg: dict[str, Any]) -> None:
        if conn.phase == "resuming":
            if not msg.get("replayed"):
                conn.early.append(msg)  # must not advance last_seq before the replay is complete
                return
            conn.replayed_seen += 1
        seq = int(msg["seq"])
        verdict = self._seqs.offer(seq)
        if verdict == "duplicate":
            self.stats.duplicates_dropped += 1
            return
        if verdict == "out_of_order":
            self._gap("out_of_order", f"{msg['type']} seq {seq} arrived after seq {self._seqs.last_seq} and was dropped", seq)
            return
        if msg.get("replayed"):
            self.stats.replayed += 1
        self._emit(msg["type"], msg, seq)

    async def _on_resumed(self, conn: _Conn, msg: dict[str, Any]) -> None:
        was = conn.phase == "resuming"
        conn.phase = "live"
        self._attempt = 0
        self.stats.resumed += 1
        if was and msg.get("last_seq") != conn.resume_from:
            self._gap("resume_incomplete", f"resume asked from {conn.resume_from}, server resumed from {msg.get('last_seq')}")
        elif was and conn.replayed_seen < int(msg.get("replayed", 0)):
            self._gap("resume_incomplete", f"server replayed {msg.get('replayed')} messages, {conn.replayed_seen} arrived")
        self._seqs.advance_to(int(msg["seq"]))
        self._emit("resumed", msg, msg["seq"])
        await self._settle(conn)

    async def _on_resync(self, conn: _Conn, msg: dict[str, Any]) -> None:
        conn.phase = "live"
        self._attempt = 0
        self.stats.resyncs += 1
        self._seqs.reset(int(msg["seq"]))
        snapshots = []
        for s in msg.get("subscriptions", []):
            key = subscription_key(s)
            if key in self._subs:
                self._established.add(key)
            snapshots.append({"subscription": normalize_subscription(s), "matches": s.get("snapshot") or [], "seq": msg["seq"]})
        self._emit("resync", {"reason": msg.get("reason"), "last_seq": msg.get("last_seq"), "seq": msg["seq"], "snapshots": snapshots}, msg["seq"])
        await self._settle(conn)

    async def _on_server_error(self, conn: _Conn, msg: dict[str, Any]) -> None:
        self._emit("server_error", msg)
        if conn.phase != "resuming":
            pending = any(k not in self._established for k in self._subs)
            if msg.get("code") == "unavailable" and pending:
                conn.ws.transport.abort()  # a subscribe the server could not answer: reconnect with backoff
            return
        if msg.get("code") == "unavailable":
            conn.early.clear()
            conn.ws.transport.abort()
            return
        # A server without resume: start again from fresh snapshots and say what may be missing.
        conn.phase = "live"
        conn.queue.clear()
        last = self._seqs.last_seq
        if conn.welcome_seq != last:
            self._gap("resume_rejected", f"resume refused ({msg.get('code')}: {msg.get('message')}); resubscribed with fresh snapshots")
        if conn.welcome_seq is not None and last is not None and conn.welcome_seq < last:
            self._seqs.reset(conn.welcome_seq)
        self._established.clear()
        for s in self._subs.values():
            await self._send({"type": "subscribe", **s})
        await self._settle(conn)

    def _gap(self, reason: str, detail: str, seq: int | None = None) -> None:
        self.stats.gaps += 1
        self._emit("gap", {"reason": reason, "last_seq": self._seqs.last_seq, "seq": seq, "detail": detail})

    async def _settle(self, conn: _Conn) -> None:
        early, conn.early = conn.early, []
        for m in early:
            self._on_data(conn, m)
        pending, conn.queue = conn.queue, []
        for m in pending:
            await self._send(m)


class LiveStream:
    """The synchronous form of ``AsyncLiveStream``: iterate it in a plain thread.

    The asyncio stream runs in a background thread with its own event loop; events come through
    a thread-safe queue. ``close()`` (or leaving a ``with`` block) stops it. Iteration raises
    ``ScorelineStreamError`` when the stream stopped for good.
    """

    def __init__(self, url: str, api_key: str, subscriptions: Iterable[Subscription | dict[str, Any]] = (), **options: Any) -> None:
        self._args = (url, api_key, list(subscriptions))
        self._options = options
        self._queue: queue.Queue[Any] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stream: AsyncLiveStream | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def stats(self) -> StreamStats:
        """The underlying stream's counters."""
        return self._stream.stats if self._stream else StreamStats()

    @property
    def last_seq(self) -> int | None:
        """The underlying stream's last_seq."""
        return self._stream.last_seq if self._stream else None

    def _thread_main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stream = AsyncLiveStream(*self._args, **self._options)
            self._ready.set()
            try:
                async for ev in self._stream:
                    self._queue.put(ev)
                self._queue.put(_CLOSED)
            except ScorelineStreamError as e:
                self._queue.put(e)

        asyncio.run(main())

    def __iter__(self) -> Iterator[StreamEvent]:
        if self._thread is None:
            self._thread = threading.Thread(target=self._thread_main, name="scoreline-live", daemon=True)
            self._thread.start()
            self._ready.wait()
        while True:
            item = self._queue.get()
            if item is _CLOSED:
                return
            if isinstance(item, ScorelineStreamError):
                raise item
            yield item

    def close(self, timeout: float = 10.0) -> None:
        """Closes the stream (close code 1000) and waits for its thread (at most ``timeout`` s)."""
        if self._loop is not None and self._stream is not None and self._thread is not None and self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self._stream.close(), self._loop).result(timeout)
            self._thread.join(timeout)

    def __enter__(self) -> LiveStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
