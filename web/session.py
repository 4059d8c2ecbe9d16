"""One game in play: its record and position, autosave, undo, and computer turns.

The record (seat kinds, options, and every move, chance outcomes included) is the
source of truth: the position is rebuilt by replaying it, so undo, resume and
share links are all "replay a record". Every change bumps `generation`; a
computer decision that finishes after a change (undo, resign, leaving) sees a
stale generation and is dropped.

A shared position (a record with a `viewer`) opens read-only: it is drawn from
the viewer's seat, offers no actions and is never saved; `play_on` starts a new
saved game from it.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable

import js

from pygames.ai import offload
from pygames.ai.ismcts import decision_began
from pygames.bots import BOTS, Played, Thinking, decision_seed, make_bot, searches
from pygames.core import CHANCE, IllegalAction, State
from pygames.record import Record, RecordError
from pygames.views import View
from web import dom, storage
from web.computer import the_workers
from web.seats import seat_line, seat_names
from web.slicing import own_task, run_in_slices

HUMAN = "human"
HOLD_ATTRIBUTE = "data-hold-computer"  # tests set it on <html> to hold the computer's answer
# The computer searches its level's whole budget of iterations, the same on every
# machine; this only stops a search that a very slow device could not finish.
SAFETY_SECONDS = 30.0
MIN_THINK_SECONDS = 0.25  # long enough to see the "thinking…" indicator and the move
FALLBACK_BOT = "random"
PLAY_ON_OPPONENT = "normal"


class Session:
    by_links = False  # a game with friends on other devices (web/remote/session.py)
    record_checked = True  # `__init__` replayed, so checked, every move of the record

    def __init__(self, record: Record, save: storage.Save):
        self.record = record
        self.played = Played(record.replay(), self.replayed)
        self.save = save
        if save.bot_seed is None:  # a save from before bot seeds were kept
            save.bot_seed = new_bot_seed()
        self.bot_seed: int = save.bot_seed
        self.generation = 0
        # The computers choosing now: each seat's decision number (`decisions`).
        self.thinking: dict[int, int] = {}
        self.decisions = itertools.count(1)
        # Each computer's last decision searched on this page, with the history it was
        # made at, for the decision that goes on from it (`searched_from`).
        self.kept: dict[int, tuple[list[tuple[int, str]], Thinking]] = {}
        self.save_error: str | None = None
        self.on_update: Callable[[str], None] = lambda kind: None
        self.closed = False

    # ----- opening -----

    @classmethod
    def start_new(cls, game_id: str, seats: list[str], options: dict) -> Session:
        return cls._fresh(Record.dealt(game_id, seats, options))

    @classmethod
    def from_record(cls, record: Record) -> Session:
        """A full record as a new save; a shared position read-only, never saved."""
        if record.viewer is not None:
            return cls(record, unsaved(record))
        return cls._fresh(record)

    @classmethod
    def from_save(cls, save: storage.Save) -> Session:
        """Resume a save (RecordError if its record is damaged or from a newer app)."""
        record = Record.from_text(save.record)
        if record.game_id != save.game:
            raise RecordError("record_other_game")
        if record.viewer is not None:
            raise RecordError("record_save_shared")
        return cls(record, save)

    @classmethod
    def _fresh(cls, record: Record) -> Session:
        session = cls(record, unsaved(record))
        session.autosave()
        return session

    def play_on(self) -> Session:
        """A new saved game from this shared position, the viewer against the computer."""
        rng = random.Random(random.SystemRandom().getrandbits(64))
        return Session._fresh(self.record.played_on(rng, PLAY_ON_OPPONENT))

    # ----- who sees what -----

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def read_only(self) -> bool:
        """A shared position: looked at from its viewer's seat, never played or saved."""
        return self.record.viewer is not None

    def human_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.record.seats) if kind == HUMAN]

    def seat_names(self) -> list[str]:
        """The seats' names for the log and the status line."""
        return seat_names(self.record.seats, shared=self.read_only)

    def seat_line(self) -> str:
        """Who plays, for the bar over the board."""
        return seat_line(self.record.seats, self.read_only)

    def is_computer(self, seat: int) -> bool:
        return self.record.seats[seat] != HUMAN

    def computer_moved_last(self) -> bool:
        """The last move was a computer's (a game with no computer seat asks nothing of its
        state: a game by links has none before its deal)."""
        if len(self.human_seats()) == len(self.record.seats):
            return False
        mover = self.last_mover()
        return mover is not None and self.is_computer(mover)

    def is_pass_and_play(self) -> bool:
        return not self.read_only and len(self.human_seats()) > 1

    def viewer(self) -> int | None:
        """The only seat whose view may be drawn now (None: the spectator's view)."""
        if self.read_only:
            return self.record.viewer
        humans = self.human_seats()
        if len(humans) == 1:
            return humans[0]
        if not humans or self.state.is_over():
            return None
        acting = [seat for seat in self.state.to_act() if seat in humans]
        return acting[0] if acting else None

    def view(self, seat: int | None) -> View:
        view = self.state.view(seat)
        if self.read_only:
            view["actions"] = []
            view["choices"] = None
        return view

    def moves_played(self) -> int:
        """The seats' moves so far (chance outcomes, such as the deal, not counted)."""
        return sum(1 for seat, _ in self.state.history if seat != CHANCE)

    def last_mover(self, humans_only: bool = False) -> int | None:
        """The seat that made the last move (chance outcomes are nobody's move), or the
        last that a person made."""
        return next(
            (
                seat
                for seat, _ in reversed(self.state.history)
                if seat != CHANCE and not (humans_only and self.is_computer(seat))
            ),
            None,
        )

    # ----- changing the game -----

    def act(self, seat: int, action: str) -> None:
        """Apply an action (IllegalAction leaves everything unchanged), then save."""
        if self.read_only:
            raise IllegalAction("shared_position_only_to_look")
        self.played.apply(seat, action)
        self.record.actions = list(self.state.history)
        self._changed("move")

    def undo_point(self, seat: int | None) -> int | None:
        if seat is None or self.read_only or self.state.is_over():
            return None
        computers = [other for other in range(self.state.num_seats) if self.is_computer(other)]
        return self.state.undo_point(seat, replayable=computers)

    def undo(self, seat: int) -> bool:
        keep = self.undo_point(seat)
        if keep is None:
            return False
        self.record.actions = list(self.state.history[:keep])
        self.played = Played(self.record.replay(), self.replayed)
        self._changed("undo")
        return True

    def link_fragment(self) -> str:
        """The whole game: every move and every hidden card (for the player's own devices)."""
        return self.record.to_link_fragment()

    def position_fragment(self, seat: int) -> str:
        """Only what `seat` knows now, and what it saw before: a read-only position to show
        someone, whose past replays as the sharer saw it."""
        shared = Record.shared_position(self.record, self.state, seat, with_past=True)
        return shared.to_link_fragment()

    def note_hint(self, seat: int) -> None:
        """The seat asked the computer for a hint: the record says so, for everyone."""
        if seat not in self.record.hints:
            self.record.hints = sorted([*self.record.hints, seat])
            self.autosave()

    def rematch(self, options: dict) -> Session:
        return Session._fresh(Record.dealt(self.game_id, self.record.seats, options))

    def close(self) -> None:
        """Leaving the board: drop any pending computer decision, and tell no screen of
        what changes next (a game by links takes a link while the lobby shows)."""
        self.closed = True
        self.generation += 1
        self.thinking.clear()
        self.on_update = lambda kind: None

    def _changed(self, kind: str) -> None:
        if not (kind == "move" and self.thinking_goes_on()):
            self.generation += 1
            self.thinking.clear()
        self.autosave()
        self.on_update(kind)
        self.schedule_computer()

    def thinking_goes_on(self) -> bool:
        """After a move: the computers that were choosing at the same time as the seat that
        moved, and cannot see that move (secret simultaneous choices), go on thinking,
        since nothing they know has changed (their decisions are searched from where they
        began, `searched_from`); they would otherwise start again (a person choosing their
        Standard Bearer while the computers think). Anything one may see starts them all
        again."""
        if not self.thinking:
            return False
        history, to_act = self.state.history, self.state.to_act()
        return all(
            seat in to_act and decision_began(history, seat, self.played.state_at) < len(history)
            for seat in self.thinking
        )

    @property
    def state(self) -> State:
        return self.played.state

    def replayed(self, length: int) -> State:
        """The game when its history was `length` long, replayed from the record."""
        return self.record.replay(upto=length)

    def search_start(self, seat: int) -> tuple[list[tuple[State, int]], State, int]:
        """Where the decision now due of `seat` is searched from (`searched_from`): the
        decisions it goes on from, oldest first (the state at each and its seed), the
        state where it began and its seed."""
        row, began = self.played.search_start(seat)
        state_at = self.played.state_at
        run = [(state_at(k), decision_seed(self.bot_seed, k, seat)) for k in row]
        return run, state_at(began), decision_seed(self.bot_seed, began, seat)

    def autosave(self) -> None:
        if self.read_only or self.closed:
            return  # a game left writes nothing: its save may be newer (another tab's)
        self.save.record = self.record.to_text()
        self.save.moves = self.moves_played()
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

    def computers_to_act(self) -> list[int]:
        if self.read_only:
            return []
        return [seat for seat in self.state.to_act() if self.is_computer(seat)]

    def schedule_computer(self) -> None:
        """Start the decision of each computer to act that is not choosing yet. Several
        computers that choose at once do so at once when the workers search (each in its
        own workers while there are enough); the page searches one after another."""
        workers = the_workers()
        computers = self.searching_computers()
        if computers:
            workers.start(computers)
        if self.closed:
            return
        for seat in self.computers_to_act():
            if self.thinking and not workers.ready:
                return  # the page's search goes on (`thinking_goes_on`); the next follows it
            if seat not in self.thinking:
                number = self.thinking[seat] = next(self.decisions)
                asyncio.ensure_future(self._computer_turn(seat, number, self.generation))
                note_most_thinking(len(self.thinking))

    async def _computer_turn(self, seat: int, number: int, generation: int) -> None:
        try:
            async with own_task():  # not in the task of a move's redraw; set up in a later one
                if self.still_due(seat, generation):
                    self.on_update("thinking")
            if not self.still_due(seat, generation):
                return
            action = await self._decide(seat, generation)
            if action is not None and generation == self.generation and not self.closed:
                self.thinking.pop(seat, None)  # before the move: others may go on
                self.act(seat, action)
        except IllegalAction:  # the game moved on under a decision that went on
            self._changed("thinking")
        finally:
            if self.thinking.get(seat) == number:
                del self.thinking[seat]  # it ended without a move
            decision_ended()

    def still_due(self, seat: int, generation: int) -> bool:
        """`seat`'s decision, begun in `generation`, is still the game's to make."""
        return generation == self.generation and seat in self.state.to_act()

    async def _decide(self, seat: int, generation: int) -> str | None:
        """The bot's choice: from the computer's workers when they are ready, else searched
        here in short slices (web/slicing.py); either way the same choice, from the state
        where the decision began (`searched_from`) and that point's seed, so a replayed
        position decides alike."""
        started = time.perf_counter()
        run, searched, seed = self.search_start(seat)
        bot = self.bot_name(seat)
        workers = the_workers()
        if workers.ready and searches(bot):
            async with own_task():  # several computers may begin at once
                thinking = make_bot(bot, seed).start(searched.clone(), seat)
            async with own_task():  # each about 10 ms on a phone, late in a game
                parts = offload.parts(thinking)
                known = parts[0].state  # what the seat knows: the search's own
                requests = offload.requests(searched, seat, bot, seed, len(parts), run, known)
            if generation != self.generation:
                return None
            answers = await workers.answers(requests)
            if answers is not None:
                report_thinking("worker", started, workers=workers.last_used)
                action = offload.choice(thinking, answers)
                return await self._after_thinking(action, started, generation)
        return await self._decide_here(seat, run, searched.clone(), seed, started, generation)

    async def _decide_here(
        self,
        seat: int,
        run: list[tuple[State, int]],
        searched: State,
        seed: int,
        started: float,
        generation: int,
    ) -> str | None:
        wanted = lambda: generation == self.generation  # noqa: E731
        followed, follows = await self._searched_run(seat, run, wanted)
        if not followed:
            return None
        thinking = make_bot(self.bot_name(seat), seed).start(searched, seat, follows)
        sliced = await run_in_slices(thinking, wanted, seconds=SAFETY_SECONDS)
        if sliced.out_of_time:
            js.console.warn(
                f"The computer ({self.record.seats[seat]}) was cut short after "
                f"{SAFETY_SECONDS:.0f} s of thinking and plays its best move so far."
            )
            return await self._after_thinking(thinking.best(), started, generation, held=False)
        if not sliced.finished:
            return None
        self.kept[seat] = (searched.history, thinking)
        iterations = getattr(thinking, "iterations", 0)
        report_thinking("page", started, sliced.slices, sliced.largest, iterations)
        return await self._after_thinking(thinking.best(), started, generation)

    async def _searched_run(
        self, seat: int, run: list[tuple[State, int]], wanted: Callable[[], bool]
    ) -> tuple[bool, Thinking | None]:
        """The decision the next one of `seat` goes on from (the last of `run`): this page's
        last search if it is that one, else the row searched again in slices. (False, None)
        if the game changed meanwhile."""
        if not run:
            return True, None
        last_state, _ = run[-1]
        kept = self.kept.get(seat)
        if kept is not None and kept[0] == last_state.history:
            return True, kept[1]
        follows: Thinking | None = None
        for state, seed in run:
            thinking = make_bot(self.bot_name(seat), seed).start(state.clone(), seat, follows)
            if not (await run_in_slices(thinking, wanted)).finished:
                return False, None
            follows = thinking
        return True, follows

    async def _after_thinking(
        self, action: str, started: float, generation: int, held: bool = True
    ) -> str | None:
        """`action` once a test's hold (if `held`) and the shortest visible think are over,
        or None if the game changed meanwhile."""
        if held:
            await hold_if_asked()
        remaining = MIN_THINK_SECONDS - (time.perf_counter() - started)
        if remaining > 0 and generation == self.generation:
            await asyncio.sleep(remaining)
        return action if generation == self.generation else None

    def searching_computers(self) -> int:
        """The computer seats that search, in a game played here (not a shared position)."""
        if self.read_only:
            return 0
        seats = range(self.state.num_seats)
        return sum(self.is_computer(seat) and searches(self.bot_name(seat)) for seat in seats)

    def bot_name(self, seat: int) -> str:
        kind = self.record.seats[seat]
        return kind if kind in BOTS else FALLBACK_BOT


