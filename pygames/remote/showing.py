"""Cards the rules show, as a device sends and takes them (`pygames.remote.device`).

A seat shows its own hidden cards by naming, for each, a deck position dealt to it
(its holdings; a copy of a card is as good as another) and giving every seat's key
for that position: it holds them all, since it opened the card. The keys go to
everyone, or sealed to each seat shown the cards. A device shown them checks every
key against the commitment of the seat it belongs to (a wrong or missing one names
the sender) and opens the cards; its chance (`pygames.remote.chance.DeckChance`)
then checks that the positions are the sender's holdings and gives the cards to the
rules. A secret choice revealed (`choice`) also opens the commitment the seat sent
with its hidden action: what it reveals must be what it chose then.

In a message: ``"shown": [{"n": disclosure number, "p": positions (null for an item
that is no card, as "none"), "k": {seat: keys}}]``, or, sealed to one seat, ``{"n",
"to", "p", "s": {seat: [[r, m], ...]}}``; a choice adds ``"i"`` (the items) and
``"o"`` (the opening: value and nonce).
"""

from __future__ import annotations

from pygames.remote.commit import Opening
from pygames.remote.commit import verify as verify_commitment
from pygames.remote.deal import DealError, card_of, decode
from pygames.remote.group import Group
from pygames.remote.seal import Sealed, seal, unseal
from pygames.remote.wire import b64

Disclosure = tuple[int, frozenset[int] | None]  # my disclosure's number, to whom


