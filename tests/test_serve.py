"""The local server that the e2e tests and benchmarks serve the built site with."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import serve  # noqa: E402


@pytest.mark.parametrize(
    ("fault", "told"),
    [
        (BrokenPipeError(32, "Broken pipe"), False),
        (ConnectionResetError(104, "reset"), False),
        (ValueError("a real fault"), True),
    ],
)
def test_a_download_the_browser_dropped_is_no_error_but_a_fault_is(tmp_path, capfd, fault, told):
    server = serve.make_server(tmp_path)
    try:
        try:
            raise fault
        except Exception:
            server.handle_error(None, ("127.0.0.1", 1))
        printed = capfd.readouterr().err
        assert (type(fault).__name__ in printed) == told
    finally:
        server.server_close()
