"""Remote games as the apps hold them (pygames/remote/game.py): two apps that pass
nothing but the links each says to send, saved and restored from their saves'
JSON after every link, play whole games to a verified audit; a link sent twice does
no harm; a changed link or save is refused and changes nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import pytest
from referee import CountingGroup

from pygames.bots import make_bot
from pygames.core import RESIGN, UNKNOWN, IllegalAction, State
from pygames.position import bounded_json, encode_state
from pygames.record import Record
from pygames.remote.game import (
    AUDITING,
    DEALING,
    PLAYING,
    SAVE_DEPTH,
    VERIFIED,
    RemoteError,
    RemoteGame,
    SodiumCrypto,
)
from pygames.remote.group import SodiumGroup
from pygames.remote.link import for_seat, from_fragment, to_fragment

CRYPTO = SodiumCrypto()


def through_a_save(app: RemoteGame) -> RemoteGame:
    """The app as it comes back from its save (JSON text, as storage keeps it)."""
    restored = RemoteGame.from_saved(CRYPTO, json.loads(json.dumps(app.to_saved())))
    assert restored.device.chain.messages == app.device.chain.messages
    assert restored.device.opened == app.device.opened
    assert restored.device.unsealed == app.device.unsealed
    if app.state is None:
        assert restored.state is None
    else:
        assert restored.state is not None
        assert encode_state(restored.state) == encode_state(app.state)
    assert restored.link() == app.link() or (restored.outbox() == app.outbox())
    return restored


def new_table(game_id: str, options: dict[str, str]) -> list[RemoteGame]:
    """The invite, the join, and the host's lock: both apps dealt."""
    host = RemoteGame.create(CRYPTO, game_id, 2, options, "Alice <b>")
    invite = host.link()
    assert invite is not None and host.phase() == DEALING and host.send_needed()
    offer = RemoteGame.invitation(invite)
    assert (offer.game_id, offer.seats, offer.host, offer.seat) == (game_id, 2, "Alice <b>", 1)
    guest = RemoteGame.join(CRYPTO, invite, "Bob")
    join = guest.link()
    assert join is not None and guest.waiting_for() == [0]
    host = through_a_save(host)
    host.take_link(join)
    assert host.names() == ["Alice <b>", "Bob"]
    # Dealt, unless the setup waits for the guest (Cloth of Gold's Jewels join the deck
    # after the Hands; Fools! hands shown by the honourable check): a link more.
    assert host.phase() == PLAYING or game_id in ("cloth-of-gold", "fools")
    return [host, guest]


# Moves after which the one to move resigns: the devices' secrets, and so the games'
# random picks (who starts, the blank map's hexes), are fresh in every run, and some
# games of greedy players run to over a thousand moves before they end.
RESIGN_AFTER = 400


def play_whole_game(
    apps: list[RemoteGame], seed: int, saves: bool = True
) -> tuple[int, list[RemoteGame]]:
    """Greedy players; each app sends its link when it says so. The links sent, and the
    apps as they came back from their last saves (now and then, if `saves`)."""
    bots = [make_bot("greedy", seed * 2 + seat) for seat in (0, 1)]
    links = moves = 0
    for _ in range(5000):
        if all(app.phase() == VERIFIED for app in apps):
            return links, apps
        mover = next((app for app in apps if app.my_move()), None)
        if mover is not None:
            assert mover.state is not None
            moves += 1
            bot = bots[mover.seat]
            mover.play(RESIGN if moves > RESIGN_AFTER else bot.choose(mover.state, mover.seat))
            continue
        sender = next(app for app in apps if news_for(apps[1 - app.seat], app))
        assert sender.send_needed()
        fragment = sender.link()
        assert fragment is not None
        receiver = apps[1 - sender.seat]
        receiver.take_link(fragment)
        receiver.take_link(fragment)  # sent twice: nothing new
        links += 1
        if saves and (links % 40 == 3 or any(app.phase() != PLAYING for app in apps)):
            apps = [through_a_save(app) for app in apps]  # not always: a save replays all
    raise AssertionError("the game did not end")


def news_for(reader: RemoteGame, sender: RemoteGame) -> bool:
    """The sender's link holds a message the reader lacks (what a messenger would know)."""
    return any(not reader.holds(message) for message in sender.outbox())


@pytest.mark.parametrize(
    ("game_id", "options", "seed"),
    [
        ("fools-field", {}, 1),
        ("fools-field", {"start": "B"}, 2),
        ("game-of-fields", {}, 3),
        ("cloth-of-gold", {}, 5),
        ("fools", {}, 6),
    ],
)
def test_two_apps_play_a_whole_game_by_links_through_their_saves(game_id, options, seed):
    links, apps = play_whole_game(new_table(game_id, options), seed)
    assert links > 10
    states = [app.state for app in apps]
    assert all(state is not None and state.is_over() for state in states)
    assert all(app.at_fault() == [] for app in apps)
    whole = apps[0].whole_game()
    assert whole is not None and whole == apps[1].whole_game()
    record = Record.new(game_id, ["human", "human"], options)
    record.actions = whole
    final = record.replay()
    for app in apps:
        assert app.state is not None
        assert encode_state(final.masked(app.seat)) == encode_state(app.state)


