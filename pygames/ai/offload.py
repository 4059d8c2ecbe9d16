"""A computer's decision as messages: what a Web Worker (or any other process) needs
to search for one seat, and nothing that seat may not know.

A search bot's decision is one or more independent parts (`pygames.ai.ismcts.
SplitSearch`). The page sends one `DecisionRequest` (JSON) per part, to as many
workers as it has, and each worker's `search_part` answers with that part's root
visits (JSON); `choice` sums them into the action. The request holds the seat's
masked state (`pygames.position`, every unseen item ``?``), the bot's name, the
decision's seed and the part, so the answer is the one the same bot would give on
the page itself (`make_bot(bot, seed).start(state, seat)` masks the state first,
and a masked state masks to itself), and the process that searches never holds a
hidden card. A decision that goes on from the seat's decisions just before it
(`pygames.ai.ismcts.run_start`) lists them in `run`, masked too: a worker that
kept its part of the last one goes on from it, another searches them again first.

The study of a decision (`pygames.analysis`: a finished game's, move by move, or a
hint) goes the same way: a `StudyRequest` holds the deciding seat's masked state, the
move made (None for a hint), the study's seed and budget, and `study` answers with
the verdict (JSON) that `analyse_decision` gives on the page. A worker answers both
through `answer`.
"""

import json
import random
from typing import Literal, TypedDict

from pygames import GAMES
from pygames.ai.ismcts import best_by_visits, merged_visits
from pygames.ai.levels import PARTS
from pygames.ai.levels import searched_parts as parts  # a decision's independent searches
from pygames.ai.thinking import Thinking
from pygames.bots import BOTS, MAX_SEATS, make_bot
from pygames.core import GameError, RecordedChance, State
from pygames.position import decode_state, encode_state

VERSION = 4  # 4: every request says its kind (a decision's part, or a study)
# Workers for a table's computers: one per part of a decision for each computer, since
# computers may choose at once (Fools!' Standard Bearers), as long as the device keeps a
# core for the page. Each worker is a Python of about 55 MB (headless Chromium), so a
# device with less than SMALL_MEMORY_GB (`navigator.deviceMemory`) runs one decision's.
MOST_WORKERS = PARTS * (MAX_SEATS - 1)
SMALL_MEMORY_GB = 4


def workers_for(cores: int, computers: int, memory_gb: float | None = None) -> int:
    """How many workers a device with `cores` cores (and `memory_gb`, if it says) runs
    for a table of `computers` searching computers: at least one."""
    most = PARTS * computers
    if memory_gb is not None and memory_gb < SMALL_MEMORY_GB:
        most = PARTS
    return max(1, min(most, MOST_WORKERS, cores - 1))


class Step(TypedDict):
    """One decision of a row: the seat's masked state then, and its seed."""

    position: str
    seed: int


class DecisionRequest(TypedDict):
    v: int
    kind: Literal["part"]
    game: str
    seats: int
    options: dict[str, str]
    seat: int
    bot: str
    seed: int
    position: str  # the seat's masked state, position format (docs/positions.md)
    part: int  # which of the decision's independent searches (`parts`) to run
    run: list[Step]  # the decisions it goes on from, oldest first (often none)


def requests(
    state: State,
    seat: int,
    bot: str,
    seed: int,
    count: int,
    run: list[tuple[State, int]],
    known: State | None = None,
) -> list[str]:
    """The messages for the `count` parts of the bot's decision for `seat`, which goes on
    from the decisions in `run` (each state and seed, oldest first). `known`: the seat's
    masked state if the caller has it (its search's), so it is not masked again."""
    position = seat_position(state, seat, known)
    steps: list[Step] = [
        {"position": seat_position(before, seat), "seed": before_seed}
        for before, before_seed in run
    ]
    return [
        compact_json(request(state, seat, bot, seed, position, part, steps))
        for part in range(count)
    ]


# The seat's masked positions encoded lately: a decision's `run` holds the states of the
# seat's decisions just before it, each encoded already when that decision was asked for
# (on a phone an encoding takes about 10 ms late in a game). A state is its game, seats,
# options and history (chance is in the history), so that is the key.
_ENCODED: dict[tuple[object, ...], str] = {}
ENCODED_KEPT = 16


def seat_position(state: State, seat: int, known: State | None = None) -> str:
    """`state` as `seat` knows it, in the position format (`known`: `state.masked(seat)`,
    if the caller has it)."""
    key: tuple[object, ...] = (state.game.id, state.num_seats, seat)
    key += (tuple(sorted(state.options.items())), *state.history)
    text = _ENCODED.get(key)
    if text is None:
        text = _ENCODED[key] = encode_state(state.masked(seat) if known is None else known)
        while len(_ENCODED) > ENCODED_KEPT:
            del _ENCODED[next(iter(_ENCODED))]  # the oldest
    return text


