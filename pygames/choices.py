"""A seat's legal actions offered one pick at a time: the UI's side of `State.picks`.

A view's ``choices`` holds the prompt and, for each legal action, the picks
that make it, e.g. ``{"action": "XSSX@4", "picks": [["card", "XSSX"], ["cell", "4"]]}``.
A board keeps the picks made so far and asks these functions what may come
next and whether an action is complete, so it never parses action strings.
"""

from __future__ import annotations

from pygames.views import ChoiceOption, Choices

Pick = tuple[str, str]


def _options(choices: Choices | None) -> list[ChoiceOption]:
    return [] if choices is None else choices["options"]


def _starts_with(option: ChoiceOption, chosen: list[Pick]) -> bool:
    picks = option["picks"]
    return len(picks) >= len(chosen) and all(
        picks[i][0] == kind and picks[i][1] == value for i, (kind, value) in enumerate(chosen)
    )


def next_picks(choices: Choices | None, chosen: list[Pick]) -> dict[str, list[str]]:
    """The values each kind of next pick may take after `chosen`, e.g. {"cell": ["1", "4"]}."""
    found: dict[str, list[str]] = {}
    for option in _options(choices):
        if _starts_with(option, chosen) and len(option["picks"]) > len(chosen):
            kind, value = option["picks"][len(chosen)]
            values = found.setdefault(kind, [])
            if value not in values:
                values.append(value)
    return found


def action_for(choices: Choices | None, chosen: list[Pick]) -> str | None:
    """The action made by exactly these picks, or None if they are not a whole action."""
    for option in _options(choices):
        if len(option["picks"]) == len(chosen) and _starts_with(option, chosen):
            return option["action"]
    return None


def picks_of(choices: Choices | None, action: str) -> list[Pick] | None:
    """The picks that make `action`, or None if it is not one of the choices."""
    for option in _options(choices):
        if option["action"] == action:
            return [(kind, value) for kind, value in option["picks"]]
    return None


def still_possible(choices: Choices | None, chosen: list[Pick]) -> bool:
    """True if some legal action begins with these picks (a stale selection is not)."""
    return any(_starts_with(option, chosen) for option in _options(choices))
