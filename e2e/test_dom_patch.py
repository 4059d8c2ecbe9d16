"""The play screen is redrawn by patching (web/dom.py `patch`): the page must end up
exactly as a redraw from nothing would make it, keeping the elements that did not change."""

from __future__ import annotations

import json

from conftest import run_python, settle
from playwright.sync_api import Page
from test_fools_play import new_link, open_link, play_a_step

# In the page's Python: every node under a root (kind, tag, namespace, attributes, text;
# innerHTML alone would not tell two text nodes from one), and a mark on every element
# to count those still there later.
NODES = """
import js
SHAPE = js.Function.new("root", '''
  const shape = (node) => node.nodeType === 3 ? ["#text", node.data]
    : [node.namespaceURI, node.localName,
       node.getAttributeNames().sort().map((name) => [name, node.getAttribute(name)]),
       Array.from(node.childNodes).map(shape)];
  return JSON.stringify(Array.from(root.childNodes).map(shape));
''')
MARK = js.Function.new("root", "root.querySelectorAll('*').forEach((e) => { e.__old = true; })")
KEPT = js.Function.new(
    "root", "return Array.from(root.querySelectorAll('*')).filter((e) => e.__old).length"
)
"""

# Random trees of elements to draw (in the page's Python).
TREES = """
import json, random
import js
from web import dom
from web.dom import h, svg

rng = random.Random(21)


def tree(depth):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(["", "a", "b", "words"])
    tag = rng.choice(["div", "span", "p", "button", "input", "g"])
    names = ["class", "data-x", "aria-label", "hidden"]
    names = rng.sample(names, rng.randint(0, 3))
    attrs = {name: rng.choice(["1", "2", True]) for name in names}
    if tag == "input":
        return h("input", attrs)
    children = [tree(depth - 1) for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.3:  # children keyed, each its own key: matched by key
        keys = rng.sample(range(6), len(children))
        children = [keyed(child, key) for child, key in zip(children, keys)]
    return svg("g", attrs, *children) if tag == "g" else h(tag, attrs, *children)


def keyed(child, key):
    if isinstance(child, str):
        return h("span", {"data-key": str(key)}, child)
    return child._replace(attributes=[*child.attributes, "data-key", str(key)])


def forest():
    return [tree(3) for _ in range(rng.randint(0, 4))]


# `nodes` with the live element put in at a random place, half the time.
def with_live(nodes, live):
    if rng.random() < 0.5:
        nodes.insert(rng.randint(0, len(nodes)), live)
    return nodes
"""

# Random trees, each drawn first, then patched into another, beside the same other tree
# drawn from nothing, every node compared.
RANDOM_TREES = (
    NODES
    + TREES
    + """

patched, fresh = js.document.createElement("div"), js.document.createElement("div")
js.document.body.append(patched)
differ = kept = lost = moved = 0
for trial in range(400):
    # A live element (one the page already holds) is moved into place, never copied.
    live = dom.build(h("em", {"class": "live"}, "live"))
    later = with_live(forest(), live)
    dom.replace(patched, *with_live(forest(), live))
    MARK(patched)
    dom.patch(patched, *later)
    if any(node is live for node in later):
        moved += 1
        lost += live.parentNode != patched
    twin = live.cloneNode(True)
    dom.replace(fresh, *[twin if node is live else node for node in later])
    differ += SHAPE(patched) != SHAPE(fresh)
    kept += KEPT(patched)
patched.remove()
json.dumps({"differ": differ, "kept": kept, "lost": lost, "moved": moved})
"""
)


def test_a_patch_makes_what_a_drawing_from_nothing_makes(ready_page: Page) -> None:
    result = json.loads(run_python(ready_page, RANDOM_TREES))
    assert result["differ"] == 0, result
    assert result["lost"] == 0, result  # a live element was copied, not moved
    assert result["kept"] > 0  # elements were reused, or nothing was patched
    assert result["moved"] > 0