def test_a_blank_map_game_pauses_for_keys_and_still_verifies():
    apps = new_table("game-of-fields", {"map": "blank"})
    assert play_whole_game(apps, 4)[0] > 10


def test_the_host_moves_before_sending_its_lock_and_both_go_in_one_link():
    apps = new_table("fools-field", {"start": "A"})
    host = apps[0]
    assert host.my_move() and not host.send_needed()
    assert host.state is not None
    host.play(host.state.legal_actions(0)[0])
    kinds = [m.body["kind"] for m in from_fragment(host.link() or "")]
    assert kinds == ["lock", "move"]


def test_a_changed_link_is_refused_naming_its_seat_and_changes_nothing():
    apps = new_table("fools-field", {"start": "B"})
    host, guest = apps
    lock = from_fragment(host.link() or "")
    guest.take_link(host.link() or "")
    assert guest.my_move() and guest.state is not None
    before = json.dumps(guest.to_saved())
    changed = lock[0].body | {"sealed": []}
    forged = type(lock[0])(lock[0].game, 2, 0, lock[0].after, changed, lock[0].signature)
    with pytest.raises(RemoteError) as refused:
        guest.take_link(to_fragment([forged]))
    assert (refused.value.reason, refused.value.seat) == ("bad_signature", 0)
    assert json.dumps(guest.to_saved()) == before


def test_a_link_of_another_game_or_no_link_is_refused():
    first, _ = new_table("fools-field", {})
    second, _ = new_table("fools-field", {})
    with pytest.raises(RemoteError) as refused:
        first.take_link(second.link() or "")
    assert refused.value.reason == "other_game"
    for junk in ("", "m=", "m=abc", "r=xyz"):
        with pytest.raises(RemoteError):
            first.take_link(junk)


def test_only_the_seat_to_move_plays():
    host, guest = new_table("fools-field", {"start": "A"})
    assert guest.state is None  # the lock has not reached it yet
    with pytest.raises(IllegalAction):
        guest.play("anything")
    with pytest.raises(IllegalAction):
        host.play("not-an-action")
    assert host.my_move()


def test_an_audit_waits_for_every_seat():
    host, guest = new_table("fools-field", {"start": "A"})
    host.play("resign")
    assert host.phase() == AUDITING and host.waiting_for() == [1]
    kinds = [m.body["kind"] for m in from_fragment(host.link() or "")]
    assert kinds == ["lock", "move", "audit"]
    guest.take_link(host.link() or "")
    assert guest.phase() == VERIFIED
    host.take_link(guest.link() or "")
    assert host.phase() == VERIFIED


@pytest.mark.parametrize(
    "damage",
    [
        lambda saved: None,
        lambda saved: [],
        lambda saved: {**saved, "format": "ff-remote/99"},
        lambda saved: {**saved, "messages": []},
        lambda saved: {**saved, "messages": saved["messages"][:1] + saved["messages"][2:]},
        lambda saved: {**saved, "seat": 7},
        lambda saved: {**saved, "signing_seed": "!!"},
        lambda saved: {
            **saved,
            "deal": {**saved["deal"], "position_keys": saved["deal"]["position_keys"][:-1]},
        },
        lambda saved: {**saved, "sent_actions": [["resign"]]},
        lambda saved: {**saved, "openings": [[1, 2, 3]]},
        lambda saved: {k: v for k, v in saved.items() if k != "box_secret"},
        # A message changed, in the middle (a later one no longer follows it) or last (its
        # signature fails: the newest messages' signatures are checked again).
        lambda saved: {**saved, "messages": changed_message(saved["messages"], 1)},
        lambda saved: {**saved, "messages": changed_message(saved["messages"], -1)},
    ],
)
def test_a_damaged_save_is_refused_with_a_reason(damage):
    host, guest = new_table("fools-field", {"start": "A"})
    assert host.state is not None
    host.play(host.state.legal_actions(0)[0])
    with pytest.raises(RemoteError) as refused:
        RemoteGame.from_saved(CRYPTO, damage(host.to_saved()))
    assert refused.value.reason == "bad_save"


def changed_message(texts: list[str], index: int) -> list[str]:
    data = json.loads(texts[index])
    data["body"]["x"] = 1
    changed = list(texts)
    changed[index] = json.dumps(data)
    return changed


JUNK = [None, True, -1, 7, 2**70, 1.5, "", "x" * 300, "!!", [], [[]], [1, 2], {}, {"a": 1}]


def test_a_save_with_anything_in_any_field_is_refused_or_taken_never_crashing():
    host, _ = new_table("fools-field", {"start": "A"})
    saved = host.to_saved()
    rng = random.Random(5)
    refused = 0
    for _ in range(150):
        damaged = json.loads(json.dumps(saved))
        for field in rng.sample(sorted(damaged), rng.randint(1, 3)):
            damaged[field] = rng.choice(JUNK)
        try:
            RemoteGame.from_saved(CRYPTO, damaged)
        except RemoteError as error:
            assert error.reason == "bad_save"
            refused += 1
    assert refused > 100  # (a junk "player" name is taken: it is only a name)


