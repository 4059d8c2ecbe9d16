"""Fools! (フールズ！): every rule of the rulebook and rulings §3.

A battle (a round) goes: deal (armies, then hands, with the honourable check),
the Standard Bearer choice (simultaneous and secret), the reveal and the Fools,
the abilities, the deploy, the battle and the victory points. Seats run
clockwise: "to your left" is the next seat (rulings §3).

Actions are written as `pygames.fools.notation` says (its docstring has the grammar)
and read only through it: ``bearer:knight``, ``fool:A2``, ``look:A1`` (Soothsayer),
``spy:C3`` (Spy, one per opponent in turn), ``enchant:B2`` / ``enchant:none``
(Enchantress; the Crone draws by itself), ``deploy:pixie@B1``, ``own:knight@A3`` /
``own:none``, ``take:C`` / ``take:A2`` (a winner without a Standard Bearer). What is
still to happen in a battle is a queue of `Step` values.

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

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from pygames.core import (
    CHANCE,
    META_ACTIONS,
    NOBODY,
    RESIGN,
    UNKNOWN,
    IllegalAction,
    State,
    shared_win,
    take_from,
)
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
from pygames.fools.notation import (
    LETTERS,
    NONE,
    SLOTS,
    Action,
    Bearer,
    Deploy,
    Enchant,
    FoolIn,
    KeepArmy,
    Look,
    Own,
    Spy,
    TakeArmyCard,
    TakeBearer,
    slot_name,
)
from pygames.fools.notation import format as write
from pygames.fools.notation import parse as read
from pygames.fools.views import Battle, FoolsTable, OpenTable, StepOwed
from pygames.views import Prompt

HAND = 3
TARGETS = {2: 5, 3: 4, 4: 3}  # victory points to win, by the starting number of players
BEARER, STEPS, OVER = "bearer", "steps", "over"
# Step kinds; the ones a seat decides are named as the actions that decide them:
FOOL_STEP, LOOK, SPY_STEP, ENCHANT, CRONE_STEP = "fool", "look", "spy", "enchant", "crone"
DEPLOY, OWN, TAKE, BATTLE, END = "deploy", "own", "take", "battle", "end"
DECISIONS = (FOOL_STEP, LOOK, SPY_STEP, ENCHANT, DEPLOY, OWN, TAKE)
ABILITY_STEPS = {SOOTHSAYER: LOOK, SPY: SPY_STEP, ENCHANTRESS: ENCHANT, CRONE: CRONE_STEP}
PLACED, SAW, REPLACED = "placed", "saw", "replaced"
SEEN = (PLACED, SAW)  # what a seat knows of a card it placed or looked at: the card
NO_SEAT = -1


@dataclass(frozen=True)
class Step:
    """One thing still to happen this battle, in order (the state's `queue`).

    `seat` does it (a decision, or the Crone's draw); `target` is the army a Spy looks
    into or a deploy goes into. The queue holds steps in their text form,
    "kind:seat:target" ("deploy:0:2", "own:1", "battle"), because positions are the
    state's attributes as JSON: `text` and `read` are the only places that write and
    read it.
    """

    kind: str
    seat: int = NO_SEAT
    target: int = NO_SEAT

    def text(self) -> str:
        parts = [self.kind] + [str(n) for n in (self.seat, self.target) if n != NO_SEAT]
        return ":".join(parts)

    @staticmethod
    @cache
    def read(text: str) -> Step:
        kind, _, rest = text.partition(":")
        seat, _, target = rest.partition(":")
        return Step(kind, int(seat or NO_SEAT), int(target or NO_SEAT))


@cache  # masked states redact every move of the history: a finite set of actions
def card_hidden(action: str) -> str:
    """`action` as the other seats see it: the card of a choice or a placing hidden."""
    match read(action):
        case Bearer():
            return write(Bearer(UNKNOWN))
        case Deploy(_, slot):
            return write(Deploy(UNKNOWN, slot))
        case Own(_, slot):
            return write(Own(UNKNOWN, slot))
    return action


@dataclass(frozen=True)
class SamplePlan:
    """What every sample of one seat's knowledge deals (`FoolsState.sample_plan`): the
    cards it cannot locate, and the places they go, in the order they are dealt."""

    plain: tuple[str, ...]  # unlocated cards that are no Queen, King or Champion
    honourables: tuple[str, ...]  # the unlocated Queens, Kings and Champions
    before_check: tuple[tuple[int, int], ...]  # (seat, hand cards dealt before the check)
    from_crone: tuple[tuple[int, int], ...]  # (seat, hand cards the Crone drew later)
    committed: tuple[int, ...]  # seats whose secret Standard Bearer choice is made
    slots: tuple[tuple[int, int | None], ...]  # (unseen army slot, who placed its card)
    face_down: int  # face-down discards


def pick_out(pool: list[str], rng: random.Random) -> str:
    """Remove and return a random card of an unordered `pool`."""
    index = rng.randrange(len(pool))
    pool[index], pool[-1] = pool[-1], pool[index]
    return pool.pop()


def chance_index(history: list[tuple[int, str]], number: int) -> int:
    """Where chance outcome `number` stands in `history` (its end if there is none)."""
    seen = 0
    for index, (actor, _) in enumerate(history):
        if actor == CHANCE:
            if seen == number:
                return index
            seen += 1
    return len(history)


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
        self.last_battle: Battle | None = None
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
            face_up = self.discard_up
            self.deck = self.discard_up + self.discard_down
            self.discard_up, self.discard_down = [], []
            self.chance.reshuffled(self.deck, face_up, self.discarded_unseen())
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
        if self.rules_version >= 3:
            self.deal_hands(order)
        else:
            for seat in order:
                self.deal_hand(seat)
        self.choice = [
            None if self.hands[s] and s not in self.resigned else NONE
            for s in range(self.num_seats)
        ]
        self.advance()

    def deal_hands(self, order: list[int]) -> None:
        """Rules 3: every hand is dealt, then the honourable check is made by every seat
        at once (on devices each seat shows its hand, or says it holds none, without
        waiting for the others'), and again by those who drew anew."""
        hands = {}
        for seat in order:
            hands[seat] = self.take(HAND, seat)
            self.log("hand", to=seat, seat=seat, cards=by_power(hands[seat]))
        checking = list(order)
        for size in (2, 1, 0):  # the honourable check: after 3, then 2, then 1 card
            parts = [hands[s] if HONOURABLES.intersection(hands[s]) else [] for s in checking]
            shown = self.chance.disclosed_each(parts, by=checking)
            redraw = []
            for seat, cards in zip(checking, shown, strict=True):
                if not cards:
                    continue
                self.check_shown_hand(cards, hands[seat])
                self.log("honourable", seat=seat, cards=by_power(cards), draws=size)
                self.discard_up += cards
                redraw.append(seat)
            for seat in redraw:
                hands[seat] = self.take(size, seat) if size else []
                if hands[seat]:
                    self.log("hand", to=seat, seat=seat, cards=by_power(hands[seat]))
            checking = [seat for seat in redraw if hands[seat]]
            if not checking:
                break
        for seat in order:
            self.hands[seat] = hands[seat]
            self.crone_cards[seat] = 0

    @staticmethod
    def check_shown_hand(shown: list[str], hand: list[str]) -> None:
        if len(shown) != len(hand) or not HONOURABLES.intersection(shown):
            # A seat's copy is told the rival's hand: all of it, with one at least.
            raise IllegalAction("chance_impossible", outcome=",".join(shown)[:40])

    def deal_hand(self, seat: int) -> None:
        """Rules 2: a hand dealt and checked, before the next seat's is dealt."""
        hand = self.take(HAND, seat)
        self.log("hand", to=seat, seat=seat, cards=by_power(hand))
        for size in (2, 1, 0):  # the honourable check: after 3, then 2, then 1 card
            honourable = bool(HONOURABLES.intersection(hand))
            shown = self.chance.disclosed(hand if honourable else [], by=seat)
            if not shown:
                break
            self.check_shown_hand(shown, hand)
            self.log("honourable", seat=seat, cards=by_power(shown), draws=size)
            self.discard_up += shown
            hand = self.take(size, seat) if size else []
            if hand:
                self.log("hand", to=seat, seat=seat, cards=by_power(hand))
        self.hands[seat] = hand
        self.crone_cards[seat] = 0

    def reveal(self) -> None:
        order = self.turn_order()
        # Every seat that chose (an empty hand chooses nothing, in plain sight) turns its
        # choice over at once: on devices, each opens the commitment it sent with it.
        chose = [seat for seat in order if self.hands[seat] and self.choice[seat] is not None]
        choices = [self.choice[seat] or NONE for seat in chose]
        shown = self.chance.disclosed(choices, by=list[int | None](chose), choice=True)
        for seat, bearer in zip(chose, shown, strict=True):
            if bearer != NONE:
                take_from(self.hands[seat], bearer)
                self.bearers[seat] = bearer
        self.choice = [None] * self.num_seats
        self.fix()
        self.log("revealed", bearers=list(self.bearers))
        self.phase = STEPS
        fools = [seat for seat in order if self.bearers[seat] == THE_FOOL]
        queue: list[Step] = []
        if fools:
            for seat in order:
                card = self.bearers[seat]
                if card is not None and (len(fools) == 1 or card != THE_FOOL):
                    self.discard_up.append(card)
                    self.bearers[seat] = None
            self.log("fools", count=len(fools), seats=fools)
            if len(fools) > 1:
                queue += [Step(FOOL_STEP, seat) for seat in fools]
        else:
            for seat in order:
                step = ABILITY_STEPS.get(self.bearers[seat] or "")
                if step == SPY_STEP:
                    queue += [Step(SPY_STEP, seat, target) for target in self.left_of(seat)]
                elif step:
                    queue.append(Step(step, seat))
        for seat in order:
            queue += [Step(DEPLOY, seat, target) for target in self.left_of(seat)]
        queue += [Step(OWN, seat) for seat in order]
        queue.append(Step(BATTLE))
        self.plan(queue)

    def plan(self, steps: list[Step]) -> None:
        self.queue = [step.text() for step in steps]

    def step(self) -> Step:
        """The step at the head of the queue."""
        return Step.read(self.queue[0])

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
            step = self.step()
            if not self.applies(step):
                self.queue.pop(0)
            elif step.kind == BATTLE:
                self.queue.pop(0)
                self.battle()
            elif step.kind == END:
                self.queue.pop(0)
                self.end_round()
            elif step.kind == CRONE_STEP:
                self.queue.pop(0)
                self.crone(step.seat)
            elif (
                step.kind == TAKE and len({self.take_card(a) for a in self.step_actions(step)}) == 1
            ):
                self.queue.pop(0)  # no real choice: every option is the same card
                self.take_vp(step.seat, self.step_actions(step)[0])
            else:
                return

    def applies(self, step: Step) -> bool:
        if step.kind in (BATTLE, END):
            return True
        if step.seat in self.resigned or step.target in self.resigned:
            return False
        if step.kind in (DEPLOY, OWN):
            return bool(self.hands[step.seat])
        if step.kind in DECISIONS:
            return bool(self.step_actions(step))
        return True

    def step_moves(self, step: Step) -> list[str]:
        return [write(action) for action in self.step_actions(step)]

    def step_actions(self, step: Step) -> list[Action]:
        """The legal actions of the seat that owes `step`."""
        kind, seat, target = step.kind, step.seat, step.target
        if kind == FOOL_STEP:
            return [FoolIn(s) for s in self.army_slots(seat)]
        if kind == LOOK:
            return [
                Look(s)
                for s in self.army_slots(seat)
                if self.armies[s] is not None and not self.sees(seat, s)
            ]
        if kind == SPY_STEP:
            return [Spy(s) for s in self.army_slots(target) if self.armies[s]]
        if kind == ENCHANT:
            slots = [s for other in self.left_of(seat) for s in self.army_slots(other)]
            found: list[Action] = [Enchant(s) for s in slots if self.armies[s] is not None]
            return found + [Enchant(None)] if found else []
        if kind == DEPLOY:
            hand = by_power(set(self.hands[seat]))
            return [Deploy(card, s) for card in hand for s in self.army_slots(target)]
        if kind == OWN:
            hand = by_power(set(self.hands[seat]))
            own: list[Action] = [Own(card, s) for card in hand for s in self.army_slots(seat)]
            return own + [KeepArmy()]
        if kind == TAKE:
            others = [s for s in self.turn_order() if s != seat and self.bearers[s] is not None]
            if others:
                return [TakeBearer(s) for s in others]
            return [TakeArmyCard(s) for s in self.army_slots(seat) if self.armies[s]]
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

    def secret_choosers(self, others: list[int]) -> list[int]:
        """Those of `others` whose Standard Bearer choice is made and still secret."""
        chosen = [o for o in others if self.choice[o] is not None and self.choice[o] != NONE]
        return chosen + [o for o in others if self.choice[o] == NONE and self.hands[o]]

    def sees(self, seat: int | None, slot: int) -> bool:
        if slot in self.shown:
            return True
        return seat is not None and self.known[seat].get(slot) in SEEN

    def shown_cards(self, slots: list[int], to: frozenset[int] | None = None) -> list[str]:
        """The face-down cards of army slots, shown (to `to`, or to everyone): each by the
        seat that put it there (it holds the card), a card dealt there by nobody."""
        holders = [self.placed_by(slot) for slot in slots]
        origins = self.army_origins() if None in holders and self.chance.reads_drawn else {}
        drawn = [origins.get(s) if h is None else None for s, h in zip(slots, holders, strict=True)]
        cards = [self.armies[slot] or "" for slot in slots]
        # The battle's cards change who wins, not what is drawn next.
        return self.chance.disclosed(cards, by=holders, to=to, drawn=drawn, steady=to is None)

    def round_start(self) -> int:
        """The number of this round's first chance outcome (its armies are dealt first:
        each round deals one run of cards nobody sees), or of the next one if the round
        has dealt nothing yet."""
        runs: list[int] = []
        last = None
        outcomes = self.outcomes()
        for number, audience, _ in outcomes:
            if audience == NOBODY:
                if last != number - 1:
                    runs.append(number)
                last = number
        return runs[self.round - 1] if len(runs) >= self.round else len(outcomes)

    def army_origins(self) -> dict[int, tuple[int, int]]:
        """Army slot -> the chance outcome (number, index) that dealt it this round."""
        outcomes = self.outcomes()
        start = self.round_start()
        dealt: list[tuple[int, int]] = []
        for number, audience, count in outcomes[start:]:
            if audience != NOBODY:
                break
            dealt += [(number, index) for index in range(count)]
        # The seats dealt, in the order they were: those that had resigned by then left out.
        before = chance_index(self.history, start)
        gone = {seat for seat, action in self.history[:before] if action == RESIGN}
        n = self.num_seats
        order = [(self.first + k) % n for k in range(n) if (self.first + k) % n not in gone]
        origins = {}
        for place, seat in enumerate(order):
            for index, slot in enumerate(self.army_slots(seat)):
                if place * SLOTS + index < len(dealt):
                    origins[slot] = dealt[place * SLOTS + index]
        return origins

    def discarded_unseen(self) -> list[tuple[int, int]]:
        """Where the face-down discards came from, for a reshuffle (`Chance.reshuffled`):
        every card dealt unseen by some seat before this round (all of them are discarded
        or shown by now), and this round's army cards put out by an Enchantress or a
        Fool (the only face-down discards before the deploys, after which nothing is
        drawn this round)."""
        start = self.round_start()
        dealt = [
            (number, index)
            for number, audience, count in self.outcomes()[:start]
            if audience != ""
            for index in range(count)
        ]
        if self.phase == STEPS:  # (while the armies are dealt, a slot may wait for its card)
            for slot, origin in self.army_origins().items():
                if self.armies[slot] is None or slot in self.shown:
                    dealt.append(origin)
        return dealt

    def play(self, seat: int, action: str) -> None:
        move = read(action)
        if isinstance(move, Bearer):
            self.choice[seat] = NONE if move.card is None else move.card
            self.log("chose", seat=seat)
            self.advance()
            return
        self.queue.pop(0)
        match move:
            case FoolIn(slot):
                self.fool_swap(seat, slot)
            case Look(slot) | Spy(slot):
                self.look(seat, move.kind, slot)
            case Enchant(slot):
                self.enchant(seat, slot)
            case Deploy(card, slot):
                self.deploy(seat, card, slot)
            case Own(card, slot):
                self.own(seat, card, slot)
            case KeepArmy():
                self.log("own_none", seat=seat)
            case TakeBearer() | TakeArmyCard():
                self.take_vp(seat, move)
        self.advance()

    def look(self, seat: int, kind: str, slot: int) -> None:
        """A Soothsayer's or a Spy's look (`kind` "look" or "spy")."""
        card = self.armies[slot]
        assert card is not None
        self.armies[slot] = self.shown_cards([slot], frozenset([seat]))[0]
        self.known[seat][slot] = SAW
        self.fix()
        self.log(kind, seat=seat, slot=slot_name(slot))
        self.log(kind + "_saw", to=seat, seat=seat, slot=slot_name(slot), card=self.armies[slot])

    def deploy(self, seat: int, card: str, slot: int) -> None:
        self.put(seat, slot, card)
        take_from(self.hands[seat], card)
        self.deployed[slot // SLOTS].append(seat)
        self.log("deploy", seat=seat, slot=slot_name(slot))
        self.log("deployed", to=seat, seat=seat, slot=slot_name(slot), card=card)

    def fool_swap(self, seat: int, slot: int) -> None:
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

    def own(self, seat: int, card: str, slot: int) -> None:
        self.put(seat, slot, card)
        take_from(self.hands[seat], card)
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
        slots = [s for seat in order for s in self.army_slots(seat) if self.armies[s] is not None]
        face_down = [s for s in slots if s not in self.shown]
        for slot, card in zip(face_down, self.shown_cards(face_down), strict=True):
            self.armies[slot] = card
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
                self.take_vp(seat, TakeBearer(seat))
            else:
                queue.append(Step(TAKE, seat))
        self.plan(queue + [Step(END)])

    def take_card(self, take: TakeBearer | TakeArmyCard | Action) -> str | None:
        if isinstance(take, TakeBearer):
            return self.bearers[take.owner]
        if isinstance(take, TakeArmyCard):
            return self.armies[take.slot]
        return None

    def take_vp(self, seat: int, take: TakeBearer | TakeArmyCard | Action) -> None:
        card = self.take_card(take)
        assert card is not None
        if isinstance(take, TakeBearer):
            self.bearers[take.owner] = None
            owner = take.owner
            source = "own_bearer" if owner == seat else "bearer"
        else:
            assert isinstance(take, TakeArmyCard)
            self.armies[take.slot] = None
            owner = take.slot // SLOTS
            source = "army"
        self.vp[seat].append(card)
        assert self.last_battle is not None
        self.last_battle["taken"][seat] = card
        self.log(
            "vp",
            seat=seat,
            card=card,
            source=source,
            owner=LETTERS[owner],
            points=len(self.vp[seat]),
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
            step = self.step()
            if step.kind in DECISIONS:
                return [step.seat]
        return []

    def moves(self, seat: int) -> list[str]:
        if self.phase == BEARER:
            cards = by_power(set(self.hands[seat]))
            return [write(Bearer(card)) for card in cards] + [write(Bearer(None))]
        return self.step_moves(self.step())

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
        return action if action in META_ACTIONS else card_hidden(action)

    # ----- refusals -----

    def explain_illegal(self, seat: int, action: str) -> IllegalAction:
        try:
            move = read(action)
        except IllegalAction as refusal:
            return refusal
        expected = BEARER if self.phase == BEARER else self.step().kind
        if move.kind != expected:
            return self.refusal("not_now", step=expected)
        card = move.card if isinstance(move, Bearer | Deploy | Own) else None
        if card is not None and card not in self.hands[seat]:
            return self.refusal("not_held", card=card if card in CARDS else UNKNOWN)
        if isinstance(move, Deploy) and move.slot // SLOTS != self.step().target:
            return self.refusal("deploy_order", target=self.step().target)
        if isinstance(move, Own) and move.slot // SLOTS != seat:
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
        if rng is not None:
            self.deal_sample(self.sample_plan(seat), rng)
            return
        others = [s for s in range(self.num_seats) if s != seat]
        for o in others:
            self.hands[o] = [UNKNOWN] * len(self.hands[o])
        for o in self.secret_choosers(others):
            self.choice[o] = UNKNOWN
        for s, card in enumerate(self.armies):
            if card is not None and not self.sees(seat, s):
                self.armies[s] = UNKNOWN
        self.deck = [UNKNOWN] * len(self.deck)
        self.discard_down = [UNKNOWN] * len(self.discard_down)

    def sampler(self, seat: int | None) -> Callable[[random.Random], FoolsState]:
        """Samples of this masked state (`filled`), with what every sample shares worked
        out once: which cards are still to place and where they go."""
        plan = self.sample_plan(seat)

        def sample(rng: random.Random) -> FoolsState:
            copy = self.to_fill(rng)
            copy.deal_sample(plan, rng)
            return copy

        return sample

    def sample_plan(self, seat: int | None) -> SamplePlan:
        """What a sample of what `seat` knows deals, and where (see `hide_unseen`)."""
        others = [s for s in range(self.num_seats) if s != seat]
        located: Counter[str] = Counter(self.discard_up)
        located.update(c for c in self.bearers if c is not None)
        for cards in self.vp:
            located.update(cards)
        located.update(c for s, c in enumerate(self.armies) if c is not None and self.sees(seat, s))
        if seat is not None:
            located.update(self.hands[seat])
        pool = sorted((Counter(deck_for(self.num_seats)) - located).elements())
        crone = {o: min(self.crone_cards[o], len(self.hands[o])) for o in others}
        slots = [s for s, c in enumerate(self.armies) if c is not None and not self.sees(seat, s)]
        placed_first = sorted(slots, key=lambda s: self.placed_by(s) is None)
        return SamplePlan(
            plain=tuple(c for c in pool if c not in HONOURABLES),
            honourables=tuple(c for c in pool if c in HONOURABLES),
            before_check=tuple((o, len(self.hands[o]) - crone[o]) for o in others),
            from_crone=tuple((o, crone[o]) for o in others),
            committed=tuple(self.secret_choosers(others)),
            slots=tuple((s, self.placed_by(s)) for s in placed_first),
            face_down=len(self.discard_down),
        )

    def deal_sample(self, plan: SamplePlan, rng: random.Random) -> None:
        # Cards are taken from unordered pools (the deck is a pool too: draws from it are
        # random), so no shuffle is needed, only one random pick per card placed.
        plain = list(plan.plain)
        for o, count in plan.before_check:
            self.hands[o] = [pick_out(plain, rng) for _ in range(count)]
        rest = plain + list(plan.honourables)
        for o, count in plan.from_crone:
            self.hands[o] += [pick_out(rest, rng) for _ in range(count)]
        for o in plan.committed:
            self.choice[o] = rng.choice([*self.hands[o], NONE])
        for s, placer in plan.slots:
            if placer is None or len(rest) < 2:
                self.armies[s] = pick_out(rest, rng)
                continue
            # A likely card for what a player put there: the weaker of two draws in a
            # rival's army, the stronger in their own (players place that way).
            first, second = pick_out(rest, rng), pick_out(rest, rng)
            low, high = sorted((first, second), key=POWER.__getitem__)
            keep, back = (high, low) if placer == s // SLOTS else (low, high)
            self.armies[s] = keep
            rest.append(back)
        self.discard_down = [pick_out(rest, rng) for _ in range(plan.face_down)]
        self.deck = rest

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
        match read(action):
            case Bearer(None) | Enchant(None) | KeepArmy():
                return [("action", NONE)]
            case Bearer(str(card)):
                return [("card", card)]
            case Deploy(card, slot) | Own(card, slot):
                return [("card", card), ("slot", slot_name(slot))]
            case TakeBearer(owner):
                return [("bearer", LETTERS[owner])]
            case FoolIn(slot) | Look(slot) | Spy(slot) | Enchant(int(slot)) | TakeArmyCard(slot):
                return [("slot", slot_name(slot))]
        raise AssertionError(action)

    def places(self, actor: int, action: str, seat: int | None) -> list[tuple[str, str]]:
        """The army slot a move put a card on, looked at, enchanted or took from, and the
        Standard Bearer taken."""
        match read(action):
            case (
                FoolIn(slot)
                | Look(slot)
                | Spy(slot)
                | Enchant(int(slot))
                | Deploy(_, slot)
                | Own(_, slot)
                | TakeArmyCard(slot)
            ):
                return [("slot", slot_name(slot))]
            case TakeBearer(owner):
                return [("bearer", LETTERS[owner])]
        return []

    def table_began(self) -> int:
        """Where this round began: its armies are dealt afresh."""
        began = self.round_start()
        chances = (index for index, (actor, _) in enumerate(self.history) if actor == CHANCE)
        return next(itertools.islice(chances, began, None), len(self.history))

    def prompt(self, seat: int) -> Prompt:
        if self.phase == BEARER:
            return {"key": "fools.bearer"}
        step = self.step()
        prompt: Prompt = {"key": f"fools.{step.kind}"}
        if step.target != NO_SEAT:
            prompt["target"] = step.target
        if step.kind == TAKE:
            army = isinstance(self.step_actions(step)[0], TakeArmyCard)
            prompt["key"] = "fools.take_army" if army else "fools.take_bearer"
        return prompt

    # ----- what a seat sees -----

    def open_game_view(self, seat: int | None) -> OpenTable:
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

    def game_view(self, seat: int | None) -> FoolsTable:
        owed: StepOwed | None = None
        if self.phase == STEPS and self.queue:
            step = self.step()
            if step.kind in DECISIONS:
                target = None if step.target == NO_SEAT else step.target
                owed = {"kind": step.kind, "seat": step.seat, "target": target}
        known = {} if seat is None else self.known[seat]
        return {
            "round": self.round,
            "first": self.first,
            "target": TARGETS[self.num_seats],
            "phase": OVER if self.is_over() else self.phase,
            "step": owed,
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
