"""Game records: the compact text every state is rebuilt from, and share links.

A record is two lines::

    fools-field 2 seats=human,hard match=single start=random
    *:B *A:FSSF *B:XXSS ... B:SXXS@4 A:XXXX@3 B:retreat *A:XSSX,FFSS B:discard:FFSS

The first line names the game, its rules version, the seat kinds and the
options; the second lists the moves, each prefixed by the acting seat's letter.
Chance moves are ``*``, followed by the letters of the seats that saw the
outcome (``*A:`` only A, ``*-:`` nobody, ``*:`` everyone). A record holds no
seed: replaying consumes the recorded outcomes, and what has not been drawn yet
exists nowhere.

A header may name the seats that asked the computer for hints during the game
(``hints=A``): a public fact, shown in the game's log, that changes no rule.

Two variants add a ``position`` line (JSON, see `pygames.position`) between the
header and the moves:

- ``viewer=A`` in the header: a position as seat A knew it, every unseen item
  written ``?`` (a shared position: read-only, or played on from a sample);
- no viewer: a game that started from that position (played on).

A shared position may also hold the positions before it, as its viewer saw
each of them, one ``step`` line each after the position line (oldest first):
a replay of what the sharer saw, and nothing more.

A link carries the record compressed in the URL fragment (``#r=...``). zlib's
checksum catches a truncated or altered link; replaying catches a record that
decodes but breaks the rules. Records of version 1 (seeded) are converted once
when read: their setup is replayed with the old seeded shuffle and the outcomes
it produced are kept.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from pygames.core import (
    CHANCE,
    NOBODY,
    SEAT_LETTERS,
    Chance,
    Game,
    GameError,
    IllegalAction,
    RecordedChance,
    State,
    fresh_chance,
)
from pygames.legacy import SeededShuffle
from pygames.packing import PackingError, pack, unpack
from pygames.position import (
    FORMAT,
    FORMAT_FIELD,
    PositionError,
    decode_state,
    dump,
    encode_state,
    migrate,
    read_json,
)

SEAT_KINDS = ("human", "easy", "normal", "hard", "random", "greedy")
LINK_PREFIX = "r="
CHANCE_LETTER = "*"
POSITION_LINE = "position "
STEP_LINE = "step "
MAX_LINK_CHARS = 300_000  # a fragment longer than this is refused before decoding
MAX_RECORD_CHARS = 2_000_000  # nor does a link inflate beyond this
LEGACY_VERSION = 1
CONVERTED_RULES_VERSION = 2  # the rules a version 1 record's game was played under


class RecordError(GameError):
    """A record or link that cannot be read or replayed; the key says why."""

    @classmethod
    def from_error(cls, error: ValueError) -> RecordError:
        """A refusal met while reading a record, keeping its key when it has one."""
        if isinstance(error, GameError):
            return cls(error.key, **error.params)
        return cls("position_impossible", detail=str(error))


@dataclass
class Record:
    game_id: str
    seats: list[str]
    options: dict[str, str] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    rules_version: int = 2
    position: str | None = None  # the state the game starts from (JSON), if not a new deal
    viewer: int | None = None  # a shared position: the seat whose knowledge it holds
    hints: list[int] = field(default_factory=list)  # seats that asked for hints (public)
    earlier: list[str] = field(default_factory=list)  # a shared position's past, as seen

    # ----- building states -----

    @classmethod
    def new(cls, game_id: str, seats: list[str], options: dict | None = None) -> Record:
        game = get_game(game_id)
        try:
            game.check_seats(len(seats))
            checked = game.check_options(dict(options or {}))
        except ValueError as error:
            raise RecordError.from_error(error) from None
        return cls(game_id, list(seats), checked, rules_version=game.rules_version)

    @classmethod
    def dealt(
        cls, game_id: str, seats: list[str], options: dict | None = None, seed: int | None = None
    ) -> Record:
        """A new game's record, its deal drawn now (from `seed` if given) as its first moves."""
        record = cls.new(game_id, seats, options)
        record.actions = list(record.start(fresh_chance(seed)).history)
        return record

    def start(self, chance: Chance) -> State:
        """The state before the first recorded move."""
        game = get_game(self.game_id)
        if self.position is None:
            try:
                seats, rules = len(self.seats), self.rules_version
                return game.new_state(
                    seats, options=self.options, chance=chance, rules_version=rules
                )
            except ValueError as error:
                raise RecordError.from_error(error) from None
        try:
            seats, rules = len(self.seats), self.rules_version
            position = self.position
            return decode_state(game, seats, self.options, position, chance, self.viewer, rules)
        except PositionError as error:
            raise RecordError.from_error(error) from None

    def replay(self, upto: int | None = None, chance: Chance | None = None) -> State:
        """The state after the first `upto` moves (all by default); chance from then on is fresh.

        `chance` replaces the recorded outcomes (used only to convert version 1 records).
        """
        moves = self.actions if upto is None else self.actions[:upto]
        recorded = [action for seat, action in self.actions if seat == CHANCE]
        state = self.start(chance or RecordedChance(recorded))
        if self.viewer is not None:
            return state  # a shared position: no moves, no future
        for number, (seat, action) in enumerate(moves, start=1):
            if chance is None:
                check_in_place(state, number, seat, action)
            if seat != CHANCE:
                self.apply(state, number, seat, action)
        if upto is None and chance is None and state.history != self.actions:
            raise RecordError("record_chance_mismatch")
        state.chance = fresh_chance()
        return state

    def stepping(self, known_legal: bool = False) -> Iterator[State]:
        """The state before the first seat's move, then after each seat's move in turn.

        One state changing in place (clone what you keep); its chance replays the record.
        A shared position yields the positions its viewer saw, oldest first.
        `known_legal`: this very record was replayed (so checked) before: the moves'
        legality is not checked again.
        """
        if self.viewer is not None:
            final = self.start(RecordedChance([]))
            if self.earlier:
                assert self.position is not None
                game = get_game(self.game_id)
                try:
                    raw = migrate(read_json(self.position), game)
                    steps = [_expand_step(text, raw, game) for text in self.earlier]
                except PositionError as error:
                    raise RecordError.from_error(error) from None
                for text in steps:
                    yield self.decode_step(text)
            yield final
            return
        recorded = [action for seat, action in self.actions if seat == CHANCE]
        state = self.start(RecordedChance(recorded))
        yield state
        for number, (seat, action) in enumerate(self.actions, start=1):
            check_in_place(state, number, seat, action)
            if seat != CHANCE:
                self.apply(state, number, seat, action, known_legal)
                yield state
        if state.history != self.actions:
            raise RecordError("record_chance_mismatch")

    def decode_step(self, text: str) -> State:
        game = get_game(self.game_id)
        try:
            seats, rules, viewer = len(self.seats), self.rules_version, self.viewer
            return decode_state(game, seats, self.options, text, RecordedChance([]), viewer, rules)
        except PositionError as error:
            raise RecordError.from_error(error) from None

    @staticmethod
    def apply(state: State, number: int, seat: int, action: str, known_legal: bool = False) -> None:
        try:
            state.apply(seat, action, known_legal)
        except IllegalAction as error:
            move = move_text(seat, action)[:40]
            raise RecordError(
                "record_illegal_move", number=number, move=move, reason=error
            ) from None

    # ----- shared positions -----

    @classmethod
    def shared_position(
        cls, record: Record, state: State, seat: int, with_past: bool = False
    ) -> Record:
        """What `seat` knows of `state` and nothing more, as a read-only record.

        `with_past`: also every earlier position of the game as `seat` saw it then
        (`record` must be the record of `state`), so that the link replays them.
        """
        position = encode_state(state.masked(seat))
        earlier = []
        if with_past and record.viewer is None:
            final = json.loads(position)
            steps = [encode_state(step.masked(seat)) for step in record.stepping()][:-1]
            earlier = [_compact_step(text, final) for text in steps]
        elif with_past:
            earlier = list(record.earlier)
        return cls(
            record.game_id,
            list(record.seats),
            dict(record.options),
            [],
            record.rules_version,
            position=position,
            viewer=seat,
            hints=list(record.hints),
            earlier=earlier,
        )

    def played_on(self, rng: random.Random, opponent: str = "normal") -> Record:
        """A new game from a shared position: its unknowns sampled, the viewer against bots."""
        if self.viewer is None:
            raise RecordError("record_not_shared")
        state = self.replay().filled(self.viewer, rng)
        state.history = []
        state.fixed_upto = 0
        seats = [
            "human" if seat == self.viewer else (kind if kind != "human" else opponent)
            for seat, kind in enumerate(self.seats)
        ]
        return Record(
            self.game_id, seats, dict(self.options), [], self.rules_version, encode_state(state)
        )

    # ----- text -----

    def header(self) -> str:
        words = [self.game_id, str(self.rules_version), "seats=" + ",".join(self.seats)]
        if self.viewer is not None:
            words.append("viewer=" + SEAT_LETTERS[self.viewer])
        if self.hints:
            words.append("hints=" + "".join(SEAT_LETTERS[seat] for seat in self.hints))
        words += [f"{key}={value}" for key, value in sorted(self.options.items())]
        return " ".join(words)

    def to_text(self) -> str:
        lines = [self.header()]
        if self.position is not None:
            lines.append(POSITION_LINE + self.position)
        lines += [STEP_LINE + text for text in self.earlier]
        lines.append(" ".join(move_text(seat, action) for seat, action in self.actions))
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> Record:
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError("record_too_long")
        lines = text.strip("\n").split("\n")
        if not lines or not lines[0].strip():
            raise RecordError("record_lines")
        head = lines[0].split()
        if len(head) < 3:
            raise RecordError("record_header")
        game_id, version = head[0], head[1]
        game = get_game(game_id)
        fields = dict(_split_pair(token) for token in head[2:])
        if version == str(LEGACY_VERSION) and "seed" in fields:
            if len(lines) > 2:
                raise RecordError("record_lines")
            return _convert_v1(game, fields, lines[1] if len(lines) > 1 else "")
        check_version(game, version)
        seats = _parse_seats(fields.pop("seats", None))
        viewer = _parse_viewer(fields.pop("viewer", None), len(seats))
        hints = _parse_hints(fields.pop("hints", None), len(seats))
        options = _check_options(game, fields)
        body = lines[1:]
        position = None
        if body and body[0].startswith(POSITION_LINE):
            position = body.pop(0)[len(POSITION_LINE) :]
        earlier = []
        while body and body[0].startswith(STEP_LINE):
            earlier.append(body.pop(0)[len(STEP_LINE) :])
        if len(body) > 1:
            raise RecordError("record_position_line" if position is None else "record_lines")
        if viewer is not None and position is None:
            raise RecordError("record_no_position")
        if earlier and viewer is None:
            raise RecordError("record_steps_unshared")
        moves_line = body[0] if body else ""
        actions = [_parse_move(token, len(seats)) for token in moves_line.split()]
        if viewer is not None and actions:
            raise RecordError("record_position_moves")
        record = cls(game_id, seats, options, actions, int(version), position, viewer)
        record.hints, record.earlier = hints, earlier
        return record

    # ----- links -----

    def to_link_fragment(self) -> str:
        return LINK_PREFIX + pack(self.to_text())

    @classmethod
    def from_link_fragment(cls, fragment: str) -> Record:
        fragment = fragment.lstrip("#")
        if not fragment.startswith(LINK_PREFIX):
            raise RecordError("link_no_game")
        payload = fragment[len(LINK_PREFIX) :]
        try:
            text = unpack(payload, MAX_LINK_CHARS - len(LINK_PREFIX), MAX_RECORD_CHARS)
        except PackingError as error:
            refusals = {
                "too_long": RecordError("link_too_long"),
                "too_big": RecordError("link_too_big"),
                "damaged": RecordError("link_damaged"),
            }
            raise refusals[error.reason] from None
        return cls.from_text(text)


