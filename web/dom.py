"""Safe element builders: every piece of text becomes a text node, never HTML.

Text that came from a link or from storage may hold anything, so nothing in
web/ ever assigns innerHTML; build elements with `h()` / `svg()` instead.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import js
from pyodide.ffi import jsnull, to_js

# A DOM element as Python sees it: a Pyodide proxy of a JS object, untyped on this side.
Element: TypeAlias = Any

SVG_NS = "http://www.w3.org/2000/svg"
document = js.document


def h(tag: str, attrs: dict | None = None, *children) -> Element:
    """An HTML element with attributes and children (strings become text nodes)."""
    return _make()(None, tag, to_js(_attributes(attrs)), to_js(_nodes(children, [])))


def svg(tag: str, attrs: dict | None = None, *children) -> Element:
    """An SVG element (same rules as `h`)."""
    return _make()(SVG_NS, tag, to_js(_attributes(attrs)), to_js(_nodes(children, [])))


def append(parent, *children) -> None:
    parent.append(*_nodes(children, []))


def replace(parent, *children) -> None:
    """Swap all of `parent`'s children for `children`."""
    parent.replaceChildren(*_nodes(children, []))


# One call into JS per element, not one per attribute and child: a board redraw makes
# hundreds of elements, and each call from Python into a DOM method costs more than
# the JS it runs. `append` makes a text node of a string (never HTML).
MAKE_ELEMENT = """
const element = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
for (let i = 0; i < attributes.length; i += 2) {
  element.setAttribute(attributes[i], attributes[i + 1]);
}
element.append(...children);
return element;
"""
_maker: list = []  # made on first use: a memory snapshot keeps no JS function made here


def _make():
    if not _maker:
        _maker.append(js.Function.new("namespace", "tag", "attributes", "children", MAKE_ELEMENT))
    return _maker[0]


def _attributes(attrs: dict | None) -> list[str]:
    """[name, value, ...]: None and False leave an attribute out, True sets it empty."""
    flat: list[str] = []
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        flat += (name, "" if value is True else str(value))
    return flat


def _nodes(children, into: list) -> list:
    """`children` flattened into `into`: None and False dropped, numbers as text."""
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, list | tuple):
            _nodes(child, into)
        elif isinstance(child, str | int | float):
            into.append(str(child))
        else:
            into.append(child)
    return into


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
