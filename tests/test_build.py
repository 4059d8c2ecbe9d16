"""What the build takes out of shipped files leaves them working: docstrings out of
Python (line numbers kept), comments and indentation out of HTML and CSS (<pre> kept)."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build import copy_compacted, without_docstrings  # noqa: E402

SOURCE = '''"""The module's docstring,
over two lines."""


class Thing:
    """Only a docstring."""


def fails():
    """A docstring, then code."""
    raise ValueError("line 11")


LABEL = """not a docstring"""
'''


def test_docstrings_go_and_every_other_line_keeps_its_number() -> None:
    stripped = without_docstrings(SOURCE)
    assert "docstring," not in stripped and "Only a" not in stripped and "then code" not in stripped
    assert '"""not a docstring"""' in stripped
    assert len(stripped.split("\n")) == len(SOURCE.split("\n"))
    namespace: dict = {}
    exec(compile(stripped, "shipped.py", "exec"), namespace)
    assert namespace["Thing"].__doc__ is None
    try:
        namespace["fails"]()
    except ValueError as error:
        line = traceback.extract_tb(error.__traceback__)[-1].lineno
        assert line == 11 and SOURCE.split("\n")[line - 1].strip().startswith("raise")
    else:
        raise AssertionError("fails() did not raise")


def test_html_and_css_lose_comments_and_indentation_but_not_pre(tmp_path: Path) -> None:
    html = tmp_path / "page.html"
    html.write_text(
        "<main>\n  <!-- a note -->\n    <p>two\n      words</p>\n"
        "  <pre>keep\n    this indent</pre>\n</main>\n",
        encoding="utf-8",
    )
    css = tmp_path / "style.css"
    css.write_text("/* a note */\nbody {\n    color: red;\n}\n", encoding="utf-8")
    copy_compacted(html, tmp_path / "out" / "page.html")
    copy_compacted(css, tmp_path / "out" / "style.css")
    page = (tmp_path / "out" / "page.html").read_text(encoding="utf-8")
    # The line breaks either side of <pre> go too: a block, so no words join there.
    assert page == "<main>\n<p>two\nwords</p><pre>keep\n    this indent</pre></main>\n"
    style = (tmp_path / "out" / "style.css").read_text(encoding="utf-8")
    assert style == "body {\ncolor: red;\n}\n"
