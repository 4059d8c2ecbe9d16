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


def test_searches_running_together_take_a_pass_of_the_event_loop_each(clock):
    """Every callback ready at once runs in one pass of the loop (in the page, one
    browser task: Pyodide's loop runs them back to back), so four searches begun at once
    would share every pass. Their slices take turns: no two in one pass."""
    passes = [0]  # how many passes of the event loop have begun
    slices_in_pass: list[int] = []

    class Counted(Units):
        def advance(self, iterations: int) -> bool:
            slices_in_pass.append(passes[0])
            return super().advance(iterations)

    async def searches() -> list[slicing.Sliced]:
        loop = asyncio.get_running_loop()
        running = [True]

        def next_pass() -> None:
            passes[0] += 1
            if running[0]:
                loop.call_soon(next_pass)

        loop.call_soon(next_pass)
        works = [Counted([SLICE_SECONDS * 2] * 3, clock) for _ in range(4)]
        try:
            return await asyncio.gather(*(run_in_slices(w, lambda: True) for w in works))
        finally:
            running[0] = False

    sliced = asyncio.run(searches())
    assert [s.slices for s in sliced] == [3, 3, 3, 3]
    assert len(slices_in_pass) == 12
    assert len(set(slices_in_pass)) == 12, slices_in_pass
