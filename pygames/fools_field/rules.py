"""The Fool's Field (愚者の園): every rule of the rulebook and rulings §1.

Frames. The engine keeps the field in one table frame: seat A's, cells 0-8 row
by row from A's far left. Seat B sits opposite, so B's cell c is table cell
8 - c, and a card B places index-up lies turned 180° in the table frame. Every
action and view is in the acting or viewing seat's own frame, so to each
player their own cards look upright (rulings §1, Orientation).

Actions (`pygames.fools_field.notation`): ``XSSX@4`` deploys card XSSX to cell 4,
``retreat``, and after a Retreat that leaves more than 6 cards, ``discard:XSSX``
one card at a time.

Chance: the deck is an unordered pool; every card is drawn when it is dealt or
drawn, seen by the seat that takes it. What a seat knows beyond its own cards
and the Field: the cards each rival took back in a Retreat and has not placed
since are in that rival's hand or among its face-down discards (`known_held`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Final

from pygames.core import UNKNOWN, IllegalAction, State, take_from, win_for
from pygames.fools_field.cards import (
    ALL_CARDS,
    BOTTOM,
    LEFT,
    RIGHT,
    SIDE_NAMES,
    TOP,
    may_face,
    rotate_half_turn,
)
from pygames.fools_field.notation import (
    NOTATION,
    RETREAT,
    Deploy,
    Discard,
    Retreat,
    deploy_text,
    discard_text,
)
from pygames.fools_field.views import FieldCard, FoolsFieldOpen, FoolsFieldTable
from pygames.views import Prompt

HAND_LIMIT = 6
CENTRE = 4
DEPLOY: Final = "deploy"
DISCARDING: Final = "discard"
MATCH_TARGET = 2  # best of three: first to 2 wins, a draw counts ½ each
# A battle's start as the repetition rule compares it: both hands, start player, deck
# size. A hand its reader cannot see is there by its size.
BattleStart = tuple[tuple[tuple[str, ...] | int, ...], int, int]


def to_table(seat: int, cell: int) -> int:
    """A seat's own cell number in the table frame (and back: the map is its own inverse)."""
    return cell if seat == 0 else 8 - cell


def neighbours(cell: int):
    """(neighbour cell, side of this cell facing it, side of the neighbour facing back)."""
    row, col = divmod(cell, 3)
    if row > 0:
        yield cell - 3, TOP, BOTTOM
    if col < 2:
        yield cell + 1, RIGHT, LEFT
    if row < 2:
        yield cell + 3, BOTTOM, TOP
    if col > 0:
        yield cell - 1, LEFT, RIGHT


def table_sides(seat: int, card: str) -> str:
    """How a card placed index-up by `seat` lies in the table frame."""
    return card if seat == 0 else rotate_half_turn(card)


SEATS = "AB"


def unseen_hands_hidden(position: BattleStart, rivals: Collection[int] = ()) -> BattleStart:
    """The battle start with some hands told only by their size: each holding a card
    nobody here can see, and those of `rivals`."""
    hands, start, deck = position
    shown = tuple(
        len(hand) if isinstance(hand, tuple) and (UNKNOWN in hand or owner in rivals) else hand
        for owner, hand in enumerate(hands)
    )
    return shown, start, deck


