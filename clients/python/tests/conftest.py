"""Shared fixtures. Live tests need a started server: test/integration/client-python.test.ts starts one
and sets SCORELINE_URL, SCORELINE_API_KEY (enterprise key), SCORELINE_FREE_KEY (a free-plan key
under a small PLAN_LIMITS), SCORELINE_SEASON (``league/season/count`` of a whole season of results,
counted from the bundled CSV). Without them the live tests are skipped (the vitest file fails on
any skip)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# Test the installed package when SCORELINE_PYTHONPATH points at it (the wheel the server serves), else the source tree.
PKG_PATH = os.environ.get("SCORELINE_PYTHONPATH") or str(Path(__file__).resolve().parents[1])
sys.path.insert(0, PKG_PATH)


class Live:
    """The started server's address and keys."""

    def __init__(self) -> None:
        self.url = os.environ["SCORELINE_URL"]
        self.key = os.environ["SCORELINE_API_KEY"]
        self.free_key = os.environ["SCORELINE_FREE_KEY"]
        league, season, count = os.environ["SCORELINE_SEASON"].split("/")
        self.season = (league, season, int(count))

    @property
    def ws_url(self) -> str:
        return "ws://" + self.url.removeprefix("http://") + "/v1/ws"


@pytest.fixture(scope="session")
def live() -> Live:
    if not os.environ.get("SCORELINE_URL"):
        pytest.skip("needs a started server: run test/integration/client-python.test.ts")
    return Live()
