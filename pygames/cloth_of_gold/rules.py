"""The Field of the Cloth of Gold (金襴の陣): every rule of the rulebook and rulings §2.

Actions: ``gold`` (a token comes onto the Gold oval from off the board: a player's
first two turns), ``red>gold`` (a token moves: later turns) and ``dragon:white`` (the
Dragon's target, the second decision of a Dragon turn), read and written only by
`pygames.cloth_of_gold.notation`, which gives their grammar.

Ovals: dragon, secrecy, gold, blue, white, red, purple (printed order). Tiles:
gold, blue, white, red, jewel.

Timing (rulings §2 where they settle it, ours where marked):
- The end check on score comes right after an action's scoring step: Blue and
  White tiles are already Removed, and in a Red action both players have scored
  and removed their Red. A Red action that reaches 30 therefore skips its
  Secrecy draws (ours; hands score nothing, so no result changes).
- The Darkness ending the game stops everything at once: no further draws or
  refills. Refills go in printed order (ours; only the last tile's square differs).
- Scores keep counting past the track's last square (39); every score of 32 or
  more is in the fifth row (ours).
- Undo: every reveal, draw, end of game and end of turn fixes the game, so the
  only undoable move is bringing a token onto the Dragon oval before naming the
  Dragon's target.

Chance: the Darkness is an unordered pool; tiles are drawn when they are dealt,
drawn by Secrecy or laid on a square. What a seat knows of a rival's Hand beyond
its size: the colours it cannot hold (`lacks`): none of a colour it has just
revealed, and no Jewel among the two tiles dealt before the Jewels joined the
Darkness, until its next draw.
"""

from __future__ import annotations

from collections import Counter

from pygames.cloth_of_gold.board import (
    BLUE,
    COLOURS,
    DRAGON,
    DRAGON_HOME,
    END_SCORE,
    GOLD,
    GOLD_MAJORITY_POINTS,
    HAND_DEAL,
    JEWEL,
    OVALS,
    PURPLE,
    RED,
    SECRECY,
    SET_COLOURS,
    SET_POINTS,
    SQUARE_OVALS,
    TILE_COUNTS,
    TOKENS_ON_BOARD,
    TRACK_ROWS,
    TRACK_SQUARES,
    WHITE,
    all_tiles,
    blue_points,
    gold_value,
    row_index,
    secrecy_draws,
)
from pygames.cloth_of_gold.notation import (
    NOTATION,
    Action,
    Enter,
    Move,
    SendDragon,
    dragon_text,
    move_text,
)
from pygames.cloth_of_gold.views import (
    ClothOfGoldTable,
    Effect,
    FinalScoring,
    OpenTable,
    OvalView,
    Preview,
    SeatScoring,
    TileCounts,
)
from pygames.core import UNKNOWN, IllegalAction, Prompt, State, shared_win, take_from, win_for

CHOOSE_OVAL, CHOOSE_DRAGON_TARGET, OVER = "choose_oval", "choose_dragon_target", "over"

# The Hand tiles each action Reveals into the Court.
REVEALS = {
    DRAGON: (),
    SECRECY: (),
    GOLD: (GOLD,),
    BLUE: (BLUE,),
    WHITE: (WHITE,),
    RED: (RED,),
    PURPLE: COLOURS,
}
REMOVES = {BLUE: BLUE, WHITE: WHITE}  # the own-Court tiles Removed after scoring


def action_points(oval: str, mine: Counter, theirs: Counter) -> int:
    """What an action scores for the acting player, from both Courts after the reveal."""
    if oval == GOLD:
        return GOLD_MAJORITY_POINTS if mine[GOLD] > theirs[GOLD] else 0
    if oval == BLUE:
        return blue_points(mine[BLUE])
    if oval in (WHITE, RED):
        return mine[oval]
    if oval == PURPLE:
        return SET_POINTS * min(mine[colour] for colour in SET_COLOURS)
    return 0


COLOUR_RANK = {colour: rank for rank, colour in enumerate(COLOURS)}


def colour_order(tiles) -> list[str]:
    """Court order; tiles a seat's copy of the game cannot see (`?`) last."""
    return sorted(tiles, key=lambda tile: COLOUR_RANK.get(tile, len(COLOURS)))


def oval_order(ovals) -> list[str]:
    return sorted(ovals, key=OVALS.index)


