"""The rules contract every game implements.

A game package provides one `Game` (what the game is: id, titles, seat counts,
options) and a `State` subclass (one position: whose turn, the legal actions,
how an action changes it, and what each seat knows).

Actions are short strings without spaces (e.g. ``"XSSX@4"``), so that records,
links, bots and the UI all speak the same language. Every seat acts through
``state.apply(seat, action)``; several seats may owe a decision at once (secret
simultaneous choices).

Chance is drawn when it happens. A deck is an unordered pool until a card is
drawn from it: `State.draw` asks the state's `chance` source (not part of any
record) and appends the outcome to the history as a move of the chance seat,
with the seats that see it. Replaying a record consumes the recorded outcomes,
so no seed is needed and the future exists nowhere until it happens.

What each seat knows is part of the state. `masked(seat)` is a copy holding
only that (every unseen item is `UNKNOWN`), and `resample(seat, rng)` fills the
unknowns with a sample consistent with it, as OpenSpiel's
``resample_from_infostate`` does. The view, the computer and shared positions
all go through these, so none of them can read what the seat cannot see.

Two meta actions work the same in every game and are not listed among the
legal moves (bots never pick them): ``resign`` (any seat, any time) and
``draw`` (an agreed draw, which the UI offers only between humans).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol, Self, TypeVar, cast

from pygames.views import ChoiceOption, Choices, LogEntry, Prompt, View

RESIGN = "resign"
AGREED_DRAW = "draw"
META_ACTIONS = (RESIGN, AGREED_DRAW)

# How a move goes on a piece's trail (`State.trail_step`).
BEGIN_TRAIL, GO_ON, ASIDE = "begin", "go on", "aside"
CHANCE = -1  # the chance seat; its moves are written "*" in records
UNKNOWN = "?"  # an item a seat cannot see, in masked states and redacted moves
NOBODY = "-"  # the audience of a chance outcome that no seat sees
SEAT_LETTERS = "ABCD"


class GameError(ValueError):
    """A refusal a player reads: a key and its parameters, worded in the reader's language.

    Keys are common ("not_your_turn", worded in `pygames.text.ERRORS`) or a game's own,
    "<game id>.<name>" (worded in that game's text module's ERRORS), so the page says
    it in Japanese or English while str() gives English for the command line.
    """

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        from pygames.text import error_words  # text reads the games, which import this module

        return error_words(self, "en")


class IllegalAction(GameError):
    """An action the rules forbid; the key names the rule broken."""


@dataclass(frozen=True)
class Option:
    """A choice offered in the new-game dialog and stored in the record."""

    key: str
    choices: tuple[str, ...]
    default: str


class Event:
    """One line of the game log. `to` is None for everyone, else the seats that may read it.

    Never changed once made (states share their events when cloned). A plain class with
    slots rather than a frozen dataclass: a search logs hundreds of thousands of lines a
    second, and a frozen dataclass sets each field through `object.__setattr__`."""

    __slots__ = ("kind", "data", "to")

    def __init__(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None):
        self.kind = kind
        self.data = data
        self.to = to

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.to) == (other.kind, other.data, other.to)

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, {self.to!r})"

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


# ----- chance -------------------------------------------------------------------------


class Chance:
    """Where a state's chance outcomes come from (and, for a seat's copy of a game, what
    other seats disclose of their hidden cards). Not part of the state's record."""

    # Whether `disclosed` reads `drawn` (a device's deck, which finds each card no seat
    # holds where it was dealt); for others the rules need not work it out.
    reads_drawn = False

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        """`count` items of `pool` (a multiset), in the order drawn. Must not change `pool`."""
        raise NotImplementedError

    def copy(self) -> Chance:
        raise NotImplementedError

    def pick(self, choices: list[str]) -> str:
        """One of `choices`, public (who plays first): by default a draw of one. A device
        in a game played by links picks jointly with the other seats instead."""
        return self.draw(choices, 1, "")[0]

    def disclosed(
        self,
        items: list[str],
        by: Holders = None,
        to: frozenset[int] | None = None,
        drawn: list[tuple[int, int] | None] | None = None,
        choice: bool = False,
        steady: bool = False,
    ) -> list[str]:
        """Hidden cards the rules show: `items`, as this state holds them, shown by seat
        `by` (None: cards no seat holds, such as face-down army cards; a list: each item's
        holder, every holder showing its own at once, as armies turned face up together)
        to the seats `to` (None: everyone). A seat's copy of the game
        (`pygames.remote.replica`) holds `?` for them, and is told instead what was shown.

        `drawn`: for each item no seat holds, which chance outcome dealt it (the outcome's
        number among the game's chance outcomes, `State.outcomes`, and the item's index
        in it), so that a device knows where it lies in the dealt deck. `choice`: the
        items are the holders' secret choices (their last hidden actions, which the others
        saw redacted: a Standard Bearer), revealed; an item may be no card ("none").
        `steady`: whatever the cards, the rules draw the same cards after this (Fools!'
        battle: who wins changes, and the game may end, but no draw until the next
        deal), so a device may look ahead past it before the cards come."""
        return items

    def disclosed_each(
        self, parts: list[list[str]], by: list[int], to: frozenset[int] | None = None
    ) -> list[list[str]]:
        """Hidden cards several seats show at once, each as many as it shows (its whole
        hand, or nothing: Fools!' honourable check): `parts[i]`, as this state holds
        them, shown by seat `by[i]` to the seats `to` (None: everyone). A seat's copy is
        told what the others showed."""
        return [list(part) for part in parts]

    def reshuffled(self, pool: list[str], face_up: list[str], dealt: list[tuple[int, int]]) -> None:
        """The cards of `pool` become a new deck to draw from (a discard pile shuffled
        into a new deck): `face_up`, which every seat knows, and face-down cards, which
        are among those the chance outcomes `dealt` gave (as in `disclosed`), less any
        shown to everyone since. A device deals them again by mental poker; other chance
        sources need nothing."""


