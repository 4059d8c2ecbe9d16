"""The computer's worker, from the page's side: decisions searched off the main thread.

`ComputerWorker` starts web/computer-worker.mjs (its own Python, booted in the
background) and sends it decision requests (`pygames.ai.offload`: the seat's
masked state, the bot and its seed), so the answer is the one the page would
compute, and the page stays free to answer taps while the computer thinks.
Until the worker is ready, where a browser has no module workers, or with
``?noworker`` in the address (tests of the page's own search use it), `decide`
returns None and the caller searches on the page in slices.

One worker serves every game of the page (`the_worker`); it boots when the first
game with a computer seat opens, so the lobby's first screen never waits on it.
"""

from __future__ import annotations

import asyncio
import itertools

import js
from pyodide.ffi import create_proxy, to_js

from web import dom
from web.dom import Element

WORKER = "./web/computer-worker.mjs"
STDLIB = "./runtime/pyodide/python_stdlib_compiled.zip"


class ComputerWorker:
    """A Worker with its own Python that answers decision requests one at a time."""

    def __init__(self) -> None:
        self.worker: Element | None = None
        self.ready = False
        self.failed: str | None = None
        self.waiting: dict[int, asyncio.Future[str]] = {}
        self.ids = itertools.count(1)
        self._listener = create_proxy(self._on_message)

    def start(self) -> None:
        """Boot the worker in the background, once; harmless if it cannot be had."""
        if self.worker is not None or self.failed is not None:
            return
        if js.URLSearchParams.new(js.location.search).has("noworker"):
            self.failed = "switched off by ?noworker"
            mark("off")
            return
        try:
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(WORKER, options)
        except Exception as error:  # no module workers: the page searches itself
            self.failed = str(error)[:200]
            return
        self.worker.onmessage = self._listener
        stdlib = js.URL.new(STDLIB, js.location.href).href  # the worker's base is web/
        self.worker.postMessage(to_js({"boot": stdlib}, dict_converter=js.Object.fromEntries))
        mark("booting")

    async def decide(self, request: str) -> str | None:
        """The worker's answer, or None if it is not ready (or failed on this request)."""
        if not self.ready or self.worker is None:
            return None
        number = next(self.ids)
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.waiting[number] = answer
        message = {"id": number, "request": request}
        self.worker.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
        try:
            return await answer
        except RuntimeError as error:
            js.console.warn(f"The computer's worker failed on a decision: {error}")
            return None
        finally:
            self.waiting.pop(number, None)

    def _on_message(self, event) -> None:
        data = event.data.to_py()
        if data.get("ready"):
            self.ready = True
            mark("ready")
        elif "failed" in data:
            self.failed = str(data["failed"])[:200]
            mark("failed")
        answer = self.waiting.get(data.get("id"))
        if answer is None or answer.done():
            return
        if "action" in data:
            answer.set_result(str(data["action"]))
        else:
            answer.set_exception(RuntimeError(str(data.get("error"))[:200]))


_WORKER: list[ComputerWorker] = []  # made on first use: a memory snapshot holds no JS proxy


def the_worker() -> ComputerWorker:
    """The page's one computer worker (booted by its `start`)."""
    if not _WORKER:
        _WORKER.append(ComputerWorker())
    return _WORKER[0]


def mark(state: str) -> None:
    """<html data-computer-worker="booting|ready|failed|off">: for tests, which wait for it."""
    dom.document.documentElement.setAttribute("data-computer-worker", state)
