"""Real receivers on loopback for alert tests: an HTTP server that records every request (what
apprise's json:// and form:// targets post, and what a Web Push service is sent) and answers
with the status queued per path (and the `Location` queued per path, for a redirect)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    def __init__(self, address: str = "127.0.0.1") -> None:
        self.requests: list[Request] = []
        self.status: dict[str, int] = {}   # path -> status to answer (default 200)
        self.location: dict[str, str] = {}  # path -> where a 3xx answer sends the client
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append(Request(self.path, dict(self.headers), body))
                self.send_response(receiver.status.get(self.path, 200))
                if self.path in receiver.location:
                    self.send_header("Location", receiver.location[self.path])
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer((address, 0), Handler)
        self.host = f"{address}:{self.httpd.server_port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def at(self, path: str) -> list[Request]:
        return [r for r in self.requests if r.path == path]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