def test_a_signed_link_of_any_shape_is_refused_naming_its_seat_and_changes_nothing():
    """A cheating seat signs messages with bodies of any shape: each is refused (its seat
    named) and the reader's game and save stay as they were, or, where the junk still
    makes a message of the right shape (no keys given, say), it is taken; never a crash."""
    host, guest = new_table("fools-field", {"start": "A"})
    assert host.state is not None
    host.play(host.state.legal_actions(0)[0])
    honest = from_fragment(host.link() or "")
    before = json.dumps(guest.to_saved())
    rng = random.Random(3)
    signer = host.device.signer
    refused = 0
    for _ in range(80):
        reader = RemoteGame.from_saved(CRYPTO, json.loads(before))
        message = rng.choice(honest)
        body = json.loads(json.dumps(message.body))
        for field in rng.sample(sorted(body), rng.randint(1, 2)):
            body[field] = rng.choice(JUNK)
        forged = type(message)(message.game, message.number, 0, message.after, body)
        others = [m for m in honest if m.number < message.number]
        try:
            reader.take_link(to_fragment([*others, forged.signed_by(signer)]))
        except RemoteError as error:
            assert error.seat in (0, None)
            assert json.dumps(reader.to_saved()) == before
            refused += 1
    assert refused > 50
    guest.take_link(host.link() or "")  # the honest link is still taken
    assert guest.my_move()


def test_a_tie_is_offered_on_one_s_move_and_answered_by_the_other():
    host, guest = new_table("fools-field", {"start": "A"})
    host.offer_tie()
    assert not host.my_move() and host.waiting_for() == [1] and host.send_needed()
    guest.take_link(host.link() or "")
    assert guest.tie_offered_by() == 0 and not guest.my_move()
    guest.answer_tie(accept=False)
    host.take_link(guest.link() or "")
    assert host.tie_offered_by() is None and host.my_move()  # the game goes on
    host = through_a_save(host)
    assert host.state is not None
    host.play(host.state.legal_actions(0)[0])
    guest.take_link(host.link() or "")
    assert guest.my_move() and guest.may_offer_tie()
    guest.offer_tie()
    host.take_link(guest.link() or "")
    host = through_a_save(host)  # an offer waiting survives a save
    assert host.tie_offered_by() == 1
    host.answer_tie(accept=True)
    assert host.state is not None and host.state.is_over() and host.phase() == AUDITING
    guest.take_link(host.link() or "")
    assert guest.state is not None and guest.state.end_reason == host.state.end_reason
    host.take_link(guest.link() or "")
    assert host.phase() == guest.phase() == VERIFIED


def going_round(state, seat: int) -> str:
    """A player who, once the deck ran out, goes round: a first card, then a Retreat on
    its second turn of a battle (the field holds two cards then), so every battle gives
    the retreating seat both cards back and the next battle starts from the other
    side. Deterministic, so the battle starts come round again."""
    legal = state.legal_actions(seat)
    if state.deck or len(state.field) < 2 or "retreat" not in legal:
        return legal[0]
    return "retreat"


@pytest.mark.parametrize("match", ["single", "best-of-3"])
def test_a_game_by_links_that_goes_round_ends_at_the_third_repeat_on_every_device(match):
    """The Fool's Field's third repeat of a battle's start compares both hands, which no
    device sees; each copy counts its own hand and the other's size, which tells the
    same (`battle_start_key`), so every device ends the game where the true game does,
    and the audit, which replays it with every card open, finds it fair. In a match the
    next game is dealt again by links (a new deck of every card)."""
    apps = new_table("fools-field", {"start": "A", "match": match})
    for _ in range(20000):
        if all(app.phase() == VERIFIED for app in apps):
            break
        mover = next((app for app in apps if app.my_move()), None)
        if mover is None:
            sender = next(app for app in apps if news_for(apps[1 - app.seat], app))
            apps[1 - sender.seat].take_link(sender.link() or "")
            continue
        assert mover.state is not None
        mover.play(going_round(mover.state, mover.seat))
    else:
        raise AssertionError("the game did not end")
    for app in apps:
        assert app.state is not None
        assert any(e.kind == "repetition" for e in app.state.events)
        assert len(app.state.game_results) >= (2 if match == "best-of-3" else 0)
    whole = apps[0].whole_game()
    assert whole is not None
    record = Record.new("fools-field", ["human", "human"], dict(apps[0].state.options))
    record.actions = whole
    final = record.replay()
    assert final.outcome() == apps[0].state.outcome() == apps[1].state.outcome()
    for app in apps:
        assert encode_state(final.masked(app.seat)) == encode_state(app.state)


def test_a_tie_agreed_in_a_match_ends_that_game_and_the_next_is_dealt_by_links():
    host, guest = new_table("fools-field", {"start": "A", "match": "best-of-3"})
    host.offer_tie()
    guest.take_link(host.link() or "")
    guest.answer_tie(accept=True)
    host.take_link(guest.link() or "")
    _, apps = play_whole_game([host, guest], 4)
    for app in apps:
        assert app.state is not None and app.state.is_over()
        assert app.state.game_results[0] == [0.5, 0.5] and len(app.state.game_results) >= 3
    assert [app.phase() for app in apps] == [VERIFIED, VERIFIED]