def tile_counts(counts: Counter[str]) -> TileCounts:
    """Every colour's count, in Court order."""
    return {colour: counts[colour] for colour in COLOURS}


class ClothOfGoldState(State):
    def setup(self) -> None:
        first = self.options["start"]
        self.turn = "AB".index(self.pick_by_chance(["A", "B"]) if first == "random" else first)
        # The Darkness is a pool: tiles are drawn from it at random when needed.
        self.darkness = [c for c in COLOURS if c != JEWEL for _ in range(TILE_COUNTS[c])]
        self.hands = [self.draw(self.darkness, HAND_DEAL, to=seat) for seat in (0, 1)]
        self.lacks: list[list[str]] = [[JEWEL], [JEWEL]]  # dealt before the Jewels joined
        self.darkness += [JEWEL] * TILE_COUNTS[JEWEL]
        laid = self.draw(self.darkness, len(SQUARE_OVALS))
        self.squares: dict[str, str | None] = dict(zip(SQUARE_OVALS, laid, strict=True))
        self.courts: list[Counter[str]] = [Counter(), Counter()]
        self.removed: Counter[str] = Counter()
        self.scores = [0, 0]
        self.tokens: list[list[str]] = [[], []]  # the ovals each seat's board tokens stand on
        self.dragon = DRAGON_HOME
        self.phase = CHOOSE_OVAL
        self.vacated: str | None = None  # the oval the acting token left this turn
        self.final: FinalScoring | None = None
        self.log("new_game", first=self.turn, squares=[self.squares[o] for o in SQUARE_OVALS])
        for seat in (0, 1):
            self.log("dealt", to=seat, seat=seat, tiles=colour_order(self.hands[seat]))

    # ----- where tokens may go -----

    def off_board(self, seat: int) -> int:
        return TOKENS_ON_BOARD - len(self.tokens[seat])

    def blocked(self) -> set[str]:
        return {self.dragon, *self.tokens[0], *self.tokens[1]}

    def empty_ovals(self) -> list[str]:
        blocked = self.blocked()
        return [oval for oval in OVALS if oval not in blocked]

    def dragon_targets(self) -> list[str]:
        return [oval for oval in self.empty_ovals() if oval != self.vacated]

    # ----- the contract hooks -----

    def seats_to_act(self) -> list[int]:
        return [self.turn]

    def moves(self, seat: int) -> list[str]:
        if self.phase == CHOOSE_DRAGON_TARGET:
            return [dragon_text(oval) for oval in self.dragon_targets()]
        targets = self.empty_ovals()
        if self.off_board(seat):
            return targets  # entering: the oval's name alone
        return [
            move_text(source, target)
            for source in oval_order(self.tokens[seat])
            for target in targets
        ]

    def play(self, seat: int, action: str) -> None:
        move = NOTATION.parse(action)
        if isinstance(move, SendDragon):
            self.send_dragon(seat, move.oval)
        elif isinstance(move, Move):
            self.move_token(seat, move.source, move.target)
        else:
            self.move_token(seat, None, move.oval)

    # ----- a turn -----

    def move_token(self, seat: int, source: str | None, target: str) -> None:
        if source is not None:
            self.tokens[seat].remove(source)
        self.tokens[seat].append(target)
        self.vacated = source
        self.log("move", seat=seat, source=source, oval=target)
        if target == DRAGON:  # no square, so no Gift yet: the Dragon's target gives it
            self.phase = CHOOSE_DRAGON_TARGET
            return
        self.give_gift(seat, target)
        self.resolve_action(seat, target)
        self.after_action(seat)

    def send_dragon(self, seat: int, target: str) -> None:
        self.dragon = target
        self.log("dragon", seat=seat, oval=target)
        self.give_gift(seat, target)
        self.after_action(seat)

    def give_gift(self, seat: int, oval: str) -> None:
        tile = self.squares[oval]
        if tile is None:
            return
        self.squares[oval] = None
        self.courts[1 - seat][tile] += 1
        self.log("gift", seat=seat, tile=tile, oval=oval)

    def after_action(self, seat: int) -> None:
        if self.is_over() or self.score_ended():
            return
        if self.vacated == DRAGON and self.dragon != DRAGON_HOME:
            self.log("dragon_home", oval=self.dragon)
            self.dragon = DRAGON_HOME
        self.refill()
        if self.is_over():
            return
        self.fix()
        self.turn = 1 - seat
        self.phase = CHOOSE_OVAL
        self.vacated = None

    def refill(self) -> None:
        blocked = self.blocked()  # (no token moves while the squares are filled)
        for oval in SQUARE_OVALS:
            if oval not in blocked and self.squares[oval] is None:
                self.squares[oval] = tile = self.draw(self.darkness, 1)[0]
                self.log("refill", oval=oval, tile=tile, darkness=len(self.darkness))
                if not self.darkness:
                    self.end_contest("darkness")
                    return

    # ----- the actions -----

    def resolve_action(self, seat: int, oval: str) -> None:
        if oval == SECRECY:
            self.secrecy(seat)
            return
        self.reveal(seat, REVEALS[oval])
        if oval == RED:
            self.tournament(seat)
            return
        self.score(seat, action_points(oval, self.courts[seat], self.courts[1 - seat]), oval)
        if oval in REMOVES:
            self.remove(seat, REMOVES[oval])

    def reveal(self, seat: int, colours: tuple[str, ...]) -> None:
        hand = self.hands[seat]
        shown = self.chance.disclosed(colour_order(t for t in hand if t in colours), by=seat)
        if len(shown) > len(hand) or any(tile not in colours for tile in shown):
            # A seat's copy is told what the rival reveals: only tiles of these colours.
            raise IllegalAction("chance_impossible", outcome=",".join(shown)[:40])
        for tile in shown:
            take_from(hand, tile)
        self.lacks[seat] = colour_order(set(self.lacks[seat]) | set(colours))
        self.courts[seat].update(shown)
        self.fix()  # even revealing nothing tells the rival what the Hand lacks
        self.log("reveal", seat=seat, tiles=shown, colours=list(colours))

    def score(self, seat: int, points: int, oval: str) -> None:
        self.scores[seat] += points
        self.log("score", seat=seat, points=points, oval=oval, total=self.scores[seat])

    def remove(self, seat: int, colour: str) -> None:
        count = self.courts[seat].pop(colour, 0)
        if count:
            self.removed[colour] += count
            self.log("removed", seat=seat, colour=colour, count=count)

    def secrecy(self, seat: int) -> None:
        count = min(secrecy_draws(self.scores[seat]), len(self.darkness))
        drawn = self.draw(self.darkness, count, to=seat)
        self.hands[seat] += drawn
        if drawn:
            self.lacks[seat] = []
        self.fix()
        self.log("secrecy", seat=seat, count=count, darkness=len(self.darkness))
        if drawn:
            self.log(
                "drew", to=seat, seat=seat, tiles=colour_order(drawn), darkness=len(self.darkness)
            )
        if not self.darkness:
            self.end_contest("darkness")

    def tournament(self, seat: int) -> None:
        """Red: both score their Court Red at once, both remove it, then both draw."""
        points = [self.courts[s][RED] for s in (0, 1)]
        for s in (seat, 1 - seat):
            self.score(s, points[s], RED)
        for s in (seat, 1 - seat):
            self.remove(s, RED)
        if self.score_ended():
            return
        self.secrecy(seat)
        if not self.is_over():
            self.secrecy(1 - seat)

    # ----- the end of the contest -----

    def score_ended(self) -> bool:
        if max(self.scores) >= END_SCORE:
            self.end_contest("score")
        return self.is_over()

    def end_contest(self, reason: str) -> None:
        self.fix()
        self.phase = OVER
        self.log("contest_over", reason=reason)
        seats = [self.final_scoring(seat) for seat in (0, 1)]
        decided_by, outcome = self.decide(seats)
        self.final = {"seats": seats, "decided_by": decided_by}
        if decided_by != "score":
            self.log("tiebreak", rule=decided_by)
        self.end_game(outcome, reason)

    def final_scoring(self, seat: int) -> SeatScoring:
        """Jewels first (n×n), then Gold at the row reached after the Jewels."""
        court = self.courts[seat]
        jewel_points = court[JEWEL] ** 2
        self.scores[seat] += jewel_points
        value = gold_value(self.scores[seat])
        gold_points = court[GOLD] * value
        self.scores[seat] += gold_points
        line: SeatScoring = {
            "jewels": court[JEWEL],
            "jewel_points": jewel_points,
            "gold": court[GOLD],
            "gold_value": value,
            "gold_points": gold_points,
            "score": self.scores[seat],
            "white": court[WHITE],
            "court_size": sum(court.values()),
        }
        self.log("final_scoring", seat=seat, **line)
        return line

    @staticmethod
    def decide(seats: list[SeatScoring]) -> tuple[str, list[float]]:
        """Higher score, then more White in Court, then more tiles in Court, else shared."""
        rules = (
            ("score", [seat["score"] for seat in seats]),
            ("white", [seat["white"] for seat in seats]),
            ("court_size", [seat["court_size"] for seat in seats]),
        )
        for rule, (a, b) in rules:
            if a != b:
                return rule, win_for(0 if a > b else 1, 2)
        return "shared", shared_win((0, 1), 2)

    # ----- explaining refusals -----

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        try:
            move = NOTATION.parse(action)
        except IllegalAction as unreadable:
            return unreadable
        if self.phase == CHOOSE_DRAGON_TARGET:
            return self.explain_dragon_target(move)
        if isinstance(move, SendDragon):
            return self.refusal("dragon_not_now")
        if isinstance(move, Enter):
            if not self.off_board(seat):
                return self.refusal("name_the_token")
            return self.blocked_reason(move.oval) or IllegalAction("not_legal_now")
        if self.off_board(seat):
            return self.refusal("enter_first")
        if move.source not in self.tokens[seat]:
            return self.refusal("no_token_there", oval=move.source)
        if move.source == move.target:
            return self.refusal("must_move")
        return self.blocked_reason(move.target) or IllegalAction("not_legal_now")

    def explain_dragon_target(self, move: Action) -> IllegalAction:
        if not isinstance(move, SendDragon):
            return self.refusal("dragon_first")
        target = move.oval
        if target == self.vacated:
            return self.refusal("dragon_not_back")
        return self.blocked_reason(target) or IllegalAction("not_legal_now")

    def blocked_reason(self, oval: str) -> IllegalAction | None:
        if any(oval in tokens for tokens in self.tokens):
            return self.refusal("oval_occupied", oval=oval)
        if self.dragon == oval:
            return self.refusal("oval_blocked", oval=oval)
        return None

    # ----- what each seat knows -----

    def hide_unseen(self, seat: int | None, rng) -> None:
        """Unseen: the rivals' Hands and the Darkness (a pool, so its order is moot).

        A sample deals each rival a Hand of its size from the tiles `seat` cannot
        locate, avoiding the colours it is known to lack; the rest is the Darkness.
        """
        rivals = [s for s in (0, 1) if s != seat]
        if rng is None:
            for rival in rivals:
                self.hands[rival] = [UNKNOWN] * len(self.hands[rival])
            self.darkness = [UNKNOWN] * len(self.darkness)
            return
        located = Counter(self.hands[seat]) if seat is not None else Counter()
        located += self.removed + self.courts[0] + self.courts[1]
        located.update(tile for tile in self.squares.values() if tile is not None)
        pool = sorted((Counter(all_tiles()) - located).elements())
        rng.shuffle(pool)
        for rival in sorted(rivals, key=lambda s: -len(self.lacks[s])):  # tightest first
            allowed = [i for i, tile in enumerate(pool) if tile not in self.lacks[rival]]
            taken = set(allowed[: len(self.hands[rival])])
            self.hands[rival] = [pool[i] for i in sorted(taken)]
            pool = [tile for i, tile in enumerate(pool) if i not in taken]
        self.darkness = pool

    def check_invariants(self) -> None:
        on_squares = [tile for tile in self.squares.values() if tile is not None]
        tiles = self.darkness + sum(self.hands, []) + on_squares
        placed = self.courts[0] + self.courts[1] + self.removed
        known = Counter(tile for tile in tiles if tile != UNKNOWN) + placed
        if len(tiles) + placed.total() != len(all_tiles()) or known - Counter(all_tiles()):
            raise ValueError("tiles were created or lost")
        if set(self.squares) != set(SQUARE_OVALS) or self.turn not in (0, 1):
            raise ValueError("the board is not this game's")
        for tokens in self.tokens:
            if len(tokens) > TOKENS_ON_BOARD or not set(tokens) <= set(OVALS):
                raise ValueError("a token is off the board")

    # ----- how a choice is offered -----

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        """The oval (the target), then on later turns the token that goes there."""
        move = NOTATION.parse(action)
        if isinstance(move, Move):
            return [("oval", move.target), ("token", move.source)]
        return [("oval", move.oval)]

    def places(self, actor: int, action: str, seat: int | None) -> list[tuple[str, str]]:
        """The oval a token left and the one it went to; the oval the Dragon went to."""
        move = NOTATION.parse(action)
        if isinstance(move, Move):
            return [("oval", move.source), ("oval", move.target)]
        return [("oval", move.oval)]

    def prompt(self, seat: int) -> Prompt:
        if self.phase == CHOOSE_DRAGON_TARGET:
            return {"key": "cog.dragon_target"}
        return {"key": "cog.choose_oval"}

    # ----- what a seat sees -----

    def open_game_view(self, seat: int | None) -> OpenTable:
        """Replays: both Hands face up, and what the Darkness still held."""
        return {
            "open_hands": [colour_order(hand) for hand in self.hands],
            "open_darkness": colour_order(self.darkness),
        }

    def game_view(self, seat: int | None) -> ClothOfGoldTable:
        return {
            "ovals": [self.oval_view(oval) for oval in OVALS],
            "dragon": self.dragon,
            "tokens": [
                {"off_board": self.off_board(s), "ovals": oval_order(self.tokens[s])}
                for s in (0, 1)
            ],
            "scores": list(self.scores),
            "rows": [row_index(score) + 1 for score in self.scores],
            "secrecy_draws": [secrecy_draws(score) for score in self.scores],
            "gold_values": [gold_value(score) for score in self.scores],
            "courts": [tile_counts(court) for court in self.courts],
            "hand": [] if seat is None else colour_order(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "lacks": [list(colours) for colours in self.lacks],
            "darkness": len(self.darkness),
            "removed": tile_counts(self.removed),
            "phase": OVER if self.is_over() else self.phase,
            "turn": None if self.is_over() else self.turn,
            "vacated": self.vacated,
            "preview": self.preview(seat),
            "final": self.final,
            "track": {
                "rows": [list(row) for row in TRACK_ROWS],
                "squares": TRACK_SQUARES,
                "end_score": END_SCORE,
            },
        }

    def oval_view(self, oval: str) -> OvalView:
        return {
            "oval": oval,
            "has_square": oval in self.squares,
            "tile": self.squares.get(oval),
            "tokens": [s for s in (0, 1) for token in self.tokens[s] if token == oval],
            "dragon": self.dragon == oval,
        }

    def preview(self, seat: int | None) -> Preview:
        """For the acting seat: what each oval it may choose would do, from what it can see."""
        if seat is None or self.is_over() or seat != self.turn:
            return {}
        if self.phase == CHOOSE_DRAGON_TARGET:
            return {
                oval: self.effect(seat, DRAGON, self.squares[oval])
                for oval in self.dragon_targets()
            }
        return {
            oval: self.effect(seat, oval, self.squares.get(oval)) for oval in self.empty_ovals()
        }

    def effect(self, seat: int, oval: str, gift: str | None) -> Effect:
        """Gift, points and draws of an action, from the seat's Hand and public counts only."""
        rival = 1 - seat
        hand = Counter(self.hands[seat])
        mine = self.courts[seat] + Counter({c: hand[c] for c in REVEALS[oval]})
        theirs = self.courts[rival] + Counter([gift] if gift else [])
        effect: Effect = {
            "gift": gift,
            "points": 0,
            "rival_points": 0,
            "draws": 0,
            "rival_draws": 0,
        }
        if oval == SECRECY:
            effect["draws"] = min(secrecy_draws(self.scores[seat]), len(self.darkness))
        elif oval == RED:
            self.preview_tournament(effect, seat, mine[RED], theirs[RED])
        else:
            effect["points"] = action_points(oval, mine, theirs)
        return effect

    def preview_tournament(self, effect: Effect, seat: int, mine: int, theirs: int) -> None:
        after = [self.scores[seat] + mine, self.scores[1 - seat] + theirs]
        effect["points"], effect["rival_points"] = mine, theirs
        if max(after) >= END_SCORE:
            return
        left = len(self.darkness)
        effect["draws"] = min(secrecy_draws(after[0]), left)
        effect["rival_draws"] = min(secrecy_draws(after[1]), left - effect["draws"])
