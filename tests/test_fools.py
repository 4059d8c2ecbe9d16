"""Fools!: one test per rule of the rulebook and ruling of rulings §3."""

import random
import re
from collections import Counter

import pytest

from pygames.core import CHANCE, UNKNOWN, Chance, IllegalAction
from pygames.fools import GAME
from pygames.fools.cards import CARD_TABLE, COUNT, POWER, deck_for
from pygames.fools.notation import Deploy, Enchant, KeepArmy, Own, parse, slot_name
from pygames.fools.rules import BEARER, NONE, TARGETS, Step
from pygames.text import describe, error_words


class ScriptedChance(Chance):
    """Gives the scripted draws in order (None: a seeded random one), then random ones."""

    def __init__(self, script, seed=0):
        self.script = list(script)
        self.rng = random.Random(seed)

    def draw(self, pool, count, audience):
        planned = self.script.pop(0) if self.script else None
        if planned is None:
            return self.rng.sample(pool, count)
        assert len(planned) == count and not Counter(planned) - Counter(pool), (planned, pool)
        return list(planned)

    def copy(self):
        other = ScriptedChance(self.script)
        other.rng.setstate(self.rng.getstate())
        return other


def new(seats, script=(), seed=0):
    return GAME.state_class(GAME, seats, {}, ScriptedChance(script, seed))


def dealt(seats, first="A", armies=None, hands=None, seed=0):
    """A new game whose first player, armies and hands (in turn order from A) are given."""
    armies = armies or [["cobbler", "nixie", "brownie"]] * seats
    hands = hands or [["brownie", "cobbler", "pixie"]] * seats
    order = ["ABCD".index(first) + k for k in range(seats)]
    order = [s % seats for s in order]
    script = [[first]] + [armies[s] for s in order]
    # Each seat's hand, or a chain of draws through the honourable check: every hand
    # first, then the new draws of those who showed theirs (rules 3).
    chains = {s: hands[s] if isinstance(hands[s][0], list) else [hands[s]] for s in order}
    for draw in range(max(len(chain) for chain in chains.values())):
        script += [chains[s][draw] for s in order if draw < len(chains[s])]
    return new(seats, script, seed)


def act(state, seat, action):
    state.apply(seat, action)


def choose(state, bearers):
    """Every seat's Standard Bearer choice, in seat order ("none" for none)."""
    for seat, card in enumerate(bearers):
        if seat in state.to_act():
            act(state, seat, f"bearer:{card}")


def step(state):
    head = Step.read(state.queue[0])
    return head.kind, head.seat


# ----- the cards and the deck -----


def test_the_deck_is_sixty_cards_and_one_fool_per_player():
    assert sum(count for name, _, count, _ in CARD_TABLE if name != "fool") == 60
    for seats in (2, 3, 4):
        deck = Counter(deck_for(seats))
        assert deck["fool"] == seats and deck.total() == 60 + seats
    assert POWER["queen"] == 10 and COUNT["cobbler"] == 8


def test_the_card_table_is_one_table():
    import pygames.fools.cards as cards

    tables = [name for name, value in vars(cards).items() if name.isupper() and "TABLE" in name]
    assert tables == ["CARD_TABLE"]


# ----- the draw phase -----


def test_armies_are_drawn_unseen_in_turn_order_then_hands():
    state = dealt(3, first="B")
    chance = [action for seat, action in state.history if seat == CHANCE]
    assert chance[0] == ":B"
    assert [a.partition(":")[0] for a in chance[1:7]] == ["-", "-", "-", "B", "C", "A"]
    assert state.first == 1 and all(len(state.army(s)) == 3 for s in range(3))
    assert state.view(0)["armies"][0][0]["card"] is None  # not even its owner sees it


def test_an_honourable_hand_is_discarded_twice_down_to_no_hand():
    armies = [["brownie"] * 3, ["brownie"] * 3]
    hands = [["queen", "sprite", "pixie"], ["sprite"] * 3]
    script = [["A"], *armies, *hands, ["king", "hob"], ["champion"]]
    state = new(2, script)
    assert state.hands[0] == []
    assert Counter(state.discard_up) == Counter(
        ["queen", "sprite", "pixie", "king", "hob", "champion"]
    )
    kinds = [e.kind for e in state.events]
    assert kinds.count("honourable") == 3
    assert state.choice[0] == NONE and state.to_act() == [1]  # no hand, nothing to choose
    words = describe("fools", state.view(1)["log"][-2], "en", ["You", "Rival"], 1)
    assert words is not None