def test_a_tie_nobody_offered_is_refused():
    host, guest = new_table("fools-field", {"start": "A"})
    with pytest.raises(IllegalAction):
        host.play("draw")
    guest.take_link(host.link() or "")
    assert guest.state is not None
    forged_host = host.device
    forged_host.play("draw")  # a cheating device plays it anyway
    with pytest.raises(RemoteError) as refused:
        guest.take_link(
            to_fragment(
                [
                    forged_host.chain.next(
                        forged_host.signer,
                        0,
                        {"kind": "move", "actions": ["draw"], "keys": {}, "sealed": []},
                    )
                ]
            )
        )
    assert (refused.value.reason, refused.value.seat) == ("illegal_move", 0)


def test_three_seats_join_from_each_other_s_links_and_deal():
    """A link carries what the least informed seat lacks: the third seat joins from the
    second's join link (which holds the invite), and every device ends the deal dealt."""
    host = RemoteGame.create(CRYPTO, "highcard", 3, {}, "A")
    second = RemoteGame.join(CRYPTO, host.link() or "", "B")
    relay = second.link() or ""
    assert [m.number for m in from_fragment(relay)] == [0, 1]
    assert RemoteGame.invitation(relay).seat == 2
    third = RemoteGame.join(CRYPTO, relay, "C")
    apps = [host, second, third]
    for _ in range(12):  # everyone opens every link, as a group chat does
        if all(app.phase() != DEALING for app in apps):
            break
        for sender in apps:
            fragment = sender.link()
            for reader in apps:
                if fragment and reader is not sender:
                    reader.take_link(fragment)
    assert [app.phase() for app in apps] == [PLAYING] * 3
    assert [app.names() for app in apps] == [["A", "B", "C"]] * 3
    for app in apps:
        assert app.state is not None
        hands = app.state.hands
        assert UNKNOWN not in hands[app.seat] and len(hands[app.seat]) == 2
        assert all(hand == [UNKNOWN] * 2 for seat, hand in enumerate(hands) if seat != app.seat)


def join_in_a_group_chat(seats: int, by_seat: bool = False) -> list[RemoteGame]:
    """The host's invite, then each friend joins from the link the one before sent; or
    (`by_seat`) from the host's invite for its own seat, the last seat first, none of them
    having seen another's join."""
    host = RemoteGame.create(CRYPTO, "fools", seats, {}, "A")
    if by_seat:
        invites = host.invites()
        assert sorted(invites) == list(range(1, seats))
        friends = {}
        for seat in reversed(range(1, seats)):
            assert RemoteGame.invitation(invites[seat]).seat == seat
            friends[seat] = RemoteGame.join(CRYPTO, invites[seat], "ABCD"[seat])
        return [host, *(friends[seat] for seat in range(1, seats))]
    apps = [host]
    for seat in range(1, seats):
        link = apps[-1].link() or ""
        assert RemoteGame.invitation(link).seat == seat
        apps.append(RemoteGame.join(CRYPTO, link, "ABCD"[seat]))
    return apps


@pytest.mark.parametrize(
    ("seats", "seed", "resigner", "by_seat"), [(3, 11, None, False), (4, 12, 1, True)]
)
def test_friends_in_a_group_chat_play_fools_whole_opening_links_in_any_order(
    seats, seed, resigner, by_seat
):
    """Every link goes to the group; each app opens the links it has not opened in an
    order of its own (a link carries what its reader may lack, so none is refused).
    Answers of several seats to one link cross in the chat, and the next link follows
    them all; the game still ends, every app verifies it, and each holds its seat's view
    of the whole game. A seat that resigns midway (the others play on) still answers for
    the cards it holds when it opens their links. Friends given an invite each join in
    any order."""
    apps = join_in_a_group_chat(seats, by_seat)
    bots = [make_bot("greedy", seed * seats + seat) for seat in range(seats)]
    moves = 0

    def choose(app: RemoteGame) -> str:
        nonlocal moves
        assert app.state is not None
        moves += 1
        if app.seat == resigner and moves > 15 and resigner not in app.state.resigned:
            return RESIGN
        return bots[app.seat].choose(app.state, app.seat)

    apps = GroupChat(apps, seed).play_to_the_audit(choose)
    answers_crossed = 0
    for app in apps:
        messages = app.device.chain.messages
        answers_crossed += sum(1 for m in messages if len(m.after) > 1)
    assert answers_crossed > 0  # the situation arose
    assert all(app.state is not None for app in apps)
    assert [app.state.resigned for app in apps if app.state] == [
        [resigner] if resigner else []
    ] * seats
    whole = apps[0].whole_game()
    assert whole is not None and all(app.whole_game() == whole for app in apps)
    record = Record.new("fools", ["human"] * seats, {})
    record.actions = whole
    final = record.replay()
    for app in apps:
        assert app.state is not None
        assert encode_state(final.masked(app.seat)) == encode_state(app.state)