Holders = int | None | list[int | None]  # who shows hidden cards (`Chance.disclosed`)


class RandomChance(Chance):
    def __init__(self, rng: random.Random):
        self.rng = rng

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if count == 1:  # what `sample` draws for one item, from the same random number
            return [pool[self.rng.randrange(len(pool))]]
        return self.rng.sample(pool, count)

    def copy(self) -> RandomChance:
        rng = random.Random.__new__(random.Random)  # no seeding: setstate follows
        rng.setstate(self.rng.getstate())
        return RandomChance(rng)


def fresh_chance(seed: int | None = None) -> RandomChance:
    """Seeded for reproducible headless runs; otherwise from the system's randomness."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    return RandomChance(random.Random(seed))


class RecordedChance(Chance):
    """Gives back a record's chance outcomes in order, refusing any the pool could not give."""

    def __init__(self, outcomes: list[str]):
        self.outcomes = outcomes  # each "<audience>:<item>,<item>..."
        self.used = 0

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if self.used >= len(self.outcomes):
            raise IllegalAction("chance_missing")
        recorded_audience, _, text = self.outcomes[self.used].partition(":")
        items = text.split(",")
        if recorded_audience != audience or len(items) != count or not _within(items, pool):
            raise IllegalAction("chance_impossible", outcome=text[:40])
        self.used += 1
        return items

    def copy(self) -> RecordedChance:
        other = RecordedChance(self.outcomes)
        other.used = self.used
        return other


def take_from(items: list[str], item: str) -> None:
    """Remove `item` from `items`; from a seat's copy of the game, where the rest of the
    cards are unknown to it, an UNKNOWN stands for it (a rival plays a card it did not see)."""
    if item in items or UNKNOWN not in items:
        items.remove(item)
    else:
        items.remove(UNKNOWN)


def _within(items: list[str], pool: list[str]) -> bool:
    left = list(pool)
    for item in items:
        if item not in left or item == UNKNOWN:
            return False
        left.remove(item)
    return True


