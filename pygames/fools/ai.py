"""Fools! heuristics for the computer opponents (see `pygames.ai`).

The search hands these hooks only samples of what the deciding seat knows
(`FoolsState.hide_unseen`). The playout policy and `greedy_score` go further and
read only what the acting seat itself knows in the sample (`FoolsState.sees` and
the public record of who put a card where), never the sampled hidden cards, so a
playout is played as the seats would play it. The search tries the heuristic's
choices first and leans on them (`prior`); a playout stops once the battle in
progress is fought (`rollout_stage`), and `evaluate` counts that battle by the
chances the seat saw just before the reveal (its own cards and looks exact, the rest
at their usual worth), not by the sample's hidden cards, which keeps the noise low.
"""

from __future__ import annotations

import math
import random

from pygames.core import CHANCE, META_ACTIONS
from pygames.fools.cards import POWER, THE_FOOL, deck_for
from pygames.fools.notation import (
    SLOTS,
    Bearer,
    Deploy,
    Enchant,
    FoolIn,
    KeepArmy,
    Look,
    Own,
    Spy,
)
from pygames.fools.notation import parse as read
from pygames.fools.rules import (
    BEARER,
    DEPLOY,
    PLACED,
    STEPS,
    TARGETS,
    FoolsState,
    Step,
)
from pygames.fools.views import Battle

ROLLOUT_MOVES = 60  # a guard: playouts stop at the end of the battle (`rollout_stage`)
# Playouts end with the battle in progress, so iterations are cheap: Hard has one and a
# half times the common budget (in two parts, `pygames.ai.levels`; tools/bench_ai.py).
# Hard at 600 plays as 1200 did (200 games each, seats alternated): against greedy 52.5%
# (1200: 48.2% and 52.5%; standard error 3.5%), against the yardstick at the same budget
# 36.0% (1200: 32.2% and 34.2%; 3.4%), against random 98.5% (1200: 95.0-97.5%), in half
# the time a decision (tools/bench_ai_browser.py). With four times the budget, still seeing
# only its seat, Hard scores 35.5% (100 games, 4.8%) against that yardstick at 600: what
# the yardstick has over Hard is the cards it sees, not more search.
ITERATIONS = {"normal": 300, "hard": 600}
# A playout costs more at a larger table (more seats deploy in each battle) and one
# seat's choice weighs less. Against greedy in every other seat (200 games each; standard
# error 3.2-3.4%): at 4 seats 1200 scored 30.2%, 600 29.4%, 480 32.8% and 27.9% (two
# versions of the search) and 240 29.5%; at 3 seats 1200 36.0%, 800 37.2%, 600 40.2% and
# 400 32.0%, under a fair share. Against every other seat random: at 4 seats 480 63.0%,
# 240 60.8% (3.5%); at 3 seats 800 84.2%, 600 84.8% (2.5%). So 3 seats search 600 and 4
# seats 240, where a person waits for three computers in a row.
ITERATIONS_BY_SEATS = {3: {"hard": 600}, 4: {"hard": 240}}
PRIOR_WEIGHT = 1.5  # how long the search follows the heuristic before its own results
ROLLOUT_EPSILON = 0.1
DEALT = sum(POWER[c] for c in deck_for(4)) / len(deck_for(4))  # a card straight from the deck
PLACED_BY_RIVAL = 1.8  # what a rival usually puts into your army
PLACED_BY_OWNER = 6.0  # what a player usually puts into their own army
ABILITY_BONUS = {"enchantress": 3.0, "crone": 2.0, "spy": 1.0, "soothsayer": 1.0}
GAME_SHARPNESS = 8.0
RIVAL_BEARER = 5.0  # what a rival's Standard Bearer is worth, roughly
THREAT_PER_POINT = 1.0  # how much more a rival's victory point makes it a threat


# ----- what a seat expects -----


