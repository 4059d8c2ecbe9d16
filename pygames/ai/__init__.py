"""Computer opponents for every game: one information-set search (ISMCTS) and its hooks.

The search (`ismcts.Search`) never reads hidden facts: each iteration starts
from a *determinization*, a full state sampled from what the deciding seat may
know. Levels and baselines are in `levels`; `pygames.bots` registers them.

How a game plugs in: an optional module ``pygames/<game>/ai.py`` with any of
these functions (module-level; missing ones fall back to `hooks.Hooks.generic_*`):

``determinize(state, seat, rng) -> State``
    Required whenever anything is hidden. A copy in which everything `seat`
    cannot see is resampled from `rng`, consistent with what `seat` has seen;
    it must read only what `seat` sees (gather the unknown items into a
    canonically ordered pool, then shuffle), strip private log entries of
    others, and take future chance from `rng`. The generic fallback just clones:
    right only for perfect information. Examples: The Fool's Field (rival's
    hand, discards, deck), The Field of the Cloth of Gold (rival's Hand, the
    Darkness); Fools! (others' hands and face-down army cards, the deck, cards
    known because the seat placed or spied them); Game of Fields (only the
    blank-map option hides anything: the unrevealed hexes).
``observed_action(state, actor, action, observer) -> str``
    What `observer` learns of another seat's action (default: all of it); e.g.
    a face-down discard is ``discard:?``. Fools!: a Standard Bearer choice is
    revealed with the others', so the default fits.
``legal_actions(state, seat) -> list[str]``
    The same list as ``state.legal_actions(seat)``, if the game can list it faster.
``rollout_action(state, seat, rng) -> str``
    The playout policy (default: uniform over the legal actions).
``evaluate(state, seat) -> float``
    0-1, the seat's chances, scoring playouts cut after ``ROLLOUT_MOVES`` moves
    (a module constant, default 200) and used by `greedy` (default: 1 / seats).
``greedy_score(state, seat, action) -> float``
    The `greedy` baseline's one-move score, reading only what `seat` sees
    (default: `evaluate` after the action in one determinization).

Several seats to act at once (Fools!' secret Standard Bearers) need nothing
extra: `state.to_act()` lists them and the search lets each choose without
seeing the others' choices. Turns of two decisions (Cloth of Gold's Dragon)
are two actions by the same seat.
"""
