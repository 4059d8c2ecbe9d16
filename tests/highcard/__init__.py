"""High Card: a tiny 2-4 seat game that exists only to test the contract.

Each seat is dealt two cards from a deck of 1-9 (two of each), unseen by the
others. In each of two rounds every seat still playing picks one card from its
hand at the same time and in secret; when all have picked, the picks are
revealed together and each seat draws a card. The highest total of revealed
cards wins; equal totals share the win. It has what Fools! will need of the
contract: 2-4 seats, private draws, secret simultaneous choices, resignations
with several seats left.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import UNKNOWN, Game, State, shared_win

from .notation import NOTATION
from .views import HighCardOpen, HighCardTable, HighCardView

CARDS = [str(value) for value in range(1, 10) for _ in range(2)]
HAND = 2
ROUNDS = 2
PLAY = "play:"


class HighCardState(State):
    def setup(self) -> None:
        self.deck = list(CARDS)
        self.hands = [self.draw(self.deck, HAND, to=seat) for seat in range(self.num_seats)]
        self.picked: list[str | None] = [None] * self.num_seats  # secret until all have picked
        self.shown: list[list[str]] = [[] for _ in range(self.num_seats)]
        self.round = 1

    def seats_to_act(self) -> list[int]:
        return [s for s in self.seats_in_play() if self.picked[s] is None]

    def moves(self, seat: int) -> list[str]:
        return [PLAY + card for card in sorted(set(self.hands[seat]))]

    def play(self, seat: int, action: str) -> None:
        card = NOTATION.parse(action).card
        self.hands[seat].remove(card)
        self.picked[seat] = card
        self.log("picked", seat=seat)
        self.reveal_if_all_picked()

    def reveal_if_all_picked(self) -> None:
        if self.seats_to_act():
            return
        seats = self.seats_in_play()
        picks = []
        for seat in seats:
            card = self.picked[seat]
            assert card is not None
            picks.append(card)
        shown = self.chance.disclosed(picks, by=list[int | None](seats), choice=True)
        for seat, card in zip(seats, shown, strict=True):
            self.shown[seat].append(card)
            self.picked[seat] = None
        self.log("revealed", cards=[list(cards) for cards in self.shown])
        self.fix()
        if self.round == ROUNDS:
            totals = {s: sum(map(int, self.shown[s])) for s in self.seats_in_play()}
            best = max(totals.values())
            winners = [s for s, t in totals.items() if t == best]
            self.end_game(shared_win(winners, self.num_seats), "highest")
            return
        self.round += 1
        for seat in self.seats_in_play():
            self.hands[seat] += self.draw(self.deck, 1, to=seat)

    def seat_left(self, seat: int) -> None:
        self.hands[seat], self.picked[seat] = [], None
        self.reveal_if_all_picked()

    def redact(self, actor: int, action: str, seat: int | None) -> str:
        return PLAY + UNKNOWN

    def hide_unseen(self, seat: int | None, rng: random.Random | None) -> None:
        others = [s for s in range(self.num_seats) if s != seat]
        located = sum(self.shown, [])
        if seat is not None:
            located += self.hands[seat] + [c for c in [self.picked[seat]] if c is not None]
        pool = sorted((Counter(CARDS) - Counter(located)).elements())
        if rng is None:
            pool = [UNKNOWN] * len(pool)
        else:
            rng.shuffle(pool)
        for other in others:
            size = len(self.hands[other])
            self.hands[other], pool = pool[:size], pool[size:]
            if self.picked[other] is not None:
                self.picked[other], pool = pool[0], pool[1:]
        self.deck = pool

    def check_invariants(self) -> None:
        picked = [card for card in self.picked if card is not None]
        cards = self.deck + sum(self.hands, []) + picked + sum(self.shown, [])
        known = Counter(card for card in cards if card != UNKNOWN)
        if len(cards) != len(CARDS) or known - Counter(CARDS):
            raise ValueError("cards were created or lost")

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        return [("card", NOTATION.parse(action).card)]

    def prompt(self, seat: int) -> dict:
        return {"key": "highcard.pick", "round": self.round}

    def open_game_view(self, seat: int | None) -> HighCardOpen:
        return {"open_hands": [sorted(hand) for hand in self.hands], "open_picks": self.picked}

    def game_view(self, seat: int | None) -> HighCardTable:
        return {
            "hand": [] if seat is None else sorted(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "picked": [card is not None for card in self.picked],
            "my_pick": None if seat is None else self.picked[seat],
            "shown": [list(cards) for cards in self.shown],
            "deck": len(self.deck),
            "round": self.round,
        }


class HighCard(Game):
    id = "highcard"
    title = {"en": "High Card", "ja": "ハイカード"}
    min_seats, max_seats = 2, 4
    state_class = HighCardState
    view_type = HighCardView
    notation = NOTATION
    position_fields = {
        "deck": ("deck", "the cards not yet drawn"),
        "hands": ("hands", "each seat's hand"),
        "picks": ("picked", "each seat's secret pick, null until made"),
        "shown": ("shown", "each seat's revealed cards"),
        "round": ("round", "the round number"),
    }
    position_fields_v1 = {"picked": "picks"}


GAME = HighCard()
