"""Modal dialogs: a yes/no question, and sharing a game.

Each runs as a coroutine that ends when the dialog closes; the dialog element
is removed afterwards, so only one copy is ever in the page.
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_proxy

from web import dom
from web.dom import Element, Live, h
from web.i18n import t


async def modal(node: Element, on_change=None, focus: str | None = None) -> str:
    """Show the dialog `node` modally until it closes; its return value ("" if none).

    Focus goes to `focus` (a selector) if given, else where the browser puts it:
    the first button, which is Cancel in a confirmation.
    """
    dialog = dom.build(node)
    js.document.body.appendChild(dialog)
    closed = asyncio.get_event_loop().create_future()

    def close(event: Live) -> None:
        if not closed.done():
            closed.set_result(True)

    on_close = create_proxy(close)
    changed = create_proxy(on_change) if on_change else None
    dialog.addEventListener("close", on_close)
    if changed:
        dialog.addEventListener("change", changed)
    dialog.showModal()
    if focus:
        dom.focus(focus, dialog)
    try:
        await closed
        return str(dialog.returnValue or "")
    finally:
        dialog.remove()
        on_close.destroy()
        if changed:
            changed.destroy()


async def confirm(question: str, yes: str, no: str | None = None) -> bool:
    """A modal yes/no question; True if the player chose `yes`."""
    dialog = h(
        "dialog",
        {"class": "confirm", "aria-labelledby": "confirm-text"},
        h(
            "form",
            {"method": "dialog"},
            h("p", {"id": "confirm-text"}, question),
            h(
                "div",
                {"class": "row"},
                h("button", {"value": "no", "class": "secondary"}, no or t("common.cancel")),
                h("button", {"value": "yes", "class": "primary"}, yes),
            ),
        ),
    )
    return await modal(dialog) == "yes"


async def share(links: dict[str, str], over: bool, guard) -> None:
    """Share what I see now ("position", the default), or the whole game ("game").

    `links` holds the kinds on offer; after the game only "game" is.
    """
    chosen = "position" if "position" in links else "game"
    field = h(
        "input",
        {
            "type": "text",
            "readonly": True,
            "value": links[chosen],
            "id": "share-url",
            "aria-describedby": "share-what",
        },
    )
    dialog = h(
        "dialog",
        {"class": "share", "aria-labelledby": "share-title"},
        h(
            "form",
            {"method": "dialog"},
            h("h3", {"id": "share-title"}, t("share.title")),
            len(links) > 1 and share_choices(chosen),
            h(
                "p",
                {"id": "share-what", "class": "muted"},
                t("share.explain_over") if over else share_summary(chosen),
            ),
            h("label", {"for": "share-url"}, t("share.url")),
            field,
            h("p", {"class": "muted", "id": "share-result", "role": "status"}),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-act": "copy-link"},
                    t("share.copy"),
                ),
                h("button", {"value": "close", "class": "secondary"}, t("common.close")),
            ),
        ),
    )

    def choose(event) -> None:
        kind = str(event.target.value) if event.target.name == "share-kind" else None
        if kind in links:
            dom.by_id("share-url").value = links[kind]
            dom.set_text(dom.by_id("share-what"), share_summary(kind))
            dom.set_text(dom.by_id("share-result"), "")

    focus = "input:checked" if len(links) > 1 else "#share-url"
    await modal(dialog, lambda event: guard(choose, event), focus)


async def copy_link(field_id: str = "share-url", result_id: str = "share-result") -> None:
    """Copy a link's field (the share dialog's by default); without clipboard access,
    leave it selected to copy by hand. The result is said in `result_id`."""
    field = dom.by_id(field_id)
    result = dom.by_id(result_id)
    try:
        await js.navigator.clipboard.writeText(field.value)
        dom.set_text(result, t("share.copied"))
    except Exception:
        field.focus()
        field.select()
        dom.set_text(result, t("share.copy_by_hand"))


def share_choices(chosen: str) -> Element:
    """The two kinds of link, each with what it reveals, as a group of radio buttons."""
    options = (
        ("position", t("share.position"), t("share.position_explain"), "muted"),
        ("game", t("share.game"), t("share.game_warning"), "warning"),
    )
    items = [
        h(
            "div",
            {"class": "share-option"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": "share-kind",
                    "value": kind,
                    "id": f"share-{kind}",
                    "checked": kind == chosen,
                    "aria-describedby": f"share-{kind}-explain",
                },
            ),
            h("label", {"for": f"share-{kind}"}, label),
            h(
                "p",
                {"id": f"share-{kind}-explain", "class": style},
                h("strong", {}, explain) if style == "warning" else explain,
            ),
        )
        for kind, label, explain, style in options
    ]
    return h("fieldset", {"class": "share-choice"}, h("legend", {}, t("share.choose")), items)


def share_summary(kind: str) -> str:
    return t("share.summary_position") if kind == "position" else t("share.summary_game")