def audience_text(to: int | Iterable[int] | None) -> str:
    """How a chance outcome's audience is written: "" everyone, "A" or "AC" some, "-" nobody."""
    if to is None:
        return ""
    seats = [to] if isinstance(to, int) else sorted(to)
    return "".join(SEAT_LETTERS[s] for s in seats) or NOBODY


def audience_seats(text: str) -> frozenset[int] | None:
    if text == "":
        return None
    return frozenset(SEAT_LETTERS.index(letter) for letter in text if letter in SEAT_LETTERS)


# ----- what a game is -------------------------------------------------------------------

ActionT = TypeVar("ActionT")


class Notation(Protocol[ActionT]):
    """A game's one way to read and write its actions (as python-chess's ``Move.from_uci``
    and ``Move.uci``): ``format(parse(text)) == text`` for every legal action.

    `parse` turns an action string into the game's typed action value, raising an
    `IllegalAction` (a key its text module words) for text that is no action; every
    place that needs the parts of an action calls it instead of splitting strings.
    The grammar is in the game's ``notation`` module docstring and its rules page.
    """

    def parse(self, text: str) -> ActionT: ...

    def format(self, action: ActionT) -> str: ...


class Game:
    """What a game is. One instance per game package, found by `pygames.GAMES`."""

    id: ClassVar[str]
    title: ClassVar[dict[str, str]]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    # The version of the rules new games are played under. A record says the version its
    # game was begun under, and the game goes on under it to the end (`State.rules_version`).
    rules_version: ClassVar[int] = 2
    oldest_rules_version: ClassVar[int] = 2  # the oldest version whose records still open
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]
    # The declared type of this game's views: a TypedDict extending `pygames.views.View`.
    view_type: ClassVar[type] = View
    notation: ClassVar[Notation[Any]]
    # Options renamed since records were first written: {old key: today's key}. Records,
    # saves and positions that use an old key are read with today's.
    renamed_options: ClassVar[dict[str, str]] = {}
    # The fields of this game's written positions (`pygames.position`, docs/positions.md):
    # field name -> (the state attribute that holds it, what it means). Declared names:
    # renaming an attribute changes the tuple here, never a written position.
    position_fields: ClassVar[dict[str, tuple[str, str]]] = {}
    # Position format 1 named fields after the attributes of its time: those whose names
    # differ from today's field names, as {format 1 name: field name}.
    position_fields_v1: ClassVar[dict[str, str]] = {}
    # What the rulebook calls a game that every seat ends level: "draw" or "shared" (victory).
    tie_result: ClassVar[str] = "draw"

    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def check_options(self, options: dict[str, str]) -> dict[str, str]:
        """Fill in defaults; reject unknown keys or values with a clear message."""
        known = {o.key: o for o in self.options}
        for key, value in options.items():
            if key not in known:
                raise GameError("unknown_option", option=key[:40])
            if value not in known[key].choices:
                allowed = ", ".join(known[key].choices)
                raise GameError("bad_option", option=key, allowed=allowed, value=value[:40])
        return {**self.default_options(), **options}

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError("seat_count", low=self.min_seats, high=self.max_seats, seats=seats)

    def new_state(
        self,
        seats: int,
        seed: int | None = None,
        options: dict[str, str] | None = None,
        chance: Chance | None = None,
        rules_version: int | None = None,
    ) -> State:
        """A new game. `seed` seeds the chance source (headless runs); it is never recorded.

        `rules_version`: an older version of the rules than today's, for a game begun then.
        """
        self.check_seats(seats)
        options = self.check_options(options or {})
        rules = self.rules_version if rules_version is None else rules_version
        return self.state_class(self, seats, options, chance or fresh_chance(seed), rules)

    def reads_rules_version(self, version: int) -> bool:
        return self.oldest_rules_version <= version <= self.rules_version


# ----- one position ---------------------------------------------------------------------


class LatestMove(NamedTuple):
    """One of the latest moves as a seat knows it (`State.latest_places`)."""

    actor: int
    action: str  # as the seat knows it (`State.redacted`)
    places: list[tuple[str, str]]  # where it went, picks in the seat's frame


