"""Remote play's kit in a real browser (web/remote_kit.py): loaded only when asked for,
its Python (remote.zip) and its JS (@noble, by index.html's import map) deal a game of
two devices that exchange links as text, with the same bytes as libsodium, and it works
offline once loaded (sw.js caches its files when first fetched, and keeps them across
an update)."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import UPDATE_AND_ACTIVATE_JS, run_python, settle, wait_ready
from playwright.sync_api import BrowserContext, Page, Request

from pygames import GAMES
from pygames.remote.chain import Chain, Message, SodiumSigner, sodium_verify
from pygames.remote.deal import card_points
from pygames.remote.device import GamePlan, WatchingChance
from pygames.remote.group import SodiumGroup
from tools import build

CACHE_NAMES_JS = "async () => (await caches.keys()).filter((name) => name.startsWith('ff-'))"
IN_CACHE_JS = "async (url) => Boolean(await caches.match(url))"
POOLS = [("game-of-fields", 2), ("fools-field", 2), ("fools", 4), ("cloth-of-gold", 2)]

LOAD_KIT = """
from web.remote_kit import KitUnavailable, load_kit
try:
    kit = await load_kit()
    answer = "loaded" if kit is await load_kit() else "loaded twice"
except KitUnavailable as error:
    answer = f"unavailable: {error}"
answer
"""

# Two devices of a game of Game of Fields deal it by links passed as text (the invite,
# the join, the lock and any answers), then seat to act plays one move; and what the
# test compares with libsodium: a signature, points of each game's first pool.
EXCHANGE = """
import json
import random
from web.remote_kit import load_kit
kit = await load_kit()

from pygames import GAMES
from pygames.position import encode_state
from pygames.remote.deal import card_points
from pygames.remote.device import Device, GamePlan, WatchingChance
from pygames.remote.group import BadPoint

plan = GamePlan.of("game-of-fields", 2, {})
signers = [kit.new_signer(), kit.new_signer()]
first, invite = Device.create(kit.group, kit.verify, signers[0], plan, "e2e-remote-kit")
second, join = Device.join(kit.group, kit.verify, signers[1], 1, [invite])
devices, links = [first, second], [invite]

def send(sender, text):
    links.append(text)
    for device in devices:
        if device.seat != sender:
            for answer in device.receive(text):
                send(device.seat, answer)

send(1, join)
send(0, first.lock())
started = [device.state is not None for device in devices]
before = encode_state(first.state.masked(None))
seat = first.state.to_act()[0]
mover = devices[seat]
mover.play(mover.state.legal_actions(seat)[0])
send(seat, mover.send_moves())
moved = encode_state(first.state.masked(None)) != before
agree = len({encode_state(device.state.masked(None)) for device in devices}) == 1

again = kit.signer_from_seed(signers[0].seed)
data = b"signed in the page"
try:
    kit.group.lock(bytes(32), kit.group.random_scalar())
    bad_point = False
except BadPoint:
    bad_point = True

pools = {"plan": {n: p.hex() for n, p in first.points.items()}}
for game_id, seats in POOLS:
    watcher = WatchingChance(random.Random(3))
    GAMES[game_id].new_state(seats, chance=watcher)
    points = card_points(kit.group, game_id, watcher.first_pool)
    pools[game_id] = {n: p.hex() for n, p in points.items()}

json.dumps({
    "started": started,
    "agree": agree,
    "links": links,
    "moved": moved,
    "seed": signers[0].seed.hex(),
    "public_key": signers[0].public_key.hex(),
    "again": again.public_key == signers[0].public_key,
    "data": data.hex(),
    "signature": signers[0].sign(data).hex(),
    "takes_sodium": kit.verify(bytes.fromhex(PUBLIC_KEY), DATA, bytes.fromhex(SIGNATURE)),
    "refuses_changed": kit.verify(bytes.fromhex(PUBLIC_KEY), DATA + b"?", bytes.fromhex(SIGNATURE)),
    "bad_point": bad_point,
    "pools": pools,
})
"""


def is_remote_file(path: str) -> bool:
    return path.startswith(build.ON_DEMAND)


def site_paths(requests: list[Request], site_url: str) -> list[str]:
    base = urlsplit(site_url).path
    return [urlsplit(r.url).path.removeprefix(base) for r in requests]


@pytest.mark.browser_context_args(service_workers="allow")
def test_a_page_without_remote_games_fetches_no_remote_file(
    context: BrowserContext, site_url: str
) -> None:
    """Not the page, nor the service worker's precache, nor a game against the computer."""
    requested: list[Request] = []
    context.on("request", lambda request: requested.append(request))
    page = context.new_page()
    page.goto(site_url + "?nosnapshot")
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.click("[data-act='start']")
    assert settle(page, timeout=60_000) in ("mine", "over")
    paths = site_paths(requested, site_url)
    assert "app.zip" in paths  # (the log saw the boot)
    assert not [path for path in paths if is_remote_file(path)]