Unread = Sequence[tuple[int, int, str]]


class GroupChat:
    """Every link goes to the group; each app opens the links it has not opened, in an
    order of its own (drawn from `seed`), and now and then comes back from its save."""

    def __init__(self, apps: list[RemoteGame], seed: int, unread: Unread = ()):
        """`unread`: links sent before, (reader, sender, link) for each app that has
        not opened one."""
        self.apps = apps
        self.rng = random.Random(seed)
        self.chat = list(dict.fromkeys((sender, link) for _, sender, link in unread))
        self.opened = [
            {n for n, (sender, link) in enumerate(self.chat) if (k, sender, link) not in unread}
            for k in range(len(apps))
        ]

    def play_to_the_audit(self, choose: Callable[[RemoteGame], str]) -> list[RemoteGame]:
        apps = self.apps
        for step in range(40_000):
            if all(app.phase() == VERIFIED for app in apps):
                return apps
            mover = next((app for app in apps if app.my_move()), None)
            if mover is not None:
                mover.play(choose(mover))
                continue
            self.post_links()
            unread = [
                (k, n)
                for k in range(len(apps))
                for n in range(len(self.chat))
                if n not in self.opened[k]
            ]
            assert unread, "nobody can move and no link is left to open"
            reader, post = self.rng.choice(unread)
            apps[reader].take_link(self.chat[post][1])
            self.opened[reader].add(post)
            if step % 97 == 0:
                apps[reader] = through_a_save(apps[reader])
        raise AssertionError("the game did not end")

    def post_links(self) -> None:
        for app in self.apps:
            link = app.link()
            if app.send_needed() and link and (app.seat, link) not in self.chat:
                self.chat.append((app.seat, link))
                self.opened[app.seat].add(len(self.chat) - 1)


class CountingCrypto:
    """The CPython back end, counting its group's locks (point times scalar) and the
    signatures it checks."""

    def __init__(self) -> None:
        self.locks = self.verified = 0
        self.signer = CRYPTO.signer
        outer = self

        def verify(*args):
            outer.verified += 1
            return CRYPTO.verify(*args)

        self.verify = verify

        class Group:
            def __getattr__(self, name):
                found = getattr(CRYPTO.group, name)
                if name not in ("lock", "lock_public"):
                    return found

                def lock(*args):
                    outer.locks += 1
                    return found(*args)

                return lock

        self.group = Group()


def test_a_save_brings_back_its_deal_steps_and_audit_without_redoing_them():
    """A restore takes this seat's deal steps from its own messages, the audit's verdict,
    the cards it opened and the keys sealed to it from the save, and checks the newest
    signature only (redoing them is most of a restore's work): no lock at all. Without
    the saved verdict, or with a damaged one, it redoes the audit and finds the same;
    without the cards and keys (a save of an earlier release), or with them damaged, it
    opens them again and finds the same."""
    links, apps = play_whole_game(new_table("fools", {}), 7)
    saved = json.loads(json.dumps(apps[0].to_saved()))
    assert saved["audit"]["verdict"] == [] and saved["opened"] and saved["unsealed"]
    kept = CountingCrypto()
    restored = RemoteGame.from_saved(kept, saved)
    earlier = CountingCrypto()
    uncached = {k: v for k, v in saved.items() if k not in ("opened", "unsealed")}
    opened_again = RemoteGame.from_saved(earlier, uncached)
    redone = CountingCrypto()
    again = RemoteGame.from_saved(redone, {**uncached, "audit": None})
    damaged = RemoteGame.from_saved(CRYPTO, {**saved, "audit": {"verdict": "x", "whole": 3}})
    junk = RemoteGame.from_saved(CRYPTO, {**saved, "opened": {"1": 2}, "unsealed": [[1, 0]]})
    for app in (restored, opened_again, again, damaged, junk):
        assert app.phase() == VERIFIED and app.whole_game() == apps[0].whole_game()
        assert app.device.opened == apps[0].device.opened
        assert app.device.unsealed == apps[0].device.unsealed
    assert kept.locks == 0
    # Without them: only the cards this device opened, and the keys sealed to it; no step
    # of a deal, no audit, no key it sealed to another seat, is done again.
    me = restored.seat
    unsealed = 0
    for message in restored.device.chain.messages:
        if message.seat != me:
            unsealed += sum(1 for entry in message.body.get("sealed", []) if entry["to"] == me)
            for shown in message.body.get("shown", []):
                if shown.get("to") == me:
                    unsealed += sum(len(pairs) for pairs in shown["s"].values())
    assert unsealed == len(saved["unsealed"])
    assert earlier.locks == len(restored.device.opened) + unsealed < redone.locks
    # Of the signatures, only the newest message's is checked: every other one is bound to
    # it by the hashes each message names.
    assert kept.verified == len(restored.device.chain.heads()) == 1


