"""``python -m scoreline live <sport> [--league SLUG] [--json]``: prints live scores as they change.

Reads ``SCORELINE_URL`` (default ``http://127.0.0.1:3000``; ``ws://…/v1/ws`` is derived from it)
and ``SCORELINE_API_KEY`` from the environment. ``--json`` prints one JSON object per stream event
(for scripts). Exit status: 0 on Ctrl-C, 2 on bad usage, 1 when the key is refused.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from .errors import ScorelineStreamError
from .stream import AsyncLiveStream, StreamEvent


def ws_url(base: str) -> str:
    """The ``/v1/ws`` URL of a server origin (``http`` → ``ws``, ``https`` → ``wss``)."""
    base = base.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://"):] + "/v1/ws"
    if base.startswith("http://"):
        return "ws://" + base[len("http://"):] + "/v1/ws"
    return base


def describe(match: dict[str, Any]) -> str:
    """One line of a live match: ``World Cup  Argentina 2-1 France  67' 2nd_half in_play``."""
    score = match.get("score") or {}
    line = f"{match.get('league')}  {match.get('home_team')} {score.get('home')}-{score.get('away')} {match.get('away_team')}  {match.get('minute')}' {match.get('period')} {match.get('status')}"
    last = match.get("last_event")
    if last:
        line += f"  [{last.get('type')} {last.get('player') or ''} {last.get('minute')}']"
    return line


def _json_line(ev: StreamEvent) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": ev.kind, "seq": ev.seq}
    if ev.kind == "update":
        out.update(fixture_id=ev.data["data"]["fixture_id"], event_id=ev.data.get("event_id"), replayed=bool(ev.data.get("replayed")))
    elif ev.kind == "snapshot":
        out.update(fixtures=[m["fixture_id"] for m in ev.data["matches"]])
    elif ev.kind == "resync":
        out.update(reason=ev.data["reason"], fixtures=[m["fixture_id"] for s in ev.data["snapshots"] for m in s["matches"]])
    elif ev.kind in ("state", "gap"):
        out.update(ev.data)
    elif ev.kind == "resumed":
        out.update(last_seq=ev.data.get("last_seq"), replayed=ev.data.get("replayed"))
    return out


async def live(url: str, key: str, sport: str, league: str | None, as_json: bool) -> int:
    """Streams ``<sport>.live`` until interrupted, printing each change; returns the exit status."""
    sub: dict[str, Any] = {"channel": f"{sport}.live"}
    if league:
        sub["league"] = league
    stream = AsyncLiveStream(ws_url(url), key, [sub], backoff_initial=0.2, backoff_max=5.0)
    try:
        async for ev in stream:
            if as_json:
                print(json.dumps({**_json_line(ev), "stats": vars(stream.stats)} if ev.kind in ("resumed", "resync", "gap") else _json_line(ev)), flush=True)
            elif ev.kind == "snapshot":
                for m in ev.data["matches"]:
                    print(describe(m), flush=True)
            elif ev.kind == "update":
                print(describe(ev.data["data"]), flush=True)
            elif ev.kind == "resync":
                for s in ev.data["snapshots"]:
                    for m in s["matches"]:
                        print(describe(m), flush=True)
            elif ev.kind == "gap":
                print(f"# gap: {ev.data['detail']}", file=sys.stderr, flush=True)
            elif ev.kind == "state":
                print(f"# {ev.data['state']}", file=sys.stderr, flush=True)
    except ScorelineStreamError as e:
        print(f"scoreline: {e}", file=sys.stderr)
        return 1
    finally:
        await stream.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m scoreline`` / the ``scoreline`` script."""
    p = argparse.ArgumentParser(prog="python -m scoreline", description="Scoreline live scores (env: SCORELINE_URL, SCORELINE_API_KEY)")
    sub = p.add_subparsers(dest="command", required=True)
    lv = sub.add_parser("live", help="print live scores of a sport as they change")
    lv.add_argument("sport", help="sport slug, e.g. football")
    lv.add_argument("--league", help="league slug, e.g. world-cup")
    lv.add_argument("--json", action="store_true", help="one JSON object per stream event")
    args = p.parse_args(argv)
    key = os.environ.get("SCORELINE_API_KEY")
    if not key:
        print("scoreline: set SCORELINE_API_KEY", file=sys.stderr)
        return 2
    url = os.environ.get("SCORELINE_URL", "http://127.0.0.1:3000")
    try:
        return asyncio.run(live(url, key, args.sport, args.league, args.json))
    except KeyboardInterrupt:
        return 0
