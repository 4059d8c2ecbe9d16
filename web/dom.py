"""Safe element builders: every piece of text becomes a text node, never HTML.

Text that came from a link or from storage may hold anything, so nothing in
web/ ever assigns innerHTML; build elements with `h()` / `svg()` instead.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, TypeAlias

import js
from pyodide.ffi import jsnull, to_js

# A live DOM object as Python sees it: a Pyodide proxy of a JS object, untyped here.
Live: TypeAlias = Any

SVG_NS = "http://www.w3.org/2000/svg"
document = js.document


class Node(NamedTuple):
    """An element still to be made: what `h` and `svg` return. A whole screen of them
    becomes DOM in one call into JS (`replace`, `append`, `build`), which costs a
    fraction of one call per element on a phone. Strings in `children` become text
    nodes, never HTML; a live element may be a child too (it is moved, not copied)."""

    namespace: str | None
    tag: str
    attributes: list[str]  # name, value, name, value, ...
    children: list[Node | str | Live]


# What the builders take as children: nodes, text, numbers (as text), live elements,
# and lists of them; None and False are left out.
Element: TypeAlias = Node


def h(tag: str, attrs: dict | None = None, *children) -> Node:
    """An HTML element with attributes and children (strings become text nodes)."""
    return Node(None, tag, _attributes(attrs), _nodes(children, []))


def svg(tag: str, attrs: dict | None = None, *children) -> Node:
    """An SVG element (same rules as `h`)."""
    return Node(SVG_NS, tag, _attributes(attrs), _nodes(children, []))


def append(parent: Live, *children) -> None:
    _dom_call("append", parent, children)


def replace(parent: Live, *children) -> None:
    """Swap all of `parent`'s children for `children`."""
    _dom_call("replace", parent, children)


def patch(parent: Live, *children) -> None:
    """Make `parent`'s children what `children` describe, changing only what differs:
    an element of the same tag keeps its place and takes the new attributes, text and
    children; anything else is made anew. The browser then restyles and lays out only
    what changed, where a `replace` of a whole screen redoes all of it (a long task on a
    phone), and the element with focus keeps it when it is still there. Children that all
    carry a ``data-key`` (each its own: a log's lines) are matched by key, so that lines
    added, taken off or scrolled out at either end leave the others as they are."""
    _dom_call("patch", parent, children)


def replace_with(old: Live, *children) -> None:
    """Put `children` where the live element `old` is."""
    _dom_call("replaceWith", old, children)


def build(node: Node) -> Live:
    """The live element for `node` (for what needs one before it is shown: a dialog)."""
    return _dom_call("build", None, [node])