def test_a_restore_does_not_check_moves_again_and_a_new_move_is_checked(monkeypatch):
    """The moves of a save were each checked when their link came: a restore replays
    them without listing the legal moves again (most of a long game's restore); a move
    made after it is checked as ever."""
    host, guest = new_table("game-of-fields", {})
    for _ in range(6):  # three turns each (greedy), each link taken by the other
        mover, other = (host, guest) if host.my_move() else (guest, host)
        assert mover.state is not None
        while mover.my_move():
            mover.play(make_bot("greedy", 1).choose(mover.state, mover.seat))
        other.take_link(mover.link() or "")
    saved = json.loads(json.dumps(guest.to_saved()))
    checked: list[str] = []
    check = State.check

    def counted(state: State, seat: int, action: str) -> None:
        checked.append(action)
        check(state, seat, action)

    monkeypatch.setattr(State, "check", counted)
    restored = through_a_save(guest)
    assert checked == [] and len(saved["sent_actions"]) >= 2
    mover = restored if restored.my_move() else through_a_save(host)
    with pytest.raises(IllegalAction):
        mover.play("no such move")
    assert checked == ["no such move"]


def test_a_saved_card_that_is_no_card_of_the_deck_opens_again():
    """The save's cards are taken only where they name a card of the deck: any other
    text opens the card again (and finds the true one)."""
    _, apps = play_whole_game(new_table("fools-field", {}), 3)
    saved = json.loads(json.dumps(apps[1].to_saved()))
    assert saved["opened"]
    junk = {position: "<b>no card</b>" for position in saved["opened"]}
    restored = RemoteGame.from_saved(CRYPTO, {**saved, "opened": junk, "audit": None})
    assert restored.device.opened == apps[1].device.opened


@pytest.mark.parametrize("game_id", ["game-of-fields", "cloth-of-gold"])
def test_an_action_in_no_link_yet_can_be_undone_and_one_in_a_link_cannot(game_id):
    """A turn of several actions: until its link is made, its actions are taken back one
    by one (the device as before each); once the turn passes, none."""
    undone = refused = 0
    for game in range(5):  # a deal may end a game before it has had enough of both
        if undone >= 3 and refused >= 3:
            break
        more_undone, more_refused = undo_in_one_game(game_id, game)
        undone, refused = undone + more_undone, refused + more_refused
    assert undone >= 3 and refused >= 3


def undo_in_one_game(game_id: str, game: int) -> tuple[int, int]:
    """(Actions undone, undos refused) in one game played to its end."""
    apps = new_table(game_id, {})
    bots = [make_bot("greedy", 8 + 2 * game), make_bot("greedy", 9 + 2 * game)]
    undone = refused = 0
    for _ in range(400):
        if undone >= 3 and refused >= 3 or any(app.phase() in (AUDITING, VERIFIED) for app in apps):
            break
        mover = next((app for app in apps if app.my_move()), None)
        if mover is None:
            sender = next(app for app in apps if news_for(apps[1 - app.seat], app))
            apps[1 - sender.seat].take_link(sender.link() or "")
            assert not apps[1 - sender.seat].can_undo()
            continue
        assert mover.state is not None
        before = encode_state(mover.state), mover.outbox()
        mover.play(bots[mover.seat].choose(mover.state, mover.seat))
        if mover.can_undo():
            mover.undo()
            assert mover.state is not None and (encode_state(mover.state), mover.outbox()) == before
            undone += 1
            mover.play(bots[mover.seat].choose(mover.state, mover.seat))
        elif not mover.my_move():  # the turn passed: its link is made, nothing to take back
            with pytest.raises(IllegalAction):
                mover.undo()
            refused += 1
    return undone, refused


def test_a_turn_half_played_comes_back_from_the_save_and_can_still_be_undone():
    host, guest = new_table("game-of-fields", {})
    guest.take_link(host.link() or "")
    mover = next(app for app in (host, guest) if app.my_move())
    bot = make_bot("greedy", 3)
    for _ in range(20):  # to a turn's first action that leaves the turn going on
        assert mover.state is not None
        mover.play(bot.choose(mover.state, mover.seat))
        if mover.can_undo():
            break
        other = guest if mover is host else host
        other.take_link(mover.link() or "")
        mover, other = other, mover
        while not mover.my_move():
            mover.take_link(other.link() or "")
    assert mover.can_undo() and mover.device.unsent
    back = through_a_save(mover)
    assert back.device.unsent == mover.device.unsent and back.can_undo()
    back.undo()
    assert back.device.unsent == mover.device.unsent[:-1]


@pytest.mark.parametrize("unsent", [["nonsense"], "x", 7, [None], [[]]])
def test_a_damaged_unfinished_turn_in_a_save_is_dropped_and_the_game_kept(unsent):
    host, guest = new_table("game-of-fields", {})
    saved = json.loads(json.dumps(host.to_saved()))
    restored = RemoteGame.from_saved(CRYPTO, {**saved, "unsent": unsent})
    assert restored.state is not None and host.state is not None
    assert encode_state(restored.state) == encode_state(host.state) and not restored.can_undo()