def slot_value(state: FoolsState, seat: int, slot: int) -> float:
    """What `seat` expects the card in `slot` to be worth, from what it knows."""
    card = state.armies[slot]
    if card is None:
        return 0.0
    if state.sees(seat, slot):
        return POWER[card]
    owner = slot // SLOTS
    for other, known in enumerate(state.known):
        if other != seat and known.get(slot) == PLACED:
            return PLACED_BY_OWNER if other == owner else PLACED_BY_RIVAL
    return DEALT


def expected_total(state: FoolsState, seat: int, owner: int) -> float:
    bearer = state.bearers[owner]
    total = sum(slot_value(state, seat, s) for s in range(owner * SLOTS, owner * SLOTS + SLOTS))
    return total + (POWER[bearer] if bearer else 0.0)


def leader(state: FoolsState, seat: int, among: list[int]) -> int:
    """The rival `seat` most wants to stop: most victory points, then the strongest army."""
    return max(among, key=lambda o: (len(state.vp[o]), expected_total(state, seat, o)))


# ----- scoring one action as the acting seat sees it -----


def action_score(state: FoolsState, seat: int, action: str, fools: bool = True) -> float:
    """How good `action` looks to `seat`; `fools` False: the `greedy` baseline, kept as it
    was measured (never the Fool as Standard Bearer, its weakest card to the first army it
    deploys to)."""
    match read(action):
        case Bearer(None):
            return 0.0
        case Bearer(str(card)) if card == THE_FOOL:
            if fools:
                return fool_bearer_score(state, seat)
            return -6.0 + 0.3 * (len(state.hands[seat]) - 1)
        case Bearer(str(card)):
            return POWER[card] + ABILITY_BONUS.get(card, 0.0) + 0.3 * (len(state.hands[seat]) - 1)
        case Deploy() as deploy:
            weight = weakest_card_weight(state, seat, deploy.slot // SLOTS) if fools else 1.0
            return deploy_score(state, seat, deploy, weight)
        case KeepArmy():
            return 0.5
        case Own(card, slot):
            return POWER[card] - slot_value(state, seat, slot)
        case Enchant(None):
            return 2.0
        case Enchant(int(slot)):
            rivals = [o for o in state.seats_in_play() if o != seat]
            bonus = 1.5 if slot // SLOTS == leader(state, seat, rivals) else 0.0
            return slot_value(state, seat, slot) + bonus
        case FoolIn(slot):
            return -slot_value(state, seat, slot)
    return 0.0  # take; look, spy: every slot is as unknown as the next


def action_scores(state: FoolsState, seat: int, actions: list[str]) -> list[float]:
    """`action_score` of each of one decision's `actions`; a deploy's weight is the same
    for all of them (one target army), so it is worked out once (this is the search's
    hot path)."""
    moves = [read(action) for action in actions]
    deploys = [move for move in moves if isinstance(move, Deploy)]
    if not deploys or len(deploys) != len(moves):
        return [action_score(state, seat, action) for action in actions]
    weight = weakest_card_weight(state, seat, deploys[0].slot // SLOTS)
    return [deploy_score(state, seat, deploy, weight) for deploy in deploys]


def deploy_score(state: FoolsState, seat: int, deploy: Deploy, weight: float) -> float:
    """Putting a card into a rival's army: the card covered, less the card given
    (weighted: see `weakest_card_weight`)."""
    return slot_value(state, seat, deploy.slot) - weight * POWER[deploy.card]


def weakest_card_weight(state: FoolsState, seat: int, target: int) -> float:
    """How much `seat` wants its weakest card in `target`'s army rather than in the armies
    it deploys to later (-1 to 1): the weakest card goes to the biggest threat."""
    later = [
        step.target
        for step in map(Step.read, state.queue[1:])
        if step.kind == DEPLOY and step.seat == seat
    ]
    if not later:
        return 1.0
    here = threat(state, seat, target)
    there = max(threat(state, seat, other) for other in later)
    return (here - there) / (here + there)


def threat(state: FoolsState, seat: int, rival: int) -> float:
    """How likely `rival` looks to win, to `seat`: its army as `seat` expects it, and its
    victory points."""
    total = expected_total(state, seat, rival)
    return math.exp(total / BATTLE_SPREAD) * (1 + THREAT_PER_POINT * len(state.vp[rival]))


def fool_bearer_score(state: FoolsState, seat: int) -> float:
    """The Fool as Standard Bearer sends every rival's Standard Bearer (a hand's best card,
    roughly) to the discards; it costs the card that then cannot be placed: against the
    strongest card as Standard Bearer, it scores that card plus the rivals' losses less
    the weaker card left over."""
    others = sorted(POWER[c] for c in state.hands[seat] if c != THE_FOOL)
    rivals = len(state.seats_in_play()) - 1
    if not others:
        return rivals * RIVAL_BEARER
    spare = others[0] if len(others) > 1 else 0.0
    return others[-1] + rivals * RIVAL_BEARER - spare


def greedy_score(state: FoolsState, seat: int, action: str) -> float:
    """The `greedy` baseline: the heuristics above, without the Fool as Standard Bearer
    (ties broken at random by greedy)."""
    return action_score(state, seat, action, fools=False)


def rollout_stage(state: FoolsState) -> int:
    """A playout ends with the battle in progress (`evaluate` judges it as the seat saw it)."""
    return state.round


def prior(state: FoolsState, seat: int, legal: list[str]) -> list[float]:
    """The heuristic's scores scaled to 0-1 among the legal actions (1 = its choice)."""
    scores = action_scores(state, seat, legal)
    low, high = min(scores), max(scores)
    if high <= low:
        return [1.0] * len(scores)
    return [(score - low) / (high - low) for score in scores]


def rollout_action(state: FoolsState, seat: int, rng: random.Random) -> str:
    """Mostly the heuristic's choice, sometimes a random one, so playouts vary."""
    moves = state.legal_actions(seat)
    if len(moves) == 1 or rng.random() < ROLLOUT_EPSILON:
        return moves[rng.randrange(len(moves))]
    best = -math.inf
    chosen = moves[0]
    for action, heuristic in zip(moves, action_scores(state, seat, moves), strict=True):
        score = heuristic + rng.random() * 0.5
        if score > best:
            best, chosen = score, action
    return chosen


# ----- the value of a cut-off playout -----


def evaluate(state: FoolsState, seat: int) -> float:
    """Chance to win, as `seat` judges it (see `values`)."""
    return values(state)[seat]


def values(state: FoolsState) -> list[float]:
    """Each seat's chance to win, as that seat judges it: victory points, plus the battle
    in progress from what the seat knows (each unknown card counted at its expected
    power, not at the sample's card, which keeps the search's noise low)."""
    if state.is_over():
        return state.result()
    playing = state.seats_in_play()
    battle = state.last_battle
    knowledge = None
    if battle is not None and battle["round"] == state.round - 1:
        knowledge = BattleKnowledge(state)
    return [
        0.0 if seat not in playing else chance_to_win(state, seat, playing, knowledge)
        for seat in range(state.num_seats)
    ]


def chance_to_win(
    state: FoolsState, seat: int, playing: list[int], knowledge: BattleKnowledge | None
) -> float:
    points = {s: float(len(state.vp[s])) for s in playing}
    battle = state.last_battle
    if battle is not None and knowledge is not None:
        # A playout ends just after a battle (`rollout_stage`): its victory points count
        # as the chances `seat` saw just before the battle, not as the sample's all or
        # nothing, which keeps the search's noise low (the new deal says little yet).
        totals = knowledge.totals(battle, seat)
        top = max(totals[s] for s in playing)
        weights = {s: math.exp((totals[s] - top) / BATTLE_SPREAD) for s in playing}
        whole = sum(weights.values())
        for s in playing:
            taken = 1.0 if battle["taken"][s] is not None else 0.0
            points[s] += weights[s] / whole - taken
    elif state.phase in (BEARER, STEPS) and any(c is not None for c in state.armies):
        totals = {s: expected_total(state, seat, s) + hand_bonus(state, seat, s) for s in playing}
        top = max(totals.values())
        weights = {s: math.exp((totals[s] - top) / BATTLE_SPREAD) for s in playing}
        whole = sum(weights.values())
        for s in playing:
            points[s] += weights[s] / whole
    target = TARGETS[state.num_seats]
    best = max(points.values())
    weights = {s: math.exp(GAME_SHARPNESS * (points[s] - best) / target) for s in playing}
    return weights[seat] / sum(weights.values())


class BattleKnowledge:
    """What each seat knew of the last battle's armies just before the reveal, read once
    from the round's moves: who put a card where is public; a seat knew the cards it
    placed or looked at, and a Fool put in lies face up."""

    def __init__(self, state: FoolsState):
        seats = range(state.num_seats)
        self.knew: list[dict[int, bool]] = [{} for _ in seats]  # per seat: slot -> knew it
        self.placer: dict[int, int] = {}  # slot -> who put its card there (-1: a swap)
        history = state.history
        for index in range(battle_round_end(state) - 1, -1, -1):
            actor, action = history[index]
            if actor == CHANCE or action in META_ACTIONS:
                continue
            move = read(action)
            if isinstance(move, Bearer):  # the round's Standard Bearers: all before is older
                break
            if isinstance(move, Deploy | Own):
                if move.slot not in self.placer:
                    self.placer[move.slot] = actor
                    for seat in seats:
                        self.knew[seat].setdefault(move.slot, actor == seat)
            elif isinstance(move, Look | Spy):
                self.knew[actor].setdefault(move.slot, True)
            elif isinstance(move, FoolIn | Enchant) and move.slot is not None:
                for seat in seats:
                    self.knew[seat].setdefault(move.slot, isinstance(move, FoolIn))
                self.placer.setdefault(move.slot, -1)

    def totals(self, battle: Battle, seat: int) -> dict[int, float]:
        """The battle's totals as `seat` expected them: cards it knew at their power, the
        others at their usual worth."""
        knew = self.knew[seat]
        totals = {}
        for owner, army in enumerate(battle["armies"]):
            bearer = battle["bearers"][owner]
            total = float(POWER[bearer]) if bearer else 0.0
            for index, card in enumerate(army):
                slot = owner * SLOTS + index
                if card is None:
                    continue
                placer = self.placer.get(slot, -1)
                if knew.get(slot):
                    total += POWER[card]
                elif placer >= 0:
                    total += PLACED_BY_OWNER if placer == owner else PLACED_BY_RIVAL
                else:
                    total += DEALT
            totals[owner] = total
        return totals


def battle_round_end(state: FoolsState) -> int:
    """Where the moves of the last battle's round end in the history (its victory point
    choices included): before the next round's deal and moves. A playout may have
    stopped before that deal was drawn (`rollout_stage`): then the log ends with the
    new round's heading."""
    history = state.history
    end = len(history)
    if state.events and state.events[-1].kind == "round":
        return end
    while end and history[end - 1][0] != CHANCE:  # the next round's moves
        end -= 1
    while end and history[end - 1][0] == CHANCE:  # its deal
        end -= 1
    return end


def hand_bonus(state: FoolsState, seat: int, owner: int) -> float:
    """What `owner`'s hand may still add to its army, as `seat` guesses it."""
    hand = state.hands[owner]
    if not hand:
        return 0.0
    if state.phase == BEARER:
        best = max(POWER[c] for c in hand) if owner == seat else HAND_BEST
        return 0.8 * best
    if not state.queue:
        return 0.0
    kind = Step.read(state.queue[0]).kind
    if kind in ("battle", "end", "take"):
        return 0.0
    best = max(POWER[c] for c in hand) if owner == seat else HAND_BEST
    return 0.5 * max(best - PLACED_BY_RIVAL, 0.0)


HAND_BEST = 5.0  # the best card of a hand one cannot see, roughly
BATTLE_SPREAD = 2.5
