"""Shared fixtures: a real HTTP server on loopback over a real SQLite file."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import pytest
import requests
from werkzeug.serving import make_server

from referee.app import create_app
from referee.config import Config


@dataclass
class Server:
    url: str
    app: Any
    database: str

    @property
    def service(self):
        return self.app.extensions["referee"]

    def call(self, method: str, path: str, token: str | None = None, **kw) -> requests.Response:
        headers = kw.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return requests.request(method, self.url + path, headers=headers, timeout=30, **kw)


class FakeTime:
    """An injectable clock (the service's `clock`), so tests can move time on purpose."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def start_server(database: str, clock=None, **flask_config) -> tuple[Server, Any]:
    app = create_app(Config(database=database), clock=clock, **flask_config)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    return Server(f"http://127.0.0.1:{httpd.server_port}", app, database), httpd


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
def server(tmp_path, clock):
    srv, httpd = start_server(str(tmp_path / "referee.db"), clock=clock)
    yield srv
    httpd.shutdown()