@pytest.mark.parametrize("rules", [2, 3])
def test_every_hand_is_dealt_before_the_honourable_checks_from_rules_3(rules):
    """Rules 3 (our ruling): both hands are drawn, then both are checked at once, and
    those thrown away are drawn again in turn order. Rules 2 games go on as before: a
    hand is drawn and checked before the next seat's is drawn."""
    armies = [["brownie"] * 3, ["brownie"] * 3]
    first, second = ["queen", "sprite", "pixie"], ["king", "sprite", "pixie"]
    again = [["hob", "nixie"], ["cobbler", "brownie"]]
    if rules == 3:
        script = [["A"], *armies, first, second, *again]
    else:
        script = [["A"], *armies, first, again[0], second, again[1]]
    state = GAME.state_class(GAME, 2, {}, ScriptedChance(script), rules_version=rules)
    assert sorted(state.hands[0]) == ["hob", "nixie"]
    assert sorted(state.hands[1]) == ["brownie", "cobbler"]
    kinds = [e.kind for e in state.events if e.kind in ("hand", "honourable")]
    if rules == 3:
        assert kinds == ["hand", "hand", "honourable", "honourable", "hand", "hand"]
    else:
        assert kinds == ["hand", "honourable", "hand", "hand", "honourable", "hand"]


def test_the_check_stops_when_the_new_hand_is_clean():
    hands = [["king", "sprite", "pixie"], ["sprite"] * 3]
    script = [["A"], ["sprite"] * 3, ["sprite"] * 3, *hands, ["hob", "nixie"]]
    state = new(2, script)
    assert sorted(state.hands[0]) == ["hob", "nixie"]


def test_a_card_drawn_later_by_the_crone_never_triggers_the_check():
    state = dealt(2, hands=[["crone", "sprite", "pixie"], ["brownie", "cobbler", "pixie"]])
    state.chance.script = [["queen"]]  # the Crone's draw
    choose(state, ["crone", "none"])
    assert "queen" in state.hands[0]
    assert "queen" not in state.discard_up
    assert state.crone_cards[0] == 1


# ----- the Standard Bearer choice -----


def test_the_choice_is_secret_until_everyone_has_chosen():
    state = dealt(3)
    act(state, 0, "bearer:pixie")
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["hand_sizes"] == [3, 3, 3]  # nothing of the choice shows
        assert view["chosen"] == [True, False, False]
        assert "pixie" not in str(view["bearers"])
    assert state.redacted(0, "bearer:pixie", 1) == "bearer:" + UNKNOWN
    assert state.view(0)["my_choice"] == "pixie"
    masked = state.masked(1)
    assert masked.choice[0] == UNKNOWN
    act(state, 1, "bearer:none")
    act(state, 2, "bearer:cobbler")
    assert state.bearers == ["pixie", None, "cobbler"]
    assert state.view(1)["hand_sizes"] == [2, 3, 2]


def test_a_secret_choice_can_be_taken_back_until_the_reveal():
    state = dealt(3)
    act(state, 0, "bearer:pixie")
    assert state.undo_point(0) is not None
    act(state, 1, "bearer:none")
    act(state, 2, "bearer:none")
    assert state.undo_point(0) is None  # revealed


def test_one_fool_discards_every_standard_bearer():
    hands = [["fool", "sprite", "pixie"], ["spy", "cobbler", "pixie"], ["knight", "hob", "pixie"]]
    state = dealt(3, hands=hands)
    choose(state, ["fool", "spy", "knight"])
    assert state.bearers == [None, None, None]
    assert Counter(state.discard_up) >= Counter(["fool", "spy", "knight"])
    assert not any(Step.read(q).kind == "spy" for q in state.queue)  # no ability either
    assert step(state) == ("deploy", 0)