class FoolsFieldState(State):
    def setup(self) -> None:
        self.match_scores = [0.0, 0.0]
        self.game_results: list[list[float]] = []
        start = self.options["start"]
        first = self.pick_by_chance(list(SEATS)) if start == "random" else start
        self.deal_game(SEATS.index(first))

    # ----- dealing, battles, games -----

    def deal_game(self, start: int) -> None:
        self.deck = list(ALL_CARDS)  # a pool: cards are drawn from it at random
        if self.game_results:  # a match's next game: every card, face down, in a new deck
            dealt = [(n, i) for n, seen, count in self.outcomes() if seen for i in range(count)]
            self.chance.reshuffled(list(self.deck), [], dealt)
        self.hands: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        self.known_held: list[list[str]] = [[], []]  # taken back by a Retreat, not placed since
        self.seen_battle_starts: Counter = Counter()
        for _ in range(HAND_LIMIT):  # one at a time, the start player first
            for seat in (start, 1 - start):
                self.hands[seat] += self.draw(self.deck, 1, to=seat)
        self.log("new_game", number=len(self.game_results) + 1, start=start)
        for seat in (0, 1):
            self.log("dealt", to=seat, seat=seat, cards=sorted(self.hands[seat]))
        self.start_battle(start)

    def start_battle(self, start: int) -> None:
        self.field: dict[int, tuple[str, int]] = {}  # table cell -> (card, owner)
        self.battle_start = start
        self.turn = start
        self.phase = DEPLOY
        self.retreater: int | None = None
        self.pending_winner: int | None = None
        # Tie rule: a battle that starts after the deck ran out with equal hands.
        self.tie_battle = not self.deck and len(self.hands[0]) == len(self.hands[1])
        self.log("battle", start=start)
        position = self.battle_start_key()
        self.seen_battle_starts[position] += 1
        if self.seen_battle_starts[position] >= 3:
            self.log("repetition")
            self.end_game([0.5, 0.5], "repetition")

    def battle_start_key(self) -> BattleStart:
        """This battle's start as the repetition rule counts it: both hands, the start
        player and the deck size, with a hand this state cannot see (a seat's copy, a
        computer's sample) told by its size.

        That loses nothing: within a game the deck only shrinks and the face-down
        discards only grow, so two starts with the same deck size and hand sizes had no
        draw and no discard between them, and the one hand seen fixes the other (every
        other card is in it). A seat's copy therefore ends the game exactly when the
        true game does, from its own hand and what everyone sees."""
        hands = [tuple(sorted(hand)) for hand in self.hands]
        # The hands by size in the starts counted already (a masked state's): the rivals'.
        rivals = {
            owner
            for key in self.seen_battle_starts
            for owner, hand in enumerate(key[0])
            if isinstance(hand, int)
        }
        return unseen_hands_hidden((tuple(hands), self.battle_start, len(self.deck)), rivals)

    def end_game(self, outcome: list[float], reason: str) -> None:
        """One game is over: finish, or in match play score it and deal the next.

        Reasons: "emptied" (a hand emptied after the deck ran out), "level" (both
        did, under the tie rule), "repetition"; a match ends with "match".
        """
        self.fix()
        if self.options["match"] == "single":
            self.finish(outcome, reason)
            return
        self.game_results.append(outcome)
        self.match_scores = [a + b for a, b in zip(self.match_scores, outcome, strict=True)]
        self.log("game_result", number=len(self.game_results), outcome=outcome, reason=reason)
        if max(self.match_scores) >= MATCH_TARGET:
            a, b = self.match_scores
            match = win_for(0, 2) if a > b else win_for(1, 2) if b > a else [0.5, 0.5]
            self.finish(match, "match")
        else:
            loser = outcome.index(0.0) if 0.0 in outcome else self.first_start_of_game()
            self.deal_game(loser)

    def first_start_of_game(self) -> int:
        """After a drawn game the previous start player starts again."""
        starts = [e.data["start"] for e in self.events if e.kind == "new_game"]
        return starts[-1]

    # ----- the contract hooks -----

    def seats_to_act(self) -> list[int]:
        if self.phase == DISCARDING and self.retreater is not None:
            return [self.retreater]
        return [self.turn]

    def moves(self, seat: int) -> list[str]:
        cards = self.playable_cards(seat)
        if self.phase == DISCARDING:
            return [discard_text(card) for card in cards]
        if self.is_first_turn():
            return [deploy_text(card, CENTRE) for card in cards if card != UNKNOWN]
        cells = self.open_cells(seat)
        deployments = [
            deploy_text(card, cell)
            for card in cards
            if card != UNKNOWN
            for cell, facings in cells
            if fits(table_sides(seat, card), facings)
        ]
        return [*deployments, RETREAT]

    def playable_cards(self, seat: int) -> list[str]:
        """The cards `seat` may play from its hand. In another seat's copy of the game
        (a device's, where the hand is unknown) that is any card seen nowhere else, or
        one unknown card (a face-down discard)."""
        hand = self.hands[seat]
        if UNKNOWN not in hand:
            return sorted(set(hand))
        seen = {card for card in self.deck + sum(self.hands, []) + sum(self.discards, [])}
        seen.update(card for card, _ in self.field.values())
        seen.update(card for other in (0, 1) if other != seat for card in self.known_held[other])
        unseen = [card for card in ALL_CARDS if card not in seen]
        return sorted({*hand, *unseen, *self.known_held[seat]})

    def open_cells(self, seat: int) -> list[tuple[int, list[tuple[int, str]]]]:
        """Empty cells touching the Field, in the seat's frame, with the symbols they face.

        Each facing is (side of a card placed there, in the table frame; symbol it meets).
        """
        cells = []
        for own_cell in range(9):
            cell = to_table(seat, own_cell)
            if cell in self.field:
                continue
            facings = [
                (mine, self.side_symbol(other, theirs))
                for other, mine, theirs in neighbours(cell)
                if other in self.field
            ]
            if facings:
                cells.append((own_cell, facings))
        return cells

    def side_symbol(self, cell: int, side: int) -> str:
        card, owner = self.field[cell]
        return table_sides(owner, card)[side]

    def play(self, seat: int, action: str) -> None:
        move = NOTATION.parse(action)
        if isinstance(move, Retreat):
            self.retreat(seat)
        elif isinstance(move, Discard):
            self.discard(seat, move.card)
        else:
            self.deploy(seat, move.card, to_table(seat, move.cell))

    # ----- deploying -----

    def is_first_turn(self) -> bool:
        return not self.field

    def deploy_problem(self, seat: int, card: str, cell: int) -> IllegalAction | None:
        """Why `card` may not go to table `cell`, or None if it may."""
        if self.is_first_turn():
            return None if cell == CENTRE else self.refusal("centre_first")
        if cell in self.field:
            return self.refusal("space_taken")
        sides = table_sides(seat, card)
        touching = [(n, mine, theirs) for n, mine, theirs in neighbours(cell) if n in self.field]
        if not touching:
            return self.refusal("must_adjoin")
        for other, mine, theirs in touching:
            facing = self.side_symbol(other, theirs)
            if not may_face(sides[mine], facing):
                side = SIDE_NAMES[to_seat_side(seat, mine)]
                return self.refusal("sides_clash", side=side, mine=sides[mine], theirs=facing)
        return None

    def deploy(self, seat: int, card: str, cell: int) -> None:
        take_from(self.hands[seat], card)
        if card in self.known_held[seat]:
            self.known_held[seat].remove(card)
        self.field[cell] = (card, seat)
        self.log("deploy", seat=seat, card=card, cell=cell)  # the table's frame
        if self.pending_winner is not None:  # the non-start player's answering turn
            if self.hands[seat]:
                self.end_game(win_for(1 - seat, 2), "emptied")
            else:
                self.end_game([0.5, 0.5], "level")
        elif not self.hands[seat] and not self.deck:
            if self.tie_battle and seat == self.battle_start:
                self.pending_winner = seat
                self.log("last_chance", seat=1 - seat)
                self.turn = 1 - seat
            else:
                self.end_game(win_for(seat, 2), "emptied")
        else:
            self.turn = 1 - seat

    # ----- retreating -----

    def retreat(self, seat: int) -> None:
        if self.pending_winner is not None:
            self.end_game(win_for(self.pending_winner, 2), "emptied")
            return
        taken = sorted(card for card, _ in self.field.values())
        if self.rules_version < 3:  # then the log told everyone whether it was forced
            forced = not any(m != RETREAT for m in self.moves(seat))
            self.log("retreat", seat=seat, cards=taken, forced=forced)
        else:
            self.log("retreat", seat=seat, cards=taken)
        self.hands[seat] += taken
        self.known_held[seat] = sorted(self.known_held[seat] + taken)
        self.field = {}
        self.draw_up(1 - seat)
        self.fix()
        self.retreater = seat
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = DISCARDING
        else:
            self.start_battle(1 - seat)

    def draw_up(self, seat: int) -> None:
        drawn = self.draw(self.deck, HAND_LIMIT - len(self.hands[seat]), to=seat)
        self.hands[seat] += drawn
        if drawn:
            self.log("draw", seat=seat, count=len(drawn), deck=len(self.deck))
            self.log("drew", to=seat, seat=seat, cards=sorted(drawn), deck=len(self.deck))

    def discard(self, seat: int, card: str) -> None:
        take_from(self.hands[seat], card)
        self.discards[seat].append(card)
        self.log("discard", seat=seat)
        self.log("discarded", to=seat, seat=seat, card=card)
        if len(self.hands[seat]) == HAND_LIMIT:
            self.start_battle(1 - seat)

    # ----- explaining refusals -----

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        try:
            move = NOTATION.parse(action)
        except IllegalAction:
            move = None
        if self.phase == DISCARDING:
            if not isinstance(move, Discard):
                return self.refusal("discard_first", limit=HAND_LIMIT)
            return self.refusal("discard_from_hand")
        if isinstance(move, Retreat):
            return self.refusal("no_first_retreat")
        if not isinstance(move, Deploy):
            return self.refusal("unknown_action", action=action[:40])
        if move.card not in self.hands[seat]:
            return self.refusal("not_held", card=move.card)
        problem = self.deploy_problem(seat, move.card, to_table(seat, move.cell))
        return problem or IllegalAction("not_legal_now")

    # ----- what each seat knows -----

    def hide_unseen(self, seat: int | None, rng) -> None:
        """Unseen: the rivals' hands and discards, and the deck (a pool, so order is moot).

        A sample gives each rival the cards it is known to hold, then fills up from
        the cards `seat` cannot locate; the rest make the deck.
        """
        rivals = [s for s in (0, 1) if s != seat]
        located = [card for card, _ in self.field.values()]
        if seat is not None:
            located += self.hands[seat] + self.discards[seat]
        for rival in rivals:
            located += self.known_held[rival]
        pool = sorted(card for card in ALL_CARDS if card not in located)
        if rng is not None:
            rng.shuffle(pool)
        for rival in rivals:
            sizes = len(self.hands[rival]), len(self.discards[rival])
            need = sum(sizes) - len(self.known_held[rival])
            if rng is None:
                cards = [UNKNOWN] * sum(sizes)
            else:
                cards = self.known_held[rival] + pool[:need]
                rng.shuffle(cards)
            pool = pool[need:]
            self.hands[rival], self.discards[rival] = cards[: sizes[0]], cards[sizes[0] :]
        self.deck = pool if rng is not None else [UNKNOWN] * len(self.deck)
        # Past hands of both seats: the seat keeps its own, and the others' sizes (a
        # sample too: it makes up the present, not the past).
        starts = Counter[BattleStart]()
        for position, count in self.seen_battle_starts.items():
            starts[unseen_hands_hidden(position, rivals)] += count
        self.seen_battle_starts = starts

    def redact(self, actor: int, action: str, seat: int | None) -> str:
        if isinstance(NOTATION.parse(action), Discard):
            return discard_text(UNKNOWN)
        return action

    def check_invariants(self) -> None:
        placed = [card for card, _ in self.field.values()]
        cards = self.deck + sum(self.hands, []) + sum(self.discards, []) + placed
        known = Counter(card for card in cards if card != UNKNOWN)
        if len(cards) != len(ALL_CARDS) or known - Counter(ALL_CARDS):
            raise ValueError("cards were created or lost")
        if any(
            cell not in range(9) or owner not in (0, 1) for cell, (_, owner) in self.field.items()
        ):
            raise ValueError("a card lies off the Field")
        if self.phase not in (DEPLOY, DISCARDING) or self.turn not in (0, 1):
            raise ValueError("the phase or the turn is unknown")
        if self.phase == DISCARDING and self.retreater not in (0, 1):
            raise ValueError("nobody is discarding")

    # ----- how a choice is offered -----

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        move = NOTATION.parse(action)
        if isinstance(move, Retreat):
            return [("action", RETREAT)]
        if isinstance(move, Discard):
            return [("card", move.card)]
        return [("card", move.card), ("cell", str(move.cell))]

    def places(self, actor: int, action: str, seat: int | None) -> list[tuple[str, str]]:
        """A deployment's cell while its card lies there, in `seat`'s frame."""
        move = NOTATION.parse(action)
        if not isinstance(move, Deploy):
            return []
        cell = to_table(actor, move.cell)
        placed = self.field.get(cell)
        if placed is None or tuple(placed) != (move.card, actor):
            return []
        return [("cell", str(to_table(0 if seat is None else seat, cell)))]

    def prompt(self, seat: int) -> Prompt:
        if self.phase == DISCARDING:
            return {"key": "ff.discard", "count": len(self.hands[seat]) - HAND_LIMIT}
        if self.is_first_turn():
            return {"key": "ff.first"}
        if self.moves(seat) == [RETREAT]:
            return {"key": "ff.empty_hand" if not self.hands[seat] else "ff.forced"}
        return {"key": "ff.choose"}

    # ----- what a seat sees -----

    def open_game_view(self, seat: int | None) -> FoolsFieldOpen:
        """Replays: every hand, the face-down discards and the deck left, face up."""
        return {
            "open_hands": [sorted(hand) for hand in self.hands],
            "open_discards": [sorted(cards) for cards in self.discards],
            "open_deck": sorted(self.deck),
        }

    def game_view(self, seat: int | None) -> FoolsFieldTable:
        me = 0 if seat is None else seat
        field: list[FieldCard] = [
            {
                "cell": to_table(me, cell),
                "card": card,
                "owner": owner,
                "sides": card if owner == me else rotate_half_turn(card),
            }
            for cell, (card, owner) in self.field.items()
        ]
        return {
            "hand": [] if seat is None else sorted(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "discard_counts": [len(d) for d in self.discards],
            "my_discards": [] if seat is None else sorted(self.discards[seat]),
            "known_held": [list(cards) for cards in self.known_held],
            "field": sorted(field, key=lambda f: f["cell"]),
            "phase": DISCARDING if self.phase == DISCARDING else DEPLOY,
            "turn": self.seats_to_act()[0],
            "battle_start": self.battle_start,
            "first_turn": self.is_first_turn(),
            "tie_battle": self.tie_battle,
            "last_chance": self.pending_winner is not None,
            "hand_limit": HAND_LIMIT,
            "match": {
                "best_of": 1 if self.options["match"] == "single" else 3,
                "scores": self.match_scores,
                "results": self.game_results,
                "game": len(self.game_results) + (0 if self.is_over() else 1),
            },
        }


def fits(sides: str, facings: list[tuple[int, str]]) -> bool:
    return all(may_face(sides[side], symbol) for side, symbol in facings)


def to_seat_side(seat: int, table_side: int) -> int:
    """A side named in the table frame, as the seat sees it on its own card."""
    return table_side if seat == 0 else (table_side + 2) % 4