# Trees patched one after another, each a little changed from the one before (most of
# it equal, so sent as marks), now and then with an element changed behind the patches'
# back in between (a patch worked out from the last one must then be refused and sent
# whole): after every patch, the element is compared with the same tree drawn from
# nothing, and a patch of an equal tree must keep every element.
PATCHES_IN_A_ROW = (
    NODES
    + TREES
    + """
def varied(node):
    if isinstance(node, str):
        return node if rng.random() < 0.8 else rng.choice(["", "a", "c", "other words"])
    if rng.random() < 0.6:
        return node
    attributes = list(node.attributes)
    if attributes and rng.random() < 0.5:
        attributes[-1] = attributes[-1] + "!"
    children = [varied(child) for child in node.children]
    keys = [dom._key_of(child) for child in children]
    if children and rng.random() < 0.3:
        del children[rng.randrange(len(children))]
    if rng.random() < 0.3:
        fresh_key = str(100 + rng.randrange(100))
        child = tree(2)
        if keys and None not in keys and fresh_key not in keys:
            child = keyed(child, fresh_key)
        children.insert(rng.randint(0, len(children)), child)
    if children and rng.random() < 0.2:
        rng.shuffle(children)
    return node._replace(attributes=attributes, children=children)


sent = {"marks": 0, "refused": 0, "patches": 0}
send = dom._send


def counting_send(how, target, nodes, base):
    number = send(how, target, nodes, base)
    if how == "patch":
        sent["patches"] += 1
        sent["marks"] += json.dumps(nodes, default=str).count("null")
        sent["refused"] += number < 0
    return number


dom._send = counting_send
OUTSIDE = js.Function.new("root", "pick", '''
  const elements = root.querySelectorAll("*");
  if (elements.length === 0) { root.append("outside"); return; }
  const element = elements[Math.floor(pick * elements.length)];
  if (pick < 0.5) element.setAttribute("data-outside", "1"); else element.remove();
''')
ELEMENTS = js.Function.new("root", "return root.querySelectorAll('*').length")
patched, fresh = js.document.createElement("div"), js.document.createElement("div")
js.document.body.append(patched)
differ = outside = unkept = equal = 0
dom.patch(patched)  # from here on, each patch can be worked out from the one before
try:
    for chain in range(60):
        nodes = forest()
        for step in range(6):
            touched = rng.random() < 0.15
            if touched:
                OUTSIDE(patched, rng.random())
                outside += 1
            later = [varied(node) for node in nodes]
            if rng.random() < 0.2:
                later.insert(rng.randint(0, len(later)), tree(3))
            MARK(patched)
            dom.patch(patched, *later)
            dom.replace(fresh, *later)
            differ += SHAPE(patched) != SHAPE(fresh)
            if later == nodes and step > 0 and not touched:
                equal += 1
                unkept += KEPT(patched) != ELEMENTS(patched)
            nodes = later
finally:
    dom._send = send
    patched.remove()
json.dumps({**sent, "differ": differ, "outside": outside, "unkept": unkept, "equal": equal})
"""
)


def test_patches_in_a_row_send_what_changed_and_make_what_a_drawing_from_nothing_makes(
    ready_page: Page,
) -> None:
    result = json.loads(run_python(ready_page, PATCHES_IN_A_ROW))
    assert result["differ"] == 0, result
    assert result["marks"] > 100, result  # parts left as they were went as marks
    assert result["equal"] > 0 and result["unkept"] == 0, result  # equal: nothing made anew
    # each change made behind the patches' back had the next patch refused and sent whole
    assert result["outside"] > 0 and result["refused"] == result["outside"], result


# An input whose description did not change is left as it is, with what the person typed;
# one that changed is made anew, showing the value it is given.
FORM_CONTROLS = """
import json
import js
from web import dom
from web.dom import h

root = js.document.createElement("div")
js.document.body.append(root)


def form(value, label):
    return [h("label", {}, label), h("input", {"id": "typed", "value": value})]


dom.patch(root, *form("a", "first"))
js.document.getElementById("typed").value = "typed by hand"
dom.patch(root, *form("a", "second"))
kept = str(js.document.getElementById("typed").value)
dom.patch(root, *form("b", "second"))
remade = str(js.document.getElementById("typed").value)
root.remove()
json.dumps([kept, remade])
"""