def everyone_reads_everything(apps: list[RemoteGame]) -> None:
    """Every app's link to send goes to every other app, until none has news."""
    for _ in range(200):
        news = [(app, app.link()) for app in apps if app.link()]
        news = [(app, link) for app, link in news if any(news_for(o, app) for o in apps)]
        if not news:
            return
        for sender, link in news:
            for reader in apps:
                if reader is not sender and any(not reader.holds(m) for m in sender.outbox()):
                    reader.take_link(link or "")
    raise AssertionError("the links never settled")


def test_a_tie_at_three_seats_needs_every_other_seat_in_turn_and_a_decline_ends_it():
    apps = join_in_a_group_chat(3)
    bots = [make_bot("greedy", 20 + seat) for seat in range(3)]
    everyone_reads_everything(apps)
    for _ in range(20):  # a few moves in
        mover = next(app for app in apps if app.my_move())
        assert mover.state is not None
        mover.play(bots[mover.seat].choose(mover.state, mover.seat))
        everyone_reads_everything(apps)
    offerer = next(app for app in apps if app.my_move())
    offerer.offer_tie()
    everyone_reads_everything(apps)
    first, second = (apps[(offerer.seat + k) % 3] for k in (1, 2))
    assert [app.tie_answerer() for app in apps] == [first.seat] * 3
    assert second.waiting_for() == [first.seat] and not any(app.my_move() for app in apps)
    with pytest.raises(IllegalAction):
        second.answer_tie(accept=True)  # not its answer yet
    first.answer_tie(accept=True)
    everyone_reads_everything(apps)
    assert [app.tie_answerer() for app in apps] == [second.seat] * 3
    second.answer_tie(accept=False)  # declined: the game goes on, from the offerer
    everyone_reads_everything(apps)
    assert offerer.tie_offered_by() is None and offerer.my_move()
    offerer.offer_tie()
    everyone_reads_everything(apps)
    first.answer_tie(accept=True)
    everyone_reads_everything(apps)
    second = through_a_save(second)
    apps[second.seat] = second
    second.answer_tie(accept=True)  # the last to accept: the agreed draw, the game ends
    everyone_reads_everything(apps)
    assert all(app.phase() == VERIFIED for app in apps)
    assert all(app.state is not None and app.state.end_reason == "agreed" for app in apps)


def test_an_accept_out_of_turn_is_refused_naming_its_seat():
    apps = join_in_a_group_chat(3)
    everyone_reads_everything(apps)
    offerer = next(app for app in apps if app.my_move())
    offerer.offer_tie()
    everyone_reads_everything(apps)
    second = apps[(offerer.seat + 2) % 3]
    forged = second.device.chain.next(second.device.signer, second.seat, {"kind": "accept"})
    with pytest.raises(RemoteError) as refused:
        offerer.take_link(to_fragment([forged]))
    assert (refused.value.reason, refused.value.seat) == ("illegal_move", second.seat)


def test_an_invite_for_a_seat_taken_is_refused_and_a_group_invite_offers_the_first_free():
    host = RemoteGame.create(CRYPTO, "fools", 3, {}, "A")
    invites = host.invites()
    carol = RemoteGame.join(CRYPTO, invites[2], "C")
    host.take_link(carol.link() or "")
    assert sorted(host.invites()) == [1]  # only Bob's seat is still free
    with pytest.raises(RemoteError) as taken:
        RemoteGame.invitation(for_seat(host.link() or "", 2))
    assert taken.value.reason == "seats_taken"
    assert RemoteGame.invitation(host.link() or "").seat == 1
    for damaged in ("&seat=", "&seat=x", "&seat=99", "&seat=0"):
        with pytest.raises(RemoteError):
            RemoteGame.invitation((host.link() or "") + damaged)


def test_a_save_nests_no_deeper_than_the_page_s_storage_reads():
    """A whole Fools! game with reshuffles and its audit: the deepest save there is."""
    for seed in range(10, 20):
        links, apps = play_whole_game(new_table("fools", {}), seed)
        saved = apps[0].to_saved()
        if saved["redeals"] and saved["audit"]:
            break
    else:
        raise AssertionError("no game reshuffled")
    bounded_json(json.dumps(saved), SAVE_DEPTH)
    with pytest.raises(ValueError):
        bounded_json(json.dumps(saved), SAVE_DEPTH - 1)


def test_a_friend_whose_seat_another_took_first_is_told_so_and_keeps_its_save():
    host = RemoteGame.create(CRYPTO, "fools", 3, {}, "A")
    invite = host.link() or ""  # names no seat: the first free one
    first = RemoteGame.join(CRYPTO, invite, "B")
    late = RemoteGame.join(CRYPTO, invite, "B too")
    assert first.seat == late.seat == 1
    host.take_link(first.link() or "")
    carol = RemoteGame.join(CRYPTO, host.link() or "", "C")
    host.take_link(carol.link() or "")  # the host's lock follows Bob's join: it took it
    before = json.dumps(late.to_saved())
    with pytest.raises(RemoteError) as refused:
        late.take_link(host.link() or "")
    assert (refused.value.reason, refused.value.seat) == ("seat_taken_first", 1)
    assert json.dumps(late.to_saved()) == before