class Showing:
    """The part of a device that shows cards and takes shown cards."""

    group: Group
    seat: int
    seats: int
    box_secret: bytes
    box_keys: dict[int, bytes]
    keys: dict[int, dict[int, bytes]]
    opened: dict[int, str]
    openings: list[Opening]
    deck_cards: set[str]
    # Disclosures: my parts (number -> positions), what came here ((number, sender) ->
    # positions, cards), every part in the chain ((number, sender) -> positions, the
    # items of a choice: what the audit checks), and each seat's commitments to its
    # hidden actions, in order (the shown action with each).
    my_shown: dict[int, list[int | None]]
    # My parts that reveal a choice: what I chose, and which of my commitments it opens.
    my_choices: dict[int, tuple[list[str], int]]
    shown_here: dict[tuple[int, int], tuple[list[int | None], list[str]]]
    claims: dict[tuple[int, int], tuple[list[int | None], list[str] | None]]
    commitments_of: dict[int, list[tuple[str, str]]]
    choices_shown: dict[tuple[int, int], int]  # (number, sender) -> the commitment opened
    to_show: list[Disclosure]
    shown_sent: set[int]
    # Keys sealed to me that I opened ((position, seat whose key) -> key), kept in the
    # save; a restore takes them, and the cards they opened, from it (`saved_unsealed`,
    # `saved_opened`) instead of redoing the group operations.
    unsealed: dict[tuple[int, int], bytes]
    saved_unsealed: dict[tuple[int, int], bytes]
    saved_opened: dict[int, str]

    def key_for(self, position: int) -> bytes:
        raise NotImplementedError

    def commitment(self, position: int, seat: int) -> bytes:
        raise NotImplementedError

    def open_if_ready(self, position: int) -> None:
        raise NotImplementedError

    def context(self, position: int, seat: int | None = None) -> str:
        raise NotImplementedError

    def choice_index(self, seat: int) -> int:
        raise NotImplementedError

    def in_deck(self, position: int) -> bool:
        raise NotImplementedError

    def unsealed_key(self, position: int, seat: int, sealed: Sealed, context: str) -> bytes:
        """`seat`'s key for `position`, sealed to me: opened here, or as it opened before
        this device was saved."""
        key = self.saved_unsealed.get((position, seat))
        if key is None:
            key = unseal(self.group, self.box_secret, sealed, context)
        self.unsealed[position, seat] = key
        return key

    # ----- the chance's book (`pygames.remote.chance.Book`) -----

    def positions_for(
        self, number: int, items: list[str], held: set[int], choice: bool
    ) -> list[int | None]:
        """Where the cards of my part of a disclosure lie: positions dealt to me holding
        them, chosen once (an item of a choice that is no card: None). The most recent
        first: a card a seat still holds was never dealt before a copy of it that the seat
        let go of face down (Fools!: every hand is the round's), so the positions left are
        those of the cards that left, as a reshuffle counts them."""
        if number not in self.my_shown:
            free = sorted(held, reverse=True)
            chosen: list[int | None] = []
            for item in items:
                found = next((p for p in free if card_of(self.opened.get(p, "")) == item), None)
                if found is None and choice and item not in self.deck_cards:
                    chosen.append(None)
                    continue
                if found is None:
                    raise DealError(self.seat, f"I show a card I do not hold: {item[:40]}")
                free.remove(found)
                chosen.append(found)
            self.my_shown[number] = chosen
            if choice:
                self.my_choices[number] = (list(items), self.choice_index(self.seat))
        return self.my_shown[number]

    def stand_in(self) -> str:
        return min(self.deck_cards)

    def shown_to_me(self, number: int, holder: int) -> tuple[list[int | None], list[str]] | None:
        found = self.shown_here.get((number, holder))
        index = self.choices_shown.get((number, holder))
        if found is not None and index is not None and index != self.choice_index(holder):
            raise DealError(holder, "a choice revealed that is not its last")
        return found

    def claimed(self, number: int) -> list[tuple[int, list[int | None], list[str] | None]]:
        return [
            (sender, positions, items)
            for (n, sender), (positions, items) in sorted(self.claims.items())
            if n == number
        ]

    # ----- sending -----

    def show(self, disclosures: list[Disclosure]) -> list[dict]:
        """My parts of disclosures as a message carries them: the positions of the cards
        and, for each, every seat's key that some seat shown them lacks (to everyone, or
        sealed to each seat shown them)."""
        entries = []
        seats = range(self.seats)
        for number, to in disclosures:
            positions = self.my_shown[number]
            real = [p for p in positions if p is not None]
            self.shown_sent.add(number)
            readers = [s for s in (seats if to is None else sorted(to)) if s != self.seat]
            if to is None:
                keys = {
                    str(t): [b64(self.keys[p][t]) for p in real]
                    for t in seats
                    if any(r != t for r in readers)
                }
                entry: dict = {"n": number, "p": positions, "k": keys}
                if number in self.my_choices:  # a choice: what I chose, and my opening
                    items, index = self.my_choices[number]
                    opening = self.openings[index]
                    entry.update({"i": items, "c": index})
                    entry["o"] = [opening.value, b64(opening.nonce)]
                entries.append(entry)
                continue
            for reader in readers:
                boxes: dict[str, list[list[str]]] = {}
                for t in seats:
                    if t == reader:
                        continue
                    boxes[str(t)] = []
                    for p in real:
                        key, box_key = self.keys[p][t], self.box_keys[reader]
                        box = seal(self.group, box_key, key, self.context(p, t))
                        boxes[str(t)].append([b64(box.ephemeral), b64(box.masked)])
                entries.append({"n": number, "to": reader, "p": positions, "s": boxes})
        return entries

    # ----- taking -----

    def take_shown(self, sender: int, entries: list[dict]) -> None:
        """Cards another seat shows: the keys it gives are checked against each seat's
        commitment (a wrong one names the sender), and the cards open here."""
        for entry in entries:
            try:
                self.take_one_shown(sender, entry)
            except (KeyError, TypeError, ValueError, IndexError) as error:
                if isinstance(error, DealError):
                    raise
                raise DealError(sender, f"shown cards that do not read: {error}") from None

    def take_one_shown(self, sender: int, entry: dict) -> None:
        """One seat's part of a disclosure as this device reads it."""
        number = int(entry["n"])
        positions = [None if p is None else int(p) for p in entry["p"]]
        items = [str(item) for item in entry["i"]] if "i" in entry else None
        if items is not None:
            index = int(entry["c"])
            self.check_choice(sender, positions, items, index, entry["o"])
            self.choices_shown[number, sender] = index
        claim = (positions, items)
        if (number, sender) in self.claims and self.claims[number, sender] != claim:
            raise DealError(sender, "cards shown twice")
        self.claims[number, sender] = claim
        if sender == self.seat or entry.get("to", self.seat) != self.seat:
            return
        real = [p for p in positions if p is not None]
        for index, position in enumerate(real):
            if not self.in_deck(position):
                raise DealError(sender, "a card shown at no position of the deck")
            checked = position in self.saved_opened  # its keys checked before the save
            for t in range(self.seats):
                if t == self.seat:
                    key = self.key_for(position)
                elif "k" in entry:
                    key = decode(entry["k"][str(t)][index])
                else:
                    r, m = entry["s"][str(t)][index]
                    box = Sealed(decode(r), decode(m))
                    key = self.unsealed_key(position, t, box, self.context(position, t))
                if not checked and self.group.base_times(key) != self.commitment(position, t):
                    raise DealError(sender, f"a key of seat {t}'s that it did not commit to")
                self.keys.setdefault(position, {})[t] = key
            self.open_if_ready(position)
            if position not in self.opened:
                raise DealError(sender, "shown cards that open to no card")
        cards = [card_of(self.opened[p]) for p in real]
        if items is not None:
            if [item for item, p in zip(items, positions, strict=True) if p is not None] != cards:
                raise DealError(sender, "a choice shown as other cards than its own")
            cards = items
        self.shown_here[number, sender] = (positions, cards)

    def check_choice(
        self, sender: int, positions: list[int | None], items: list[str], index: int, opened: list
    ) -> None:
        """A secret choice revealed: the opening must be that of the commitment it names
        (the chance checks that it is the seat's last hidden action's), and the items
        what that action hid."""
        made = self.commitments_of.get(sender, [])
        if len(items) != len(positions) or not 0 <= index < len(made):
            raise DealError(sender, "a choice revealed that it never made")
        for item, position in zip(items, positions, strict=True):
            if position is None and item in self.deck_cards:
                raise DealError(sender, "a card revealed without its position")
        commitment, shown = made[index]
        opening = Opening(str(opened[0]), decode(opened[1]))
        if not verify_commitment(decode(commitment), opening):
            raise DealError(sender, "a revealed choice that is not the one it committed to")
        filled = shown
        for item in items:
            filled = filled.replace("?", item, 1)
        if filled != opening.value:
            raise DealError(sender, "a revealed choice that is not the one it committed to")
