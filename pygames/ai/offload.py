"""A computer's decision as a message: what a Web Worker (or any other process) needs
to decide for one seat, and nothing that seat may not know.

The page sends a `DecisionRequest` (JSON) and gets an action back; the worker calls
`decide`. The request holds the seat's masked state (`pygames.position`, every
unseen item ``?``), the bot's name and the decision's seed, so the answer is the
one the same bot would give on the page itself (`make_bot(bot, seed).start(state,
seat)` masks the state first, and a masked state masks to itself), and the
process that searches never holds a hidden card.
"""

import json
from typing import TypedDict

from pygames import GAMES
from pygames.bots import BOTS, make_bot
from pygames.core import GameError, RecordedChance, State
from pygames.position import decode_state, encode_state

VERSION = 1


class DecisionRequest(TypedDict):
    v: int
    game: str
    seats: int
    options: dict[str, str]
    seat: int
    bot: str
    seed: int
    position: str  # the seat's masked state, position format (docs/positions.md)


def request(state: State, seat: int, bot: str, seed: int) -> str:
    message: DecisionRequest = {
        "v": VERSION,
        "game": state.game.id,
        "seats": state.num_seats,
        "options": dict(state.options),
        "seat": seat,
        "bot": bot,
        "seed": seed,
        "position": encode_state(state.masked(seat)),
    }
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decide(text: str) -> str:
    """The action the request's bot chooses for its seat, searching in full."""
    message = json.loads(text)
    if message.get("v") != VERSION or message.get("game") not in GAMES:
        raise GameError("decision_request", detail=str(message.get("v"))[:20])
    if message["bot"] not in BOTS:
        raise GameError("decision_request", detail=str(message["bot"])[:20])
    game, seat = GAMES[message["game"]], message["seat"]
    state = decode_state(
        game, message["seats"], message["options"], message["position"], RecordedChance([]), seat
    )
    return make_bot(message["bot"], message["seed"]).choose(state, seat)
