"""Signed, chained messages: each kind of tampering is refused with the seat to blame,
and the chain keeps what it had."""

from __future__ import annotations

import json

import pytest

from pygames.remote.chain import (
    FORMAT,
    Chain,
    ChainError,
    Message,
    SodiumSigner,
    sodium_verify,
)
from pygames.remote.wire import b64

ALICE, BOB = SodiumSigner(), SodiumSigner()


def started() -> tuple[Chain, list[str]]:
    """Alice invites, Bob joins, Alice moves: the three links as text, and a device that
    took them all."""
    alice = Chain(sodium_verify)
    links = []
    invite = alice.next(ALICE, 0, {"kind": "invite", "public_key": b64(ALICE.public_key)}, "g1")
    alice.append(invite)
    links.append(invite.to_text())
    bob = receiving(links)
    join = bob.next(BOB, 1, {"kind": "join", "public_key": b64(BOB.public_key)})
    bob.append(join)
    links.append(join.to_text())
    alice.append(Message.from_text(links[-1]))
    move = alice.next(ALICE, 0, {"kind": "move", "action": "XSSX@4"})
    alice.append(move)
    links.append(move.to_text())
    return receiving(links), links


def receiving(links: list[str]) -> Chain:
    chain = Chain(sodium_verify)
    for link in links:
        chain.append(Message.from_text(link))
    return chain


def refused(chain: Chain, text: str) -> ChainError:
    before = [m.digest() for m in chain.messages]
    with pytest.raises(ChainError) as error:
        chain.append(Message.from_text(text))
    assert [m.digest() for m in chain.messages] == before  # nothing accepted is lost
    return error.value


def test_an_honest_chain_is_taken_whole():
    chain, links = started()
    assert len(chain.messages) == 3
    assert chain.public_keys == {0: ALICE.public_key, 1: BOB.public_key}


def test_a_changed_move_fails_its_signature():
    chain, links = started()
    chain.messages.pop()
    data = json.loads(links[2])
    data["body"]["action"] = "SSSS@4"
    error = refused(chain, json.dumps(data))
    assert (error.reason, error.seat) == ("bad_signature", 0)


@pytest.mark.parametrize("signature", ["", "!!!", b64(bytes(64)), b64(bytes(10))])
def test_a_missing_or_garbled_signature_is_refused(signature):
    chain, links = started()
    chain.messages.pop()
    move = Message.from_text(links[2])
    unsigned = Message(move.game, move.number, move.seat, move.after, move.body, signature)
    error = refused(chain, unsigned.to_text())
    assert (error.reason, error.seat) == ("bad_signature", 0)


def test_a_message_signed_by_another_seat_is_refused():
    chain, links = started()
    chain.messages.pop()
    forged = Message.from_text(links[2])
    forged = Message(forged.game, forged.number, 0, forged.after, forged.body).signed_by(BOB)
    error = refused(chain, forged.to_text())
    assert (error.reason, error.seat) == ("bad_signature", 0)


def test_a_replayed_old_link_is_recognised():
    chain, links = started()
    error = refused(chain, links[1])
    assert (error.reason, error.seat) == ("already_seen", 1)


def test_two_different_links_for_one_turn_name_the_seat():
    chain, links = started()
    other = Message.from_text(links[2])
    twin = Message(other.game, other.number, 0, other.after, {"kind": "move", "action": "X"})
    error = refused(chain, twin.signed_by(ALICE).to_text())
    assert (error.reason, error.seat) == ("forked", 0)


def test_a_dropped_message_is_noticed():
    chain, links = started()
    dropped = chain.next(ALICE, 0, {"kind": "move", "action": "retreat"})
    chain.append(dropped)
    later = chain.next(ALICE, 0, {"kind": "move", "action": "XSSX@5"})
    chain.messages.pop()
    error = refused(chain, later.to_text())
    assert error.reason == "missing"


def test_a_changed_past_names_the_sender():
    chain, links = started()
    wrong = Message("g1", 2, 1, ("0" * 64,), {"kind": "move", "action": "retreat"}).signed_by(BOB)
    error = refused(chain, wrong.to_text())
    assert (error.reason, error.seat) == ("changed_past", 1)


