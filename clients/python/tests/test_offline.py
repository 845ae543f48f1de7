"""Pure parts: webhook verification on the Standard Webhooks test vector, backoff, Retry-After,
seq tracking, close-code decisions, and the protocol constants against the server's own source."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import scoreline
from scoreline import SeqTracker, WebhookVerificationError, backoff_delay, backoff_window, parse_retry_after, sign, verify_webhook
from scoreline.close_codes import decide_after_close, decide_after_refusal

# The test vector published in the Standard Webhooks specification (spec/standard-webhooks.md).
VECTOR = {
    "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    "id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "timestamp": 1614265330,
    "body": '{"test": 2432232314}',
    "signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
}
SERVER_WS = Path(__file__).resolve().parents[3] / "lib" / "wire" / "ws.ts"


def headers(msg_id: str, ts: int, sig: str) -> dict[str, str]:
    return {"Webhook-Id": msg_id, "Webhook-Timestamp": str(ts), "Webhook-Signature": sig}


def test_published_vector_signs_and_verifies() -> None:
    v = VECTOR
    assert sign(v["secret"], v["id"], v["timestamp"], v["body"]) == v["signature"]
    # The vector's body is not a Scoreline envelope: the signature passes, the envelope check refuses it.
    with pytest.raises(WebhookVerificationError, match="envelope"):
        verify_webhook(v["secret"], v["body"], headers(v["id"], v["timestamp"], v["signature"]), now=v["timestamp"])
    # Several signatures (key rotation): one v1 match is enough, other versions are ignored.
    multi = f"v1a,abc v1,AAAA {v['signature']}"
    with pytest.raises(WebhookVerificationError, match="envelope"):
        verify_webhook(v["secret"], v["body"], headers(v["id"], v["timestamp"], multi), now=v["timestamp"])


def test_vector_tampering_is_refused() -> None:
    v = VECTOR
    ok = headers(v["id"], v["timestamp"], v["signature"])
    cases = {
        "body": (v["body"].replace("2432232314", "2432232315"), ok),
        "id": (v["body"], headers("msg_p5jXN8AQM9LWM0D4loKWxJeK", v["timestamp"], v["signature"])),
        "timestamp": (v["body"], headers(v["id"], v["timestamp"] + 1, v["signature"])),
        "signature": (v["body"], headers(v["id"], v["timestamp"], "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE")),
        "version": (v["body"], headers(v["id"], v["timestamp"], "v2," + v["signature"][3:])),
    }
    for name, (body, h) in cases.items():
        with pytest.raises(WebhookVerificationError, match="No matching signature"):
            verify_webhook(v["secret"], body, h, now=v["timestamp"] + 1)
    with pytest.raises(WebhookVerificationError, match="too old"):
        verify_webhook(v["secret"], v["body"], ok, now=v["timestamp"] + 301)
    with pytest.raises(WebhookVerificationError, match="too new"):
        verify_webhook(v["secret"], v["body"], ok, now=v["timestamp"] - 301)
    with pytest.raises(WebhookVerificationError, match="Missing"):
        verify_webhook(v["secret"], v["body"], {"webhook-id": v["id"]}, now=v["timestamp"])
    with pytest.raises(ValueError):
        verify_webhook("whsec_", v["body"], ok, now=v["timestamp"])


def test_envelope_round_trip() -> None:
    body = '{"type":"match.goal","timestamp":"2026-11-21T15:04:05.000Z","data":{"seq":7}}'
    sig = sign(VECTOR["secret"], "msg_7", 1_700_000_000, body)
    env = verify_webhook(VECTOR["secret"], body.encode(), headers("msg_7", 1_700_000_000, sig), now=1_700_000_010)
    assert env == {"type": "match.goal", "timestamp": "2026-11-21T15:04:05.000Z", "data": {"seq": 7}}


def test_backoff_and_retry_after() -> None:
    assert [backoff_window(n) for n in (0, 1, 2, 10)] == [0.5, 1.0, 2.0, 30.0]
    assert backoff_delay(3, random=lambda: 0.5) == 2.0
    assert backoff_delay(0, random=lambda: 0.0) == 0.0
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("600") == 60.0
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:05 GMT", now=1445412480) == 5.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412490) == 0.0


def test_seq_tracker_dedupes_and_flags_out_of_order() -> None:
    t = SeqTracker()
    t.anchor(10)
    assert t.offer(9) == "duplicate"  # covered by the snapshot
    assert [t.offer(s) for s in (12, 15, 15, 12)] == ["deliver", "deliver", "duplicate", "duplicate"]
    assert t.offer(13) == "out_of_order"  # never delivered, now impossible: a gap
    t.anchor(20)  # ignored after a delivery
    assert t.last_seq == 15
    t.advance_to(18)
    assert t.last_seq == 18
    t.reset(5)
    assert (t.last_seq, t.offer(5), t.offer(6)) == (5, "duplicate", "deliver")


def test_close_code_decisions() -> None:
    d = decide_after_close(4001, "API key revoked")
    assert not d.reconnect and d.error is not None and d.error.code == "key_revoked" and d.error.close_code == 4001
    for code in (1000, 1001, 1006, 1009, 1011, 4000, 4002, 4003):
        assert decide_after_close(code).reconnect
    assert decide_after_refusal(401).error.code == "unauthorized"  # type: ignore[union-attr]
    assert decide_after_refusal(429, "3").min_delay == 3.0
    assert decide_after_refusal(429, "600").min_delay == 60.0
    assert decide_after_refusal(503).reconnect
    assert decide_after_refusal(403).error.code == "upgrade_refused"  # type: ignore[union-attr]


def test_protocol_constants_match_the_server() -> None:
    """WS_PROTOCOL, every WS_CLOSE code and the resume limit agree with lib/wire/ws.ts, the server's source."""
    src = SERVER_WS.read_text()
    assert re.search(r"WS_PROTOCOL = '([^']+)'", src).group(1) == scoreline.WS_PROTOCOL  # type: ignore[union-attr]
    block = re.search(r"export const WS_CLOSE = \{(.*?)\} as const", src, re.S).group(1)  # type: ignore[union-attr]
    server_codes = {name: int(code) for name, code in re.findall(r"^\s*(\w+): (\d+),", block, re.M)}
    assert len(server_codes) >= 7
    for name, code in server_codes.items():
        assert scoreline.WS_CLOSE[name] == code, name
    resume = re.search(r"export const ResumeMessage = .*?\.max\((\d+)\)", src, re.S).group(1)  # type: ignore[union-attr]
    assert scoreline.MAX_RESUME_SUBSCRIPTIONS == int(resume)