def test_an_unchanged_input_keeps_what_was_typed_and_a_changed_one_is_made_anew(
    ready_page: Page,
) -> None:
    assert json.loads(run_python(ready_page, FORM_CONTROLS)) == ["typed by hand", "b"]


# One element redrawn by `patch_part` (the status line while a computer thinks): the rest
# left alone, and the next patch still worked out from it; after a change behind its back
# it refuses and changes nothing.
PART = (
    NODES
    + """
import json
import js
from web import dom
from web.dom import h

root = js.document.createElement("div")
js.document.body.append(root)


def screen(status, board):
    return h("div", {}, h("p", {"id": "status"}, status), h("div", {"id": "board"}, board))


refused = []
send = dom._send


def counting_send(how, target, nodes, base):
    number = send(how, target, nodes, base)
    refused.append(number < 0)
    return number


dom._send = counting_send
try:
    dom.patch(root, screen("your move", "3 cards"))
    MARK(root)
    redrawn = dom.patch_part(root, h("p", {"id": "status"}, "thinking"))
    after_part = SHAPE(root)
    dom.patch(root, screen("thinking", "2 cards"))
    after_next = SHAPE(root)
    kept = KEPT(root)
    root.querySelector("#board").setAttribute("data-outside", "1")
    refused_part = dom.patch_part(root, h("p", {"id": "status"}, "again"))
    unchanged = str(root.querySelector("#status").textContent)
finally:
    dom._send = send
fresh = js.document.createElement("div")
dom.replace(fresh, screen("thinking", "3 cards"))
expected_part = SHAPE(fresh)
dom.replace(fresh, screen("thinking", "2 cards"))
expected_next = SHAPE(fresh)
root.remove()
json.dumps({
    "redrawn": redrawn, "part": after_part == expected_part, "next": after_next == expected_next,
    "kept": kept, "refused": refused, "refused_part": refused_part, "unchanged": unchanged,
})
"""
)


def test_one_part_redrawn_then_the_next_patch_goes_on_from_it(ready_page: Page) -> None:
    result = json.loads(run_python(ready_page, PART))
    assert result["redrawn"] and result["part"] and result["next"], result
    assert result["kept"] == 3, result  # the same three elements throughout
    # the first patch whole, the part and the next patch taken; the last part refused
    assert result["refused"] == [False, False, False, True], result
    assert result["refused_part"] is False and result["unchanged"] == "thinking", result


# A patch worked out in one task and sent in a later one (a computer's move on the play
# screen): sent only if nothing patched or changed the element in between.
LATER = """
import json
import js
from web import dom
from web.dom import h

root = js.document.createElement("div")
js.document.body.append(root)
text = lambda: str(root.textContent)
dom.patch(root, h("p", {}, "first"))
older = dom.prepare(root, h("p", {}, "older"))
dom.patch(root, h("p", {}, "newer"))
after_newer = [dom.send(older), text()]
worked_out = dom.prepare(root, h("p", {}, "next"))
in_time = [dom.send(worked_out), text()]
worked_out = dom.prepare(root, h("p", {}, "late"))
root.querySelector("p").setAttribute("data-outside", "1")
changed_beside = [dom.send(worked_out), text()]
dom.patch(root, h("p", {}, "again"))
again = [text(), root.querySelector("p").hasAttribute("data-outside")]
root.remove()
json.dumps({"after_newer": after_newer, "in_time": in_time,
            "changed_beside": changed_beside, "again": again})
"""


def test_a_patch_worked_out_before_another_change_is_refused_untouched(
    ready_page: Page,
) -> None:
    result = json.loads(run_python(ready_page, LATER))
    assert result["after_newer"] == [False, "newer"], result  # the newer stays
    assert result["in_time"] == [True, "next"], result
    assert result["changed_beside"] == [False, "next"], result
    assert result["again"] == ["again", False], result  # the next patch made it whole


