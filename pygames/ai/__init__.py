"""Computer opponents for every game: one information-set search (ISMCTS) and its hooks.

The search (`ismcts.Search`) never reads hidden facts: it starts from the
deciding seat's masked state (`State.masked`: what that seat knows, the rest
unknown), and each iteration fills the unknowns with a fresh sample
(`State.filled`), which the rules draw consistently with that knowledge. The
baselines get the same masked or sampled states. Levels and baselines are in
`levels`; `pygames.bots` registers them. A large budget is searched as independent
parts (`ismcts.SplitSearch`, root parallelization) that workers can search at once
(`offload`); the choice is the same wherever and in whatever order they ran. A
level's search stops early once its choice can no longer change (`Search.settles`).
A seat's decision right after its own move goes on from the tree of the decision
before (`Search.take_over`, a few in a row: `ismcts.run_start`): Fools! deploys two
cards in a row, Game of Fields moves several pawns, and the second choice was already
searched under the first.

Knowledge belongs to the rules; an optional module ``pygames/<game>/ai.py``
holds only heuristics, any of these module-level functions (missing ones fall
back to `hooks.Hooks.generic_*`):

``legal_actions(state, seat) -> list[str]``
    The same list as ``state.legal_actions(seat)``, if the game can list it faster.
``rollout_action(state, seat, rng) -> str``
    The playout policy (default: uniform over the legal actions).
``evaluate(state, seat) -> float``
    0-1, the seat's chances, scoring playouts cut after ``ROLLOUT_MOVES`` moves
    (a module constant, default 200) and used by `greedy` (default: 1 / seats).
``values(state) -> list[float]``
    ``evaluate`` for every seat at once, if the game can share work between seats
    (a playout is scored for every seat).
``greedy_score(state, seat, action) -> float``
    The `greedy` baseline's one-move score on a sample (default: `evaluate`
    after the action).

``prior(state, seat, legal) -> list[float]``
    0-1 per legal action, how promising it looks (1 = the heuristic's choice): the
    search tries new actions best first and adds ``PRIOR_WEIGHT * prior / (visits + 1)``
    to an action's UCB score (progressive bias), so a small budget follows the heuristic
    and more iterations can overrule it.
``rollout_stage(state) -> object``
    A playout stops (and ``evaluate`` scores it) as soon as this differs from its value
    at the search's root, e.g. once the round in progress is over. A playout's chance
    draws nothing after the stage has ended (`ismcts.StageChance`): the move that ends
    it may stop halfway (a new round begun but not dealt), so ``evaluate`` must read
    only what the stage settled.
``ITERATIONS``
    A module constant ``{level: iterations}`` replacing `levels.LEVELS` budgets for the
    game, e.g. when its playouts are slower.
``ITERATIONS_BY_SEATS``
    ``{seats: {level: iterations}}``: budgets for tables of that many seats, where a
    playout costs more and a single seat's choice weighs less.

Several seats to act at once (secret simultaneous choices) need nothing extra:
`state.to_act()` lists them and the search lets each choose without seeing the
others' choices. Turns of two decisions (Cloth of Gold's Dragon) are two
actions by the same seat.
"""