def move_text(seat: int, action: str) -> str:
    """A move as a record writes it: ``A:XSSX@4``, or ``*B:XSSX,FFSS`` for chance seen by B."""
    if seat == CHANCE:
        audience, _, items = action.partition(":")
        return f"{CHANCE_LETTER}{audience}:{items}"
    return f"{SEAT_LETTERS[seat]}:{action}"


def check_in_place(state: State, number: int, seat: int, action: str) -> None:
    """A chance move must be the one just drawn; a seat's move must come next."""
    if seat == CHANCE:
        in_place = state.history[number - 1 : number] == [(seat, action)]
    else:
        in_place = len(state.history) == number - 1
    if not in_place:
        raise RecordError("record_out_of_place", number=number, move=move_text(seat, action)[:40])


def get_game(game_id: str) -> Game:
    from pygames import GAMES

    if game_id not in GAMES:
        raise RecordError("record_unknown_game", game=game_id[:40])
    return GAMES[game_id]


def check_version(game: Game, version: str) -> None:
    """A record of a rules version this release plays: today's, or an older one still read."""
    if version.isdigit() and len(version) < 6 and game.reads_rules_version(int(version)):
        return
    if version.isdigit() and len(version) < 6 and int(version) > game.rules_version:
        raise RecordError("record_newer", version=version, game=game.id, ours=game.rules_version)
    raise RecordError("record_version", version=version[:12], game=game.id, ours=game.rules_version)


