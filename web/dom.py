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
    added, taken off or scrolled out at either end leave the others as they are.

    What did not change since `parent`'s last patch is not even sent: each such child
    goes as a mark that leaves it as it is (`_difference`), so a move's redraw sends and
    walks its changes only. Should anything else have changed `parent`'s elements since
    (the page records it), the patch is refused before it changes anything and is sent
    again whole."""
    worked_out = prepare(parent, *children)
    if not send(worked_out):
        send_whole(worked_out)


class Prepared(NamedTuple):
    """A patch worked out (`prepare`) and not yet sent (`send`): the two can run in
    different browser tasks, each a part of a long one."""

    parent: Live
    nodes: list  # the children as drawn
    before: tuple[int, list] | None  # `parent`'s last patch when this was worked out
    sent: list  # what goes to the page: `nodes`, or their difference from `before`'s


def prepare(parent: Live, *children) -> Prepared:
    """Work out the patch that makes `parent`'s children what `children` describe."""
    return _prepared(parent, _nodes(children, []), _patched.get(parent.js_id))


def _prepared(parent: Live, nodes: list, before: tuple[int, list] | None) -> Prepared:
    sent = nodes if before is None else _difference(before[1], nodes)
    return Prepared(parent, nodes, before, sent)


def send(worked_out: Prepared) -> bool:
    """Send a patch from `prepare`. False, having changed nothing, when `parent` was
    patched since it was worked out, or anything else changed it (the page refuses)."""
    parent = worked_out.parent
    if _patched.get(parent.js_id) is not worked_out.before:
        return False
    base = 0 if worked_out.before is None else worked_out.before[0]
    number = _send("patch", parent, worked_out.sent, base)
    if number < 0:
        del _patched[parent.js_id]  # what the page holds is no longer known
        return False
    _remember(parent, number, worked_out.nodes)
    return True


def send_whole(worked_out: Prepared) -> None:
    """Make `parent`'s children what a patch from `prepare` describes, whatever changed
    them since."""
    nodes = worked_out.nodes
    _remember(worked_out.parent, _send("patch", worked_out.parent, nodes, 0), nodes)


def patch_part(parent: Live, node: Node) -> bool:
    """Redraw one element of what `parent` was last patched with: the one whose ``id``
    is `node`'s, the rest left as it was. False, having changed nothing, when there is no
    such last patch, it held no such element, or anything else changed `parent` since."""
    before = _patched.get(parent.js_id)
    wanted = _attribute(node, "id")
    if before is None or wanted is None:
        return False
    nodes = _with_part(before[1], wanted, node)
    return nodes is not None and send(_prepared(parent, nodes, before))


def _remember(parent: Live, number: int, nodes: list) -> None:
    _patched.pop(parent.js_id, None)  # (newest last: the oldest goes first)
    _patched[parent.js_id] = (number, nodes)
    while len(_patched) > PATCHED_KEPT:
        del _patched[next(iter(_patched))]


def replace_with(old: Live, *children) -> None:
    """Put `children` where the live element `old` is."""
    _dom_call("replaceWith", old, children)


def flattened(*children) -> list:
    """`children` as a screen is sent: nodes and text, None and False left out. Given to
    `json.dumps`, it makes the JSON the page builds elements from (see DOM_CALL)."""
    return _nodes(children, [])


def build(node: Node) -> Live:
    """The live element for `node` (for what needs one before it is shown: a dialog)."""
    return _dom_call("build", None, [node])


FORM_CONTROLS = ("input", "select", "textarea", "option")  # reused only when equal

