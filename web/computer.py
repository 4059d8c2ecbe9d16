"""The computer's workers, from the page's side: decisions searched off the main thread.

`ComputerWorker` starts web/computer-worker.mjs (its own Python, booted in the
background) and sends it requests for parts of decisions (`pygames.ai.offload`:
the seat's masked state, the bot, its seed and the part), so the answer is the
one the page would compute, and the page stays free to answer taps while the
computer thinks. `ComputerWorkers` keeps, where the device has cores (and memory) to
spare, one worker per part of a decision for each searching computer of the table
(`offload.workers_for`), and sends each part to the least busy ready worker, so the
parts, and the decisions of computers choosing at once, are searched at once. Until a
worker is ready, where a browser has no module workers, or with ``?noworker`` in the
address (tests of the page's own search use it), `answers` returns None and the
caller searches on the page in slices. The study of a finished game and a hint
(web/analysis.py) send their decisions to the same workers (`settled` waits for one).

One set of workers serves every game of the page (`the_workers`); it boots when
the new-game form or a game first seats a searching computer, when the lobby shows a
game in progress against one, or when a study starts, one worker after another, so the
lobby's first screen never waits on it, and grows when a table wants more. Booted from
the form or the lobby, a worker is usually ready by the time the game starts (a phone
boots one in seconds), so even the first decisions are searched off the page. A saved
game opened by its address has its first worker booted with the page's own Python
(web/early-pyodide.mjs; `take_early_worker`).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable

import js
from pyodide.ffi import create_proxy, to_js

from pygames.ai import offload
from pygames.bots import searches
from web import dom
from web.dom import Live

WORKER = "./web/computer-worker.mjs"
STDLIB = "./runtime/pyodide/python_stdlib_compiled.zip"
BOOT_POLL_SECONDS = 0.1  # how often `settled` looks whether a worker has booted
# How long the study waits for a worker to boot (seconds on a phone) before studying on
# the page: a worker that neither boots nor fails must not hold it up for ever.
BOOT_WAIT_SECONDS = 30.0


class ComputerWorker:
    """A Worker with its own Python that answers decision requests one at a time."""

    def __init__(self) -> None:
        self.worker: Live | None = None
        self.ready = False
        self.failed: str | None = None
        self.waiting: dict[int, asyncio.Future[str]] = {}
        self.ids = itertools.count(1)
        self._listener = create_proxy(self._on_message)
        self._error_listener = create_proxy(self._on_error)
        self.on_settled: Callable[[], None] = lambda: None  # ready or failed

    def start(self) -> None:
        """Boot the worker in the background, once; harmless if it cannot be had. The
        worker that web/early-pyodide.mjs began to boot with the page is taken over."""
        if self.worker is not None or self.failed is not None:
            return
        early = take_early_worker()
        if early is not None:
            self.take_over(early)
            return
        try:
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(WORKER, options)
        except Exception as error:  # no module workers: the page searches itself
            self.failed = str(error)[:200]
            return
        self.worker.onmessage = self._listener
        self.worker.onerror = self._error_listener
        stdlib = js.URL.new(STDLIB, js.location.href).href  # the worker's base is web/
        self.worker.postMessage(to_js({"boot": stdlib}, dict_converter=js.Object.fromEntries))

    def take_over(self, early: Live) -> None:
        """Answer for the early worker from now on, its boot ended or not."""
        self.worker = early.worker
        self.worker.onmessage = self._listener
        self.worker.onerror = self._error_listener
        if early.state == "ready":
            self.ready = True
        elif early.state == "failed":
            self.failed = str(early.reason)[:200]

    def unstarted(self) -> bool:
        return self.worker is None and self.failed is None

    def booting(self) -> bool:
        return self.worker is not None and not self.ready and self.failed is None

    def send(self, request: str) -> asyncio.Future[str]:
        """Post `request` at once (it counts in `waiting` until answered); the future
        fails with RuntimeError if the worker failed on it."""
        assert self.worker is not None and self.ready
        number = next(self.ids)
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.waiting[number] = answer
        answer.add_done_callback(lambda _: self.waiting.pop(number, None))
        message = {"id": number, "request": request}
        self.worker.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
        return answer

    def _on_error(self, event) -> None:
        """The worker broke (it could not load, or ran out of memory): it takes no more
        requests, and those it held fail, so their decisions are searched on the page."""
        self.ready = False
        self.failed = str(getattr(event, "message", "") or "the worker stopped")[:200]
        for answer in list(self.waiting.values()):
            if not answer.done():
                answer.set_exception(RuntimeError(self.failed))
        self.on_settled()

    def _on_message(self, event) -> None:
        data = event.data.to_py()
        if data.get("ready"):
            self.ready = True
            self.on_settled()
        elif "failed" in data:
            self.failed = str(data["failed"])[:200]
            self.on_settled()
        answer = self.waiting.get(data.get("id"))
        if answer is None or answer.done():
            return
        if "answer" in data:
            answer.set_result(str(data["answer"]))
        else:
            answer.set_exception(RuntimeError(str(data.get("error"))[:200]))


class ComputerWorkers:
    """Workers booted one after another, as many as the tables opened so far want;
    parts go to the least busy."""

    def __init__(self) -> None:
        self.workers: list[ComputerWorker] = []
        self.last_used = 0
        self.off = js.URLSearchParams.new(js.location.search).has("noworker")

    @property
    def ready(self) -> bool:
        return any(worker.ready for worker in self.workers)

    def start(self, computers: int) -> None:
        """Boot, in the background, the workers a table of `computers` searching computers
        wants on this device (`offload.workers_for`) that are not there yet; harmless if
        they cannot be had."""
        if self.off:
            mark("off")
            return
        wanted = offload.workers_for(device_cores(), computers, device_memory_gb())
        while len(self.workers) < wanted:
            worker = ComputerWorker()
            worker.on_settled = self._boot_next
            self.workers.append(worker)
        self._boot_next()

    def _boot_next(self) -> None:
        """Start the next worker once the last one has booted (or failed), so that two
        Pythons never boot at once beside the page; mark how many are ready."""
        while not any(worker.booting() for worker in self.workers):
            unstarted = [worker for worker in self.workers if worker.unstarted()]
            if not unstarted:
                break
            unstarted[0].start()
        ready = self.ready_count()
        if ready:
            mark("ready", ready)
        elif all(worker.failed for worker in self.workers):
            mark("failed")
        else:
            mark("booting")

    def ready_count(self) -> int:
        return sum(worker.ready for worker in self.workers)

    async def settled(self, at_most: float = BOOT_WAIT_SECONDS) -> bool:
        """Wait while a worker is booting and none is ready, for `at_most` seconds; True if
        one is ready, False if none can be (off, failed, none asked for, or still booting)."""
        waited = 0.0
        while not self.ready and waited < at_most:
            if not any(worker.booting() or worker.unstarted() for worker in self.workers):
                break
            await asyncio.sleep(BOOT_POLL_SECONDS)
            waited += BOOT_POLL_SECONDS
        return self.ready

    async def answers(self, requests: list[str]) -> list[str] | None:
        """Every request's answer, each searched by the least busy ready worker at the
        time it is sent; None if no worker is ready or one failed on its request.
        `last_used`: how many workers the last decision used."""
        ready = [worker for worker in self.workers if worker.ready]
        if not ready:
            return None
        sent, used = [], set()
        for request in requests:
            worker = min(ready, key=lambda worker: len(worker.waiting))
            sent.append(worker.send(request))
            used.add(id(worker))
        self.last_used = len(used)
        answers = await asyncio.gather(*sent, return_exceptions=True)
        failed = [answer for answer in answers if isinstance(answer, BaseException)]
        if failed:
            js.console.warn(f"The computer's worker failed on a decision: {failed[0]}")
            return None
        return [str(answer) for answer in answers]


_WORKERS: list[ComputerWorkers] = []  # made on first use: a memory snapshot holds no JS proxy


def the_workers() -> ComputerWorkers:
    """The page's computer workers (booted by `start`)."""
    if not _WORKERS:
        _WORKERS.append(ComputerWorkers())
    return _WORKERS[0]


