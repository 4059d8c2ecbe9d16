"""Our own simple glyphs for The Field of the Cloth of Gold, drawn on a 24×24 grid.

Each tile colour also has a shape, so no one needs to tell colours apart:
Gold a crown, Blue a feast goblet, White a cross, Red a tournament pennant,
Jewel a cut gem. The Dragon is a small dragon's head; a hidden tile shows a
plain lattice. Shapes fill with `currentColor` (set per tile in style.css).
"""

from __future__ import annotations

DEFS_ID = "cog-defs"
BOX = "0 0 24 24"
INK = {"fill": "currentColor"}
LINE = {"fill": "none", "stroke": "currentColor", "stroke-linecap": "round"}

# A shape: its SVG tag and attributes.
Shape = tuple[str, dict[str, str | float]]
GLYPHS: dict[str, tuple[str, list[Shape]]] = {
    "gold": (
        BOX,
        [
            ("path", {"d": "M3 17.5 L4 7 L8.6 11.6 L12 4.5 L15.4 11.6 L20 7 L21 17.5 Z", **INK}),
            ("rect", {"x": 3, "y": 18.8, "width": 18, "height": 2.6, "rx": 1, **INK}),
            ("circle", {"cx": 4, "cy": 6, "r": 1.6, **INK}),
            ("circle", {"cx": 12, "cy": 3.4, "r": 1.6, **INK}),
            ("circle", {"cx": 20, "cy": 6, "r": 1.6, **INK}),
        ],
    ),
    "blue": (
        BOX,
        [
            (
                "path",
                {
                    "d": "M5.5 2.5 H18.5 C18.5 8.5 16 11.6 13.2 12.3 V17.2 C13.2 18.3 16 18.8 "
                    "17 20.8 H7 C8 18.8 10.8 18.3 10.8 17.2 V12.3 C8 11.6 5.5 8.5 5.5 2.5 Z",
                    **INK,
                },
            ),
        ],
    ),
    "white": (
        BOX,
        [("path", {"d": "M9.8 2 H14.2 V7.8 H20 V12.2 H14.2 V22 H9.8 V12.2 H4 V7.8 H9.8 Z", **INK})],
    ),
    "red": (
        BOX,
        [
            ("rect", {"x": 4, "y": 2, "width": 2.4, "height": 20, "rx": 1, **INK}),
            ("path", {"d": "M6.4 3 H21 L16.6 7.5 L21 12 H6.4 Z", **INK}),
        ],
    ),
    "jewel": (
        BOX,
        [
            ("path", {"d": "M7 3.5 H17 L21.5 9 L12 21.5 L2.5 9 Z", **INK}),
            (
                "path",
                {
                    "d": "M2.8 9 H21.2 M9.2 3.8 L7.6 9 L12 21 L16.4 9 L14.8 3.8",
                    "stroke-width": 1.1,
                    **LINE,
                    "stroke": "rgba(0,0,0,0.45)",
                },
            ),
        ],
    ),
    "back": (
        BOX,
        [
            ("path", {"d": "M12 2 L22 12 L12 22 L2 12 Z", "stroke-width": 2, **LINE}),
            ("path", {"d": "M12 7 L17 12 L12 17 L7 12 Z", **INK}),
        ],
    ),
    "dragon": (
        BOX,
        [
            (
                "path",
                {
                    "d": "M2 15 L7 9.5 L10.5 10 L11.8 5 L14 9.2 L16 4.6 L17.2 10.4 L22 12.6 "
                    "L18.4 14.2 L21.4 17.6 L14.2 16.6 L10.6 20 L9.4 15.6 L5 17.4 Z",
                    **INK,
                },
            ),
            ("circle", {"cx": 16.8, "cy": 12.2, "r": 1.1, "fill": "#fff"}),
        ],
    ),
}