def marked_places(latest: list[LatestMove]) -> list[tuple[str, str]]:
    """Where the `latest` moves went, each place once, for the board to mark."""
    found: list[tuple[str, str]] = []
    for move in latest:
        found += [place for place in move.places if place not in found]
    return found


class State:
    """One position. Subclasses implement the hooks; callers use the contract below."""

    def __init__(
        self,
        game: Game,
        seats: int,
        options: dict[str, str],
        chance: Chance,
        rules_version: int | None = None,
    ):
        self.game = game
        self.num_seats = seats
        self.options = options
        # The rules this game is played under: today's, or those it was begun under.
        self.rules_version = game.rules_version if rules_version is None else rules_version
        self.chance = chance
        self.history: list[tuple[int, str]] = []  # (seat or CHANCE, action)
        self.events: list[Event] = []
        # Actions before this index revealed information or used chance: never undone.
        self.fixed_upto = 0
        self.final_outcome: list[float] | None = None
        self.end_reason: str | None = None  # why the game ended: a key the log words
        self.resigned: list[int] = []
        self.setup()

    # ----- hooks each game implements -------------------------------------------------

    def setup(self) -> None:
        """Set up and deal, drawing chance with `self.draw`."""
        raise NotImplementedError

    def seats_to_act(self) -> list[int]:
        """Seats that owe a decision now (the game is not over)."""
        raise NotImplementedError

    def moves(self, seat: int) -> list[str]:
        """Legal game moves for a seat that is to act."""
        raise NotImplementedError

    def play(self, seat: int, action: str) -> None:
        """Carry out a legal move. Call self.log(...), self.draw(...) and self.end_game(...)."""
        raise NotImplementedError

    def game_view(self, seat: int | None) -> Mapping[str, object]:
        """What `seat` may see (None: a spectator): the keys of the game's view type
        beyond `View`'s. JSON-compatible. Reads no unseen item."""
        raise NotImplementedError

    def open_game_view(self, seat: int | None) -> Mapping[str, object]:
        """What an onlooker who sees everything finds in `game_view(seat)` besides (replays).

        Keys of `game_view` with every hidden item shown: at least ``"open_hands"``, each
        seat's hidden hand face up (a list per seat), which boards draw for the seats
        that are not the viewer, plus any other hidden place the game has (e.g. face-down
        discards). Used only for replays, where nothing is secret any more (`full_view`).
        Games with nothing hidden keep the default.
        """
        return {}

    def hide_unseen(self, seat: int | None, rng: random.Random | None) -> None:
        """Replace in place everything `seat` cannot see (None: a spectator).

        With `rng`, by a sample consistent with what `seat` knows; without, by UNKNOWN.
        Must read nothing `seat` cannot see: only its knowledge and the sizes of hidden
        places. Games with nothing hidden keep the default.
        """

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        """What a player picks, in order, to make `action`: e.g. [("card", "XSSX"), ("cell", "4")].

        The UI offers the picks step by step (see `pygames.choices`), so no board
        parses actions. By default an action is one pick of kind "action".
        """
        return [("action", action)]

    def prompt(self, seat: int) -> Prompt:
        """What the acting `seat` is asked: {"key": ..., **parameters}; the UI words the key."""
        return {"key": "choose"}

    def redact(self, actor: int, action: str, seat: int | None) -> str:
        """A move of another seat as `seat` saw it (e.g. a face-down discard: ``discard:?``)."""
        return action

    def table_began(self) -> int:
        """The history's length when the table was last laid afresh (a new round), so
        that no move before it is marked (`latest_moves`). By default the table lasts the game."""
        return 0

    def trail_step(self, action: str) -> str:
        """How `action` (as a seat knows it) goes on a piece's trail (`trails`): its places
        begin one (`BEGIN_TRAIL`: where a pawn sets off), go on with the one begun
        (`GO_ON`: a step), or leave it as it is (`ASIDE`: a hex turned over on the way);
        any other answer ends it. By default no action makes a trail."""
        return ""

    def places(self, actor: int, action: str, seat: int | None) -> list[tuple[str, str]]:
        """Where on the table `actor`'s `action` went, for the board to mark as the latest
        move, as `seat` sees the table (picks in its frame: [("cell", "4")]). `action` is
        as `seat` knows it (`redacted`). A card that has left the table since need not
        be marked (The Fool's Field). By default an action marks nothing."""
        return []

    def seat_left(self, seat: int) -> None:
        """A resignation with more than one other seat still playing: the game goes on.

        Games for more than two seats say what leaves the table with the seat.
        """
        raise NotImplementedError(f"{self.game.id} has no resignation with several seats left")

    def check_invariants(self) -> None:
        """Raise ValueError if the position is impossible (nothing created or lost)."""

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        """Why `action` is not legal for `seat` now; games override for precise rules."""
        return IllegalAction("not_legal_now")

    def refusal(self, rule: str, **params: Any) -> IllegalAction:
        """One of this game's own refusals: key "<game id>.<name>" (see `GameError`)."""
        return IllegalAction(f"{self.game.id}.{rule}", **params)

    # ----- the contract ---------------------------------------------------------------

    def is_over(self) -> bool:
        return self.final_outcome is not None

    def outcome(self) -> list[float] | None:
        """Per seat: 1 for a win, 0 for a loss, equal shares of 1 for a shared win."""
        return self.final_outcome

    def result(self) -> list[float]:
        """The outcome of a game known to be over."""
        if self.final_outcome is None:
            raise ValueError("the game is not over")
        return self.final_outcome

    def to_act(self) -> list[int]:
        return [] if self.is_over() else self.seats_to_act()

    def legal_actions(self, seat: int) -> list[str]:
        if self.is_over() or seat not in self.seats_to_act():
            return []
        return self.moves(seat)

    def apply(self, seat: int, action: str, known_legal: bool = False) -> None:
        """Carry out an action, or raise IllegalAction and leave the state untouched.
        `known_legal`: the action was checked before (a replay of what this very program
        took): its legality is not checked again."""
        if not known_legal:
            self.check(seat, action)
        self.history.append((seat, action))
        if action == RESIGN:
            self.fix()
            self.resign(seat)
        elif action == AGREED_DRAW:
            self.fix()
            self.log("agreed_draw", seat=seat)
            self.end_game(shared_win(self.seats_in_play(), self.num_seats), "agreed")
        else:
            self.play(seat, action)

    def apply_unchecked(self, seat: int, action: str) -> None:
        """`apply` for a game move known to be legal (search): skips listing the moves again."""
        self.history.append((seat, action))
        self.play(seat, action)

    def check(self, seat: int, action: str) -> None:
        if not 0 <= seat < self.num_seats:
            raise IllegalAction("no_such_seat")
        if self.is_over():
            raise IllegalAction("game_over")
        if action in META_ACTIONS:
            if seat in self.resigned:
                raise IllegalAction("seat_left", seat=seat)
            return
        if seat not in self.seats_to_act():
            raise IllegalAction("not_your_turn", seat=seat)
        if action not in self.moves(seat):
            raise self.explain_illegal(seat, action)

    def resign(self, seat: int) -> None:
        """The seat can no longer win; the rest play on unless one seat is left."""
        self.log("resign", seat=seat)
        self.resigned.append(seat)
        left = self.seats_in_play()
        if len(left) == 1:
            self.finish(shared_win(left, self.num_seats), "resigned")
        else:
            self.seat_left(seat)

    def seats_in_play(self) -> list[int]:
        return [s for s in range(self.num_seats) if s not in self.resigned]

    def view(self, seat: int | None) -> View:
        """Everything the UI and bots may know as `seat`, with that seat's choices.

        Of the game's `Game.view_type`: the common keys and the game's `game_view`.
        """
        actions = [] if seat is None else self.legal_actions(seat)
        latest = self.latest_places(seat)
        view = {
            "game": self.game.id,
            "seat": seat,
            "seats": self.num_seats,
            "to_act": self.to_act(),
            "actions": actions,
            "choices": self.choices(seat, actions),
            "over": self.is_over(),
            "outcome": self.final_outcome,
            "end_reason": self.end_reason,
            "resigned": list(self.resigned),
            "moves_played": len(self.history),
            "marks": [list(place) for place in marked_places(latest)],
            "trails": [[list(place) for place in trail] for trail in self.trails(latest)],
            "log": [log_entry(e) for e in self.events if e.visible_to(seat)],
            **self.game_view(seat),
        }
        return cast(View, view)

    def trails(self, latest: list[LatestMove]) -> list[list[tuple[str, str]]]:
        """The ways pieces went in the `latest` moves (`latest_places`), for the board to
        draw as arrows: each the places, in order, of a move that begins a trail and of
        the moves of the same seat that go on with it (`trail_step`). A trail holds two
        places at least."""
        trails: list[list[tuple[str, str]]] = []
        trail: list[tuple[str, str]] | None = None
        mover = None
        for actor, action, places in latest:
            try:
                how = self.trail_step(action)
            except IllegalAction:
                how = ""
            if how == BEGIN_TRAIL:
                trail = list(places)
                trails.append(trail)
            elif how == GO_ON and trail is not None and actor == mover:
                trail += [place for place in places if place != trail[-1]]
            elif how != ASIDE:
                trail = None
            mover = actor
        return [trail for trail in trails if len(trail) > 1]

    def latest_places(self, seat: int | None) -> list[LatestMove]:
        """The latest moves (`latest_moves`), oldest first, each as `seat` knows it, with
        where it went as `seat` sees the table (`places`), for the board to mark. A
        position may come from a link: a past move that is no action of the game is left
        out, and the position opens as it did before there were marks."""
        found = []
        for actor, action in reversed(self.latest_moves(seat)):
            try:
                known = self.redacted(actor, action, seat)
                found.append(LatestMove(actor, known, self.places(actor, known, seat)))
            except IllegalAction:
                continue
        return found

    def goes_to(self, seat: int, action: str) -> list[tuple[str, str]]:
        """Where `seat`'s legal `action` would go, as `seat` sees the table: its `places`
        once played (a hint's move, for the board to mark). It is played on a state made
        from what `seat` knows (`resample`, from a fixed source), so the answer tells
        nothing of what `seat` cannot see, and this state and its chance stay as they were."""
        after = self.resample(seat, random.Random(seat))
        after.apply(seat, action)
        return after.places(seat, action, seat)

    def latest_moves(self, seat: int | None) -> list[tuple[int, str]]:
        """The moves a board marks as the latest, newest first. While `seat` is to act: the
        moves of other seats since its own last turn (its own moves so far this turn aside:
        the board shows them as they are made). Otherwise the last run of moves of whoever
        moved last, or, when others moved after `seat`, all their moves since. Nothing from
        before the table last began afresh (`table_began`); chance, resignations and agreed
        draws are no such moves."""
        since = len(self.history) - self.table_began()
        moves: Iterator[tuple[int, str]] = (
            (actor, action)
            for actor, action in itertools.islice(reversed(self.history), since)
            if actor != CHANCE and action not in META_ACTIONS
        )
        if seat is not None and seat in self.to_act():
            moves = itertools.dropwhile(lambda move: move[0] == seat, moves)
            return list(itertools.takewhile(lambda move: move[0] != seat, moves))
        last = next(moves, None)
        if last is None:
            return []
        mover = last[0]
        moves = itertools.chain([last], moves)
        if seat is None or mover == seat:
            return list(itertools.takewhile(lambda move: move[0] == mover, moves))
        return list(itertools.takewhile(lambda move: move[0] != seat, moves))

    def full_view(self, seat: int | None = None) -> View:
        """The view of an onlooker who sees everything, from `seat`'s place at the table.

        For replays of a finished game (nothing is secret any more): no choices, every
        line of the log (each seat's private lines too, so the order in which chance
        dealt things shows), and the hidden places face up (`open_game_view`).
        """
        view = self.view(seat)
        view["actions"] = []
        view["choices"] = None
        view["log"] = [log_entry(e) for e in self.events]
        view.update(self.open_game_view(seat))  # type: ignore[typeddict-item]
        view["everything"] = True
        return view

    def choices(self, seat: int | None, actions: list[str]) -> Choices | None:
        """The legal actions grouped by what the player picks, and the prompt."""
        if seat is None or not actions:
            return None
        options: list[ChoiceOption] = [
            {"action": action, "picks": [list(pick) for pick in self.picks(seat, action)]}
            for action in actions
        ]
        return {"prompt": self.prompt(seat), "options": options}

    def undo_point(self, seat: int, replayable: Iterable[int] = ()) -> int | None:
        """How many moves to keep to take back `seat`'s last action, or None if not allowed.

        The undo fence, the same in every game: nothing since that action may have
        revealed information or used chance (`fix`), and no other seat may have acted
        since, except the seats in `replayable` (the computer's, which simply decide
        again): a person's decision is never taken back by someone else.
        """
        others_may_replay = frozenset(replayable)
        for index in range(len(self.history) - 1, self.fixed_upto - 1, -1):
            actor = self.history[index][0]
            if actor == seat:
                return index
            if actor != CHANCE and actor not in others_may_replay:
                return None
        return None

    # ----- what a seat knows ----------------------------------------------------------

    def masked(
        self, seat: int | None, known: tuple[int, int] = (0, 0), *, copy: bool = True
    ) -> Self:
        """A copy holding only what `seat` knows: unseen items UNKNOWN, others' secrets gone.

        `known`: how many history entries and log events at the start hold only what
        `seat` knows already (a copy masked before and played on), kept as they are.
        `copy=False` masks this very state (one its caller made to throw away), and
        returns it: a clone fewer.
        """
        masked = self.clone() if copy else self
        history, events = known
        masked.events = self.events[:events] + [
            e for e in self.events[events:] if e.visible_to(seat)
        ]
        masked.history = self.history[:history] + [
            (actor, self.redacted(actor, action, seat)) for actor, action in self.history[history:]
        ]
        masked.chance = RecordedChance([])  # a masked state has no future of its own
        masked.hide_unseen(seat, None)
        return masked

    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A full state `seat` cannot tell from this one, sampled from `rng`.

        It is built from `masked(seat)`, so it holds nothing `seat` has not seen.
        Future chance in the sample comes from `rng` too.
        """
        return self.masked(seat).filled(seat, rng)

    def filled(self, seat: int | None, rng: random.Random) -> Self:
        """For a masked state: a copy with its unknowns sampled from `rng` (see `resample`)."""
        copy = self.to_fill(rng)
        copy.hide_unseen(seat, rng)
        return copy

    def to_fill(self, rng: random.Random) -> Self:
        """A copy whose future chance comes from `rng`, for a sample to fill in."""
        copy = self.clone()
        copy.chance = RandomChance(rng)
        return copy

    def sampler(self, seat: int | None) -> Callable[[random.Random], Self]:
        """For a masked state: `filled` as a function of the random source, for drawing
        many samples (a search draws one per iteration). A game may work out once what
        every sample shares."""
        return lambda rng: self.filled(seat, rng)

    def redacted(self, actor: int, action: str, seat: int | None) -> str:
        if actor == CHANCE:
            audience, _, items = action.partition(":")
            seen = audience_seats(audience)
            if seen is None or (seat is not None and seat in seen):
                return action
            return audience + ":" + ",".join(UNKNOWN for _ in items.split(","))
        if actor == seat or action in META_ACTIONS:  # a resignation or a draw hides nothing
            return action
        return self.redact(actor, action, seat)

    def clone(self) -> Self:
        """A copy, much faster than deepcopy (the computer's search makes thousands).

        Containers (lists, dicts, sets, Counters) are copied, nested ones too;
        everything else (the game, strings, tuples, log Events, never changed) is shared,
        since states never change those in place. The chance source is copied.
        """
        other = object.__new__(type(self))
        other.__dict__ = {
            name: value.copy() if name in FLAT_LISTS else _copy(value)
            for name, value in self.__dict__.items()
        }
        other.chance = self.chance.copy()
        return other

    # ----- helpers for games ----------------------------------------------------------

    def draw(self, pool: list[str], count: int, to: int | Iterable[int] | None = None) -> list[str]:
        """Take up to `count` items out of `pool` by chance, and record the outcome.

        `to`: the seats that see what was drawn (None: everyone; an empty set: nobody).
        Drawing fixes the game: nothing before it can be undone.
        """
        count = min(count, len(pool))
        if count <= 0:
            return []
        audience = audience_text(to)
        items = self.chance.draw(pool, count, audience)
        for item in items:
            if item == UNKNOWN:
                # A draw this state's seat does not see (a device's copy of the game):
                # which items are left is unknown from now on too.
                pool[:] = [UNKNOWN] * len(pool)
            take_from(pool, item)
        self.record_chance(audience, items)
        return items

    def pick_by_chance(self, choices: list[str]) -> str:
        """One of `choices` at random, seen by everyone (e.g. who plays first)."""
        choice = self.chance.pick(list(choices))
        if choice not in choices:
            raise IllegalAction("chance_impossible", outcome=choice[:40])
        self.record_chance("", [choice])
        return choice

    def outcomes(self) -> list[tuple[int, str, int]]:
        """Every chance outcome so far: (its number, its audience, how many items)."""
        found: list[tuple[int, str, int]] = []
        for actor, action in self.history:
            if actor == CHANCE:
                audience, _, items = action.partition(":")
                found.append((len(found), audience, items.count(",") + 1))
        return found

    def record_chance(self, audience: str, items: list[str]) -> None:
        self.history.append((CHANCE, audience + ":" + ",".join(items)))
        self.fix()

    def log(self, kind: str, to: int | Iterable[int] | None = None, **data: Any) -> None:
        seats = None if to is None else frozenset([to] if isinstance(to, int) else to)
        self.events.append(Event(kind, data, seats))

    def fix(self) -> None:
        """Mark every move so far, the current one included, as not undoable."""
        self.fixed_upto = len(self.history)

    def end_game(self, outcome: list[float], reason: str) -> None:
        """One game is over. Games with match play override this to deal the next game."""
        self.finish(outcome, reason)

    def finish(self, outcome: list[float], reason: str) -> None:
        """The end, and why (e.g. "resigned", "agreed", or a game's own key such as "score")."""
        outcome = [0.0 if seat in self.resigned else share for seat, share in enumerate(outcome)]
        self.final_outcome = outcome
        self.end_reason = reason
        self.log("game_over", outcome=outcome, reason=reason)


def log_entry(event: Event) -> LogEntry:
    return {"kind": event.kind, **event.data}


def shared_win(winners: Iterable[int], seats: int) -> list[float]:
    """Every seat in `winners` shares the win equally: [0.5, 0, 0.5] for A and C of three."""
    winners = list(winners)
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]


def win_for(seat: int, seats: int) -> list[float]:
    return shared_win([seat], seats)


_CONTAINERS = (list, dict, set)
# The core's lists whose items are never containers (tuples, Events): a clone
# copies them without looking at each item, as long games make them the longest.
FLAT_LISTS = frozenset({"history", "events"})
# Kinds of item that hold nothing to copy: a list of only these is copied whole.
_ATOMS = frozenset({str, int, float, bool, type(None), tuple, frozenset})


def _copy(value: Any) -> Any:
    """A copy of every list, dict (Counter too) and set in `value`, at every depth."""
    if isinstance(value, list):
        # The kinds of item first (in C): a long history of tuples is scanned once, cheaply.
        kinds = set(map(type, value))
        if kinds <= _ATOMS or not any(issubclass(kind, _CONTAINERS) for kind in kinds):
            return value.copy()
        return [_copy(item) for item in value]
    if isinstance(value, dict):
        copy = value.copy()
        for key, item in copy.items():
            if isinstance(item, _CONTAINERS):
                copy[key] = _copy(item)
        return copy
    if isinstance(value, set):
        return value.copy()  # its items are hashable, so immutable in our states
    return value
