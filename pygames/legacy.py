"""Reading version 1 records, which held a seed instead of their chance outcomes.

Version 1 shuffled each pool once with a generator seeded from the record and
then took items from the end. `SeededShuffle` draws exactly so, and the record
converter keeps the outcomes it produced, so a converted game is the same game.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import Chance


class SeededShuffle(Chance):
    """Chance as version 1 drew it: a pool is shuffled when first drawn from, then popped.

    A pool that gained items since the last draw (Cloth of Gold's Jewels joining
    the Darkness) is shuffled again with the newcomers at the end, as version 1 did.
    Choosing among a fresh two-item list consumes the generator as `randrange(2)` did.
    """

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.orders: dict[int, tuple[list[str], list[str]]] = {}  # id(pool) -> (pool, order)

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        known = self.orders.get(id(pool))
        if known is None or known[0] is not pool:
            order = list(pool)
            self.rng.shuffle(order)
        else:
            order = known[1]
            added = Counter(pool) - Counter(order)
            if added:  # version 1 appended the newcomers, then shuffled everything again
                for item in pool:
                    if added[item] > 0:
                        added[item] -= 1
                        order.append(item)
                self.rng.shuffle(order)
        drawn = [order.pop() for _ in range(count)]
        self.orders[id(pool)] = (pool, order)  # holding the pool keeps its id from reuse
        return drawn

    def copy(self) -> SeededShuffle:
        raise TypeError("a version 1 record is converted once, never searched")
