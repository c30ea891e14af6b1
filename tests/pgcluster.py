"""A throwaway PostgreSQL server for the tests (and on-demand benchmarks): `initdb` in a
temporary directory, `pg_ctl start` on a free loopback port, removed at the end.

Uses Debian's server binaries (package `postgresql`, which `python3 tasks.py test` installs
when missing). `initdb` refuses to run as root, so as root the cluster belongs to the
`postgres` system user (`runuser -u postgres --`).

    python -m tests.pgcluster -- referee bench --database '$PG_URL'    # a durable cluster for one command
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg


def server_bin() -> Path | None:
    """The newest installed PostgreSQL server's bin directory."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One server. `durable=False` (the tests) turns fsync off: the server itself is never
    killed by a test, so what a commit acknowledges is still there for every check."""

    def __init__(self, durable: bool = False):
        bindir = server_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL server binaries not found under /usr/lib/postgresql "
                               "(apt-get install postgresql, or run `python3 tasks.py test`)")
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_root = hasattr(os, "geteuid") and os.geteuid() == 0
        self.durable = durable
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        cmd = [*(["runuser", "-u", "postgres", "--"] if self.as_root else []), *args]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd="/")

    def start(self) -> "Cluster":
        if self.as_root:
            os.chmod(self.root, 0o755)
            shutil.chown(self.root, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        settings = ["-c listen_addresses=127.0.0.1", f"-p {self.port}", f"-k {self.root}",
                    "-c max_connections=400", "-c shared_buffers=128MB"]
        if not self.durable:
            settings += ["-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"),
                  "-o", " ".join(settings), "-w", "-t", "60", "start")
        return self

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, template: str | None = None) -> str:
        """A new empty database (a copy of `template` when given); returns its URL."""
        name = f"referee_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else ""))
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Run one command against a throwaway, durable PostgreSQL "
                                                 "server; $PG_URL in its arguments is the database's URL.")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = [a for a in args.command if a != "--"]
    with Cluster(durable=True) as cluster:
        url = cluster.create_database()
        command = [a.replace("$PG_URL", url) for a in command]
        return subprocess.call(command, env={**os.environ, "PG_URL": url})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