# A live element placed by a patch is described as that element only: what changes inside
# it (a replay's move list marking its current move) leaves the next patch worked out from
# the last, while a change beside it still has the next patch refused.
INSIDE_LIVE = """
import json
import js
from web import dom
from web.dom import h

root = js.document.createElement("div")
js.document.body.append(root)
moves = dom.build(h("ol", {}, h("li", {}, "1"), h("li", {}, "2")))
refused = []
send = dom._send


def counting_send(how, target, nodes, base):
    number = send(how, target, nodes, base)
    if how == "patch":
        refused.append(number < 0)
    return number


dom._send = counting_send
try:
    dom.patch(root, h("p", {}, "step 1"), h("div", {"class": "side"}, moves))
    moves.lastChild.classList.add("current")
    moves.append(dom.build(h("li", {}, "3")))
    dom.patch(root, h("p", {}, "step 2"), h("div", {"class": "side"}, moves))
    root.querySelector("p").setAttribute("data-outside", "1")
    dom.patch(root, h("p", {}, "step 3"), h("div", {"class": "side"}, moves))
finally:
    dom._send = send
shown = [str(root.querySelector("p").textContent), int(moves.children.length)]
marked = str(moves.children[1].className)
outside = root.querySelector("p").hasAttribute("data-outside")
root.remove()
json.dumps({"refused": refused, "shown": shown, "marked": marked, "outside": outside})
"""


def test_what_changes_inside_a_live_element_leaves_the_next_patch_a_difference(
    ready_page: Page,
) -> None:
    result = json.loads(run_python(ready_page, INSIDE_LIVE))
    # the first whole; the second taken; the third refused, then sent whole
    assert result["refused"] == [False, False, True, False], result
    assert result["shown"] == ["step 3", 3] and result["marked"] == "current", result
    assert result["outside"] is False, result  # the change beside it was undone


# A live element left in its place (a replay's move list) leaves its siblings patched by
# their differences: a large part beside it that did not change (the study's graph) goes
# as a mark, not whole, on every step. Moved to another place, the children go whole.
BESIDE_LIVE = """
import json
import js
from web import dom
from web.dom import h

root = js.document.createElement("div")
js.document.body.append(root)
moves = dom.build(h("ol", {}, h("li", {}, "1")))
points = h("div", {}, [h("span", {}, str(n)) for n in range(200)])
sides = []
send = dom._send


def side_of(nodes):
    return nodes[1][3] if isinstance(nodes[1], list) else "whole"


def watching_send(how, target, nodes, base):
    if how == "patch":
        sides.append(side_of(nodes))
    return send(how, target, nodes, base)


def graph(step):
    return h("section", {"id": "graph", "data-step": step}, points)


def draw(step, *side):
    dom.patch(root, h("p", {}, f"step {step}"), h("div", {"class": "side"}, *side))


dom._send = watching_send
try:
    draw(1, graph(1), moves)
    kept = root.querySelector("#graph")
    draw(2, graph(2), moves)
    second = sides[-1]
    in_place = [second[0][3] == [None], second[1] is None or second[1].js_id == moves.js_id]
    same = root.querySelector("#graph").js_id == kept.js_id
    draw(3, moves, graph(3))
    first = root.querySelector(".side").firstChild
    moved = [first.js_id == moves.js_id, type(sides[-1][1]).__name__]
finally:
    dom._send = send
shown = str(root.querySelector("p").textContent)
root.remove()
json.dumps({"in_place": in_place, "same": bool(same), "moved": moved, "shown": shown})
"""


def test_a_live_element_left_in_place_leaves_its_siblings_patched_by_difference(
    ready_page: Page,
) -> None:
    result = json.loads(run_python(ready_page, BESIDE_LIVE))
    assert result["in_place"] == [True, True], result  # the points went as a mark
    assert result["same"], result
    assert result["moved"] == [True, "Node"], result  # moved first: the graph went whole
    assert result["shown"] == "step 3", result


