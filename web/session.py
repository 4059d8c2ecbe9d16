"""One game in play: its record and position, autosave, undo, and computer turns.

The record (seed, seat kinds, options, actions) is the source of truth: the
position is rebuilt by replaying it, so undo, resume and share links are all
"replay a record". Every change bumps `generation`; a computer decision that
finishes after a change (undo, resign, leaving) sees a stale generation and is
dropped.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from pygames.bots import BOTS, make_bot
from pygames.record import Record, RecordError
from web import storage

HUMAN = "human"
SLICE_SECONDS = 0.02  # keep every main-thread task well under 100 ms
THINK_LIMIT_SECONDS = 1.0  # the browser's time cap per computer decision
MIN_THINK_SECONDS = 0.25  # long enough to see the "thinking…" indicator and the move
FALLBACK_BOT = "random"


class Session:
    def __init__(self, record: Record, save: storage.Save):
        self.record = record
        self.state = record.replay()
        self.save = save
        self.generation = 0
        self.thinking_seat: int | None = None
        self.save_error: str | None = None
        self.on_update: Callable[[str], None] = lambda kind: None
        self.closed = False

    # ----- opening -----

    @classmethod
    def start_new(cls, game_id: str, seats: list[str], options: dict) -> Session:
        record = Record.new(game_id, new_seed(), seats, options)
        return cls._fresh(record)

    @classmethod
    def from_link(cls, fragment: str) -> Session:
        """Reopen a shared game at the linked point as a new save (RecordError if bad)."""
        return cls._fresh(Record.from_link_fragment(fragment))

    @classmethod
    def from_save(cls, save: storage.Save) -> Session:
        """Resume a save (RecordError if its record is damaged)."""
        record = Record.from_text(save.record)
        if record.game_id != save.game:
            raise RecordError("the saved record is for another game")
        return cls(record, save)

    @classmethod
    def _fresh(cls, record: Record) -> Session:
        now = storage.now_ms()
        save = storage.Save(
            id=storage.new_id(),
            game=record.game_id,
            record="",
            seats=list(record.seats),
            created=now,
            saved=now,
            moves=0,
        )
        session = cls(record, save)
        session.autosave()
        return session

    # ----- who sees what -----

    @property
    def game_id(self) -> str:
        return self.record.game_id

    def human_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.record.seats) if kind == HUMAN]

    def is_computer(self, seat: int) -> bool:
        return self.record.seats[seat] != HUMAN

    def is_pass_and_play(self) -> bool:
        return len(self.human_seats()) > 1

    def viewer(self) -> int | None:
        """The only seat whose view may be drawn now (None: the spectator's view)."""
        humans = self.human_seats()
        if len(humans) == 1:
            return humans[0]
        if not humans or self.state.is_over():
            return None
        acting = [seat for seat in self.state.to_act() if seat in humans]
        return acting[0] if acting else None

    def view(self, seat: int | None) -> dict:
        return self.state.view(seat)

    # ----- changing the game -----

    def act(self, seat: int, action: str) -> None:
        """Apply an action (IllegalAction leaves everything unchanged), then save."""
        self.state.apply(seat, action)
        self.record.actions.append((seat, action))
        self._changed("move")

    def undo_point(self, seat: int | None) -> int | None:
        if seat is None or self.state.is_over():
            return None
        return self.state.undo_point(seat)

    def undo(self, seat: int) -> bool:
        keep = self.undo_point(seat)
        if keep is None:
            return False
        self.record.actions = self.record.actions[:keep]
        self.state = self.record.replay()
        self._changed("undo")
        return True

    def link_fragment(self) -> str:
        return self.record.to_link_fragment()

    def rematch(self, options: dict) -> Session:
        record = Record.new(self.game_id, new_seed(), self.record.seats, options)
        return Session._fresh(record)

    def close(self) -> None:
        """Leaving the board: drop any pending computer decision."""
        self.closed = True
        self.generation += 1
        self.thinking_seat = None

    def _changed(self, kind: str) -> None:
        self.generation += 1
        self.thinking_seat = None
        self.autosave()
        self.on_update(kind)
        self.schedule_computer()

    def autosave(self) -> None:
        self.save.record = self.record.to_text()
        self.save.moves = len(self.record.actions)
        self.save.over = self.state.is_over()
        self.save.saved = storage.now_ms()
        try:
            storage.write(self.save)
            self.save_error = None
        except storage.StorageFull:
            self.save_error = "quota"
        except storage.StorageUnavailable:
            self.save_error = "unavailable"

    # ----- computer turns -----

    def computer_to_act(self) -> int | None:
        return next((s for s in self.state.to_act() if self.is_computer(s)), None)

    def schedule_computer(self) -> None:
        if not self.closed and self.computer_to_act() is not None:
            asyncio.ensure_future(self._computer_turn(self.generation))

    async def _computer_turn(self, generation: int) -> None:
        seat = self.computer_to_act()
        if seat is None or generation != self.generation:
            return
        self.thinking_seat = seat
        self.on_update("thinking")
        action = await self._decide(seat, generation)
        if action is not None and generation == self.generation and not self.closed:
            self.act(seat, action)

    async def _decide(self, seat: int, generation: int) -> str | None:
        """Advance the bot in short slices, yielding to the browser between them."""
        started = time.perf_counter()
        # Same seed for the same point of the same game: replays decide alike.
        seed = self.record.seed * 1009 + len(self.record.actions)
        thinking = self._bot(seat, seed).start(self.state.clone(), seat)
        iterations = 1
        while True:
            slice_start = time.perf_counter()
            done = thinking.advance(iterations)
            spent = time.perf_counter() - slice_start
            await asyncio.sleep(0)
            if generation != self.generation:
                return None
            if done or time.perf_counter() - started >= THINK_LIMIT_SECONDS:
                break
            iterations = _next_slice(iterations, spent)
        remaining = MIN_THINK_SECONDS - (time.perf_counter() - started)
        if remaining > 0:
            await asyncio.sleep(remaining)
        return thinking.best() if generation == self.generation else None

    def _bot(self, seat: int, seed: int):
        kind = self.record.seats[seat]
        return make_bot(kind if kind in BOTS else FALLBACK_BOT, seed)


def _next_slice(iterations: int, spent: float) -> int:
    """Grow or shrink the work per slice so one slice takes about SLICE_SECONDS."""
    if spent < SLICE_SECONDS / 2:
        return iterations * 2
    if spent > SLICE_SECONDS:
        return max(1, iterations // 2)
    return iterations


def new_seed() -> int:
    return random.SystemRandom().randrange(10**9)


def bot_names() -> list[str]:
    return list(BOTS)
