"""The page's search slices (web/slicing.py) end on time, one unit of work at a time, so
one costly unit ends its slice at once, and every unit is done exactly once.

Time here is a fake clock that each unit of work moves on by its cost: nothing depends
on this machine's speed."""

import asyncio
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web import slicing  # noqa: E402
from web.slicing import MAX_SLICE_ITERATIONS, SLICE_SECONDS, advance_for, run_in_slices  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Units:
    """Work whose unit number i costs costs[i] seconds on the clock."""

    def __init__(self, costs: list[float], clock: Clock) -> None:
        self.costs, self.clock, self.done = costs, clock, 0

    def advance(self, iterations: int) -> bool:
        for _ in range(iterations):
            if self.done == len(self.costs):
                break
            self.clock.now += self.costs[self.done]
            self.done += 1
        return self.done == len(self.costs)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(slicing.time, "perf_counter", fake)
    return fake


def test_a_slice_ends_once_it_has_taken_its_time(clock):
    work = Units([SLICE_SECONDS * 0.3] * 100, clock)
    assert advance_for(work, SLICE_SECONDS, MAX_SLICE_ITERATIONS) == (False, 4)
    assert work.done == 4


def test_one_costly_unit_ends_its_slice_at_once(clock):
    cheap = SLICE_SECONDS / 100
    work = Units([cheap] * 3 + [SLICE_SECONDS * 5] + [cheap] * 50, clock)
    assert advance_for(work, SLICE_SECONDS, MAX_SLICE_ITERATIONS) == (False, 4)


def test_a_slice_of_instant_units_stops_at_the_cap(clock):
    work = Units([0.0] * 100, clock)
    assert advance_for(work, SLICE_SECONDS, MAX_SLICE_ITERATIONS) == (False, MAX_SLICE_ITERATIONS)


def test_the_work_is_done_whole_in_slices(clock):
    work = Units([SLICE_SECONDS * 0.3] * 50, clock)
    sliced = asyncio.run(run_in_slices(work, lambda: True))
    assert work.done == 50
    assert (sliced.finished, sliced.slices, sliced.largest) == (True, 13, 4)


def test_work_no_longer_wanted_stops_after_its_slice(clock):
    work = Units([SLICE_SECONDS * 0.3] * 50, clock)
    sliced = asyncio.run(run_in_slices(work, lambda: False))
    assert (sliced.finished, sliced.slices, work.done) == (False, 1, 4)