def test_two_fools_go_into_their_players_own_armies():
    hands = [["fool", "sprite", "pixie"], ["fool", "cobbler", "pixie"], ["knight", "hob", "pixie"]]
    armies = [["hob", "hob", "hob"], ["nixie", "nixie", "nixie"], ["sprite"] * 3]
    state = dealt(3, hands=hands, armies=armies)
    choose(state, ["fool", "fool", "knight"])
    assert "knight" in state.discard_up and state.bearers[2] is None
    assert state.to_act() == [0]
    assert state.legal_actions(0) == ["fool:A1", "fool:A2", "fool:A3"]
    act(state, 0, "fool:A2")
    act(state, 1, "fool:B3")
    assert state.army(0) == ["hob", "fool", "hob"] and state.army(1)[2] == "fool"
    assert Counter(state.discard_down) == Counter(["hob", "nixie"])  # taken out unseen
    assert "hob" not in state.discard_up
    for seat in (0, 1, 2, None):  # everyone saw where each Fool went
        assert state.view(seat)["armies"][0][1]["card"] == "fool"
        assert state.view(seat)["armies"][0][0]["card"] is None


# ----- the abilities -----


def ability_state(bearers, seats=3, armies=None):
    hands = [[card, "sprite", "brownie"] for card in bearers]
    state = dealt(seats, hands=hands, armies=armies)
    choose(state, bearers)
    return state


def test_the_soothsayer_looks_at_one_own_army_card():
    armies = [["hob", "knight", "sprite"], ["nixie"] * 3, ["pixie"] * 3]
    state = ability_state(["soothsayer", "sprite", "sprite"], armies=armies)
    assert state.legal_actions(0) == ["look:A1", "look:A2", "look:A3"]
    act(state, 0, "look:A2")
    assert state.view(0)["armies"][0][1] == {
        "slot": "A2",
        "empty": False,
        "card": "knight",
        "know": "saw",
    }
    assert state.view(1)["armies"][0][1]["card"] is None
    log = [describe("fools", e, "en", ["You", "B", "C"], 0) for e in state.view(0)["log"]]
    assert "Soothsayer: you saw Knight in your card 2." in log
    assert state.undo_point(0) is None  # looking revealed something


def test_the_spy_looks_at_one_card_of_every_opponent_from_the_left():
    armies = [["hob"] * 3, ["nixie", "knight", "nixie"], ["pixie", "pixie", "cobbler"]]
    state = ability_state(["sprite", "sprite", "spy"], armies=armies)
    assert state.to_act() == [2] and state.legal_actions(2) == ["spy:A1", "spy:A2", "spy:A3"]
    act(state, 2, "spy:A3")
    assert state.legal_actions(2) == ["spy:B1", "spy:B2", "spy:B3"]
    act(state, 2, "spy:B2")
    assert state.view(2)["armies"][1][1]["card"] == "knight"
    assert state.view(2)["armies"][0][2]["card"] == "hob"
    assert state.view(0)["armies"][1][1]["card"] is None


def test_the_enchantress_discards_an_opponents_card_unseen():
    armies = [["hob"] * 3, ["knight", "nixie", "nixie"], ["pixie"] * 3]
    state = ability_state(["enchantress", "sprite", "sprite"], armies=armies)
    moves = state.legal_actions(0)
    assert "enchant:B1" in moves and "enchant:C3" in moves and "enchant:none" in moves
    assert not any(parse(m) in {Enchant(slot) for slot in range(3)} for m in moves)
    act(state, 0, "enchant:B1")
    assert state.army(1) == [None, "nixie", "nixie"]
    assert "knight" in state.discard_down and "knight" not in state.discard_up
    assert state.view(0)["armies"][1][0] == {
        "slot": "B1",
        "empty": True,
        "card": None,
        "know": None,
    }


def test_the_crone_draws_one_card():
    state = ability_state(["crone", "sprite", "sprite"])
    assert len(state.hands[0]) == 3  # 2 left after the Standard Bearer, plus one


