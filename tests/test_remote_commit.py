"""Commit-then-reveal: what a seat committed to is the only thing it can reveal."""

from __future__ import annotations

from collections import Counter

from pygames.remote.commit import Opening, commit, joint_random, random_share, verify


def test_a_revealed_choice_matches_its_commitment():
    commitment, opening = commit("queen")
    assert verify(commitment, opening)


def test_another_choice_or_nonce_does_not_match():
    commitment, opening = commit("queen")
    assert not verify(commitment, Opening("king", opening.nonce))
    assert not verify(commitment, Opening("queen", bytes(32)))
    assert not verify(commitment, Opening("queen", opening.nonce[:16]))


def test_the_same_choice_commits_to_different_hashes():
    assert commit("queen")[0] != commit("queen")[0]  # the nonce hides a repeated choice


def test_joint_random_depends_on_every_share_and_spreads_evenly():
    shares = [random_share(), random_share()]
    first = joint_random(shares, 1000)
    changed = [shares[0], random_share()]
    assert any(joint_random([shares[0], random_share()], 1000) != first for _ in range(5))
    assert joint_random(shares, 1000) == first  # the same shares draw the same
    assert 0 <= joint_random(changed, 2) < 2
    counts = Counter(joint_random([random_share()], 4) for _ in range(4000))
    assert set(counts) == {0, 1, 2, 3}
    assert min(counts.values()) > 800  # 1000 expected each; 800 is 7 standard errors off