def warm_for(seats: Iterable[str]) -> bool:
    """Boot, in the background, the workers a table of these seat kinds wants (one per
    part of each searching computer's decisions, as the device allows), before its game
    starts; False if it seats no searching computer."""
    computers = sum(searches(kind) for kind in seats)
    if computers:
        the_workers().start(computers)
    return computers > 0


def take_early_worker(mark_as: str = "taken") -> Live | None:
    """The computer's worker that web/early-pyodide.mjs started with the page (a saved game
    opened by its address), once; None if there is none (left)."""
    early = getattr(js.globalThis, "ffEarlyComputer", None)
    if early is None:
        return None
    js.Reflect.deleteProperty(js.globalThis, "ffEarlyComputer")
    dom.document.documentElement.setAttribute("data-computer-early", mark_as)
    return early


def drop_early_worker() -> None:
    """Stop the early worker if the game opened did not take it (it seats no searching
    computer, or it is a finished game or a game by links): it would hold its memory."""
    early = take_early_worker(mark_as="dropped")
    if early is not None:
        early.worker.terminate()


def device_cores() -> int:
    return int(getattr(js.navigator, "hardwareConcurrency", 1) or 1)


def device_memory_gb() -> float | None:
    """`navigator.deviceMemory` where the browser tells it (Chromium), else None."""
    memory = getattr(js.navigator, "deviceMemory", None)
    return float(memory) if isinstance(memory, int | float) else None


def mark(state: str, ready: int = 0) -> None:
    """<html data-computer-worker="booting|ready|failed|off" data-computer-workers=N>
    (N ready): for tests, which wait for it."""
    root = dom.document.documentElement
    root.setAttribute("data-computer-worker", state)
    root.setAttribute("data-computer-workers", str(ready))