def report_thinking(
    where: str,
    started: float,
    slices: int = 0,
    largest: int = 0,
    iterations: int = 0,
    workers: int = 0,
) -> None:
    """Where the last decision was searched (``page`` or ``worker``), how many were
    searched there, how long it took from `started` (before the shortest visible think),
    how the page's work was cut up, and how many workers searched it, on <html>: for
    tests to count and benchmarks to read."""
    root = js.document.documentElement
    root.setAttribute("data-think-ms", str(round((time.perf_counter() - started) * 1000)))
    root.setAttribute("data-think-where", where)
    searched = int(dom.nullable(root.getAttribute(f"data-think-{where}-count")) or 0)
    root.setAttribute(f"data-think-{where}-count", str(searched + 1))
    root.setAttribute("data-think-slices", str(slices))
    root.setAttribute("data-think-largest-slice", str(largest))
    root.setAttribute("data-think-iterations", str(iterations))
    root.setAttribute("data-think-workers", str(workers))


async def hold_if_asked() -> None:
    """A test seam: while <html> has HOLD_ATTRIBUTE, the decision waits before it lands."""
    while js.document.documentElement.hasAttribute(HOLD_ATTRIBUTE):
        await asyncio.sleep(0.02)


def decision_ended() -> None:
    """Count the computer's decisions that ended (played or dropped) in <html
    data-decisions-ended>, so that tests can wait for one instead of a fixed time."""
    root = js.document.documentElement
    ended = int(dom.nullable(root.getAttribute("data-decisions-ended")) or 0)
    root.setAttribute("data-decisions-ended", str(ended + 1))


def note_most_thinking(count: int) -> None:
    """The most computers choosing at once since the page opened, in <html
    data-most-thinking>: for tests."""
    root = js.document.documentElement
    most = int(dom.nullable(root.getAttribute("data-most-thinking")) or 0)
    root.setAttribute("data-most-thinking", str(max(most, count)))


def unsaved(record: Record) -> storage.Save:
    """A new save entry for `record`, not written yet."""
    now = storage.now_ms()
    return storage.Save(
        id=storage.new_id(),
        game=record.game_id,
        record="",
        seats=list(record.seats),
        created=now,
        saved=now,
        moves=0,
        bot_seed=new_bot_seed(),
    )


def new_bot_seed() -> int:
    return random.SystemRandom().randrange(10**9)


def bot_names() -> list[str]:
    return list(BOTS)
