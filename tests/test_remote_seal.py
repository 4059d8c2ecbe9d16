"""A key released to one seat, sealed to that seat's box key (`pygames.remote.seal`)."""

import os

import pytest

from pygames.remote.group import BadPoint, SodiumGroup
from pygames.remote.seal import Sealed, box_key, seal, unseal

GROUP = SodiumGroup()


def test_only_the_seat_it_is_sealed_to_opens_it_and_only_in_its_place():
    alice, bob = GROUP.random_scalar(), GROUP.random_scalar()
    value = GROUP.random_scalar()
    sealed = seal(GROUP, box_key(GROUP, bob), value, "game 7 position 3")
    assert value not in (sealed.masked, sealed.ephemeral)
    assert unseal(GROUP, bob, sealed, "game 7 position 3") == value
    assert unseal(GROUP, alice, sealed, "game 7 position 3") != value
    assert unseal(GROUP, bob, sealed, "game 7 position 4") != value


def test_sealing_the_same_value_twice_looks_different():
    bob = box_key(GROUP, GROUP.random_scalar())
    value = os.urandom(32)
    first, second = (seal(GROUP, bob, value, "context") for _ in range(2))
    assert first.ephemeral != second.ephemeral and first.masked != second.masked


def test_a_box_key_or_ephemeral_that_is_no_point_of_the_group_is_refused():
    value = os.urandom(32)
    with pytest.raises(BadPoint):
        seal(GROUP, bytes(32), value, "context")
    bob = GROUP.random_scalar()
    sealed = seal(GROUP, box_key(GROUP, bob), value, "context")
    with pytest.raises(BadPoint):
        unseal(GROUP, bob, Sealed((1).to_bytes(32, "little"), sealed.masked), "context")
    with pytest.raises(ValueError):
        seal(GROUP, box_key(GROUP, bob), value[:31], "context")
