"""The Python client against a started server on real data (see conftest.py): a whole season of
results paged (sync and asyncio), a 429 honoured, typed errors, the live stream (sync and asyncio,
a dropped socket resumed), ``win_probability`` messages equal to the REST series and the /live rows' fields, webhook verification of real deliveries, and the CLI's exit codes."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from scoreline import AsyncClient, AsyncLiveStream, Client, LiveRow, LiveStream, ScorelineApiError, ScorelineNetworkError, WebhookVerificationError, sign, verify_webhook

from conftest import PKG_PATH, Live


def test_pages_a_whole_season_of_results(live: Live) -> None:
    league, season, count = live.season
    with Client(live.url, live.key) as api:
        results = list(api.paginate("/v1/football/results", {"league": league, "season": season, "limit": 37}))
    ids = [r["fixture_id"] for r in results]
    assert len(ids) == count == len(set(ids))
    kickoffs = [r["kickoff"] for r in results]
    assert kickoffs == sorted(kickoffs, reverse=True)  # the documented order: newest first

    async def pages() -> list[int]:
        async with AsyncClient(live.url, live.key) as api:
            return [r["fixture_id"] async for r in api.paginate("/v1/football/results", {"league": league, "season": season, "limit": 200})]

    assert asyncio.run(pages()) == ids


def test_a_429_is_honoured_after_retry_after(live: Live) -> None:
    """The free key allows 3 requests a minute (PLAN_LIMITS): the client waits Retry-After, then succeeds."""
    burnt: list[int] = []
    retry_after = 0
    with httpx.Client(headers={"authorization": f"Bearer {live.free_key}"}) as raw:
        while len(burnt) < 10:
            r = raw.get(f"{live.url}/v1/football/live")
            burnt.append(r.status_code)
            if r.status_code == 429:
                retry_after = int(r.headers["retry-after"])
                assert r.headers["content-type"].startswith("application/problem+json")
                break
    assert burnt[-1] == 429 and retry_after >= 1, burnt
    retries: list[tuple[int, int | None, float]] = []
    started = time.monotonic()
    with Client(live.url, live.free_key, max_retries=3, on_retry=lambda a, s, d: retries.append((a, s, d))) as api:
        body = api.get("/v1/football/live")
    waited = time.monotonic() - started
    assert isinstance(body["data"], list)
    assert retries and retries[0][1] == 429 and retries[0][2] >= retry_after - 1
    assert waited >= retry_after - 1
    print(f"429 honoured: Retry-After {retry_after} s, waited {waited:.1f} s, {len(retries)} retr{'y' if len(retries) == 1 else 'ies'}")


def test_problem_errors_and_network_errors(live: Live) -> None:
    with Client(live.url, live.key) as api, pytest.raises(ScorelineApiError) as e:
        api.get("/v1/football/matches/999999999")
    assert e.value.status == 404 and e.value.code == "fixture_not_found" and e.value.request_id
    assert e.value.title == "Not Found" and e.value.instance == "/v1/football/matches/999999999"
    with Client(live.url, "not_a_real_key_0123456789") as api, pytest.raises(ScorelineApiError) as e:
        api.get("/v1/football/live")
    assert e.value.status == 401 and e.value.code == "unauthorized"
    with Client(live.url, live.key) as api, pytest.raises(ScorelineApiError) as e:
        api.get("/v1/football/results", {"limit": 0})
    assert e.value.status == 400 and e.value.code == "invalid_parameter"
    started = time.monotonic()
    with Client("http://127.0.0.1:9", live.key, max_retries=2, backoff_initial=0.05) as api, pytest.raises(ScorelineNetworkError):
        api.get("/v1/football/live")
    assert time.monotonic() - started < 5


def test_sync_live_stream_snapshot_then_updates(live: Live) -> None:
    seen: list[int] = []
    kinds: list[str] = []
    with LiveStream(live.ws_url, live.key, [{"channel": "football.live"}]) as stream:
        for ev in stream:
            kinds.append(ev.kind)
            if ev.kind == "update":
                seen.append(ev.seq or 0)
                if len(seen) == 3:
                    break
    assert kinds[:2] == ["state", "state"] and "snapshot" in kinds
    assert seen == sorted(set(seen))


def test_async_stream_resumes_after_a_dropped_socket(live: Live) -> None:
    async def run() -> tuple[list[int], list[bool], Any]:
        stream = AsyncLiveStream(live.ws_url, live.key, [{"channel": "football.live"}], backoff_initial=0.1, backoff_max=1)
        seqs: list[int] = []
        replayed: list[bool] = []
        dropped = False
        async for ev in stream:
            if ev.kind == "update":
                seqs.append(ev.seq or 0)
                replayed.append(bool(ev.data.get("replayed")))
                if len(seqs) == 3 and not dropped:
                    dropped = True
                    last = stream.last_seq or 0
                    stream.url = "ws://127.0.0.1:9/v1/ws"  # reconnect attempts fail for a while…
                    stream._conn.ws.transport.abort()  # …after the network drops: no close frame
                    async with httpx.AsyncClient(headers={"authorization": f"Bearer {live.key}"}) as raw:
                        for _ in range(60):  # stay away until a football event was stored meanwhile
                            await asyncio.sleep(1)
                            body = (await raw.get(f"{live.url}/v1/football/live")).json()
                            if any(m["seq"] > last for m in body["data"]):
                                break
                    stream.url = live.ws_url
                if stream.stats.resumed and len(seqs) >= 8:
                    break
            assert ev.kind not in ("gap", "resync"), ev
        await stream.close()
        return seqs, replayed, stream.stats

    seqs, replayed, stats = asyncio.run(asyncio.wait_for(run(), 120))
    assert seqs == sorted(set(seqs))  # in order, nothing twice
    assert stats.reconnects == 1 and stats.resumed == 1 and stats.replayed >= 1 and stats.gaps == 0 and stats.resyncs == 0
    assert any(replayed)


def test_win_probability_messages_reach_the_stream_as_the_rest_series_and_live_rows_say(live: Live) -> None:
    got: list[dict[str, Any]] = []
    with LiveStream(live.ws_url, live.key, [{"channel": "football.win-probability"}]) as stream:
        for ev in stream:
            assert ev.kind not in ("gap", "resync", "server_error"), ev
            if ev.kind == "win_probability":
                got.append(ev.data)
                break
    msg = got[0]
    assert msg["type"] == "win_probability" and msg["channel"] == "football.win-probability"
    assert msg["started_from"] == "rating" and msg["bookmaker"] == "scoreline-model"
    point = msg["point"]
    assert abs(point["home"] + (point["draw"] or 0) + point["away"] - 1) < 1e-9
    with Client(live.url, live.key) as client:
        series = client.get(f"/v1/football/matches/{msg['fixture_id']}/win-probability")
        same = [p for p in series["points"] if (p["event"] or {}).get("event_id") == point["event"]["event_id"]]
        assert same == [point]  # the message's point is the REST series' point of that event
        rows: list[LiveRow] = client.get("/v1/football/live")["data"]
    row = next((r for r in rows if r["fixture_id"] == msg["fixture_id"]), None)
    if row is not None:  # still in play: the row carries both probabilities
        assert row["win_probability"] == {k: series["prematch"][k] for k in ("home", "draw", "away")}
        assert row["win_probability_in_play"] is not None and row["win_probability_in_play"]["started_from"] == "rating"


class _Receiver(BaseHTTPRequestHandler):
    got: list[tuple[dict[str, str], bytes]] = []

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        _Receiver.got.append(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_webhook_verification_on_real_deliveries(live: Live) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hooks"
    auth = {"authorization": f"Bearer {live.key}"}
    created = httpx.post(f"{live.url}/v1/webhooks", headers=auth, json={"url": url, "events": ["match.*", "webhook.test"], "sports": ["football"]})
    assert created.status_code == 201, created.text
    endpoint = created.json()
    try:
        assert httpx.post(f"{live.url}/v1/webhooks/{endpoint['id']}/test", headers=auth).status_code == 202
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (any(b'"webhook.test"' in b for _, b in _Receiver.got) and sum(b'"match.' in b for _, b in _Receiver.got) >= 3):
            time.sleep(0.2)
        got = list(_Receiver.got)
        secret = endpoint["secret"]
        types = [verify_webhook(secret, body, h)["type"] for h, body in got]  # every real delivery verifies
        assert "webhook.test" in types and sum(t.startswith("match.") for t in types) >= 3, types
        h, body = next((h, b) for h, b in got if b'"match.' in b)
        env = verify_webhook(secret, body, h)
        assert env["data"]["sport"] == "football" and env["data"]["seq"] == int(h["webhook-id"].removeprefix("msg_"))
        ts = int(h["webhook-timestamp"])
        tampered = {
            "body": (body.replace(b'"sport":"football"', b'"sport":"footbal1"'), h),
            "id": (body, {**h, "webhook-id": h["webhook-id"] + "0"}),
            "timestamp": (body, {**h, "webhook-timestamp": str(ts + 1)}),
            "secret": (body, {**h, "webhook-signature": sign("whsec_" + "A" * 32, h["webhook-id"], ts, body)}),
        }
        for name, (b, hh) in tampered.items():
            assert b != body or hh != h, name
            with pytest.raises(WebhookVerificationError, match="No matching signature"):
                verify_webhook(secret, b, hh)
        old = ts - 600  # correctly signed, but 10 minutes old: a replay
        with pytest.raises(WebhookVerificationError, match="too old"):
            verify_webhook(secret, body, {**h, "webhook-timestamp": str(old), "webhook-signature": sign(secret, h["webhook-id"], old, body)})
        with pytest.raises(WebhookVerificationError, match="too old"):
            verify_webhook(secret, body, h, now=ts + 301)
        print(f"webhooks: {len(got)} real deliveries verified ({', '.join(sorted(set(types)))})")
    finally:
        httpx.delete(f"{live.url}/v1/webhooks/{endpoint['id']}", headers=auth)
        server.shutdown()


def test_cli_prints_live_scores_and_refuses_a_bad_key(live: Live) -> None:
    env = {**os.environ, "SCORELINE_URL": live.url, "SCORELINE_API_KEY": live.key, "PYTHONPATH": PKG_PATH}
    p = subprocess.Popen([sys.executable, "-m", "scoreline", "live", "football"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = p.stdout.readline()  # type: ignore[union-attr]
        assert " - " not in first and "'" in first and "-" in first, first  # e.g. "World Cup  Argentina 1-0 France  23' 1st_half in_play"
    finally:
        p.terminate()
        p.wait(10)
    bad = subprocess.run([sys.executable, "-m", "scoreline", "live", "football"], env={**env, "SCORELINE_API_KEY": "not_a_real_key_0123456789"}, capture_output=True, text=True, timeout=30)
    assert bad.returncode == 1 and "401" in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "scoreline", "live", "football"], env={k: v for k, v in env.items() if k != "SCORELINE_API_KEY"}, capture_output=True, text=True, timeout=30)
    assert usage.returncode == 2 and json.dumps("SCORELINE_API_KEY")[1:-1] in usage.stderr
