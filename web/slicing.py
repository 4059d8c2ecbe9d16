"""The one way the page runs a long search without freezing: in slices between frames.

The computer's turn (web/session.py), the study of a finished game and a hint
(web/analysis.py) all advance a search a slice at a time with `run_in_slices`,
yielding to the browser between slices so the page answers every tap. A slice
advances the work one unit (one search iteration) at a time, and ends once it has
taken `SLICE_SECONDS` on this device or done `MAX_SLICE_ITERATIONS` units, so a
slow device stays responsive even when one unit costs much more than the last
(a playout that runs to the end of the game), and tests can count slices instead
of timing them. How the work is cut up never changes its result. The caller says
when the work is no longer wanted (a newer game state, the screen closed); the
driver then stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Protocol

SLICE_SECONDS = 0.02  # a slice ends once it has taken this long
# At most this much search between two yields to the browser, however fast the device:
# about 25 ms of Cloth of Gold's Hard search in Pyodide (./dev bench-ai-browser), so
# tests can count slices instead of timing them.
MAX_SLICE_ITERATIONS = 32
# Pyodide runs every callback queued at once in one browser task (as asyncio runs every
# ready callback in one pass of its loop), so the slices of searches running together
# (computers choosing their Standard Bearers at once) made one long task between them;
# they take turns instead (`own_task`). One lock per event loop.
_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


@contextlib.asynccontextmanager
async def own_task() -> AsyncIterator[None]:
    """Run the block in a browser task with no other block run this way: the next one
    begins in a later task, so the browser can answer a tap in between."""
    turns = _TURNS.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with turns:
        yield
        await asyncio.sleep(0)


class Work(Protocol):
    def advance(self, iterations: int) -> bool:
        """Do up to `iterations` units of work; True when all is done."""
        ...


@dataclass
class Sliced:
    """How a run ended and how it was cut up."""

    finished: bool  # the work is done (else it was dropped, or ran out of time)
    slices: int
    largest: int  # the most iterations in one slice
    out_of_time: bool = False


async def run_in_slices(
    work: Work,
    wanted: Callable[[], bool],
    after_slice: Callable[[], None] = lambda: None,
    seconds: float | None = None,
) -> Sliced:
    """Advance `work` slice by slice until it is done, no longer `wanted`, or `seconds`
    have passed; `after_slice` runs after each slice (e.g. to show progress)."""
    started = time.perf_counter()
    slices, largest = 0, 0
    while True:
        async with own_task():
            done, units = advance_for(work, SLICE_SECONDS, MAX_SLICE_ITERATIONS)
            slices, largest = slices + 1, max(largest, units)
            after_slice()
        if not wanted():
            return Sliced(False, slices, largest)
        if done:
            return Sliced(True, slices, largest)
        if seconds is not None and time.perf_counter() - started >= seconds:
            return Sliced(False, slices, largest, out_of_time=True)


def advance_for(work: Work, seconds: float, most: int) -> tuple[bool, int]:
    """Advance `work` a unit at a time until it is done, `seconds` have passed or `most`
    units are done: (done, units advanced)."""
    slice_start = time.perf_counter()
    units = 0
    while units < most:
        units += 1
        if work.advance(1):
            return True, units
        if time.perf_counter() - slice_start >= seconds:
            break
    return False, units