def _convert_v1(game: Game, fields: dict[str, str], moves_line: str) -> Record:
    """A version 1 record (seed + moves) as a version 2 record with its chance outcomes."""
    seed = _parse_seed(fields.pop("seed"))
    seats = _parse_seats(fields.pop("seats", None))
    options = _check_options(game, fields)
    record = Record(game.id, seats, options, rules_version=CONVERTED_RULES_VERSION)
    record.actions = [_parse_move(token, len(seats)) for token in moves_line.split()]
    if any(seat == CHANCE for seat, _ in record.actions):
        raise RecordError("record_v1_chance")
    state = record.replay(chance=SeededShuffle(seed))
    record.actions = list(state.history)
    return record


def _check_options(game: Game, fields: dict[str, str]) -> dict[str, str]:
    options = {game.renamed_options.get(key, key): value for key, value in fields.items()}
    try:
        return game.check_options(options)
    except ValueError as error:
        raise RecordError.from_error(error) from None


def _split_pair(token: str) -> tuple[str, str]:
    key, sep, value = token.partition("=")
    if not sep or not key:
        raise RecordError("record_field", field=token[:40])
    return key, value


def _parse_seed(text: str | None) -> int:
    if text is None or not text.isdigit() or len(text) > 20:
        raise RecordError("record_seed")
    return int(text)


