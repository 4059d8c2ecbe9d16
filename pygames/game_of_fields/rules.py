"""Game of Fields: every rule of the rulebook and of rulings.md §4, one step at a time.

A turn is one of seven actions. Each decision of the player is one `apply`, so a
move of one or two pawns is a sequence of steps (start moving a pawn, step into a
hex, stop; then a second pawn or the end of the turn), and a face-down hex turned
over in the blank-map option is a chance draw between two steps: the Prince then
enters that hex or stays. The actions and how they are written are in `notation`
(``m7``, ``g8``, ``r8``, ``stay``, ``stop``, ``end``, ``c7``, ``field``, ``city``,
``p7``, ``q7.3``, ``pass``); the rules read them through its `parse`.

Steps are offered only when they can lead to a legal end of the move, so a
player never gets stuck half-way, and illegal battles are never offered.
Undo works step by step until a battle is fought, a hex is turned over or the
turn ends (each of those fixes the game).

Settled by rulings §4:
- Castling: any opponent pawn on a hex between the Queen and her Prince blocks it,
  a Field included (moving pawns pass over opponent Fields).
- Blank map: a point spent turning a hex over without entering it is no step, so a
  Prince that has not stepped yet may still make its one land-sea step.

Interpretations (ours, where the rulebook and the rulings leave it open):
- A two-Prince attack: the first Prince of the turn may step onto an opponent's
  hex it cannot beat alone when two Princes there would (both have the same
  value: 5 minus the battle hex's distance to their Queen) and another Prince
  can reach it this turn; it waits there (a siege), the second Prince must join
  it, and the battle uses both. A Prince strong enough alone fights alone.
- Stacks defend with the sum of their pawns.
- A path never enters the same hex twice; castling captures no Field.
- Castling: the two hexes the Queen and her Prince swap are not "between" them,
  so only the hexes in between can block it (see below).
- A queenless player whose last City or last Prince is lost loses at once (no
  way is left to regenerate the Queen).
- Passing: pass is refused to the player who passed and was answered by a pass,
  unless it is their only action; eight passes in a row (four each) draw.
- To keep every game finite (ours): the game is drawn when 60 turns in a row
  pass with no Field or City built, no battle, no Field captured and no pawn
  regenerated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypedDict

from pygames.core import ASIDE, BEGIN_TRAIL, GO_ON, IllegalAction, State, shared_win, win_for
from pygames.game_of_fields.hexmap import (
    DISTANCE,
    FACE_DOWN,
    HEXES,
    MOUNTAIN,
    NEIGHBOURS,
    PLACEMENT_STEPS,
    PLAIN,
    SEA,
    TERRAIN_COUNTS,
    TERRAINS,
    all_terrain,
    prince_hexes,
    queen_hex,
    step_hexes,
)
from pygames.game_of_fields.notation import (
    CITY,
    END,
    FIELD,
    PASS,
    START_MOVE_TEXT,
    STAY,
    STEP_TEXT,
    STOP,
    Build,
    Castle,
    EndTurn,
    Pass,
    PrinceBack,
    QueenBack,
    StartMove,
    Stay,
    Step,
    Stop,
    TurnOver,
    format,
    parse,
)
from pygames.game_of_fields.views import (
    End,
    GameOfFieldsTable,
    Mover,
    PawnPreview,
    Preview,
    ReplayTable,
)
from pygames.views import Prompt

OPEN, BLANK = "open", "blank"
ACT, MOVE, FOUND, NEXT = "act", "move", "found", "next"
QUEEN, PRINCE = "queen", "prince"
MAX_PRINCES = 3
MAX_CITIES = 2
FIELD_PAWNS = 8
WIN_HALVES = 10  # Fields worth 5, counted in halves (plain 2, mountain 1)
BASE_VALUE = 5  # a Prince's reach and value: 5 minus its distance to its Queen
QUEENLESS_DISTANCE = 4  # a queenless player's Princes count as 4 hexes away
QUEEN_REACH = 2
QUEEN_VALUE = {PLAIN: 4, MOUNTAIN: 7}
CITY_VALUE = {PLAIN: 3, MOUNTAIN: 5}
PASS_DRAW = 8  # both players pass four times in a row
QUIET_TURNS = 60  # ours: turns without progress before the game is drawn
FIELDS_BLOCK_CASTLING = 3  # the rules version since which (rulings §4)


def medium(terrain: str) -> str:
    return SEA if terrain == SEA else "land"


class WalkStart(TypedDict):
    terrain: list[str]
    blocking: set[int]
    own: set[int]
    visited: set[int]
    firsts: set[int] | None
    early: bool


@dataclass
class Walk:
    """The hexes a pawn may end on, found depth-first over every path in neighbour order,
    so that the first shortest path to an end is the one kept, as players see it drawn.
    Classes rather than nested recursive functions: those are reference cycles that only
    the garbage collector frees, and a search walks thousands of times a second."""

    terrain: list[str]
    blocking: set[int]  # the other player's pawns and Cities
    own: set[int]  # the walker's player's pawns: crossed, never ended on
    visited: set[int]  # the hexes already on its path, never entered again
    firsts: set[int] | None  # gathers the first step of every path to every end, if given
    early: bool  # stop at the first end found (to know whether it may move at all)
    ends: dict[int, tuple[list[int], str]] = field(default_factory=dict, init=False)

    def record(self, hex_id: int, steps: list[int], kind: str) -> None:
        if self.firsts is not None:
            self.firsts.add(steps[0])
        if hex_id not in self.ends or len(self.ends[hex_id][0]) > len(steps):
            self.ends[hex_id] = (steps, kind)


@dataclass
class QueenWalk(Walk):
    """A Queen: over land, across a sea only on her own Prince."""

    princes: set[int]

    def search(self, here: int, steps: list[int], used: int) -> None:
        if used >= QUEEN_REACH or self.early and self.ends:
            return
        terrain, visited = self.terrain, self.visited
        for step in NEIGHBOURS[here]:
            ground = terrain[step]
            if step in visited or ground == FACE_DOWN or step in self.blocking:
                continue
            if ground == SEA and step not in self.princes:
                continue
            further = [*steps, step]
            if ground != SEA and step not in self.own:
                self.record(step, further, STOP)
            visited.add(step)
            self.search(step, further, used + 1)
            visited.discard(step)


@dataclass
class PrinceWalk(Walk):
    """A Prince: on its own medium, crossing to the other only as its first step; it
    ends on a free hex (unless it has a target) or where it may fight."""

    reach: int
    start_at_sea: bool
    has_target: bool
    battle_kind: Callable[[int], str]  # "battle", "siege" or "" for ending on a hex
    kinds: dict[int, str] = field(default_factory=dict, init=False)  # the same however reached

    def search(self, here: int, steps: list[int], used: int, entered: int) -> None:
        if used >= self.reach or self.early and self.ends:
            return
        terrain, visited, kinds = self.terrain, self.visited, self.kinds
        for step in NEIGHBOURS[here]:
            ground = terrain[step]
            if step in visited or ground == FACE_DOWN:
                continue
            cross = (ground == SEA) != self.start_at_sea
            if cross and entered > 0:
                continue
            if step in self.blocking:
                kind = kinds.get(step)
                if kind is None:
                    kind = kinds[step] = self.battle_kind(step)
                if kind:
                    self.record(step, [*steps, step], kind)
                continue
            further = [*steps, step]
            if not self.has_target and step not in self.own:
                self.record(step, further, STOP)
            if not cross:
                visited.add(step)
                self.search(step, further, used + 1, entered + 1)
                visited.discard(step)


class GameOfFieldsState(State):
    # ----- setup -----

    def setup(self) -> None:
        self.terrain: list[str] = [FACE_DOWN] * len(HEXES)
        self.pool = all_terrain()  # terrain not laid or not turned over yet
        blank = self.options["map"] == BLANK
        for seat in (0, 1):
            self.pool.remove(PLAIN)
            self.terrain[queen_hex(seat)] = PLAIN
        for seat in (0, 1):
            for hex_id in prince_hexes(seat):
                self.terrain[hex_id] = self.draw(self.pool, 1)[0]
        if not blank:
            for step in PLACEMENT_STEPS:
                for hex_id in step_hexes(step):
                    self.terrain[hex_id] = self.draw(self.pool, 1)[0]
        self.pool.sort()
        self.queens = [queen_hex(0), queen_hex(1)]  # -1: the Queen has fallen
        self.princes = [prince_hexes(0), prince_hexes(1)]
        self.cities: list[list[int]] = [[], []]
        self.fields: list[list[int]] = [[], []]
        self.limits = [MAX_PRINCES, MAX_PRINCES]
        self.turn = 0  # player A, the youngest, starts
        self.phase = ACT
        # The pawn moving now: its kind, its index in `princes`, its path, its points.
        self.mover = ""
        self.mover_index = -1
        self.path: list[int] = []
        self.used = 0
        self.reach = 0
        self.entered = 0
        self.crossed = False
        self.found = -1  # blank map: the hex just turned over
        self.target = -1  # the siege hex a second Prince must end on
        self.siege = -1  # a first Prince waiting there for a second one
        self.moved: list[str] = []  # pawns moved this turn: "queen", "prince:<index>"
        self.new_stack = -1  # a stack of two Princes made this turn
        self.stacks = [-1, -1]  # the stack each player must split on their next action
        self.passes = 0  # passes in a row
        self.quiet = 0  # turns in a row without progress (see the module's docstring)
        self.progress = False
        self.log("new_game", first=0, map=self.options["map"])
        self.log("map", terrain=list(self.terrain))

    # ----- what stands where -----

    def own_count(self, seat: int, hex_id: int) -> int:
        """How many of `seat`'s Queen and Princes stand on `hex_id`."""
        return self.princes[seat].count(hex_id) + (self.queens[seat] == hex_id)

    def blocks(self, seat: int, hex_id: int) -> bool:
        """An opponent's Queen, Prince or City: passed only by stopping there to fight."""
        return hex_id in self.pawns_and_cities(1 - seat)

    def pawns(self, seat: int) -> set[int]:
        """The hexes where `seat`'s Queen or a Prince of `seat` stands."""
        return {*self.princes[seat], self.queens[seat]}

    def pawns_and_cities(self, seat: int) -> set[int]:
        """The hexes that block the other player: `seat`'s pawns and Cities (a fallen
        Queen's -1 is on no hex)."""
        return {*self.pawns(seat), *self.cities[seat]}

    def distance_to_queen(self, seat: int, hex_id: int) -> int:
        queen = self.queens[seat]
        return QUEENLESS_DISTANCE if queen < 0 else DISTANCE[queen][hex_id]

    def prince_value(self, seat: int, hex_id: int) -> int:
        """Reach at the start of a move, or battle value, of a Prince on `hex_id`."""
        return max(0, BASE_VALUE - self.distance_to_queen(seat, hex_id))

    def defence(self, seat: int, hex_id: int) -> int:
        """What `seat`'s pawns on `hex_id` are worth in defence."""
        terrain = PLAIN if self.terrain[hex_id] == SEA else self.terrain[hex_id]
        city = hex_id in self.cities[seat]
        plain = city or terrain == PLAIN  # on its City a pawn adds its plain value
        total = CITY_VALUE[terrain] if city else 0
        if self.queens[seat] == hex_id:
            total += QUEEN_VALUE[PLAIN if plain else MOUNTAIN]
        for prince in self.princes[seat]:
            if prince == hex_id:
                value = self.prince_value(seat, hex_id)
                total += value if plain else 2 * value
        return total

    def attack(self, seat: int, hex_id: int) -> int:
        """What a Prince of `seat` ending on `hex_id` attacks with, with one already there."""
        return self.prince_value(seat, hex_id) * (1 + self.princes[seat].count(hex_id))

    # ----- where pawns may go -----

    def battle_kind(self, seat: int, hex_id: int, target: int, first: bool, index: int) -> str:
        """ "battle", "siege" (wait there for a second Prince) or "" for Prince `index` ending here.

        `first`: no pawn has moved this turn yet, so a second Prince may still join.
        """
        if target >= 0 and hex_id != target:
            return ""
        rival = 1 - seat
        if hex_id in self.cities[rival] and len(self.cities[seat]) >= MAX_CITIES:
            return ""
        defence = self.defence(rival, hex_id)
        if self.attack(seat, hex_id) > defence:
            return "battle"
        alone = self.prince_value(seat, hex_id)
        may_wait = first and target < 0 and hex_id not in self.princes[seat]
        if may_wait and 2 * alone > defence and self.partners(seat, hex_id, index):
            return "siege"
        return ""

    def partners(self, seat: int, siege: int, mover: int) -> list[int]:
        """Indexes of the Princes that could join a siege on `siege` this turn.

        `mover`: the index of the Prince that would wait there (-1: it already does).
        """
        found = []
        saved = self.princes[seat][mover] if mover >= 0 else -1
        if mover >= 0:
            self.princes[seat][mover] = siege
        try:
            for index, hex_id in enumerate(self.princes[seat]):
                if index == mover or hex_id == siege or f"{PRINCE}:{index}" in self.moved:
                    continue
                reach = self.prince_value(seat, hex_id)
                ends = self.prince_ends(seat, index, [hex_id], 0, reach, 0, siege, False)
                if siege in ends:
                    found.append(index)
        finally:
            if mover >= 0:
                self.princes[seat][mover] = saved
        return found

    def walk_start(
        self, seat: int, path: list[int], firsts: set[int] | None, early: bool
    ) -> WalkStart:
        """What every walk of a pawn of `seat` from the end of `path` starts with."""
        return {
            "terrain": self.terrain,
            "blocking": self.pawns_and_cities(1 - seat),
            "own": self.pawns(seat),
            "visited": set(path),
            "firsts": firsts,
            "early": early,
        }

    def prince_ends(
        self,
        seat: int,
        index: int,
        path: list[int],
        used: int,
        reach: int,
        entered: int,
        target: int,
        first: bool,
        firsts: set[int] | None = None,
        early: bool = False,
    ) -> dict[int, tuple[list[int], str]]:
        """Every hex Prince `index` may end on from the end of `path`: (its steps there, kind).

        Kinds: "stop", "battle", "siege". `path` holds the hexes already on its path
        (its start first, where it stands last), which it never enters again.
        `firsts` gathers the first step of every path to every end; `early` stops at the
        first end found (to know whether the Prince may move at all).
        """
        walk = PrinceWalk(
            **self.walk_start(seat, path, firsts, early),
            reach=reach,
            start_at_sea=self.terrain[path[0]] == SEA,
            has_target=target >= 0,
            battle_kind=lambda hex_id: self.battle_kind(seat, hex_id, target, first, index),
        )
        walk.search(path[-1], [], used, entered)
        return walk.ends

    def queen_ends(
        self,
        seat: int,
        at: int,
        path: list[int],
        used: int,
        firsts: set[int] | None = None,
        early: bool = False,
    ) -> dict[int, tuple[list[int], str]]:
        """Every hex the Queen may end on from here: over land, across a sea only on her Prince."""
        walk = QueenWalk(
            **self.walk_start(seat, path, firsts, early), princes=set(self.princes[seat])
        )
        walk.search(at, [], used)
        return walk.ends

    def mover_ends(
        self, firsts: set[int] | None = None, early: bool = False
    ) -> dict[int, tuple[list[int], str]]:
        """Where the pawn moving now may end, from where it stands (`early`: the first
        end found only, to know whether it may go on)."""
        seat = self.turn
        at = self.path[-1]
        if self.mover == QUEEN:
            return self.queen_ends(seat, at, self.path, self.used, firsts, early)
        if self.crossed:
            return {}
        first = not self.moved
        return self.prince_ends(
            seat,
            self.mover_index,
            self.path,
            self.used,
            self.reach,
            self.entered,
            self.target,
            first,
            firsts,
            early,
        )

    def can_stop(self) -> bool:
        at = self.path[-1]
        return self.used > 0 and self.target < 0 and self.own_count(self.turn, at) == 1

    def reveals(self) -> list[int]:
        """Blank map: the face-down hexes next to the moving Prince it may turn over."""
        if self.mover != PRINCE or self.crossed or self.target >= 0:
            return []
        return self.reveal_targets(self.turn, self.mover_index, self.path, self.used, self.reach)

    def reveal_targets(
        self, seat: int, index: int, path: list[int], used: int, reach: int
    ) -> list[int]:
        """Face-down hexes next to the end of `path` that Prince `index` may turn over, with
        `used` of its `reach` spent: only if it may then end its move (here or further)."""
        if used >= reach:
            return []
        at = path[-1]
        hidden = [h for h in NEIGHBOURS[at] if self.terrain[h] == FACE_DOWN]
        if not hidden:
            return []
        entered = len(path) - 1
        settles = self.own_count(seat, at) == 1 or self.prince_ends(
            seat, index, path, used + 1, reach, entered, -1, False
        )
        return hidden if settles else []

    def may_enter_found(self) -> bool:
        terrain = self.terrain[self.found]
        return medium(terrain) == medium(self.terrain[self.path[0]]) or self.entered == 0

    # ----- the pawns that may move -----

    def movable(self, seat: int) -> dict[int, tuple[str, int]]:
        """hex -> (kind, prince index) of each pawn that may start a move now."""
        return dict(self.movable_pawns(seat))

    def any_movable(self, seat: int) -> bool:
        return next(self.movable_pawns(seat), None) is not None

    def movable_pawns(self, seat: int) -> Iterator[tuple[int, tuple[str, int]]]:
        """(hex, (kind, prince index)) of each pawn that may start a move now, the first
        pawn found on a hex only, found lazily (the first answers whether any may)."""
        seen: set[int] = set()
        if self.siege >= 0:
            for index in self.partners(seat, self.siege, mover=-1):
                hex_id = self.princes[seat][index]
                if hex_id not in seen:
                    seen.add(hex_id)
                    yield hex_id, (PRINCE, index)
            return
        queen = self.queens[seat]
        queen_free = queen >= 0 and QUEEN not in self.moved
        taken = self.pawns_and_cities(1 - seat) | self.pawns(seat)
        if queen_free and (
            self.free_next_to(queen, taken, land_only=True)
            or self.queen_ends(seat, queen, [queen], 0, early=True)
        ):
            seen.add(queen)
            yield queen, (QUEEN, -1)
        first = not self.moved
        for index, hex_id in enumerate(self.princes[seat]):
            if f"{PRINCE}:{index}" in self.moved or hex_id in seen:
                continue
            reach = self.prince_value(seat, hex_id)
            if reach > 0 and self.free_next_to(hex_id, taken, land_only=False):
                seen.add(hex_id)
                yield hex_id, (PRINCE, index)
                continue
            # Sieges cost the most to find: look for any other end first.
            ends = self.prince_ends(seat, index, [hex_id], 0, reach, 0, -1, False, early=True)
            if not ends and first:
                ends = self.prince_ends(seat, index, [hex_id], 0, reach, 0, -1, True, early=True)
            if ends or self.may_only_reveal(seat, index, hex_id, reach):
                seen.add(hex_id)
                yield hex_id, (PRINCE, index)

    def free_next_to(self, hex_id: int, taken: set[int], land_only: bool) -> bool:
        """A face-up hex next to `hex_id` (on land, for a Queen) with no pawn and no City
        on it (`taken`): a pawn there may end its move on it at its first step, so it may
        move (the quick answer; a walk finds the rest)."""
        terrain = self.terrain
        return any(
            terrain[step] != FACE_DOWN
            and not (land_only and terrain[step] == SEA)
            and step not in taken
            for step in NEIGHBOURS[hex_id]
        )

    def pawn_to_move(self, seat: int, hex_id: int) -> tuple[str, int]:
        """(kind, prince index) of the pawn a legal StartMove on `hex_id` moves: the one
        pawn free to move there, else the first `movable` finds."""
        free = [
            (PRINCE, index)
            for index, at in enumerate(self.princes[seat])
            if at == hex_id and f"{PRINCE}:{index}" not in self.moved
        ]
        if self.queens[seat] == hex_id and QUEEN not in self.moved:
            free.append((QUEEN, -1))
        if self.siege < 0 and len(free) == 1:
            return free[0]
        return self.movable(seat)[hex_id]

    def may_only_reveal(self, seat: int, index: int, hex_id: int, reach: int) -> bool:
        """Blank map: a Prince with no move over face-up hexes may still turn one over."""
        return bool(self.reveal_targets(seat, index, [hex_id], 0, reach))

    def castles(self, seat: int) -> list[int]:
        """Hexes of the Princes the Queen may switch places with."""
        queen = self.queens[seat]
        if queen < 0:
            return []
        found = []
        for hex_id in sorted(set(self.princes[seat])):
            if self.princes[seat].count(hex_id) != 1 or self.terrain[hex_id] == SEA:
                continue
            distance = DISTANCE[queen][hex_id]
            if (
                distance == 1
                or distance == 2
                and any(
                    self.bridges(seat, middle)
                    for middle in NEIGHBOURS[queen]
                    if DISTANCE[middle][hex_id] == 1
                )
            ):
                found.append(hex_id)
        return found

    def bridges(self, seat: int, middle: int) -> bool:
        """A hex between the Queen and a Prince that castling may pass over: face up, with no
        opponent pawn on it, a Field included (rulings §4, unlike moving), and a sea only
        where her own Prince stands."""
        terrain = self.terrain[middle]
        if terrain == FACE_DOWN or self.blocks(seat, middle) or self.field_blocks(seat, middle):
            return False
        return terrain != SEA or middle in self.princes[seat]

    def field_blocks(self, seat: int, middle: int) -> bool:
        """An opponent's Field on the castling path blocks it since rules version 3."""
        return self.rules_version >= FIELDS_BLOCK_CASTLING and middle in self.fields[1 - seat]

    def can_build_field(self, seat: int) -> bool:
        queen = self.queens[seat]
        return (
            queen >= 0
            and len(self.fields[seat]) < FIELD_PAWNS
            and not self.anything_built(queen)
            and self.terrain[queen] != SEA
        )

    def can_build_city(self, seat: int) -> bool:
        queen = self.queens[seat]
        return (
            queen >= 0
            and len(self.cities[seat]) < MAX_CITIES
            and not self.anything_built(queen)
            and self.terrain[queen] != SEA
        )

    def anything_built(self, hex_id: int) -> bool:
        return any(hex_id in self.fields[s] or hex_id in self.cities[s] for s in (0, 1))

    def prince_spots(self, seat: int) -> list[int]:
        """Cities where a Prince may be regenerated now."""
        count = len(self.princes[seat])
        if count >= self.limits[seat] or len(self.fields[seat]) < count + 1:
            return []
        return [c for c in sorted(self.cities[seat]) if self.own_count(seat, c) == 0]

    def queen_spots(self, seat: int) -> list[tuple[int, int]]:
        """(City, Prince hex) pairs for regenerating the Queen."""
        if self.queens[seat] >= 0:
            return []
        found = []
        for city in sorted(self.cities[seat]):
            for prince in sorted(set(self.princes[seat])):
                if self.own_count(seat, city) - (prince == city) == 0:
                    found.append((city, prince))
        return found

    # ----- the contract hooks -----

    def seats_to_act(self) -> list[int]:
        return [self.turn]

    def moves(self, seat: int) -> list[str]:
        if self.phase == MOVE:
            firsts: set[int] = set()
            self.mover_ends(firsts)
            steps = [STEP_TEXT[h] for h in sorted(firsts)]
            steps += [format(TurnOver(h)) for h in self.reveals()]
            return steps + ([STOP] if self.can_stop() else [])
        if self.phase == FOUND:
            return ([STEP_TEXT[self.found]] if self.may_enter_found() else []) + [STAY]
        if self.phase == NEXT:
            pawns = [START_MOVE_TEXT[h] for h in sorted(self.movable(seat))]
            return pawns if self.siege >= 0 else [*pawns, END]
        actions = [START_MOVE_TEXT[h] for h in sorted(self.movable(seat))]
        actions += [format(Castle(h)) for h in self.castles(seat)]
        if self.can_build_field(seat):
            actions.append(FIELD)
        if self.can_build_city(seat):
            actions.append(CITY)
        actions += [format(PrinceBack(h)) for h in self.prince_spots(seat)]
        actions += [format(QueenBack(c, p)) for c, p in self.queen_spots(seat)]
        if self.passes < 2 or not actions:
            actions.append(PASS)
        return actions

    def play(self, seat: int, action: str) -> None:
        match parse(action):
            case Pass():
                self.do_pass(seat)
            case Build(what):
                self.build(seat, what)
            case Stop():
                self.finish_pawn(seat)
            case EndTurn():
                self.end_turn(seat)
            case Stay():
                self.stay(seat)
            case StartMove(hex_id):
                self.start_move(seat, hex_id)
            case Step(hex_id):
                self.step(seat, hex_id)
            case TurnOver(hex_id):
                self.reveal(seat, hex_id)
            case Castle(prince):
                self.castle(seat, prince)
            case PrinceBack(city):
                self.regenerate_prince(seat, city)
            case QueenBack(city, prince):
                self.regenerate_queen(seat, city, prince)

    # ----- moving -----

    def start_move(self, seat: int, hex_id: int) -> None:
        kind, index = self.pawn_to_move(seat, hex_id)
        self.mover, self.mover_index = kind, index
        self.path = [hex_id]
        self.used = self.entered = 0
        self.crossed = False
        self.reach = QUEEN_REACH if kind == QUEEN else self.prince_value(seat, hex_id)
        self.target = self.siege
        self.phase = MOVE

    def place_mover(self, seat: int, hex_id: int) -> None:
        if self.mover == QUEEN:
            self.queens[seat] = hex_id
        else:
            self.princes[seat][self.mover_index] = hex_id
        self.path.append(hex_id)

    def step(self, seat: int, hex_id: int) -> None:
        if self.phase == FOUND:  # entering the hex just turned over costs no extra point
            self.found = -1
            self.phase = MOVE
            cross = medium(self.terrain[hex_id]) != medium(self.terrain[self.path[0]])
            self.place_mover(seat, hex_id)
            self.used += 1
            self.entered += 1
            self.crossed = cross
            self.after_step(seat)
            return
        cross = medium(self.terrain[hex_id]) != medium(self.terrain[self.path[0]])
        fight = self.mover == PRINCE and self.blocks(seat, hex_id)
        first = not self.moved
        kind = self.battle_kind(seat, hex_id, self.target, first, self.mover_index) if fight else ""
        self.place_mover(seat, hex_id)
        self.used += 1
        self.entered += 1
        self.crossed = self.mover == PRINCE and cross
        if kind == "battle":
            self.log("move", seat=seat, pawn=self.mover, source=self.path[0], hex=hex_id)
            self.battle(seat, hex_id)
            if not self.is_over():
                self.finish_pawn(seat, logged=True)
        elif kind == "siege":
            self.siege = hex_id
            self.log("siege", seat=seat, hex=hex_id, source=self.path[0])
            self.finish_pawn(seat, logged=True)
        else:
            self.after_step(seat)

    def reveal(self, seat: int, hex_id: int) -> None:
        terrain = self.draw(self.pool, 1)[0]
        self.terrain[hex_id] = terrain
        self.log("reveal", seat=seat, hex=hex_id, terrain=terrain)
        self.found = hex_id
        if self.may_enter_found():
            self.phase = FOUND
        else:
            self.found = -1
            self.used += 1
            self.after_step(seat)

    def stay(self, seat: int) -> None:
        """Blank map: the Prince does not enter the hex it turned over. The point is spent,
        but it is no step (rulings §4): a first land-sea step is still open to it."""
        self.found = -1
        self.used += 1
        self.phase = MOVE
        self.after_step(seat)

    def after_step(self, seat: int) -> None:
        """Go on moving, or end the pawn's move when nothing else is possible."""
        if self.mover_ends(early=True) or self.reveals():
            return
        if self.can_stop():
            self.finish_pawn(seat)

    def finish_pawn(self, seat: int, logged: bool = False) -> None:
        at = self.path[-1]
        rival = 1 - seat
        if not logged:
            self.log_move(seat)
        if at in self.fields[rival] and not self.blocks(seat, at):
            self.capture_field(seat, at)
        self.moved.append(QUEEN if self.mover == QUEEN else f"{PRINCE}:{self.mover_index}")
        self.mover, self.mover_index = "", -1
        self.path = []
        self.used = self.reach = self.entered = 0
        self.crossed = False
        self.target = -1
        if self.siege >= 0:
            self.phase = NEXT
        elif len(self.moved) >= 2 or not self.any_movable(seat):
            self.end_turn(seat)
        else:
            self.phase = NEXT

    def log_move(self, seat: int) -> None:
        """The move as it was: from one hex to another, or (blank map) hexes turned over by a
        Prince that never left its own."""
        if len(self.path) > 1:
            self.log("move", seat=seat, pawn=self.mover, source=self.path[0], hex=self.path[-1])
        else:
            self.log("stayed", seat=seat, hex=self.path[0], turned=self.turned_this_move())

    def turned_this_move(self) -> list[dict[str, int | str]]:
        """The hexes turned over during the move ending now, and what they were. Nothing
        else is logged during a move (its steps are in its last line), so they are the
        log's last lines."""
        turned: list[dict[str, int | str]] = []
        for event in reversed(self.events):
            if event.kind != "reveal":
                break
            turned.insert(0, {"hex": event.data["hex"], "terrain": event.data["terrain"]})
        return turned

    def capture_field(self, seat: int, hex_id: int) -> None:
        rival = 1 - seat
        if len(self.fields[seat]) >= FIELD_PAWNS:
            self.log("field_kept", seat=seat, hex=hex_id)
            return
        self.fields[rival].remove(hex_id)
        self.fields[seat].append(hex_id)
        self.progress = True
        self.log("field_taken", seat=seat, hex=hex_id)

    def battle(self, seat: int, hex_id: int) -> None:
        rival = 1 - seat
        attack = self.prince_value(seat, hex_id) * self.princes[seat].count(hex_id)
        defence = self.defence(rival, hex_id)
        lost = []
        if self.queens[rival] == hex_id:
            self.queens[rival] = -1
            lost.append(QUEEN)
        fallen = self.princes[rival].count(hex_id)
        self.princes[rival] = [p for p in self.princes[rival] if p != hex_id]
        lost += [PRINCE] * fallen
        city = hex_id in self.cities[rival]
        if city:
            self.cities[rival].remove(hex_id)
            self.cities[seat].append(hex_id)
            lost.append(CITY)
        self.log(
            "battle",
            seat=seat,
            hex=hex_id,
            attack=attack,
            defence=defence,
            lost=lost,
            joined=self.siege == hex_id,
        )
        if self.siege == hex_id:
            self.new_stack = hex_id
            self.siege = -1
        if hex_id in self.fields[rival]:
            self.capture_field(seat, hex_id)
        self.progress = True
        self.fix()
        self.check_queenless()

    def check_queenless(self) -> None:
        """A player without a Queen and without a City or a Prince to regenerate her loses."""
        for seat in (self.turn, 1 - self.turn):
            if self.queens[seat] < 0 and (not self.cities[seat] or not self.princes[seat]):
                self.fix()
                self.log("queen_lost", seat=seat)
                self.end_game(win_for(1 - seat, 2), "queen")
                return

    # ----- the other actions -----

    def castle(self, seat: int, hex_id: int) -> None:
        queen = self.queens[seat]
        index = self.princes[seat].index(hex_id)
        self.princes[seat][index] = queen
        self.queens[seat] = hex_id
        self.log("castle", seat=seat, source=queen, hex=hex_id)
        self.end_turn(seat)

    def build(self, seat: int, what: str) -> None:
        queen = self.queens[seat]
        (self.fields if what == FIELD else self.cities)[seat].append(queen)
        self.progress = True
        self.log("build", seat=seat, what=what, hex=queen)
        self.end_turn(seat)

    def regenerate_prince(self, seat: int, city: int) -> None:
        self.princes[seat].append(city)
        self.progress = True
        self.log("prince_back", seat=seat, hex=city)
        self.end_turn(seat)

    def regenerate_queen(self, seat: int, city: int, prince: int) -> None:
        self.princes[seat].remove(prince)
        self.limits[seat] -= 1
        self.queens[seat] = city
        self.progress = True
        self.log("queen_back", seat=seat, hex=city, source=prince, limit=self.limits[seat])
        self.end_turn(seat)

    def do_pass(self, seat: int) -> None:
        self.passes += 1
        self.log("pass", seat=seat, count=self.passes)
        if self.passes >= PASS_DRAW:
            self.fix()
            self.end_game(shared_win((0, 1), 2), "passes")
            return
        self.end_turn(seat, passed=True)

    # ----- the end of a turn -----

    def end_turn(self, seat: int, passed: bool = False) -> None:
        if not passed:
            self.passes = 0
        old = self.stacks[seat]
        if old >= 0 and old != self.new_stack and self.princes[seat].count(old) >= 2:
            self.princes[seat].remove(old)
            self.log("split_loss", seat=seat, hex=old)
        self.stacks[seat] = self.new_stack
        self.new_stack = -1
        self.quiet = 0 if self.progress else self.quiet + 1
        self.progress = False
        self.fix()
        self.check_queenless()
        if self.is_over():
            return
        for player in (seat, 1 - seat):
            if self.field_halves(player) < WIN_HALVES:
                continue  # every Field together is short of it, so is any chain
            halves, _ = self.best_chain(player)
            if halves >= WIN_HALVES:
                self.log("fields_won", seat=player, value=halves)
                self.end_game(win_for(player, 2), "fields")
                return
        if self.quiet >= QUIET_TURNS:
            self.end_game(shared_win((0, 1), 2), "quiet")
            return
        self.turn = 1 - seat
        self.phase = ACT
        self.moved = []
        self.siege = -1

    def best_chain(self, seat: int) -> tuple[int, list[int]]:
        """The Field value (in halves) linked to one of `seat`'s Cities, and its hexes."""
        links = set(self.fields[seat]) | set(self.cities[seat])
        links |= {p for p in self.princes[seat] if self.terrain[p] == SEA}
        best, best_hexes = 0, list[int]()
        seen: set[int] = set()
        for city in sorted(self.cities[seat]):
            if city in seen:
                continue
            group, todo = {city}, [city]
            while todo:
                here = todo.pop()
                for other in NEIGHBOURS[here]:
                    if other in links and other not in group:
                        group.add(other)
                        todo.append(other)
            seen |= group
            halves = sum(
                2 if self.terrain[h] == PLAIN else 1 for h in group if h in self.fields[seat]
            )
            if halves > best or not best_hexes:
                best, best_hexes = halves, sorted(group)
        return best, best_hexes

    def field_halves(self, seat: int) -> int:
        return sum(2 if self.terrain[h] == PLAIN else 1 for h in self.fields[seat])

    # ----- refusals -----

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        try:
            wanted = parse(action)
        except IllegalAction as refusal:
            return refusal
        if isinstance(wanted, Pass) and self.phase == ACT:
            return self.refusal("answer_pass")
        if isinstance(wanted, Build) and self.phase == ACT:
            if self.queens[seat] < 0:
                return self.refusal("no_queen")
            if wanted.what == CITY and len(self.cities[seat]) >= MAX_CITIES:
                return self.refusal("city_limit")
            return self.refusal("cannot_build")
        if isinstance(wanted, Step | TurnOver) and self.phase in (MOVE, FOUND):
            return self.refusal("cannot_go")
        if isinstance(wanted, StartMove):
            return self.refusal("cannot_move")
        if self.phase in (MOVE, FOUND, NEXT) and not isinstance(wanted, Stop | EndTurn | Stay):
            return self.refusal("finish_action")
        return IllegalAction("not_legal_now")

    def check_invariants(self) -> None:
        if len(self.terrain) != len(HEXES):
            raise ValueError("the map is not this game's")
        laid = [t for t in self.terrain if t != FACE_DOWN]
        for terrain in TERRAINS:
            if laid.count(terrain) + self.pool.count(terrain) != TERRAIN_COUNTS[terrain]:
                raise ValueError("terrain was created or lost")
        for seat in (0, 1):
            if len(self.princes[seat]) > self.limits[seat] or self.limits[seat] > MAX_PRINCES:
                raise ValueError("too many Princes")
            if len(self.cities[seat]) > MAX_CITIES or len(self.fields[seat]) > FIELD_PAWNS:
                raise ValueError("too many Cities or Fields")
            for hex_id in [self.queens[seat], *self.princes[seat]]:
                if hex_id >= 0 and self.terrain[hex_id] == FACE_DOWN:
                    raise ValueError("a pawn stands on a face-down hex")
                passing = self.mover and seat == self.turn and hex_id == self.path[-1]
                if hex_id >= 0 and self.own_count(seat, hex_id) > 2 and not passing:
                    raise ValueError("more than two pawns on a hex")
            queen = self.queens[seat]
            moving = self.mover and seat == self.turn and queen == self.path[-1]
            if queen >= 0 and queen in self.princes[seat] and not moving:
                raise ValueError("a Queen and a Prince share a hex")
        built = [h for s in (0, 1) for h in self.fields[s] + self.cities[s]]
        if len(built) != len(set(built)):
            raise ValueError("two Fields or Cities on one hex")
        if any(self.terrain[h] in (SEA, FACE_DOWN) for h in built):
            raise ValueError("a Field or City off the land")

    # ----- how a choice is offered -----

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        match parse(action):
            case StartMove(hex_id):
                return [("pawn", str(hex_id))]
            case Step(hex_id):
                return [("hex", str(hex_id))]
            case TurnOver(hex_id):
                return [("reveal", str(hex_id))]
            case Castle(prince):
                return [("action", "castle"), ("pawn", str(prince))]
            case PrinceBack(city):
                return [("action", "prince"), ("hex", str(city))]
            case QueenBack(city, prince):
                return [("action", "queen"), ("hex", str(city)), ("pawn", str(prince))]
        return [("action", action)]  # a word: field, city, pass, stop, end, stay

    def trail_step(self, action: str) -> str:
        """A pawn's way: where it set off, then each step; a hex turned over on the way
        (entered or not) is no part of it."""
        match parse(action):
            case StartMove():
                return BEGIN_TRAIL
            case Step():
                return GO_ON
            case TurnOver() | Stay():
                return ASIDE
        return ""

    def places(self, actor: int, action: str, seat: int | None) -> list[tuple[str, str]]:
        """Every hex a move went through: where a pawn began and each step, a hex turned
        over, both hexes of a castling (the Prince's, where the Queen went, and the one she
        left to him), where a Queen built, where a pawn came back (and the Prince that a
        Queen's return took off)."""
        match parse(action):
            case StartMove(hex_id) | Step(hex_id) | TurnOver(hex_id) | PrinceBack(hex_id):
                return [("hex", str(hex_id))]
            case Castle(prince):
                return [("hex", str(prince)), *self.castled_from(actor, prince)]
            case QueenBack(city, prince):
                return [("hex", str(city)), ("hex", str(prince))]
            case Build():
                queen = self.queens[actor]
                return [] if queen < 0 else [("hex", str(queen))]
        return []

    def castled_from(self, seat: int, prince: int) -> list[tuple[str, str]]:
        """The hex `seat`'s Queen left when she last castled with the Prince on `prince`:
        the action names the Prince's hex only, its log line both."""
        for event in reversed(self.events):
            line = event.data  # a position's log may come from a link: read as hostile
            if event.kind == "castle" and line.get("seat") == seat and line.get("hex") == prince:
                source = line.get("source")
                return [("hex", str(source))] if type(source) is int and source in HEXES else []
        return []

    def prompt(self, seat: int) -> Prompt:
        if self.phase == MOVE:
            return {"key": "gof.move", "pawn": self.mover, "left": self.reach - self.used}
        if self.phase == FOUND:
            return {"key": "gof.found", "hex": self.found + 1}
        if self.phase == NEXT:
            return {"key": "gof.join" if self.siege >= 0 else "gof.next"}
        return {"key": "gof.act"}

    # ----- what a seat sees -----

    def open_game_view(self, seat: int | None) -> ReplayTable:
        """Replays: nothing is hidden here. No seat holds a hand, and a hex never turned
        over has no terrain yet (it is drawn from the pool when turned)."""
        return {"open_hands": [[] for _ in range(self.num_seats)]}

    def game_view(self, seat: int | None) -> GameOfFieldsTable:
        chains = [self.best_chain(s) for s in (0, 1)]
        return {
            "map": self.options["map"],
            "terrain": list(self.terrain),
            "face_down": {t: self.pool.count(t) for t in TERRAINS},
            "queens": list(self.queens),
            "princes": [sorted(p) for p in self.princes],
            "cities": [sorted(c) for c in self.cities],
            "fields": [sorted(f) for f in self.fields],
            "limits": list(self.limits),
            "fields_left": [FIELD_PAWNS - len(f) for f in self.fields],
            "chains": [{"halves": halves, "hexes": hexes} for halves, hexes in chains],
            "field_halves": [self.field_halves(s) for s in (0, 1)],
            "turn": None if self.is_over() else self.turn,
            "phase": "over" if self.is_over() else self.phase,
            "mover": self.mover_view(),
            "siege": self.siege,
            "must_split": list(self.stacks),
            "passes": self.passes,
            "quiet": self.quiet,
            "preview": self.preview(seat),
        }

    def mover_view(self) -> Mover | None:
        if not self.mover:
            return None
        return {
            "pawn": self.mover,
            "path": list(self.path),
            "used": self.used,
            "reach": self.reach,
            "found": self.found,
        }

    def preview(self, seat: int | None) -> Preview:
        """For the acting seat: where each pawn may go, one path each, and battle values."""
        if seat is None or self.is_over() or seat != self.turn:
            return {}
        if self.phase == MOVE:
            ends = self.mover_ends()
            pawn = self.path[-1]
            entry = self.ends_view(seat, ends, self.reach - self.used, self.reveals())
            return {"pawns": {str(pawn): entry}}
        if self.phase not in (ACT, NEXT):
            return {}
        pawns: dict[str, PawnPreview] = {}
        first = not self.moved
        for hex_id, (kind, index) in self.movable(seat).items():
            reveals: list[int] = []
            if kind == QUEEN:
                ends = self.queen_ends(seat, hex_id, [hex_id], 0)
                reach = QUEEN_REACH
            else:
                reach = self.prince_value(seat, hex_id)
                ends = self.prince_ends(seat, index, [hex_id], 0, reach, 0, self.siege, first)
                if self.siege < 0:
                    reveals = self.reveal_targets(seat, index, [hex_id], 0, reach)
            pawns[str(hex_id)] = self.ends_view(seat, ends, reach, reveals)
        return {"pawns": pawns}

    def ends_view(
        self, seat: int, ends: dict[int, tuple[list[int], str]], reach: int, reveals: list[int]
    ) -> PawnPreview:
        rival = 1 - seat
        found: dict[str, End] = {}
        for hex_id, (steps, kind) in sorted(ends.items()):
            entry: End = {"path": steps, "kind": kind}
            if kind in ("battle", "siege"):
                alone = self.prince_value(seat, hex_id)
                entry["attack"] = alone * (2 if kind == "siege" else 1) + (
                    alone * self.princes[seat].count(hex_id)
                )
                entry["defence"] = self.defence(rival, hex_id)
            elif hex_id in self.fields[rival]:
                entry["capture"] = True
            found[str(hex_id)] = entry
        return {"reach": reach, "ends": found, "reveals": [str(h) for h in reveals]}