def test_another_game_or_an_unknown_seat_is_refused():
    chain, links = started()
    stranger = Message("g2", 3, 0, (chain.messages[-1].digest(),), {"kind": "move"})
    assert refused(chain, stranger.signed_by(ALICE).to_text()).reason == "other_game"
    unknown = Message("g1", 3, 2, (chain.messages[-1].digest(),), {"kind": "move"})
    error = refused(chain, unknown.signed_by(BOB).to_text())
    assert (error.reason, error.seat) == ("unknown_seat", 2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        "[1]",
        '{"v": 1}',
        "x" * 100_000,
        '{"v":1,"game":"g","number":"1","seat":0,"previous":"","body":{},"signature":""}',
        '{"v":1,"game":"g","number":1,"seat":true,"previous":"","body":{},"signature":""}',
        '{"v":1,"game":"g","number":1,"seat":0,"previous":"","body":[],"signature":""}',
    ],
)
def test_anything_that_is_not_a_message_is_unreadable(text):
    chain, links = started()
    with pytest.raises(ChainError) as error:
        chain.append(Message.from_text(text))
    assert error.value.reason == "unreadable"
    assert len(chain.messages) == 3


CAROL = SodiumSigner()


def three_seats() -> tuple[Chain, Chain, Chain, Message]:
    """Alice invites, Bob and Carol join, Alice moves: each seat's chain after the move."""
    alice = Chain(sodium_verify)
    alice.append(
        alice.next(ALICE, 0, {"kind": "invite", "public_key": b64(ALICE.public_key)}, "g3")
    )
    for seat, signer in ((1, BOB), (2, CAROL)):
        alice.append(
            alice.next(signer, seat, {"kind": "join", "public_key": b64(signer.public_key)})
        )
    move = alice.next(ALICE, 0, {"kind": "move", "actions": ["battle"]})
    alice.append(move)
    texts = [m.to_text() for m in alice.messages]
    return alice, receiving(texts), receiving(texts), move


def test_answers_of_two_seats_to_one_link_are_taken_in_either_order():
    alice, bob, carol, move = three_seats()
    from_bob = bob.next(BOB, 1, {"kind": "keys"})
    from_carol = carol.next(CAROL, 2, {"kind": "keys"})
    assert from_bob.after == from_carol.after == (move.digest(),)  # siblings
    bob.append(from_bob)
    bob.append(from_carol)
    carol.append(from_carol)
    carol.append(from_bob)
    alice.append(from_carol)
    alice.append(from_bob)
    # The next turn follows both answers, whatever order its sender took them in.
    following = alice.next(ALICE, 0, {"kind": "move", "actions": ["next"]})
    assert set(following.after) == {from_bob.digest(), from_carol.digest()}
    assert following.number == from_bob.number + 1
    bob.append(following)
    carol.append(following)


def test_a_turn_that_does_not_follow_the_last_turn_is_a_fork():
    alice, bob, carol, move = three_seats()
    carol.messages.pop()  # Carol has not seen Alice's move, and moves
    out_of_line = carol.next(CAROL, 2, {"kind": "move", "actions": ["battle"]})
    error = refused(bob, out_of_line.to_text())
    assert (error.reason, error.seat) == ("forked", 2)


def test_two_answers_of_one_seat_that_do_not_follow_each_other_are_a_fork():
    alice, bob, carol, move = three_seats()
    first = bob.next(BOB, 1, {"kind": "keys", "keys": {"1": "a"}})
    second = bob.next(BOB, 1, {"kind": "keys", "keys": {"1": "b"}})
    alice.append(first)
    error = refused(alice, second.to_text())
    assert (error.reason, error.seat) == ("forked", 1)


def test_a_game_begun_in_format_1_goes_on_in_it():
    old = Message("g1", 0, 0, (), {"kind": "invite", "public_key": b64(ALICE.public_key)}, v=1)
    text = old.signed_by(ALICE).to_text()
    assert '"previous":""' in text and '"after"' not in text
    chain = receiving([text])
    join = chain.next(BOB, 1, {"kind": "join", "public_key": b64(BOB.public_key)})
    assert join.v == 1 and '"previous":"' + chain.messages[0].digest() in join.to_text()
    chain.append(Message.from_text(join.to_text()))
    newer = Message("g1", 2, 0, (join.digest(),), {"kind": "move"}).signed_by(ALICE)
    assert refused(chain, newer.to_text()).reason == "unreadable"  # formats do not mix


def test_a_message_of_a_later_format_is_refused_as_a_newer_apps():
    chain, _ = started()
    later = Message("g1", 0, 0, (), {"kind": "invite"}, v=FORMAT + 1).signed_by(ALICE)
    with pytest.raises(ChainError) as error:
        chain.append(Message.from_text(later.to_text()))
    assert error.value.reason == "newer_app"
    assert len(chain.messages) == 3