def _parse_seats(text: str | None) -> list[str]:
    seats = (text or "").split(",")
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise RecordError("record_seat_kind", kind=kind[:20])
    if len(seats) > len(SEAT_LETTERS):
        raise RecordError("record_seats", most=len(SEAT_LETTERS))
    return seats


def _parse_viewer(text: str | None, seats: int) -> int | None:
    if text is None:
        return None
    if len(text) != 1 or text not in SEAT_LETTERS[:seats]:
        raise RecordError("record_viewer")
    return SEAT_LETTERS.index(text)


# A shared position's earlier steps leave out the past they share with the position
# itself (its moves and log so far), writing only how much of it they had.
PAST_FIELDS = ("moves", "log")


def _compact_step(text: str, final: dict) -> str:
    data = json.loads(text)
    for name in PAST_FIELDS:
        past = data[name]
        if isinstance(past, list) and final[name][: len(past)] == past:
            data[name] = len(past)
    return dump(data)


def _expand_step(text: str, final: dict, game: Game) -> str:
    """A step written by `_compact_step`, whole and in the current format."""
    data = migrate(read_json(text), game)
    for name in PAST_FIELDS:
        size = data.get(name)
        if isinstance(size, int) and not isinstance(size, bool):
            past = final.get(name)
            if not isinstance(past, list) or not 0 <= size <= len(past):
                raise RecordError("position_other_game")
            data[name] = past[:size]
    return encode_json(data)


def encode_json(data: dict) -> str:
    """A migrated position (no ``format`` field) as current-format text."""
    return dump({**data, FORMAT_FIELD: FORMAT})


def _parse_hints(text: str | None, seats: int) -> list[int]:
    if text is None:
        return []
    if not text or not _is_audience(text, seats) or text == NOBODY:
        raise RecordError("record_hints")
    return [SEAT_LETTERS.index(letter) for letter in text]


def _parse_move(token: str, seats: int) -> tuple[int, str]:
    who, sep, action = token.partition(":")
    if sep and who[:1] == CHANCE_LETTER and _is_audience(who[1:], seats) and action:
        return CHANCE, who[1:] + ":" + action
    if not sep or who not in SEAT_LETTERS[:seats] or not action:
        raise RecordError("record_move", move=token[:40])
    return SEAT_LETTERS.index(who), action


def _is_audience(text: str, seats: int) -> bool:
    letters = SEAT_LETTERS[:seats]
    return text in ("", NOBODY) or (
        all(letter in letters for letter in text) and list(text) == sorted(set(text))
    )
