"""Sequence tracking of a live stream (docs/websocket.md): ``seq`` is the global feed sequence, so a
subscription sees an increasing but not contiguous series. Pure state, no I/O.

``last_seq`` is the highest seq delivered (or the seq a snapshot / resume / resync was as of): a
resume asks for everything after it. An ``update``/``odds`` with seq <= last_seq is never delivered:
a ``duplicate`` when it was delivered before or is covered by a snapshot, else ``out_of_order``
(never delivered and it cannot be any more: a continuity gap).
"""
from __future__ import annotations

from collections import deque
from typing import Literal

Verdict = Literal["deliver", "duplicate", "out_of_order"]

#: How many delivered seqs are remembered to tell duplicates from out-of-order messages.
RECENT_SEQS = 65_536


class SeqTracker:
    """last_seq tracking and dedupe of ``update``/``odds`` messages (see the module docstring)."""

    def __init__(self) -> None:
        self.last_seq: int | None = None
        self.delivered = False
        self._floor = -1
        self._recent: set[int] = set()
        self._ring: deque[int] = deque()

    def anchor(self, seq: int) -> None:
        """A snapshot point (``welcome`` / ``subscribed`` seq): followed until the first delivery, ignored after."""
        if self.delivered:
            return
        self.last_seq = seq if self.last_seq is None else max(self.last_seq, seq)
        self._floor = max(self._floor, seq)

    def advance_to(self, seq: int) -> None:
        """A resume's end (``resumed.seq``): last_seq = max(last_seq, seq)."""
        self.last_seq = seq if self.last_seq is None else max(self.last_seq, seq)

    def reset(self, seq: int) -> None:
        """A resync: state restarts from snapshots as of ``seq`` (possibly lower than before)."""
        self.last_seq = seq
        self._floor = seq
        self.delivered = True
        self._recent.clear()
        self._ring.clear()

    def offer(self, seq: int) -> Verdict:
        """Judges an incoming seq; records it as last_seq when it is to be delivered."""
        if self.last_seq is None or seq > self.last_seq:
            self.last_seq = seq
            self.delivered = True
            self._recent.add(seq)
            self._ring.append(seq)
            if len(self._ring) > RECENT_SEQS:
                self._recent.discard(self._ring.popleft())
            return "deliver"
        if seq <= self._floor or seq in self._recent:
            return "duplicate"
        if len(self._ring) >= RECENT_SEQS and seq < self._ring[0]:
            return "duplicate"  # older than anything remembered: delivered long ago
        return "out_of_order"
