"""Serve a built site folder over HTTP with the MIME types the runtimes need.

Usage: python tools/serve.py [PORT] [--dir _site] [--host 127.0.0.1]

Tests and the benchmark use `start_server()`, which serves on a free port in a
background thread and returns the base URL.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SITE = ROOT / "_site"

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types and a Cache-Control header.

    cache_seconds=None sends "no-cache" (always revalidate: right for
    development); a number mimics a static host such as GitHub Pages (600).
    """

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    cache_seconds: int | None = None
    quiet = False

    def end_headers(self) -> None:
        if self.cache_seconds is None:
            self.send_header("Cache-Control", "no-cache")
        else:
            self.send_header("Cache-Control", f"max-age={self.cache_seconds}")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A browser that leaves a page while a file is still coming (a test closing its page,
    a worker stopped mid-boot) drops the connection: that is no fault of the server's,
    and its traceback would read like one in a test run's log."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    site: Path, host: str = "127.0.0.1", port: int = 0, cache_seconds: int | None = None
) -> ThreadingHTTPServer:
    handler_class = type(
        "ConfiguredSiteHandler",
        (SiteHandler,),
        {"cache_seconds": cache_seconds, "quiet": port == 0},
    )
    handler = functools.partial(handler_class, directory=str(site))
    return SiteServer((host, port), handler)


def start_server(
    site: Path = DEFAULT_SITE, cache_seconds: int | None = None
) -> tuple[str, ThreadingHTTPServer]:
    """Serve `site` on a free localhost port in a daemon thread.

    Returns (base URL ending in "/", server); call server.shutdown() to stop.
    """
    server = make_server(Path(site), port=0, cache_seconds=cache_seconds)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/", server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site.")
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=DEFAULT_SITE, help="folder to serve")
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"{args.dir} has no index.html: run ./dev build first.", file=sys.stderr)
        return 1
    server = make_server(args.dir, args.host, args.port)
    print(f"Serving {args.dir} at http://{args.host}:{args.port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
