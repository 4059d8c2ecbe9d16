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
hidden card.
"""

import json
from typing import TypedDict

from pygames import GAMES
from pygames.ai.ismcts import Search, SplitSearch, best_by_visits, merged_visits
from pygames.ai.thinking import Thinking
from pygames.bots import BOTS, make_bot
from pygames.core import GameError, RecordedChance, State
from pygames.position import decode_state, encode_state

VERSION = 2


class DecisionRequest(TypedDict):
    v: int
    game: str
    seats: int
    options: dict[str, str]
    seat: int
    bot: str
    seed: int
    position: str  # the seat's masked state, position format (docs/positions.md)
    part: int  # which of the decision's independent searches (`parts`) to run


def parts(thinking: Thinking) -> list[Search]:
    """The independent searches of a search bot's decision (none for a quick bot)."""
    if isinstance(thinking, SplitSearch):
        return thinking.parts
    return [thinking] if isinstance(thinking, Search) else []


def requests(state: State, seat: int, bot: str, seed: int, count: int) -> list[str]:
    """The messages for the `count` parts of the bot's decision for `seat`."""
    position = encode_state(state.masked(seat))
    return [compact_json(request(state, seat, bot, seed, position, part)) for part in range(count)]


def request(
    state: State, seat: int, bot: str, seed: int, position: str, part: int
) -> DecisionRequest:
    return {
        "v": VERSION,
        "game": state.game.id,
        "seats": state.num_seats,
        "options": dict(state.options),
        "seat": seat,
        "bot": bot,
        "seed": seed,
        "position": position,
        "part": part,
    }


def search_part(text: str) -> str:
    """The root visits (JSON) of the request's part of its bot's decision, searched in full."""
    message = json.loads(text)
    if message.get("v") != VERSION or message.get("game") not in GAMES:
        raise GameError("decision_request", detail=str(message.get("v"))[:20])
    if message["bot"] not in BOTS:
        raise GameError("decision_request", detail=str(message["bot"])[:20])
    game, seat = GAMES[message["game"]], message["seat"]
    state = decode_state(
        game, message["seats"], message["options"], message["position"], RecordedChance([]), seat
    )
    searches = parts(make_bot(message["bot"], message["seed"]).start(state, seat))
    if not 0 <= message["part"] < len(searches):
        raise GameError("decision_request", detail=str(message["part"])[:20])
    search = searches[message["part"]]
    while not search.advance(1000):
        pass
    return compact_json(search.visits())


def choice(thinking: Thinking, answers: list[str]) -> str:
    """The decision of `thinking` (a search bot's, not advanced) from its parts' answers."""
    visits: list[dict[str, int]] = [json.loads(answer) for answer in answers]
    return best_by_visits(parts(thinking)[0].legal, merged_visits(visits))


def compact_json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