def test_abilities_resolve_in_turn_order_from_the_first_player():
    hands = [["soothsayer", "sprite", "sprite"], ["enchantress", "sprite", "sprite"]]
    state = dealt(2, first="B", hands=hands)
    choose(state, ["soothsayer", "enchantress"])
    assert state.to_act() == [1]  # B is first
    act(state, 1, "enchant:none")
    assert state.to_act() == [0]


# ----- the deploy -----


def deploy_steps(state):
    """(deployer, army) for each deploy played out with the weakest card in slot 1."""
    steps = []
    while state.phase != "over" and state.queue and Step.read(state.queue[0]).kind == "deploy":
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        deploy = parse(action)
        assert isinstance(deploy, Deploy)
        steps.append((seat, deploy.slot // 3))
        act(state, seat, action)
    return steps


SHORT = {  # hands that end up with 3, 2 (a Standard Bearer chosen) or 1 card
    3: ["sprite", "brownie", "cobbler"],
    2: ["sprite", "brownie", "nixie"],
    1: [["queen", "sprite", "sprite"], ["king", "pixie"], ["cobbler"]],
}


@pytest.mark.parametrize(
    ("seats", "first", "sizes", "expected"),
    [
        (2, "A", [3, 3], [(0, 1), (1, 0)]),
        (3, "B", [3, 3, 1], [(1, 2), (1, 0), (2, 0), (0, 1), (0, 2)]),
        (
            4,
            "A",
            [3, 2, 3, 1],
            [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (2, 0), (2, 1), (3, 0)],
        ),
    ],
)
def test_deploy_goes_in_turn_order_each_from_their_left_until_the_hand_runs_out(
    seats, first, sizes, expected
):
    hands = [SHORT[size] for size in sizes]
    state = dealt(seats, first=first, hands=hands)
    choose(state, ["nixie" if size == 2 else "none" for size in sizes])
    assert [len(hand) for hand in state.hands] == sizes
    assert deploy_steps(state) == expected


def test_deploy_puts_a_card_over_a_slot_and_the_placer_knows_it():
    state = dealt(3, armies=[["hob"] * 3, ["knight"] * 3, ["nixie"] * 3])
    choose(state, ["none"] * 3)
    assert state.legal_actions(0)[:3] == [
        "deploy:brownie@B1",
        "deploy:brownie@B2",
        "deploy:brownie@B3",
    ]
    act(state, 0, "deploy:brownie@B2")
    assert state.army(1)[1] == "brownie" and "knight" in state.discard_down
    assert state.view(0)["armies"][1][1]["know"] == "placed"
    assert state.view(0)["armies"][1][1]["card"] == "brownie"
    assert state.view(1)["armies"][1][1]["card"] is None  # its owner does not see it
    assert state.view(2)["armies"][1][1]["card"] is None
    act(state, 0, "deploy:cobbler@C1")
    act(state, 1, "deploy:brownie@C1")  # B covers A's card in C1
    assert state.view(0)["armies"][2][0] == {
        "slot": "C1",
        "empty": False,
        "card": None,
        "know": "replaced",
    }
    assert state.redacted(1, "deploy:brownie@C1", 0) == "deploy:?@C1"


def test_each_player_may_then_replace_one_card_of_their_own_army():
    hands = [["sprite", "knight", "knight", "pixie"], ["sprite", "sprite", "sprite", "pixie"]]
    state = dealt(2, hands=[h[:3] for h in hands])
    choose(state, ["none", "none"])
    act(state, 0, "deploy:sprite@B1")
    act(state, 1, "deploy:sprite@A1")
    assert state.to_act() == [0]
    moves = state.legal_actions(0)
    assert "own:none" in moves and "own:knight@A1" in moves
    act(state, 0, "own:knight@A1")
    act(state, 1, "own:none")
    assert state.last_battle is not None and state.last_battle["armies"][0][0] == "knight"

    # The log calls the card covered the player's own, not by the player's name again.
    def lines(seat, lang, reader):
        log = state.view(seat)["log"] if seat is not None else state.full_view(reader)["log"]
        return [describe("fools", event, lang, ["Ann", "Bo"], reader) for event in log]

    assert "You put Knight face down over your own card 1." in lines(0, "en", 0)
    assert "Ann put a card from their hand over their own card 1." in lines(1, "en", 1)
    assert "Ann put Knight face down over their own card 1." in lines(None, "en", 1)
    assert "Annが手札のカードを自分の軍勢の1枚目に差し込みました。" in lines(1, "ja", 1)
    assert "Annが自分の軍勢の1枚目に騎士を裏向きで差し込みました。" in lines(None, "ja", 1)
    assert not any(
        line.startswith("Ann put") and "Ann's" in line for line in lines(None, "en", 1) if line
    )


def test_undo_works_within_your_own_step_only():
    state = dealt(3)
    choose(state, ["none"] * 3)
    act(state, 0, "deploy:brownie@B1")
    assert state.undo_point(0) is not None
    act(state, 0, "deploy:cobbler@C1")
    act(state, 1, "deploy:brownie@C1")
    assert state.undo_point(0) is None  # another seat has acted since
    assert state.undo_point(1) is not None


# ----- the battle -----


def battle(state, seats):
    """Play out deploys and own steps with no real change (own:none)."""
    while state.queue and not state.is_over() and state.to_act():
        seat = state.to_act()[0]
        moves = state.legal_actions(seat)
        own = [m for m in moves if m.endswith(NONE)]
        if own or not isinstance(parse(moves[0]), Deploy):
            break
        act(state, seat, moves[0])
    while state.to_act() and isinstance(
        parse(state.legal_actions(state.to_act()[0])[-1]), Own | KeepArmy
    ):
        act(state, state.to_act()[0], "own:none")


def test_the_battle_totals_army_and_standard_bearer_and_ties_all_win():
    armies = [["hob", "hob", "sprite"], ["knight", "sprite", "sprite"], ["hob", "nixie", "pixie"]]
    hands = [["brownie"] * 3, ["brownie", "brownie", "hob"], ["cobbler"] * 3]
    state = dealt(3, armies=armies, hands=hands)
    choose(state, ["brownie", "hob", "none"])
    battle(state, 3)
    lb = state.last_battle
    assert lb is not None
    # after deploys every army got two Sprites over slot 1: A hob+sprite+sprite +1 = ...
    totals = lb["totals"]
    assert totals == [
        sum(POWER[c] for c in lb["armies"][s] if c) + POWER.get(lb["bearers"][s] or "", 0)
        for s in range(3)
    ]
    best = max(totals)
    assert lb["winners"] == [s for s in range(3) if totals[s] == best]
    assert sum(len(h) for h in state.hands) == 0 or state.round == 2  # hands discarded


def rigged_battle(bearers, armies, seats=3, hands=None):
    """A battle where every hand is one card and the deploys change nothing visible."""
    hands = hands or [
        [card, "sprite", "sprite"] if card != "none" else ["sprite", "sprite", "pixie"]
        for card in bearers
    ]
    state = dealt(seats, armies=armies, hands=hands)
    choose(state, bearers)
    while state.queue and state.to_act() and Step.read(state.queue[0]).kind == "deploy":
        seat = state.to_act()[0]
        target = Step.read(state.queue[0]).target
        act(state, seat, f"deploy:sprite@{slot_name(target * 3 + 2)}")
    while state.queue and state.to_act() and Step.read(state.queue[0]).kind == "own":
        act(state, state.to_act()[0], "own:none")
    return state


def test_a_winner_with_a_standard_bearer_takes_it_as_a_victory_point():
    armies = [["knight", "knight", "sprite"], ["brownie"] * 3, ["brownie"] * 3]
    state = rigged_battle(["pixie", "cobbler", "none"], armies)
    assert state.vp[0] == ["pixie"] and state.vp[1] == []


def test_a_winner_without_one_chooses_another_players_standard_bearer():
    armies = [["knight", "knight", "sprite"], ["brownie"] * 3, ["brownie"] * 3]
    state = rigged_battle(["none", "cobbler", "brownie"], armies)
    assert state.to_act() == [0] and state.legal_actions(0) == ["take:B", "take:C"]
    act(state, 0, "take:C")
    assert state.vp[0] == ["brownie"] and "cobbler" in state.discard_up


def test_with_no_standard_bearer_on_the_table_the_winner_takes_an_army_card():
    armies = [["knight", "hob", "sprite"], ["brownie"] * 3, ["brownie"] * 3]
    state = rigged_battle(["none", "none", "none"], armies)
    assert state.to_act() == [0]
    assert state.legal_actions(0) == ["take:A1", "take:A2", "take:A3"]
    act(state, 0, "take:A1")
    assert state.vp[0] == ["knight"]


def test_an_only_choice_is_taken_without_asking():
    armies = [["knight", "knight", "sprite"], ["brownie"] * 3, ["brownie"] * 3]
    state = rigged_battle(["none", "cobbler", "none"], armies)
    assert state.vp[0] == ["cobbler"]


def test_tied_winners_without_bearers_choose_in_turn_order():
    armies = [["knight", "knight", "sprite"], ["knight", "knight", "sprite"], ["brownie"] * 3]
    state = rigged_battle(["none", "none", "pixie"], armies)
    # after deploys: A and B each have knight, knight, sprite(+sprite over 3) tied
    assert state.last_battle["winners"] == [0, 1]
    assert state.vp[0] == ["pixie"]  # A chose first and took the only one
    assert state.to_act() == [1] and state.legal_actions(1) == ["take:B1", "take:B2", "take:B3"]


def test_the_first_player_moves_one_seat_to_the_left_after_a_battle():
    armies = [["knight", "knight", "sprite"], ["brownie"] * 3, ["brownie"] * 3]
    state = rigged_battle(["pixie", "none", "none"], armies)
    assert state.round == 2 and state.first == 1


# ----- the end -----


def test_targets_are_five_four_three_for_two_three_four_players():
    assert TARGETS == {2: 5, 3: 4, 4: 3}


def test_several_reaching_the_target_together_most_points_wins():
    armies = [["knight", "knight", "sprite"], ["knight", "knight", "sprite"], ["brownie"] * 3]
    state = rigged_battle(["none", "none", "none"], armies)
    state.vp = [["sprite"] * 3, ["sprite"] * 2, ["sprite"] * 3]
    state.deck = state.deck[:-5]  # keep the card count right: these five came from the deck
    act(state, 0, "take:A1")
    act(state, 1, "take:B1")
    assert state.is_over() and state.outcome() == [1.0, 0.0, 0.0]
    assert state.end_reason == "target"


def test_several_reaching_the_target_with_equal_points_share_the_win():
    armies = [["knight", "knight", "sprite"], ["knight", "knight", "sprite"], ["brownie"] * 3]
    state = rigged_battle(["none", "none", "none"], armies)
    state.vp = [["sprite"] * 3, ["sprite"] * 3, []]
    act(state, 0, "take:A1")
    act(state, 1, "take:B1")
    assert state.outcome() == [0.5, 0.5, 0.0]


def test_the_discard_pile_becomes_the_deck_when_the_deck_runs_out():
    state = dealt(2)
    choose(state, ["none", "none"])
    moved = state.deck[2:]
    state.discard_down += moved
    state.deck = state.deck[:2]
    state.chance.script = []
    act(state, 0, "deploy:brownie@B1")
    # play the battle out: the next deal needs more than two cards
    while state.round == 1 and not state.is_over():
        seat = state.to_act()[0]
        act(state, seat, state.legal_actions(seat)[-1])
    assert any(e.kind == "reshuffle" for e in state.events)
    state.check_invariants()
    assert describe("fools", {"kind": "reshuffle", "deck": 40}, "ja") == (
        "山札が尽きたので、捨て札を切り直して新しい山札にしました（40枚）。"
    )


# ----- resigning with three or four players -----


def test_a_resigning_player_leaves_and_nobody_deploys_into_their_army():
    state = dealt(3)
    act(state, 1, "resign")
    assert state.army(1) == [None, None, None] and state.hands[1] == []
    assert state.to_act() == [0, 2]
    choose(state, ["none", None, "none"])
    assert deploy_steps(state) == [(0, 2), (2, 0)]
    state.check_invariants()


def give_points(state, seat, count):
    """`count` victory points for `seat`, taken from the top of the deck."""
    for _ in range(count):
        state.vp[seat].append(state.deck.pop())


def battle_out_round(state):
    """Every step of the round, each seat passing where it may."""
    round_now = state.round
    while state.round == round_now and not state.is_over():
        seat = state.to_act()[0]
        moves = state.legal_actions(seat)
        act(state, seat, next((m for m in moves if m.endswith("none")), moves[0]))


def test_after_a_resignation_the_target_stays_and_the_leavers_points_no_longer_count():
    # Four seats: the target is 3 whoever leaves (three players would need 4). C leaves
    # with 4 points; A, at 2, wins the battle: A alone wins with 3.
    sprites = ["sprite"] * 3
    state = dealt(4, armies=[["knight", "knight", "hob"], sprites, sprites, sprites])
    give_points(state, 2, 4)
    act(state, 2, "resign")
    assert not state.is_over()
    give_points(state, 0, 2)
    choose(state, ["pixie", "none", None, "none"])
    battle_out_round(state)
    assert len(state.vp[0]) == 3 and len(state.vp[2]) == 4
    assert state.is_over() and state.outcome() == [1.0, 0.0, 0.0, 0.0]
    state.check_invariants()


def test_a_resignation_completes_a_pending_reveal():
    state = dealt(3)
    act(state, 0, "bearer:pixie")
    act(state, 2, "bearer:none")
    act(state, 1, "resign")
    assert state.phase != BEARER and state.bearers[0] == "pixie"


# ----- words -----


def test_refusals_are_worded_in_both_languages():
    state = dealt(2)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "bearer:queen")
    assert error_words(refused.value, "en") == "you do not hold Queen" or "queen" in str(
        refused.value
    )
    assert error_words(refused.value, "ja") == "その札は手札にありません"
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "deploy:pixie@B1")
    assert "choose a Standard Bearer" in error_words(refused.value, "en")