# The JSON a screen is sent as: an element is [namespace, tag, attributes, children],
# a string is text, a number is the index of a live element passed beside it. In a
# patch, null leaves the child in its place as it is, {"key": k} the child keyed k.
# The page's function is made once (`_send`): it keeps what it needs between calls.
DOM_CALL = """
const FORM_CONTROLS = FORM_CONTROLS_JSON;
let live = [];
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
// one that changed is made anew, never reused (one that did not is left as it is).
const reusable = (element, node) =>
  element.nodeType === 1 &&
  element.namespaceURI === (node[0] || "http://www.w3.org/1999/xhtml") &&
  element.localName === node[1] &&
  !FORM_CONTROLS.includes(node[1]);
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
  if (node === null) {
    // as it was at the last patch
  } else if (typeof node === "string" && child.nodeType === 3) {
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
  if (node === null || typeof node !== "object") return null;
  if (!Array.isArray(node)) return node.key;
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
    if (!Array.isArray(node)) {
      // as it was at the last patch
    } else if (element !== undefined && reusable(element, node)) {
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
// A patched element is watched from its first patch on: a patch that leaves children as
// they were is taken only if nothing else has changed anything under the element since
// the patch it was worked out from (number `base`); else it is refused (-1) untouched.
// What happens inside a live element placed by a patch does not count: the patches
// describe it as that element only (a replay's move list, marked in place).
const watched = new WeakMap();
let patches = 0;
const watch = (target) => {
  let state = watched.get(target);
  if (state === undefined) {
    state = { number: 0, changed: false, records: [], opaque: [] };
    state.observer = new MutationObserver((records) => { state.records.push(...records); });
    state.observer.observe(target, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
    watched.set(target, state);
  }
  return state;
};
const changedSince = (state) => {
  const records = state.records.concat(state.observer.takeRecords());
  state.records = [];
  return records.some((record) => !state.opaque.some((kept) => kept.contains(record.target)));
};
const patched = (target, text, base) => {
  const state = watch(target);
  if (changedSince(state)) state.changed = true;
  if (base !== 0 && (base !== state.number || state.changed)) return -1;
  patch(target, JSON.parse(text));
  state.observer.takeRecords(); // its own changes
  state.changed = false;
  state.opaque = [...new Set([...state.opaque, ...live])].filter(
    (kept) => kept !== target && target.contains(kept),
  );
  state.number = ++patches;
  return state.number;
};
return (how, target, text, liveElements, base) => {
  live = liveElements;
  if (how === "patch") return patched(target, text, base);
  const nodes = JSON.parse(text).map(make);
  if (how === "replace") target.replaceChildren(...nodes);
  else if (how === "append") target.append(...nodes);
  else if (how === "replaceWith") target.replaceWith(...nodes);
  return nodes[0];
};
""".replace("FORM_CONTROLS_JSON", json.dumps(FORM_CONTROLS))
_caller: list = []  # made on first use: a memory snapshot keeps no JS function made here

# What each element was last patched with, by the element's identity (`js_id`): the
# number the page gave that patch, and the children sent. Screens are few; the oldest
# entry goes first.
_patched: dict[int, tuple[int, list]] = {}
PATCHED_KEPT = 8


def _dom_call(how: str, target: Live, children) -> Live:
    return _send(how, target, _nodes(children, []), 0)


def _send(how: str, target: Live, nodes: list, base: int) -> Live:
    """One call into the page: `nodes` as JSON, live elements passed beside them."""
    if not _caller:
        _caller.append(js.Function.new(DOM_CALL)())
    live: list[Live] = []

    def live_index(element: Live) -> int:
        live.append(element)
        return len(live) - 1

    text = json.dumps(nodes, ensure_ascii=False, default=live_index)
    return _caller[0](how, target, text, to_js(live), base)


def _difference(before: list, after: list) -> list:
    """`after` as sent to a patch of children that `before` describes: a child equal to
    the one it will be patched onto goes as a mark (None, or {"key": its key} where the
    children are matched by key), one whose element is kept goes with its own difference,
    any other whole. (The page keeps form controls only when equal: see DOM_CALL.)"""
    if not _keyed(after):
        if not _live_in_place(before, after):
            return after  # a live element moved in or out shifts the places of the rest
        return [
            _against(before[index], node) if index < len(before) else node
            for index, node in enumerate(after)
        ]
    by_key: dict[str | None, Any] = {}
    for node in before:
        key = _key_of(node)
        if key is not None and key not in by_key:
            by_key[key] = node
    sent = []
    for node in after:
        key = _key_of(node)
        earlier = by_key.get(key)
        sent.append({"key": key} if earlier == node else _against(earlier, node))
    return sent