# The JSON a screen is sent as: an element is [namespace, tag, attributes, children],
# a string is text, a number is the index of a live element passed beside it.
DOM_CALL = """
const make = (node) => {
  if (typeof node === "string") return node;
  if (typeof node === "number") return live[node];
  const [namespace, tag, attributes, children] = node;
  const element = namespace
    ? document.createElementNS(namespace, tag)
    : document.createElement(tag);
  for (let i = 0; i < attributes.length; i += 2) {
    element.setAttribute(attributes[i], attributes[i + 1]);
  }
  element.append(...children.map(make));
  return element;
};
// Form controls keep state that no attribute shows (a value typed, an option picked):
// they are made anew, never reused.
const reusable = (element, node) =>
  element.nodeType === 1 &&
  element.namespaceURI === (node[0] || "http://www.w3.org/1999/xhtml") &&
  element.localName === node[1] &&
  !["input", "select", "textarea", "option"].includes(node[1]);
const patchAttributes = (element, attributes) => {
  const wanted = new Map();
  for (let i = 0; i < attributes.length; i += 2) wanted.set(attributes[i], attributes[i + 1]);
  for (const name of element.getAttributeNames()) {
    if (!wanted.has(name)) element.removeAttribute(name);
  }
  for (const [name, value] of wanted) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
};
const patchChild = (parent, child, node) => {
  if (typeof node === "string" && child.nodeType === 3) {
    if (child.data !== node) child.data = node;
  } else if (typeof node === "number" && child === live[node]) {
    // the very element: nothing to do
  } else if (typeof node === "object" && reusable(child, node)) {
    patchAttributes(child, node[2]);
    patch(child, node[3]);
  } else {
    const made = make(node);
    parent.replaceChild(typeof made === "string" ? document.createTextNode(made) : made, child);
  }
};
// Children that all carry a data-key, each its own (a log's lines), are matched by key:
// lines added or taken off at either end leave the others as they are, where matched by
// place every line would take its neighbour's text.
const keyOf = (node) => {
  if (typeof node !== "object") return null;
  const attributes = node[2];
  for (let i = 0; i < attributes.length; i += 2) {
    if (attributes[i] === "data-key") return attributes[i + 1];
  }
  return null;
};
const keyed = (nodes) => {
  if (nodes.length === 0 || keyOf(nodes[0]) === null) return false; // most lists: at once
  const keys = nodes.map(keyOf);
  return !keys.includes(null) && new Set(keys).size === keys.length;
};
const patchKeyed = (parent, nodes) => {
  const wanted = new Set(nodes.map(keyOf));
  const byKey = new Map();
  for (const child of [...parent.childNodes]) {
    const key = child.nodeType === 1 ? child.getAttribute("data-key") : null;
    if (key === null || !wanted.has(key) || byKey.has(key)) child.remove();
    else byKey.set(key, child);
  }
  let next = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    let element = byKey.get(keyOf(node));
    if (element !== undefined && reusable(element, node)) {
      patchAttributes(element, node[2]);
      patch(element, node[3]);
    } else {
      if (element !== undefined) element.remove();
      element = make(node);
    }
    if (element.parentNode !== parent || element.nextSibling !== next) {
      parent.insertBefore(element, next);
    }
    next = element;
  }
};
const patch = (parent, nodes) => {
  if (keyed(nodes)) {
    patchKeyed(parent, nodes);
    return;
  }
  let child = parent.firstChild;
  for (const node of nodes) {
    if (child === null) {
      parent.append(make(node));
      continue;
    }
    const next = child.nextSibling;
    patchChild(parent, child, node);
    child = typeof node === "number" ? live[node].nextSibling : next;
  }
  while (child !== null) {
    const next = child.nextSibling;
    child.remove();
    child = next;
  }
};
if (how === "patch") {
  patch(target, JSON.parse(text));
  return null;
}
const nodes = JSON.parse(text).map(make);
if (how === "replace") target.replaceChildren(...nodes);
else if (how === "append") target.append(...nodes);
else if (how === "replaceWith") target.replaceWith(...nodes);
return nodes[0];
"""
_caller: list = []  # made on first use: a memory snapshot keeps no JS function made here


def _dom_call(how: str, target: Live, children) -> Live:
    if not _caller:
        _caller.append(js.Function.new("how", "target", "text", "live", DOM_CALL))
    live: list[Live] = []

    def live_index(element: Live) -> int:
        live.append(element)
        return len(live) - 1

    text = json.dumps(_nodes(children, []), ensure_ascii=False, default=live_index)
    return _caller[0](how, target, text, to_js(live))


def text_of(child: Node | str | Live) -> str:
    """The text a child would show (its text nodes joined), as textContent gives it."""
    if isinstance(child, str):
        return child
    if isinstance(child, Node):
        return "".join(text_of(grandchild) for grandchild in child.children)
    return str(child.textContent)


def _attributes(attrs: dict | None) -> list[str]:
    """[name, value, ...]: None and False leave an attribute out, True sets it empty."""
    flat: list[str] = []
    if attrs:
        for name, value in attrs.items():
            if value is None or value is False:
                continue
            flat.append(name)
            flat.append("" if value is True else value if type(value) is str else str(value))
    return flat


def _nodes(children, into: list) -> list:
    """`children` flattened into `into`: None and False dropped, numbers as text. (Every
    element of every screen passes here: the commonest kinds are tested first, by type.)"""
    for child in children:
        kind = type(child)
        if kind is Node or kind is str:
            into.append(child)
        elif kind is list or kind is tuple:
            _nodes(child, into)
        elif child is None or child is False:
            continue
        elif isinstance(child, int | float):
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