def request(
    state: State,
    seat: int,
    bot: str,
    seed: int,
    position: str,
    part: int,
    run: list[Step],
) -> DecisionRequest:
    return {
        "v": VERSION,
        "kind": "part",
        "game": state.game.id,
        "seats": state.num_seats,
        "options": dict(state.options),
        "seat": seat,
        "bot": bot,
        "seed": seed,
        "position": position,
        "part": part,
        "run": run,
    }


class StudyRequest(TypedDict):
    v: int
    kind: Literal["study"]
    game: str
    seats: int
    options: dict[str, str]
    seat: int
    position: str  # the deciding seat's masked state before its move
    action: str | None  # the move made, or None (a hint: every move's chance)
    seed: int
    iterations: int


def study_request(state: State, seat: int, action: str | None, seed: int, iterations: int) -> str:
    """The message for the study of `seat`'s decision in `state` (`pygames.analysis`)."""
    message: StudyRequest = {
        "v": VERSION,
        "kind": "study",
        "game": state.game.id,
        "seats": state.num_seats,
        "options": dict(state.options),
        "seat": seat,
        "position": seat_position(state, seat),
        "action": action,
        "seed": seed,
        "iterations": iterations,
    }
    return compact_json(message)


def answer(text: str) -> str:
    """A worker's answer to any request: a decision's part, or a study."""
    message = json.loads(text)
    if isinstance(message, dict) and message.get("kind") == "study":
        return study(text)
    return search_part(text)


MOST_STUDY_ITERATIONS = 10_000


def study(text: str) -> str:
    """The verdict (JSON) of the requested study, as `analyse_decision` gives it."""
    from pygames.analysis import analyse_decision

    message: StudyRequest = json.loads(text)
    iterations = message.get("iterations")
    if message.get("v") != VERSION or message.get("game") not in GAMES:
        raise GameError("decision_request", detail=str(message.get("v"))[:20])
    if not isinstance(iterations, int) or not 0 < iterations <= MOST_STUDY_ITERATIONS:
        raise GameError("decision_request", detail=str(iterations)[:20])
    game, seat = GAMES[message["game"]], message["seat"]
    state = decode_state(
        game, message["seats"], message["options"], message["position"], RecordedChance([]), seat
    )
    rng = random.Random(message["seed"])
    return compact_json(analyse_decision(state, seat, message["action"], iterations, rng))


# Per table, seat, bot and part: the last decision this process searched its part of,
# and the steps that made it (a decision's `run` and its own), so the next decision of
# the row goes on from it instead of searching the row again. The latest few only (a
# table's seats and parts), since each holds a search tree.
_kept: dict[str, tuple[list[Step], Thinking]] = {}
PLACE = ("game", "seats", "options", "seat", "bot", "part")
KEPT_AT_MOST = 8


def search_part(text: str) -> str:
    """The root visits (JSON) of the request's part of its bot's decision, searched in full."""
    message = json.loads(text)
    if message.get("v") != VERSION or message.get("game") not in GAMES:
        raise GameError("decision_request", detail=str(message.get("v"))[:20])
    if message.get("kind") != "part" or message["bot"] not in BOTS:
        raise GameError("decision_request", detail=str(message["bot"])[:20])
    this: Step = {"position": message["position"], "seed": message["seed"]}
    steps: list[Step] = [*message["run"], this]
    place = compact_json([message[key] for key in PLACE])
    kept_steps, follows = _kept.get(place, ([], None))
    done = len(kept_steps)
    if not 0 < done <= len(steps) or steps[:done] != kept_steps:
        done, follows = 0, None
    for step in steps[done:]:
        follows = searched_step(message, step, follows)
    assert follows is not None
    _kept.pop(place, None)
    _kept[place] = (steps, follows)  # the latest last
    while len(_kept) > KEPT_AT_MOST:
        del _kept[next(iter(_kept))]
    return compact_json(parts(follows)[message["part"]].visits())


def searched_step(message: DecisionRequest, step: Step, follows: Thinking | None) -> Thinking:
    """The bot's decision at `step`, going on from `follows`, with only the message's part
    searched (the other parts stay empty: none goes on from them here)."""
    game, seat = GAMES[message["game"]], message["seat"]
    state = decode_state(
        game, message["seats"], message["options"], step["position"], RecordedChance([]), seat
    )
    thinking = make_bot(message["bot"], step["seed"]).start(state, seat, follows)
    searches = parts(thinking)
    if not 0 <= message["part"] < len(searches):
        raise GameError("decision_request", detail=str(message["part"])[:20])
    search = searches[message["part"]]
    while not search.advance(1000):
        pass
    return thinking


def choice(thinking: Thinking, answers: list[str]) -> str:
    """The decision of `thinking` (a search bot's, not advanced) from its parts' answers."""
    visits: list[dict[str, int]] = [json.loads(answer) for answer in answers]
    return best_by_visits(parts(thinking)[0].legal, merged_visits(visits))


def compact_json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