def _against(earlier: Any, node: Any) -> Any:
    """`node` as patched onto what `earlier` made: see `_difference`."""
    if earlier == node:
        return None
    if (
        type(node) is Node
        and type(earlier) is Node
        and node.namespace == earlier.namespace
        and node.tag == earlier.tag
        and node.tag not in FORM_CONTROLS
    ):
        return [
            node.namespace,
            node.tag,
            node.attributes,
            _difference(earlier.children, node.children),
        ]
    return node


def _live_in_place(before: list, after: list) -> bool:
    """Whether the live elements among `before` and `after` (if any) are the very same
    ones at the same places, so that the other children still match by place (a replay's
    move list beside its study: the study is patched, not sent whole, on every step)."""
    for index in range(max(len(before), len(after))):
        earlier: Any = before[index] if index < len(before) else None
        node: Any = after[index] if index < len(after) else None
        live = (_is_live(earlier), _is_live(node))
        if any(live) and not (all(live) and earlier.js_id == node.js_id):
            return False
    return True


def _is_live(node: Any) -> bool:
    return node is not None and type(node) is not Node and type(node) is not str


def _key_of(node: Any) -> str | None:
    return _attribute(node, "data-key")


def _attribute(node: Any, name: str) -> str | None:
    """The value of attribute `name` of an element to make, or None."""
    if type(node) is not Node:
        return None
    attributes = node.attributes
    for index in range(0, len(attributes), 2):
        if attributes[index] == name:
            return attributes[index + 1]
    return None


def _keyed(nodes: list) -> bool:
    """Whether the page matches these children by key (as DOM_CALL's `keyed` tells)."""
    if not nodes or _key_of(nodes[0]) is None:
        return False
    keys = [_key_of(node) for node in nodes]
    return None not in keys and len(set(keys)) == len(keys)


def _with_part(nodes: list, wanted: str, part: Node) -> list | None:
    """`nodes` with the element whose id is `wanted` swapped for `part` (the elements
    above it copied, the rest shared), or None if there is none. Breadth first: the
    parts redrawn this way (a status line) sit near the top."""
    level: list[tuple[list, list[int]]] = [(nodes, [])]
    while level:
        deeper = []
        for children, path in level:
            for index, node in enumerate(children):
                if type(node) is not Node:
                    continue
                if _attribute(node, "id") == wanted:
                    return _replaced_at(nodes, [*path, index], part)
                deeper.append((node.children, [*path, index]))
        level = deeper
    return None


def _replaced_at(nodes: list, path: list[int], part: Node) -> list:
    copy = list(nodes)
    if len(path) == 1:
        copy[path[0]] = part
    else:
        node = copy[path[0]]
        copy[path[0]] = node._replace(children=_replaced_at(node.children, path[1:], part))
    return copy


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


def nothing_focused() -> bool:
    """The focus is nowhere (on the page's body): the element that had it was redrawn
    away with nothing to take its place."""
    active = nullable(js.document.activeElement)
    return active is None or active == js.document.body


def focus_free_for(root) -> bool:
    """The focus is nowhere, or inside `root`: nothing else (a link to send, a dialog)
    has taken it, so `root` may place it."""
    return nothing_focused() or bool(root.contains(js.document.activeElement))


def focus(selector: str, root=None) -> bool:
    """Focus the first element matching `selector`; False if there is none."""
    target = query(selector, root)
    if target is not None:
        target.focus()
    return target is not None


def lobby_button() -> Element:
    """The bar's way back to the lobby (play and replay screens)."""
    from web.i18n import t

    attrs = {"type": "button", "class": "secondary", "data-act": "lobby", "data-focus": "lobby"}
    return h("button", attrs, t("play.lobby"))
