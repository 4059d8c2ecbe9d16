"""Fools! (フールズ！): every rule of the rulebook and rulings §3.

A battle (a round) goes: deal (armies, then hands, with the honourable check),
the Standard Bearer choice (simultaneous and secret), the reveal and the Fools,
the abilities, the deploy, the battle and the victory points. Seats run
clockwise: "to your left" is the next seat (rulings §3).

Actions (lower case, no spaces; a slot is a seat letter and 1-3, e.g. ``B2``):

- ``bearer:knight`` / ``bearer:none``: the secret Standard Bearer choice;
- ``fool:A2``: with two or more Fools, put your Fool in your own army slot A2;
- ``look:A1`` (Soothsayer), ``spy:C3`` (Spy, one per opponent in turn),
  ``enchant:B2`` / ``enchant:none`` (Enchantress); the Crone draws by itself;
- ``deploy:pixie@B1``: put a card from your hand over slot B1 of another army;
- ``own:knight@A3`` / ``own:none``: the optional replacement in your own army;
- ``take:C`` (C's Standard Bearer) / ``take:A2`` (a card of your own army): a
  winner without a Standard Bearer choosing a victory point.

Chance: the deck is an unordered pool; every card is drawn when dealt. Army
cards are drawn seen by nobody. When the deck runs out the discard pile becomes
the deck (logged), and drawing goes on from it.

What each seat knows (exact, and nothing more): its hand and its secret choice;
every face-up card (revealed Standard Bearers, victory points, the cards shown
in the honourable check, the armies once revealed, a Fool put into an army);
and, per army slot, `known[seat][slot]`: "placed" (it put the card there),
"saw" (Soothsayer or Spy), or "replaced" (it knew the card, and another seat
has since put a card over it, so the slot is unknown again). Which slots are
replaced or looked at is public; the cards are not. Discards are face down
except the cards shown face up (`discard_up`).

Rulings of ours, each on the rules page:
- The honourable check shows the discarded hand to everyone.
- An Enchantress leaves an empty slot; a deploy may fill it; if it stays empty it
  counts 0. Enchantress is optional; the Crone's draw always happens (it cannot hurt).
- A winner without a Standard Bearer takes one still on the table (the others'
  own are taken first); if none is left, a card of their own army.
- Undo: a seat may take back its own moves until something is revealed or drawn
  or another seat acts, and a secret choice until the reveal.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import UNKNOWN, IllegalAction, State, shared_win
from pygames.fools.cards import (
    CARDS,
    CRONE,
    ENCHANTRESS,
    HONOURABLES,
    POWER,
    SOOTHSAYER,
    SPY,
    THE_FOOL,
    by_power,
    deck_for,
)

SLOTS = 3
HAND = 3
TARGETS = {2: 5, 3: 4, 4: 3}  # victory points to win, by the starting number of players
LETTERS = "ABCD"
NONE = "none"
BEARER, STEPS, OVER = "bearer", "steps", "over"
# Step kinds (a step is "kind:seat" or "kind:seat:target"); the ones a seat decides:
FOOL_STEP, LOOK, SPY_STEP, ENCHANT, CRONE_STEP = "fool", "look", "spy", "enchant", "crone"
DEPLOY, OWN, TAKE, BATTLE, END = "deploy", "own", "take", "battle", "end"
DECISIONS = (FOOL_STEP, LOOK, SPY_STEP, ENCHANT, DEPLOY, OWN, TAKE)
ABILITY_STEPS = {SOOTHSAYER: LOOK, SPY: SPY_STEP, ENCHANTRESS: ENCHANT, CRONE: CRONE_STEP}
PLACED, SAW, REPLACED = "placed", "saw", "replaced"


def slot_name(slot: int) -> str:
    return LETTERS[slot // SLOTS] + str(slot % SLOTS + 1)


def parse_slot(text: str) -> int | None:
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in "123":
        return None
    return LETTERS.index(text[0]) * SLOTS + int(text[1]) - 1


def step_parts(step: str) -> tuple[str, int, int]:
    kind, _, rest = step.partition(":")
    seat, _, target = rest.partition(":")
    return kind, int(seat or -1), int(target or -1)


class FoolsState(State):
    def setup(self) -> None:
        n = self.num_seats
        self.deck = deck_for(n)  # a pool: cards are drawn from it at random
        self.discard_up: list[str] = []  # discarded face up: everyone knows them
        self.discard_down: list[str] = []  # discarded face down
        self.armies: list[str | None] = [None] * (n * SLOTS)  # slot = seat * 3 + index
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.crone_cards = [0] * n  # cards in hand drawn after the honourable check
        self.choice: list[str | None] = [None] * n  # secret: None = still to choose
        self.bearers: list[str | None] = [None] * n  # revealed Standard Bearers
        self.known: list[dict[int, str]] = [{} for _ in range(n)]
        self.shown: set[int] = set()  # army slots everyone sees (a Fool put in, a battle)
        self.deployed: list[list[int]] = [[] for _ in range(n)]  # who put a card in each army
        self.vp: list[list[str]] = [[] for _ in range(n)]
        self.queue: list[str] = []
        self.phase = BEARER
        self.round = 0
        self.last_battle: dict | None = None
        self.first = LETTERS.index(self.pick_by_chance(list(LETTERS[:n])))
        self.log("first_player", first=self.first, goal=TARGETS[n])
        self.start_round()

    # ----- seats in turn order -----

    def turn_order(self, start: int | None = None) -> list[int]:
        start = self.first if start is None else start
        n = self.num_seats
        return [(start + k) % n for k in range(n) if (start + k) % n not in self.resigned]

    def left_of(self, seat: int) -> list[int]:
        """Every other seat still playing, from `seat`'s left round the table."""
        return self.turn_order(seat)[1:] if seat not in self.resigned else []

    def army(self, seat: int) -> list[str | None]:
        return self.armies[seat * SLOTS : seat * SLOTS + SLOTS]

    def army_slots(self, seat: int) -> range:
        return range(seat * SLOTS, seat * SLOTS + SLOTS)

    # ----- drawing -----

    def take(self, count: int, to) -> list[str]:
        """Draw `count` cards, turning the discard pile into the deck when the deck runs out."""
        cards = self.draw(self.deck, count, to)
        if len(cards) < count and (self.discard_up or self.discard_down):
            self.deck = self.discard_up + self.discard_down
            self.discard_up, self.discard_down = [], []
            self.log("reshuffle", deck=len(self.deck))
            cards += self.draw(self.deck, count - len(cards), to)
        return cards

    # ----- a round -----

    def start_round(self) -> None:
        self.round += 1
        self.phase = BEARER
        self.queue = []
        self.log("round", round=self.round, first=self.first)
        order = self.turn_order()
        for seat in order:
            cards = self.take(SLOTS, set())
            for index, slot in enumerate(self.army_slots(seat)):
                self.armies[slot] = cards[index] if index < len(cards) else None
        self.log("armies", count=len(order))
        for seat in order:
            self.deal_hand(seat)
        self.choice = [
            None if self.hands[s] and s not in self.resigned else NONE
            for s in range(self.num_seats)
        ]
        self.advance()

    def deal_hand(self, seat: int) -> None:
        hand = self.take(HAND, seat)
        self.log("hand", to=seat, seat=seat, cards=by_power(hand))
        for size in (2, 1, 0):  # the honourable check: after 3, then 2, then 1 card
            if not HONOURABLES.intersection(hand):
                break
            self.log("honourable", seat=seat, cards=by_power(hand), draws=size)
            self.discard_up += hand
            hand = self.take(size, seat) if size else []
            if hand:
                self.log("hand", to=seat, seat=seat, cards=by_power(hand))
        self.hands[seat] = hand
        self.crone_cards[seat] = 0

    def reveal(self) -> None:
        order = self.turn_order()
        for seat in order:
            card = self.choice[seat]
            if card is not None and card != NONE:
                self.hands[seat].remove(card)
                self.bearers[seat] = card
        self.choice = [None] * self.num_seats
        self.fix()
        self.log("revealed", bearers=list(self.bearers))
        self.phase = STEPS
        fools = [seat for seat in order if self.bearers[seat] == THE_FOOL]
        queue: list[str] = []
        if fools:
            for seat in order:
                card = self.bearers[seat]
                if card is not None and (len(fools) == 1 or card != THE_FOOL):
                    self.discard_up.append(card)
                    self.bearers[seat] = None
            self.log("fools", count=len(fools), seats=fools)
            if len(fools) > 1:
                queue += [f"{FOOL_STEP}:{seat}" for seat in fools]
        else:
            for seat in order:
                step = ABILITY_STEPS.get(self.bearers[seat] or "")
                if step == SPY_STEP:
                    queue += [f"{SPY_STEP}:{seat}:{target}" for target in self.left_of(seat)]
                elif step:
                    queue.append(f"{step}:{seat}")
        for seat in order:
            queue += [f"{DEPLOY}:{seat}:{target}" for target in self.left_of(seat)]
        queue += [f"{OWN}:{seat}" for seat in order]
        queue.append(BATTLE)
        self.queue = queue

    def advance(self) -> None:
        """Carry out everything that needs no decision, until a seat owes one or the end."""
        while not self.is_over():
            if self.phase == BEARER:
                if self.seats_to_act():
                    return
                self.reveal()
                continue
            if not self.queue:
                return
            step = self.queue[0]
            kind, seat, _ = step_parts(step)
            if not self.applies(step):
                self.queue.pop(0)
            elif kind == BATTLE:
                self.queue.pop(0)
                self.battle()
            elif kind == END:
                self.queue.pop(0)
                self.end_round()
            elif kind == CRONE_STEP:
                self.queue.pop(0)
                self.crone(seat)
            elif kind == TAKE and len({self.take_card(a) for a in self.step_moves(step)}) == 1:
                self.queue.pop(0)  # no real choice: every option is the same card
                self.take_vp(seat, self.step_moves(step)[0])
            else:
                return

    def applies(self, step: str) -> bool:
        kind, seat, target = step_parts(step)
        if kind in (BATTLE, END):
            return True
        if seat in self.resigned or target in self.resigned:
            return False
        if kind in (DEPLOY, OWN):
            return bool(self.hands[seat])
        if kind in DECISIONS:
            return bool(self.step_moves(step))
        return True

    def step_moves(self, step: str) -> list[str]:
        kind, seat, target = step_parts(step)
        if kind == FOOL_STEP:
            return [f"fool:{slot_name(s)}" for s in self.army_slots(seat)]
        if kind == LOOK:
            return [
                f"look:{slot_name(s)}"
                for s in self.army_slots(seat)
                if self.armies[s] is not None and not self.sees(seat, s)
            ]
        if kind == SPY_STEP:
            return [f"spy:{slot_name(s)}" for s in self.army_slots(target) if self.armies[s]]
        if kind == ENCHANT:
            slots = [s for other in self.left_of(seat) for s in self.army_slots(other)]
            found = [f"enchant:{slot_name(s)}" for s in slots if self.armies[s] is not None]
            return found + ["enchant:" + NONE] if found else []
        if kind == DEPLOY:
            return [
                f"deploy:{card}@{slot_name(s)}"
                for card in by_power(set(self.hands[seat]))
                for s in self.army_slots(target)
            ]
        if kind == OWN:
            own = [
                f"own:{card}@{slot_name(s)}"
                for card in by_power(set(self.hands[seat]))
                for s in self.army_slots(seat)
            ]
            return own + ["own:" + NONE]
        if kind == TAKE:
            others = [s for s in self.turn_order() if s != seat and self.bearers[s] is not None]
            if others:
                return [f"take:{LETTERS[s]}" for s in others]
            return [f"take:{slot_name(s)}" for s in self.army_slots(seat) if self.armies[s]]
        return []

    # ----- the steps -----

    def crone(self, seat: int) -> None:
        cards = self.take(1, seat)
        self.hands[seat] += cards
        self.crone_cards[seat] += len(cards)
        self.log("crone", seat=seat, count=len(cards))
        if cards:
            self.log("crone_drew", to=seat, seat=seat, card=cards[0])

    def put(self, seat: int, slot: int, card: str) -> None:
        """`seat` puts `card` face down over `slot`; the card there is discarded unseen."""
        old = self.armies[slot]
        if old is not None:
            self.discard_down.append(old)
        self.armies[slot] = card
        self.forget(slot)
        self.known[seat][slot] = PLACED

    def forget(self, slot: int) -> None:
        """The card in `slot` changed: whoever knew it knows only that it was replaced."""
        self.shown.discard(slot)
        for known in self.known:
            if slot in known:
                known[slot] = REPLACED

    def placed_by(self, slot: int) -> int | None:
        """The seat whose card lies in `slot` (public: who covered which card), if any."""
        for seat, known in enumerate(self.known):
            if known.get(slot) == PLACED:
                return seat
        return None

    def sees(self, seat: int | None, slot: int) -> bool:
        if slot in self.shown:
            return True
        return seat is not None and self.known[seat].get(slot) in (PLACED, SAW)

    def play(self, seat: int, action: str) -> None:
        kind, _, rest = action.partition(":")
        if kind == "bearer":
            self.choice[seat] = rest
            self.log("chose", seat=seat)
            self.advance()
            return
        self.queue.pop(0)
        card, _, where = rest.rpartition("@")
        if kind == "fool":
            self.fool_swap(seat, parse_slot(rest))
        elif kind == "look" or kind == "spy":
            slot = parse_slot(rest)
            assert slot is not None
            self.known[seat][slot] = SAW
            self.fix()
            self.log(kind, seat=seat, slot=slot_name(slot))
            self.log(
                kind + "_saw", to=seat, seat=seat, slot=slot_name(slot), card=self.armies[slot]
            )
        elif kind == "enchant":
            self.enchant(seat, parse_slot(rest))
        elif kind == "deploy":
            slot = parse_slot(where)
            assert slot is not None
            self.put(seat, slot, card)
            self.hands[seat].remove(card)
            self.deployed[slot // SLOTS].append(seat)
            self.log("deploy", seat=seat, slot=slot_name(slot))
            self.log("deployed", to=seat, seat=seat, slot=slot_name(slot), card=card)
        elif kind == "own":
            self.own(seat, card, parse_slot(where))
        elif kind == "take":
            self.take_vp(seat, action)
        self.advance()

    def fool_swap(self, seat: int, slot: int | None) -> None:
        assert slot is not None
        old = self.armies[slot]
        if old is not None:
            self.discard_down.append(old)
        self.armies[slot] = THE_FOOL
        self.bearers[seat] = None
        self.forget(slot)
        self.shown.add(slot)
        self.log("fool_in", seat=seat, slot=slot_name(slot))

    def enchant(self, seat: int, slot: int | None) -> None:
        if slot is None:
            self.log("enchant_none", seat=seat)
            return
        old = self.armies[slot]
        assert old is not None
        self.discard_down.append(old)
        self.armies[slot] = None
        self.forget(slot)
        for known in self.known:
            known.pop(slot, None)
        self.log("enchant", seat=seat, slot=slot_name(slot))

    def own(self, seat: int, card: str, slot: int | None) -> None:
        if slot is None:
            self.log("own_none", seat=seat)
            return
        self.put(seat, slot, card)
        self.hands[seat].remove(card)
        self.log("own", seat=seat, slot=slot_name(slot))
        self.log("owned", to=seat, seat=seat, slot=slot_name(slot), card=card)

    # ----- the battle -----

    def total(self, seat: int) -> int:
        cards = [c for c in self.army(seat) if c is not None] + [
            c for c in [self.bearers[seat]] if c is not None
        ]
        return sum(POWER[card] for card in cards)

    def battle(self) -> None:
        order = self.turn_order()
        for seat in order:
            self.discard_down += self.hands[seat]
            self.hands[seat] = []
            self.crone_cards[seat] = 0
        self.fix()
        self.shown = {s for seat in order for s in self.army_slots(seat)}
        totals: list[int | None] = [
            self.total(s) if s not in self.resigned else None for s in range(self.num_seats)
        ]
        best = max(t for t in totals if t is not None)
        winners = [s for s in order if totals[s] == best]
        self.last_battle = {
            "round": self.round,
            "armies": [list(self.army(s)) for s in range(self.num_seats)],
            "bearers": list(self.bearers),
            "totals": totals,
            "winners": sorted(winners),
            "taken": [None] * self.num_seats,
        }
        for seat in order:
            cards = [c for c in self.army(seat) if c is not None]
            self.log("army", seat=seat, cards=cards, bearer=self.bearers[seat], total=totals[seat])
        self.log("winners", seats=sorted(winners), total=best)
        queue = []
        for seat in winners:
            if self.bearers[seat] is not None:
                self.take_vp(seat, f"take:{LETTERS[seat]}")
            else:
                queue.append(f"{TAKE}:{seat}")
        self.queue = queue + [END]

    def take_card(self, action: str) -> str | None:
        where = action.removeprefix("take:")
        if len(where) == 1:
            return self.bearers[LETTERS.index(where)]
        slot = parse_slot(where)
        return None if slot is None else self.armies[slot]

    def take_vp(self, seat: int, action: str) -> None:
        where = action.removeprefix("take:")
        card = self.take_card(action)
        assert card is not None
        if len(where) == 1:
            self.bearers[LETTERS.index(where)] = None
            source = "own_bearer" if LETTERS.index(where) == seat else "bearer"
        else:
            slot = parse_slot(where)
            assert slot is not None
            self.armies[slot] = None
            source = "army"
        self.vp[seat].append(card)
        assert self.last_battle is not None
        self.last_battle["taken"][seat] = card
        self.log(
            "vp", seat=seat, card=card, source=source, owner=where[0], points=len(self.vp[seat])
        )

    def end_round(self) -> None:
        target = TARGETS[self.num_seats]
        points = {s: len(self.vp[s]) for s in self.seats_in_play()}
        reached = [s for s, p in points.items() if p >= target]
        if reached:  # the last battle stays on the table, face up
            best = max(points[s] for s in reached)
            winners = [s for s in reached if points[s] == best]
            self.phase = OVER
            self.end_game(shared_win(winners, self.num_seats), "target")
            return
        self.discard_up += [c for c in self.armies if c is not None]
        self.discard_up += [c for c in self.bearers if c is not None]
        self.armies = [None] * len(self.armies)
        self.bearers = [None] * self.num_seats
        self.known = [{} for _ in range(self.num_seats)]
        self.shown = set()
        self.deployed = [[] for _ in range(self.num_seats)]
        self.first = self.turn_order((self.first + 1) % self.num_seats)[0]  # one seat on
        self.start_round()

    # ----- the contract hooks -----

    def seats_to_act(self) -> list[int]:
        if self.phase == BEARER:
            return [s for s in self.turn_order() if self.choice[s] is None]
        if self.phase == STEPS and self.queue:
            kind, seat, _ = step_parts(self.queue[0])
            if kind in DECISIONS:
                return [seat]
        return []

    def moves(self, seat: int) -> list[str]:
        if self.phase == BEARER:
            return [f"bearer:{card}" for card in by_power(set(self.hands[seat]))] + [
                "bearer:" + NONE
            ]
        return self.step_moves(self.queue[0])

    def seat_left(self, seat: int) -> None:
        self.discard_down += self.hands[seat] + [c for c in self.army(seat) if c is not None]
        bearer = self.bearers[seat]
        if bearer is not None:
            self.discard_up.append(bearer)
        for slot in self.army_slots(seat):
            self.armies[slot] = None
            self.shown.discard(slot)
            for known in self.known:
                known.pop(slot, None)
        self.hands[seat], self.bearers[seat], self.choice[seat] = [], None, NONE
        self.crone_cards[seat] = 0
        self.advance()

    def redact(self, actor: int, action: str, seat: int | None) -> str:
        kind, _, rest = action.partition(":")
        if kind == "bearer":
            return "bearer:" + UNKNOWN
        if kind in ("deploy", "own") and "@" in rest:
            return f"{kind}:{UNKNOWN}@{rest.rpartition('@')[2]}"
        return action

    # ----- refusals -----

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        kind, _, rest = action.partition(":")
        if kind not in ("bearer", "fool", "look", "spy", "enchant", "deploy", "own", "take"):
            return self.refusal("unknown_action", action=action[:40])
        expected = BEARER if self.phase == BEARER else step_parts(self.queue[0])[0]
        if kind != expected:
            return self.refusal("not_now", step=expected)
        card, _, where = rest.rpartition("@")
        if kind in ("deploy", "own", "bearer"):
            card = card if kind != "bearer" else rest
            if card != NONE and card not in self.hands[seat]:
                return self.refusal("not_held", card=card if card in CARDS else "?")
        if kind == "deploy":
            slot = parse_slot(where)
            target = step_parts(self.queue[0])[2]
            if slot is None or slot // SLOTS != target:
                return self.refusal("deploy_order", target=target)
        if kind == "own":
            slot = parse_slot(where)
            if slot is None or slot // SLOTS != seat:
                return self.refusal("own_army")
        return IllegalAction("not_legal_now")

    # ----- what each seat knows -----

    def hide_unseen(self, seat: int | None, rng: random.Random | None) -> None:
        """Unseen: the deck, the face-down discards, others' hands and secret choices, and
        every army slot `seat` does not see. A sample deals the cards `seat` cannot locate
        to those places at random; a hand's cards dealt before the honourable check hold
        no Queen, King or Champion (public knowledge), only later Crone cards may. A card
        a player placed is drawn as the weaker of two in a rival's army and the stronger
        in their own, the way players place (a likelier sample, never a contradiction).
        """
        others = [s for s in range(self.num_seats) if s != seat]
        slots = [s for s, c in enumerate(self.armies) if c is not None and not self.sees(seat, s)]
        committed = [o for o in others if self.choice[o] is not None and self.choice[o] != NONE]
        committed += [o for o in others if self.choice[o] == NONE and self.hands[o]]
        if rng is None:
            for o in others:
                self.hands[o] = [UNKNOWN] * len(self.hands[o])
            for o in committed:
                self.choice[o] = UNKNOWN
            for s in slots:
                self.armies[s] = UNKNOWN
            self.deck = [UNKNOWN] * len(self.deck)
            self.discard_down = [UNKNOWN] * len(self.discard_down)
            return
        located: Counter[str] = Counter(self.discard_up)
        located.update(c for c in self.bearers if c is not None)
        for cards in self.vp:
            located.update(cards)
        located.update(c for s, c in enumerate(self.armies) if c is not None and self.sees(seat, s))
        if seat is not None:
            located.update(self.hands[seat])
        pool = sorted((Counter(deck_for(self.num_seats)) - located).elements())
        rng.shuffle(pool)
        plain = [c for c in pool if c not in HONOURABLES]
        taken: Counter[str] = Counter()
        size_of = {o: len(self.hands[o]) for o in others}
        for o in others:
            size = size_of[o]
            checked = size - min(self.crone_cards[o], size)  # dealt before the check
            hand = plain[:checked]
            plain = plain[checked:]
            taken.update(hand)
            self.hands[o] = hand
        rest = list((Counter(pool) - taken).elements())
        rng.shuffle(rest)
        for o in others:
            extra = min(self.crone_cards[o], size_of[o] - len(self.hands[o]))
            self.hands[o] += rest[:extra]
            rest = rest[extra:]
        for o in committed:
            self.choice[o] = rng.choice([*self.hands[o], NONE])
        for s in sorted(slots, key=lambda s: self.placed_by(s) is None):
            placer = self.placed_by(s)
            if placer is None or len(rest) < 2:
                self.armies[s] = rest.pop()
                continue
            # A likely card for what a player put there: the weaker of two draws in a
            # rival's army, the stronger in their own (players place that way).
            first, second = rest.pop(), rest.pop()
            low, high = sorted((first, second), key=POWER.__getitem__)
            keep, back = (high, low) if placer == s // SLOTS else (low, high)
            self.armies[s] = keep
            rest.insert(rng.randrange(len(rest) + 1), back)
        self.discard_down, self.deck = (
            rest[: len(self.discard_down)],
            rest[len(self.discard_down) :],
        )

    def check_invariants(self) -> None:
        places = (
            self.deck
            + self.discard_up
            + self.discard_down
            + [c for c in self.armies if c is not None]
            + [c for c in self.bearers if c is not None]
            + sum(self.hands, [])
            + sum(self.vp, [])
        )
        full = Counter(deck_for(self.num_seats))
        known = Counter(c for c in places if c != UNKNOWN)
        if len(places) != full.total() or known - full:
            raise ValueError("cards were created or lost")
        for seat, choice in enumerate(self.choice):
            if choice not in (None, NONE, UNKNOWN) and choice not in self.hands[seat]:
                raise ValueError("a Standard Bearer choice is not in its hand")

    # ----- how a choice is offered -----

    def picks(self, seat: int, action: str) -> list[tuple[str, str]]:
        kind, _, rest = action.partition(":")
        if rest == NONE:
            return [("action", "none")]
        if kind == "bearer":
            return [("card", rest)]
        if kind in ("deploy", "own"):
            card, _, where = rest.rpartition("@")
            return [("card", card), ("slot", where)]
        if kind == "take" and len(rest) == 1:
            return [("bearer", rest)]
        return [("slot", rest)]

    def prompt(self, seat: int) -> dict:
        if self.phase == BEARER:
            return {"key": "fools.bearer"}
        kind, _, target = step_parts(self.queue[0])
        prompt: dict = {"key": f"fools.{kind}"}
        if target >= 0:
            prompt["target"] = target
        if kind == TAKE:
            army = self.step_moves(self.queue[0])[0][-1].isdigit()
            prompt["key"] = "fools.take_army" if army else "fools.take_bearer"
        return prompt

    # ----- what a seat sees -----

    def open_game_view(self, seat: int | None) -> dict:
        """Replays: every hand, army card and secret choice face up, and the unseen piles."""
        view = self.game_view(seat)
        for owner, army in enumerate(view["armies"]):
            for entry, slot in zip(army, self.army_slots(owner), strict=True):
                entry["card"] = self.armies[slot]
        return {
            "armies": view["armies"],
            "open_hands": [by_power(hand) for hand in self.hands],
            "open_choices": list(self.choice),
            "open_deck": by_power(self.deck),
            "open_discards": by_power(self.discard_down),
        }

    def game_view(self, seat: int | None) -> dict:
        step = None
        if self.phase == STEPS and self.queue:
            kind, actor, target = step_parts(self.queue[0])
            if kind in DECISIONS:
                step = {"kind": kind, "seat": actor, "target": None if target < 0 else target}
        known = {} if seat is None else self.known[seat]
        return {
            "round": self.round,
            "first": self.first,
            "target": TARGETS[self.num_seats],
            "phase": OVER if self.is_over() else self.phase,
            "step": step,
            "deck": len(self.deck),
            "discard": len(self.discard_up) + len(self.discard_down),
            "hand": [] if seat is None else by_power(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "chosen": [c is not None for c in self.choice] if self.phase == BEARER else [],
            "my_choice": None if seat is None else self.choice[seat],
            "armies": [
                [
                    {
                        "slot": slot_name(s),
                        "empty": self.armies[s] is None,
                        "card": self.armies[s] if self.sees(seat, s) else None,
                        "know": "shown" if s in self.shown else known.get(s),
                    }
                    for s in self.army_slots(owner)
                ]
                for owner in range(self.num_seats)
            ],
            "deployed": [list(seats) for seats in self.deployed],
            "bearers": list(self.bearers),
            "vp": [by_power(cards) for cards in self.vp],
            "last_battle": self.last_battle,
            "in_play": self.seats_in_play(),
        }