# A log, newest on top, each line keyed by its entry, patched after two moves, after an
# undo, into other lines, and with its oldest lines left out: how many of the items
# shown before are still there, and how many of those now say something else (an item
# that took its neighbour's text).
KEYED = """
import json
import js
from web import dom
from web.dom import h

KEEP_TEXT = js.Function.new(
    "root", "root.querySelectorAll('li').forEach((e) => { e.__was = e.textContent; })"
)
COUNT = js.Function.new("root", '''
  const items = Array.from(root.querySelectorAll('li')).filter((e) => e.__was !== undefined);
  return JSON.stringify([items.length, items.filter((e) => e.__was !== e.textContent).length]);
''')


def log(lines, left_out=0):
    items = [h("li", {"data-key": str(n)}, line) for n, line in enumerate(lines)]
    return h("ol", {}, list(reversed(items[left_out:])))


root = js.document.createElement("div")
found = []
for before, after, left_out in [
    ("abc", "abcde", 0),
    ("abcde", "abc", 0),
    ("abc", "xyz", 0),
    ("abcde", "abcdef", 3),
]:
    dom.replace(root, log(before))
    KEEP_TEXT(root)
    dom.patch(root, log(after, left_out))
    shown = "".join(str(li.textContent) for li in root.querySelectorAll("li"))
    found.append([*json.loads(COUNT(root)), shown])
json.dumps(found)
"""


def test_keyed_lines_keep_the_items_they_show(ready_page: Page) -> None:
    two_moves, undone, another, oldest_left_out = json.loads(run_python(ready_page, KEYED))
    assert two_moves == [3, 0, "edcba"]  # every item kept as it was: two new ones made
    assert undone == [3, 0, "cba"]  # the two newest taken off the top
    assert another == [3, 3, "zyx"]  # other items: each reused with its new text
    assert oldest_left_out == [2, 0, "fed"]  # one new on top, three taken off the end


# Every patch the page makes from now on is checked against the same nodes drawn from
# nothing into a detached element.
CHECK_EVERY_PATCH = (
    NODES
    + """
from web import dom

dom.patch_checks = {"patches": 0, "differ": 0, "kept": 0, "from_last": 0}


def checked(send_patch):
    def send_and_check(worked_out):
        MARK(worked_out.parent)
        sent = send_patch(worked_out)
        if sent is False:
            return sent  # refused, nothing changed
        fresh = js.document.createElement("div")
        dom.replace(fresh, *worked_out.nodes)
        dom.patch_checks["patches"] += 1
        dom.patch_checks["differ"] += SHAPE(worked_out.parent) != SHAPE(fresh)
        dom.patch_checks["kept"] += KEPT(worked_out.parent)
        return sent
    return send_and_check


dom.send = checked(dom.send)
dom.send_whole = checked(dom.send_whole)
send = dom._send


def counting_send(how, target, nodes, base):
    number = send(how, target, nodes, base)
    dom.patch_checks["from_last"] += how == "patch" and base != 0 and number > 0
    return number


dom._send = counting_send
"""
)
PATCH_CHECKS = "import json\nfrom web import dom\njson.dumps(dom.patch_checks)"


def test_the_play_screen_patched_move_after_move_is_the_screen_drawn_anew(
    page: Page, site_url: str
) -> None:
    turn = open_link(page, site_url, new_link(["human", "easy", "easy", "easy"], seed=5))
    run_python(page, CHECK_EVERY_PATCH)
    steps = 0
    while steps < 12 and turn == "mine":
        play_a_step(page)
        steps += 1
        turn = settle(page, 60_000)
    checks = json.loads(run_python(page, PATCH_CHECKS))
    # The computers' moves are their own each run: a game may end within 12 steps (in
    # CPython, seat A playing at random saw the end after 7 of its steps in 2% of games).
    assert steps == 12 or turn == "over", (steps, turn)
    assert checks["patches"] >= 12
    assert checks["differ"] == 0, checks
    assert checks["kept"] > 0  # elements were reused
    # redraws sent only what changed since the last (the status line's own redraws too)
    assert checks["from_last"] >= 12, checks
