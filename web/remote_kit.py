"""Remote play's kit, loaded only when a remote game opens: the first visit never pays
for it.

`load_kit()` (once per page) fetches remote.zip (the protocol, `pygames.remote`, and the
page's side of it, `web.remote`, with the decks' card points; tools/build.py) and unpacks
it where PyScript unpacked app.zip, then imports web/remote/noble.mjs, which imports
@noble from vendor/ by index.html's import map. It returns the `Kit`: what a device
needs of cryptography. The service worker keeps these files once fetched (sw.js,
ON_DEMAND), so a device that opened a remote game once has them offline; one that never
did, offline, gets `KitUnavailable`.

Nothing here imports `pygames.remote` before the kit is loaded: this module is in app.zip.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import js
from pyodide.code import run_js
from pyodide.ffi import JsException, to_js

import web

if TYPE_CHECKING:
    from pygames.remote.chain import Signer, Verify
    from pygames.remote.group import Group

REMOTE_ZIP = "remote.zip"
NOBLE_MODULE = "web/remote/noble.mjs"


class KitUnavailable(Exception):
    """Remote play's files could not be had: offline before they were ever loaded, or
    the site does not answer. Worth trying again once online."""


@dataclass(frozen=True)
class Kit:
    """The page's back ends of remote play (`web.remote.noble`)."""

    group: Group
    verify: Verify
    new_signer: Callable[[], Signer]  # a fresh key
    signer_from_seed: Callable[[bytes], Signer]  # a key again, from its `seed`


_kit: Kit | None = None
_loading = asyncio.Lock()


async def load_kit() -> Kit:
    """The kit, loaded on the first call (later calls wait for it, then share it); raises
    KitUnavailable if its files cannot be fetched (a later call tries again)."""
    global _kit
    async with _loading:
        if _kit is None:
            _kit = await _load()
    return _kit


async def _load() -> Kit:
    archive = await _fetch(REMOTE_ZIP)  # first: offline, nothing else is tried
    url = js.URL.new(NOBLE_MODULE, js.document.baseURI).href
    try:
        module = await run_js(f"import({json.dumps(url)})")
    except JsException as error:
        raise KitUnavailable(f"{NOBLE_MODULE}: {error}") from None
    home = _unpack(archive)
    from web import i18n
    from web.remote import noble

    strings = os.path.join(home, "web", "remote", "strings.json")
    with open(strings, encoding="utf-8") as words:
        i18n.add(json.load(words))
    noble.bind(module)
    return Kit(noble.NobleGroup(), noble.noble_verify, noble.NobleSigner, noble.NobleSigner)


async def _fetch(path: str) -> Any:
    """The file's bytes (an ArrayBuffer), or KitUnavailable."""
    try:
        response = await js.fetch(js.URL.new(path, js.document.baseURI).href)
        if not response.ok:
            raise KitUnavailable(f"{path}: HTTP {response.status}")
        return await response.arrayBuffer()
    except JsException as error:  # no network, and not cached
        raise KitUnavailable(f"{path}: {error}") from None


def _unpack(archive: Any) -> str:
    """The archive's modules beside app.zip's (the folder that holds `web/`, returned),
    importable."""
    import pyodide_js  # type: ignore[import-not-found]

    home = os.path.dirname(os.path.dirname(os.path.abspath(web.__file__ or "web/")))
    options = to_js({"extractDir": home}, dict_converter=js.Object.fromEntries)
    pyodide_js.unpackArchive(archive, "zip", options)
    importlib.invalidate_caches()
    return home
