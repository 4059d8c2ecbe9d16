"""Safe element builders: every piece of text becomes a text node, never HTML.

Text that came from a link or from storage may hold anything, so nothing in
web/ ever assigns innerHTML; build elements with `h()` / `svg()` instead.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import js
from pyodide.ffi import jsnull

# A DOM element as Python sees it: a Pyodide proxy of a JS object, untyped on this side.
Element: TypeAlias = Any

SVG_NS = "http://www.w3.org/2000/svg"
document = js.document


def h(tag: str, attrs: dict | None = None, *children) -> Element:
    """An HTML element with attributes and children (strings become text nodes)."""
    return _build(document.createElement(tag), attrs, children)


def svg(tag: str, attrs: dict | None = None, *children) -> Element:
    """An SVG element (same rules as `h`)."""
    return _build(document.createElementNS(SVG_NS, tag), attrs, children)


def _build(element, attrs: dict | None, children) -> Element:
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        element.setAttribute(name, "" if value is True else str(value))
    append(element, *children)
    return element


def append(parent, *children) -> None:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, list | tuple):
            append(parent, *child)
        elif isinstance(child, str | int | float):
            parent.appendChild(document.createTextNode(str(child)))
        else:
            parent.appendChild(child)


def replace(parent, *children) -> None:
    """Swap all of `parent`'s children for `children`."""
    parent.replaceChildren()
    append(parent, *children)


def nullable(value):
    """JS null arrives in Python as `jsnull`, not None: turn it into None."""
    return None if value is None or value is jsnull else value


def by_id(element_id: str):
    return nullable(document.getElementById(element_id))


def query(selector: str, root=None):
    """The first element matching `selector` under `root` (the document), or None."""
    return nullable((root or document).querySelector(selector))


def closest(element, selector: str):
    """The nearest ancestor-or-self matching `selector`, or None (also for non-elements)."""
    if element is None or not hasattr(element, "closest"):
        return None
    return nullable(element.closest(selector))


def set_text(element, text: str) -> None:
    element.textContent = text


def move_roving_focus(items: list, index: int) -> None:
    """Arrow-key focus within a group: only `items[index]` stays in the Tab order."""
    for item in items:
        item.setAttribute("tabindex", "-1")
    items[index].setAttribute("tabindex", "0")
    items[index].focus()


def focus(selector: str, root=None) -> None:
    """Focus the first element matching `selector`, if there is one."""
    target = query(selector, root)
    if target is not None:
        target.focus()


def lobby_button() -> Element:
    """The bar's way back to the lobby (play and replay screens)."""
    from web.i18n import t

    attrs = {"type": "button", "class": "secondary", "data-act": "lobby", "data-focus": "lobby"}
    return h("button", attrs, t("play.lobby"))