def test_the_kit_deals_a_game_by_links_in_the_page(page: Page, site_url: str) -> None:
    requested: list[Request] = []
    page.on("request", lambda request: requested.append(request))
    page.goto(site_url)
    wait_ready(page)
    assert not [path for path in site_paths(requested, site_url) if is_remote_file(path)]

    signer = SodiumSigner()
    data = b"signed by libsodium"
    constants = (
        f"PUBLIC_KEY = {signer.public_key.hex()!r}\nDATA = {data!r}\n"
        f"SIGNATURE = {signer.sign(data).hex()!r}\nPOOLS = {POOLS!r}\n"
    )
    result = json.loads(run_python(page, constants + EXCHANGE))

    assert result["started"] == [True, True] and result["moved"] and result["agree"]
    # Each link was signed in the page; libsodium verifies every one of them.
    chain = Chain(sodium_verify)
    for link in result["links"]:
        chain.append(Message.from_text(link))
    assert len(chain.messages) == len(result["links"]) >= 4  # invite, join, lock, move
    # The page's Ed25519 is libsodium's: the same key and signature bytes from a seed.
    seed, signature = bytes.fromhex(result["seed"]), bytes.fromhex(result["signature"])
    again = SodiumSigner(seed)
    assert again.public_key.hex() == result["public_key"] and result["again"]
    assert again.sign(bytes.fromhex(result["data"])) == signature
    assert result["takes_sodium"] is True and result["refuses_changed"] is False
    assert result["bad_point"]
    # The table's points are libsodium's: the deck the devices dealt, and first pools.
    group = SodiumGroup()
    plan = GamePlan.of("game-of-fields", 2, {})
    expected = {"plan": card_points(group, plan.game_id, plan.deck)}
    for game_id, seats in POOLS:
        watcher = WatchingChance(random.Random(3))
        GAMES[game_id].new_state(seats, chance=watcher)
        expected[game_id] = card_points(group, game_id, watcher.first_pool)
    assert result["pools"] == {k: {n: p.hex() for n, p in v.items()} for k, v in expected.items()}

    # What the kit fetched: remote.zip and the modules, each once, all found.
    fetched = [r for r in requested if is_remote_file(site_paths([r], site_url)[0])]
    paths = site_paths(fetched, site_url)
    assert build.REMOTE_ZIP in paths and "web/remote/noble.mjs" in paths
    assert "vendor/noble-curves/ed25519.js" in paths and "vendor/noble-hashes/sha2.js" in paths
    assert len(paths) == len(set(paths))
    assert all(r.response() and r.response().ok for r in fetched)


def test_the_kit_says_when_its_files_cannot_be_had(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.route("**/remote.zip", lambda route: route.abort("internetdisconnected"))
    assert run_python(page, LOAD_KIT).startswith("unavailable: remote.zip")
    page.unroute("**/remote.zip")
    assert run_python(page, LOAD_KIT) == "loaded"  # tried again


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """A private copy of _site that a test may change and redeploy."""
    return Path(shutil.copytree(site_dir, tmp_path / "site"))


@pytest.mark.browser_context_args(service_workers="allow")
def test_once_loaded_the_kit_works_offline_across_an_update(
    context: BrowserContext, serve_site, site_copy: Path
) -> None:
    url = serve_site(site_copy)
    page = context.new_page()
    page.goto(url + "?nosnapshot")
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    assert not page.evaluate(IN_CACHE_JS, url + build.REMOTE_ZIP)  # not precached
    assert run_python(page, LOAD_KIT) == "loaded"
    for path in (build.REMOTE_ZIP, "web/remote/noble.mjs", "vendor/noble-curves/ed25519.js"):
        assert page.evaluate(IN_CACHE_JS, url + path), path  # cached when first fetched

    # A deploy: the new version's worker fetches them again, as the old one held them.
    index = site_copy / "index.html"
    index.write_text(index.read_text() + "\n<!-- deploy 2 -->\n")
    new_version = build.write_service_worker(site_copy)
    page.evaluate(UPDATE_AND_ACTIVATE_JS)
    assert page.evaluate(CACHE_NAMES_JS) == [f"ff-{new_version}"]
    assert page.evaluate(IN_CACHE_JS, url + build.REMOTE_ZIP)

    # Gone from the server, and offline: the kit loads from the cache alone.
    os.remove(site_copy / build.REMOTE_ZIP)
    shutil.rmtree(site_copy / "vendor")
    shutil.rmtree(site_copy / "web" / "remote")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    signed = run_python(
        page,
        LOAD_KIT + "\nkit = await load_kit()\nkit.new_signer().sign(b'offline').hex()",
    )
    assert len(bytes.fromhex(signed)) == 64