def refused_as(app: RemoteGame, link: str) -> tuple[str, int | None]:
    """Why `app` refuses `link`; its save unchanged."""
    before = json.dumps(app.to_saved())
    with pytest.raises(RemoteError) as refused:
        app.take_link(link)
    assert json.dumps(app.to_saved()) == before
    return refused.value.reason, refused.value.seat


def test_two_friends_on_one_seat_are_told_whose_it_is_and_nobody_is_called_a_cheat():
    """Two friends join as seat B from one link that names no seat. The seat is the
    join's the host took: the host says the other came too late (not that a link was
    changed); before the host has sent anything after the joins, neither friend knows,
    and once it has, each is told whether the seat is theirs. A friend who joined after
    the join the host did not take is told its join is left out."""
    host = RemoteGame.create(CRYPTO, "fools", 4, {}, "A")
    invite = host.link() or ""
    bob = RemoteGame.join(CRYPTO, invite, "B")
    bob_too = RemoteGame.join(CRYPTO, invite, "B too")
    after_bob_too = RemoteGame.join(CRYPTO, bob_too.link() or "", "C")  # seat C, after him
    host.take_link(bob.link() or "")
    assert refused_as(host, bob_too.link() or "") == ("late_join", 1)
    assert refused_as(bob, bob_too.link() or "") == ("seat_contested", 1)
    assert refused_as(bob_too, bob.link() or "") == ("seat_contested", 1)
    carol = RemoteGame.join(CRYPTO, host.link() or "", "C")
    dave = RemoteGame.join(CRYPTO, carol.link() or "", "D")
    host.take_link(carol.link() or "")
    host.take_link(dave.link() or "")  # every seat shuffled: the host locks after them
    assert host.device.steps[-1].seat == 0
    lock = host.link() or ""  # to the group: the lock, and the joins some seat lacks
    assert not any(m.body.get("kind") == "join" and m.seat == 1 for m in from_fragment(lock))
    bob.take_link(lock)
    assert refused_as(bob, bob_too.link() or "") == ("seat_kept", 1)
    assert refused_as(bob_too, lock) == ("seat_taken_first", 1)
    assert refused_as(after_bob_too, lock) == ("join_overtaken", 1)


def test_a_join_forged_for_the_host_s_seat_is_refused_naming_the_host():
    """A join for the host's own seat, signed by another key, is the chain's to judge
    (a bad signature of the host's seat), not a seat contest: the save is unchanged."""
    host = RemoteGame.create(CRYPTO, "fools", 3, {}, "A")
    bob = RemoteGame.join(CRYPTO, host.link() or "", "B")
    forged = host.device.chain.next(CRYPTO.signer(), 0, {"kind": "join", "name": "A again"})
    link = to_fragment([*from_fragment(host.link() or ""), forged])
    assert refused_as(bob, link) == ("bad_signature", 0)


def test_a_join_signed_by_the_host_is_refused_naming_the_host():
    """The host's seat joined with its invite: a join of the host's own, validly signed
    (by the host's device), would rename the host on every device. Refused as a link
    that does not follow the game, naming the host; the save is unchanged."""
    host = RemoteGame.create(CRYPTO, "fools", 3, {}, "A")
    bob = RemoteGame.join(CRYPTO, host.link() or "", "B")
    device = host.device
    renamed = device.chain.next(device.signer, 0, {"kind": "join", "name": "B"})
    link = to_fragment([*from_fragment(host.link() or ""), renamed])
    assert refused_as(bob, link) == ("changed_past", 0)
    assert bob.names()[0] == "A"


def test_the_audit_does_not_work_out_again_a_commitment_checked_during_the_game():
    """Each device's group remembers the commitments it worked out (checking a key given
    to it, making its own): at the end, its audit works out only the others. Counted per
    scalar on one device, kept from its start (no save in between): none twice."""
    host, guest = new_table("fools-field", {"start": "A"})
    counting = CountingGroup()
    guest.device.group.inner = counting
    play_whole_game([host, guest], 3, saves=False)
    assert guest.phase() == VERIFIED and guest.device.verdict == []
    assert counting.worked and max(counting.worked.values()) == 1


@pytest.mark.parametrize("game_id", ["fools-field", "fools"])
def test_a_restored_device_remembers_the_commitments_it_had_worked_out(game_id):
    """A restore takes my steps and the cards I opened from the save instead of working
    out their commitments again; the device remembers them as the live one did (my keys'
    and those of every card opened here), each the true commitment of its key."""
    host, guest = new_table(game_id, {})
    play_whole_game([host, guest], 7, saves=False)
    restored = through_a_save(guest).device
    live = guest.device
    mine = [live.deal, live.deal2, *(redeal.deal for redeal in live.my_redeals.values())]
    keys = {key for side in mine if side is not None for key in side.secrets.position_keys}
    keys |= {key for position in live.opened for key in live.keys[position].values()}
    assert live.opened and keys <= set(live.group.known)
    remembered = restored.group.known
    assert keys <= set(remembered)
    sodium = SodiumGroup()
    assert all(sodium.base_times(key) == remembered[key] for key in keys)
