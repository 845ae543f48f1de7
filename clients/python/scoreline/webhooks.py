"""Webhook verification per Standard Webhooks (https://www.standardwebhooks.com), as the server signs (docs/webhooks.md).

Headers ``webhook-id``, ``webhook-timestamp`` (unix seconds) and ``webhook-signature``
(space-separated ``v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">``); the secret is
``whsec_<base64 key>``.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from .errors import WebhookVerificationError
from .protocol import WebhookEnvelope

#: Largest allowed distance between ``webhook-timestamp`` and now, in seconds (the spec's 5 minutes).
TOLERANCE_S = 300


def _key(secret: str) -> bytes:
    raw = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
    if not raw:
        raise ValueError("webhook secret is empty")
    try:
        return base64.b64decode(raw, validate=True)
    except binascii.Error as e:
        raise ValueError("webhook secret is not base64 (whsec_…)") from e


def sign(secret: str, msg_id: str, timestamp: int, body: str | bytes) -> str:
    """The ``webhook-signature`` value (``v1,<base64>``) of ``body`` for ``msg_id`` at ``timestamp`` (unix s)."""
    payload = body.encode() if isinstance(body, str) else body
    mac = hmac.new(_key(secret), f"{msg_id}.{timestamp}.".encode() + payload, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def verify_webhook(secret: str, body: str | bytes, headers: Mapping[str, str], *, now: float | None = None, tolerance: int = TOLERANCE_S) -> WebhookEnvelope:
    """Verifies a webhook request and returns its parsed envelope ``{type, timestamp, data}``.

    ``body`` must be the raw request body exactly as received; ``headers`` any mapping (names are
    case-insensitive); ``now`` unix seconds (default: the clock). Errors: ``WebhookVerificationError``
    on missing headers, a timestamp more than ``tolerance`` s (300) from now, no matching ``v1``
    signature, or a body that is not a ``{type, timestamp, data}`` JSON object; ``ValueError`` on a
    malformed secret.
    """
    flat = {k.lower(): v for k, v in headers.items()}
    msg_id, ts, sigs = flat.get("webhook-id"), flat.get("webhook-timestamp"), flat.get("webhook-signature")
    if not msg_id or not ts or not sigs:
        raise WebhookVerificationError("Missing required headers")
    try:
        timestamp = int(ts)
    except ValueError:
        raise WebhookVerificationError("Invalid Signature Headers") from None
    current = time.time() if now is None else now
    if timestamp < current - tolerance:
        raise WebhookVerificationError("Message timestamp too old")
    if timestamp > current + tolerance:
        raise WebhookVerificationError("Message timestamp too new")
    expected = sign(secret, msg_id, timestamp, body).split(",", 1)[1]
    for candidate in sigs.split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value.encode(), expected.encode()):
            break
    else:
        raise WebhookVerificationError("No matching signature found")
    try:
        env: Any = json.loads(body)
    except ValueError:
        raise WebhookVerificationError("Signed payload is not JSON") from None
    if not isinstance(env, dict) or not isinstance(env.get("type"), str) or not isinstance(env.get("timestamp"), str) or "data" not in env:
        raise WebhookVerificationError("Signed payload is not a {type, timestamp, data} envelope")
    return {"type": env["type"], "timestamp": env["timestamp"], "data": env["data"]}