def test_no_japanese_line_holds_latin_letters():
    from pygames.fools import text

    tables = [text.LOG, text.ERRORS, text.END_REASONS, text.STEP_WORDS, text.SOURCES]
    for table in tables:
        for templates in table.values():
            words = re.sub(r"\{[a-z_]+\}", "", templates["ja"])
            assert not re.search("[A-Za-z]", words), words
    for words in text.CARD_NAMES["ja"].values():
        assert not re.search("[A-Za-z]", words)


def test_every_log_line_of_a_game_has_words_in_both_languages():
    state = GAME.new_state(4, 11)
    rng = random.Random(11)
    while not state.is_over():
        seat = state.to_act()[0]
        act(state, seat, rng.choice(state.legal_actions(seat)))
    names = ["You", "Computer B", "Computer C", "Computer D"]
    for viewer in (0, 1, None):
        for entry in state.view(viewer)["log"]:
            for lang in ("en", "ja"):
                line = describe("fools", entry, lang, names, viewer)
                quiet = entry.get("seat") == viewer and entry["kind"] in (
                    "look",
                    "spy",
                    "crone",
                    "deploy",
                    "own",
                )
                assert line or quiet, entry
                assert line is None or ("{" not in line and "None" not in line), line


class LookWatch(ScriptedChance):
    """Random draws; notes who holds each card shown to some seats only (a look)."""

    def __init__(self, seed):
        super().__init__((), seed)
        self.looks: list[object] = []

    def disclosed(self, items, by=None, to=None, drawn=None, choice=False, steady=False):
        if to is not None:
            self.looks.append(by)
        return list(items)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_look_only_ever_shows_cards_dealt_face_down_by_nobody(seats):
    """A Soothsayer's or Spy's look comes before anyone deploys this round, and a Fool put
    into an army ends every look of its round, so no card a seat holds (whose deck
    position a remote game would name to everyone) is ever looked at: only cards dealt
    face down, whose positions the rules name (docs/remote-play.md)."""
    looks = []
    for seed in range(60):
        chance = LookWatch(seed)
        state = GAME.state_class(GAME, seats, {}, chance)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            act(state, seat, rng.choice(state.legal_actions(seat)))
        looks += chance.looks
    assert len(looks) > 20
    assert all(holders == [None] for holders in looks), looks
