#!/usr/bin/env python3
"""Set-up and run in one step, needing only Python 3.11+ (see README).

    python3 tasks.py serve [referee serve options]   # start the service
    python3 tasks.py test  [pytest options]          # run the test suite (a worker per core; -n 0: one)
    python3 tasks.py test --long [pytest options]   # the exhaustive variants too (REFEREE_LONG=1)
    python3 tasks.py i18n                            # extract message ids, update the German catalog

Creates .venv on first use and (re)installs the project whenever setup.cfg changes, one line
per phase (a failing phase prints its full output). `REFEREE_VENV=DIR` runs in an environment
that is already installed, as it is (the tests run the served command that way).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ["REFEREE_VENV"]) if os.environ.get("REFEREE_VENV") else ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"
CHROMIUM = "/usr/bin/chromium"


def phase(title: str, command: list[str]) -> None:
    """Run one set-up step quietly: one line, or its whole output when it fails."""
    print(f"{title} ...", flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        print(done.stdout, flush=True)
        print(f"{title} failed (exit {done.returncode})", flush=True)
        sys.exit(done.returncode)


def ensure_env() -> None:
    if os.environ.get("REFEREE_VENV"):
        return  # an installed environment, used as it is
    wanted = hashlib.sha256((ROOT / "setup.cfg").read_bytes() + (ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-warn-script-location", "--progress-bar", "off"]
    phase("installing pip and setuptools", pip + ["--upgrade", "pip", "setuptools"])
    phase("installing referee and its dependencies (a few minutes the first time)", pip + ["-e", f"{ROOT}[test]"])
    STAMP.write_text(wanted)


def ensure_system_packages() -> None:
    """The tests drive Debian's Chromium (never a downloaded browser build), start a throwaway
    PostgreSQL server from Debian's binaries and check the proxy example with `nginx -t`
    (never started): install the packages that are missing
    when this process may (root); otherwise say which tests will fail."""
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append(("chromium", "the browser tests"))
    if not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")):
        missing.append(("postgresql", "the PostgreSQL tests"))
    if not Path("/usr/sbin/nginx").exists():
        missing.append(("nginx", "the check of the proxy example (nginx -t)"))
    if not missing or os.environ.get("REFEREE_NO_APT") == "1":
        return
    packages = [p for p, _ in missing]
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not Path("/usr/bin/apt-get").exists():
        for package, tests in missing:
            print(f"{package} is missing and cannot be installed here (not root): {tests} will fail "
                  f"(apt-get install {package})", flush=True)
        return
    print(f"installing {', '.join(packages)} for the tests ...", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.call(["apt-get", "update", "-qq"], env=env)
    subprocess.call(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages], env=env)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("serve", "test", "i18n"):
        print(__doc__)
        return 2
    ensure_env()
    if argv[0] == "serve":
        # Replace this process with the server: stopping it by its pid (or Ctrl-C) stops the server.
        referee = str(BIN / "referee")
        os.execv(referee, [referee, "serve", *argv[1:]])
    if argv[0] == "i18n":  # extract the message ids and update the German catalog
        return subprocess.call([str(BIN / "referee"), "i18n", *argv[1:]], cwd=ROOT)
    ensure_system_packages()
    args = [a for a in argv[1:] if a != "--long"]
    env = run_env(long="--long" in argv[1:])
    started = time.monotonic()
    compile_once(env)
    # pytest prints the 25 slowest tests (setup.cfg) and what the run checked (tests/conftest.py)
    code = subprocess.call([str(BIN / "python"), "-m", "pytest", *parallel(args), *args], cwd=ROOT, env=env)
    print(f"tasks.py test: {time.monotonic() - started:.0f} s wall time", flush=True)
    return code


def compile_once(env: dict[str, str]) -> None:
    """Bytecode made once, before the test workers start, where none is cached yet (a fresh
    clone): referee's, which the hundreds of processes the tests start (gunicorn, the CLI) then
    read; and the tests' (pytest's assert rewriting, 7 CPU-s), by collecting them once in one
    process (11 CPU-s) instead of in each of the workers at once."""
    python = str(BIN / "python")
    subprocess.call([python, "-m", "compileall", "-q", str(ROOT / "referee")], cwd=ROOT, env=env)
    if not list((ROOT / "tests" / "__pycache__").glob("conftest.*-pytest-*.pyc")):
        print("compiling the tests ...", flush=True)
        subprocess.call([python, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"], cwd=ROOT, env=env,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_env(long: bool) -> dict[str, str]:
    """The test run's environment: REFEREE_LONG for --long; and Python writes bytecode caches
    (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE says not to, as each test
    worker would otherwise rewrite the tests' asserts again at every run (7 CPU-s a worker:
    10.8 CPU-s to collect the suite, 3.8 with the caches)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if long:
        env["REFEREE_LONG"] = "1"
    return env


def parallel(args: list[str]) -> list[str]:
    """Test workers (pytest-xdist): three more than the cores, as the suite waits a good part of
    its time (browsers, servers, mail, PostgreSQL, fsync): with three workers on two cores the
    tests' processes used 56% of the CPU (CI of 599ed1e: 980 CPU-s in 879 s); with four, 87%
    (CI of 73fc6ad: 1,110 CPU-s in 640 s, the cores idle while the lives model waited on
    PostgreSQL), so a fifth fills the cores while others wait. Each test is a unit of its own (a file whose tests share a module fixture is one unit,
    tests/conftest.py), handed out in collection order, which puts the slowest first, to the
    worker that is free: no worker idles at the end while another runs a long file. `-n 0` (or
    any `-n`) given by the caller wins."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return []
    return ["-n", str(min((os.cpu_count() or 2) + 3, 6)), "--dist", "loadscope", "--no-loadscope-reorder"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
