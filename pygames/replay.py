"""A record stepped through: the position after each seat's move, seen from any seat.

Step 0 is the position before the first seat's move (the deal done); step N the
position after the N-th seat's move (its chance outcomes included: chance is
nobody's move). Resignations and agreed ties are moves too. A finished game can
be seen from each seat (what that seat knew then) or from everywhere
(`EVERYTHING`: `State.full_view`, every hand face up and every log line), since
nothing is secret after the end. A shared position (a record with a viewer)
steps through the positions its viewer saw, and only from that seat.

The log of a step is the part of the viewpoint's log that step added, so a page
can list the moves in words and mark the current one.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core import (
    CHANCE,
    META_ACTIONS,
    UNKNOWN,
    IllegalAction,
    RecordedChance,
    State,
    log_entry,
)
from pygames.record import Record
from pygames.views import LogEntry, View

EVERYTHING = "all"  # the viewpoint that sees every hidden item (after the end)
Viewpoint = int | str  # a seat, or EVERYTHING


@dataclass(frozen=True)
class Decision:
    """A seat's move that was a choice of the rules (not chance, not a resignation)."""

    step: int  # the move is the step-th seat move: the position before it is step - 1
    seat: int
    action: str


class Replay:
    def __init__(self, record: Record, known_legal: bool = False):
        """`known_legal`: `record` was replayed (so checked) before, as a game's session
        replays its record when it opens: its moves are not checked again."""
        self.record = record
        self.states: list[State] = []
        for state in record.stepping(known_legal):
            snapshot = state.clone()
            snapshot.chance = RecordedChance([])  # a position in a replay has no future
            self.states.append(snapshot)
        self._decisions: list[Decision] | None = None

    @property
    def last(self) -> int:
        """The last step (the number of seat moves)."""
        return len(self.states) - 1

    @property
    def shared(self) -> bool:
        """A shared position's past: only its viewer's view exists."""
        return self.record.viewer is not None

    @property
    def over(self) -> bool:
        return self.states[-1].is_over()

    def state(self, step: int) -> State:
        return self.states[self.clamp(step)]

    def clamp(self, step: int) -> int:
        return max(0, min(step, self.last))

    def viewpoints(self) -> list[Viewpoint]:
        """Whose eyes the game may be seen through: every seat and everything once it is
        over; a shared position only through its viewer's."""
        if self.record.viewer is not None:
            return [self.record.viewer]
        seats: list[Viewpoint] = list(range(self.states[0].num_seats))
        return [*seats, EVERYTHING] if self.over else seats

    def view(self, step: int, viewpoint: Viewpoint, at: int | None = None) -> View:
        """The view at `step` through `viewpoint` (a seat, or EVERYTHING), without choices.
        EVERYTHING is seen from `at`'s place: the seat of whoever looks, whose own things
        a board draws as theirs ("your hand"), or None for an onlooker, who owns nothing
        and sits at seat A's side."""
        if viewpoint not in self.viewpoints():
            raise ValueError(f"no such viewpoint here: {viewpoint!r}")
        state = self.state(step)
        if viewpoint == EVERYTHING:
            return state.full_view(at)
        assert isinstance(viewpoint, int)
        view = state.view(viewpoint)
        view["actions"] = []
        view["choices"] = None
        return view

    def logs(self, viewpoint: Viewpoint) -> list[list[LogEntry]]:
        """For each step, the log entries it added as `viewpoint` sees them (step 0: the deal)."""
        seat = self._reader(viewpoint)
        return [self._added(step, seat) for step in range(len(self.states))]

    def log(self, step: int, viewpoint: Viewpoint) -> list[LogEntry]:
        """The log entries `step` added, as `viewpoint` sees them."""
        return self._added(self.clamp(step), self._reader(viewpoint))

    def _reader(self, viewpoint: Viewpoint) -> int | None:
        """The seat whose lines `viewpoint` reads (None: every line)."""
        if viewpoint not in self.viewpoints():
            raise ValueError(f"no such viewpoint here: {viewpoint!r}")
        return viewpoint if isinstance(viewpoint, int) else None

    def _added(self, step: int, seat: int | None) -> list[LogEntry]:
        # A game only adds to its log: a step's own events follow the step before's.
        seen = len(self.states[step - 1].events) if step > 0 else 0
        fresh = self.states[step].events[seen:]
        return [log_entry(e) for e in fresh if seat is None or e.visible_to(seat)]

    def mover(self, step: int) -> int | None:
        """The seat whose move led to `step` (None at step 0)."""
        move = self.move(step)
        return None if move is None else move[0]

    def move(self, step: int) -> tuple[int, str] | None:
        """The seat's move that led to `step`, and that seat (None at step 0)."""
        if step <= 0:
            return None
        history = self.state(step).history
        return next(((seat, a) for seat, a in reversed(history) if seat != CHANCE), None)

    def picks_of_move(self, step: int, viewpoint: Viewpoint) -> list[tuple[str, str]]:
        """What the move that led to `step` picked, as `viewpoint` knows it (nothing where
        it knows too little to tell: a hidden action's picks are hidden too)."""
        move = self.move(step)
        if move is None:
            return []
        seat, action = move
        before = self.state(step - 1)
        try:
            if viewpoint != EVERYTHING:
                assert isinstance(viewpoint, int)
                action = before.redacted(seat, action, viewpoint)
            picks = before.picks(seat, action)
        except (IllegalAction, ValueError):
            return []
        return [] if any(UNKNOWN in value for _, value in picks) else picks

    def decisions(self) -> list[Decision]:
        """Every seat's move that was a choice (analysis studies these), in order (found
        once: the replay screen asks on every step)."""
        if self._decisions is None:
            self._decisions = self._find_decisions()
        return list(self._decisions)

    def _find_decisions(self) -> list[Decision]:
        if self.shared:
            return []
        found = []
        step = 0
        for seat, action in self.record.actions:
            if seat == CHANCE:
                continue
            step += 1
            if action not in META_ACTIONS:
                found.append(Decision(step, seat, action))
        return found
