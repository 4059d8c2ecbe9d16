"""The one way the page runs a long search without freezing: in slices between frames.

The computer's turn (web/session.py), the study of a finished game and a hint
(web/analysis.py) all advance a search a slice at a time with `run_in_slices`,
yielding to the browser between slices so the page answers every tap. A slice is
sized toward `SLICE_SECONDS` on this device and never exceeds
`MAX_SLICE_ITERATIONS`, so a slow device stays responsive too and tests can
count slices instead of timing them. The caller says when the work is no longer
wanted (a newer game state, the screen closed); the driver then stops at once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

SLICE_SECONDS = 0.02  # aim for slices this short on a fast device
# At most this much search between two yields to the browser, however fast the device:
# about 25 ms of Cloth of Gold's Hard search in Pyodide (./dev bench-ai-browser), so the
# page stays responsive on slow devices too, and tests can count it instead of timing it.
MAX_SLICE_ITERATIONS = 32


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
    iterations, slices, largest = 1, 0, 0
    while True:
        slice_start = time.perf_counter()
        done = work.advance(iterations)
        spent = time.perf_counter() - slice_start
        slices, largest = slices + 1, max(largest, iterations)
        after_slice()
        await asyncio.sleep(0)
        if not wanted():
            return Sliced(False, slices, largest)
        if done:
            return Sliced(True, slices, largest)
        if seconds is not None and time.perf_counter() - started >= seconds:
            return Sliced(False, slices, largest, out_of_time=True)
        iterations = next_slice(iterations, spent)


def next_slice(iterations: int, spent: float) -> int:
    """Grow or shrink the work per slice toward SLICE_SECONDS, never past the cap."""
    if spent < SLICE_SECONDS / 2:
        return min(iterations * 2, MAX_SLICE_ITERATIONS)
    if spent > SLICE_SECONDS:
        return max(1, iterations // 2)
    return iterations
