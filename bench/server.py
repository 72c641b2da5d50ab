"""A local static server for the benchmarks: the built site under a sub-path, like a municipal server.

It behaves like nginx with ``gzip_static on`` (docs/hospedar.md): when the browser accepts gzip and
``<file>.gz`` exists, it sends that file with ``Content-Encoding: gzip`` and the original's type.
It counts the bytes it sends (status line, headers and body), so a benchmark can read how many bytes
a page load transferred, including what the Web Worker fetched. It also serves the bench's harness pages
(HARNESSES) at their own paths, outside the site's sub-path.
"""

from __future__ import annotations

import email.utils
import http.server
import os
import threading
import time
import urllib.parse
from pathlib import Path

# Bench pages served beside the site (not part of it): the Python start on the page's throttled thread.
_HARNESS = Path(__file__).resolve().parent / "python_na_pagina.html"
HARNESSES = {"/bancada/python-na-pagina.html": _HARNESS,
             # the same harness inside the site's sub-path, where the site's service worker controls it (the
             # second visit: worker.js and Pyodide's loader from its cache, as on the calculator page)
             "/cotas/bancada-python-na-pagina.html": _HARNESS}

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
}


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0
        self.paths: list[str] = []
        self.before: dict[str, int] = {}  # path → the bytes sent before its first request

    def reset(self):
        with self.lock:
            self.bytes = 0
            self.requests = 0
            self.paths = []
            self.before = {}

    def add(self, n: int, path: str | None = None):
        with self.lock:
            self.bytes += n
            if path is not None:
                self.requests += 1
                self.paths.append(path)
                self.before.setdefault(path, self.bytes)


class _CountingWriter:
    def __init__(self, raw, counter: Counter):
        self.raw, self.counter = raw, counter

    def write(self, data):
        self.counter.add(len(data))
        return self.raw.write(data)

    def flush(self):
        return self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Link:
    """A shared network link: ``latency_ms`` before each response, bodies paced to ``bits_per_s`` in total
    over all connections (the throttled phone profile); no limit when ``network`` is None."""

    def __init__(self, network: dict | None):
        self.latency = (network or {}).get("latency_ms", 0) / 1000
        self.rate = (network or {}).get("bits_per_s", 0) / 8
        self.lock = threading.Lock()
        self.next_free = 0.0

    def wait_first_byte(self):
        if self.latency:
            time.sleep(self.latency)

    def pace(self, n: int):
        if not self.rate:
            return
        with self.lock:
            start = max(time.monotonic(), self.next_free)
            self.next_free = start + n / self.rate
            until = self.next_free
        delay = until - time.monotonic()
        if delay > 0:
            time.sleep(delay)


def make_handler(site: Path, prefix: str, counter: Counter, precompressed: bool, link: Link | None = None):
    link = link or Link(None)
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            self.wfile = _CountingWriter(self.wfile, counter)

        def log_message(self, format, *args):  # noqa: A002 - http.server's signature
            pass

        def do_HEAD(self):
            self._serve(body=False)

        def do_GET(self):
            self._serve(body=True)

        def _serve(self, body: bool):
            path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
            if path in HARNESSES:
                target, rel = HARNESSES[path], path
            elif not path.startswith(prefix):
                return self._send_error(404)
            else:
                rel = path[len(prefix) :] or "index.html"
                if rel.endswith("/"):
                    rel += "index.html"
                target = (site / rel).resolve()
                if site not in target.parents or not target.is_file():
                    return self._send_error(404)
            counter.add(0, rel)
            link.wait_first_byte()
            sent, encoding = target, None
            gz = target.with_name(target.name + ".gz")
            if precompressed and "gzip" in self.headers.get("Accept-Encoding", "") and gz.is_file():
                sent, encoding = gz, "gzip"
            st = sent.stat()
            last_modified = email.utils.formatdate(int(os.stat(target).st_mtime), usegmt=True)
            etag = f'"{int(st.st_mtime)}-{st.st_size}"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(st.st_size))
            self.send_header("Last-Modified", last_modified)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if body:
                with sent.open("rb") as fh:
                    step = 16384 if link.rate else 1 << 20
                    while chunk := fh.read(step):
                        link.pace(len(chunk))
                        self.wfile.write(chunk)

        def _send_error(self, code: int):
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()

    return Handler


class SiteServer:
    """``with SiteServer(site) as srv: srv.url("calculadora.html")`` — served on 127.0.0.1:<free port>."""

    def __init__(self, site: Path, prefix: str = "/cotas/", precompressed: bool = True,
                 network: dict | None = None):
        self.site = Path(site).resolve()
        self.prefix = prefix
        self.counter = Counter()
        handler = make_handler(self.site, prefix, self.counter, precompressed, Link(network))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, rel: str = "") -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{self.prefix}{rel}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
