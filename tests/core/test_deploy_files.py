"""The deployment examples in deploy/ stay true to the code: units parse and start commands that
exist, the environment example names only real settings, scripts parse, the proxy and gunicorn
settings do what the README says. Cheap checks only (no systemd, no PostgreSQL needed)."""

from __future__ import annotations

import configparser
import ipaddress
import os
import re
import runpy
import shlex
import shutil
import subprocess
from dataclasses import fields
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from referee.ops.cli import main
from referee.plumbing.config import Config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
PG = DEPLOY / "postgresql"
INSTALL_DIR = "/srv/referee"  # where the units expect the checkout (WorkingDirectory)
UNITS = sorted([*DEPLOY.rglob("*.service"), *DEPLOY.rglob("*.timer")])
SERVICES = [u for u in UNITS if u.suffix == ".service"]
SCRIPTS = sorted(DEPLOY.rglob("*.sh"))
GUNICORN_CONFS = sorted(DEPLOY.rglob("gunicorn.conf.py"))
# Environment variables read by others than Config: libpq (the PostgreSQL client library) and
# gunicorn's own FORWARDED_ALLOW_IPS (checked against gunicorn's source below).
LIBPQ_VARIABLES = {"PGPASSFILE", "PGSSLMODE", "PGSSLROOTCERT", "PGCONNECT_TIMEOUT", "PGAPPNAME"}
GUNICORN_VARIABLES = {"FORWARDED_ALLOW_IPS"}


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def read_unit(path: Path) -> configparser.ConfigParser:
    """systemd's unit syntax is INI with repeatable keys and case-sensitive names."""
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read_string(path.read_text(), source=str(path))
    return parser


def in_checkout(path: str) -> Path:
    """A path of the installed checkout (/srv/referee/…) as a path of this repository."""
    assert path.startswith(INSTALL_DIR + "/"), f"{path} is not under {INSTALL_DIR}"
    return ROOT / path[len(INSTALL_DIR) + 1:]


def env_file(path: Path) -> dict[str, str]:
    values = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            key, sep, value = line.partition("=")
            assert sep and re.fullmatch(r"[A-Z][A-Z0-9_]*", key), f"{rel(path)}:{n}: not KEY=value: {line!r}"
            values[key] = value
    return values


def timer_started(service: Path) -> bool:
    return any(read_unit(t).get("Timer", "Unit", fallback=t.stem + ".service") == service.name
               for t in service.parent.glob("*.timer"))


def test_there_are_units_and_scripts_to_check():
    names = {rel(u) for u in UNITS}
    assert {"deploy/referee-web.service", "deploy/referee-scheduler.service",
            "deploy/postgresql/referee-web.service", "deploy/postgresql/referee-scheduler.service",
            "deploy/postgresql/referee-backup.service", "deploy/postgresql/referee-backup.timer"} <= names
    assert SCRIPTS and len(GUNICORN_CONFS) == 2


@pytest.mark.parametrize("unit", UNITS, ids=rel)
def test_unit_parses_with_its_sections(unit):
    parser = read_unit(unit)
    kind = "Service" if unit.suffix == ".service" else "Timer"
    assert {"Unit", kind} <= set(parser.sections()), parser.sections()
    assert parser.get("Unit", "Description")
    if kind == "Timer" or not timer_started(unit):  # a timer's service is started by the timer
        assert parser.get("Install", "WantedBy"), f"{rel(unit)} cannot be enabled"
    if kind == "Timer":
        assert (unit.parent / parser.get("Timer", "Unit", fallback=unit.stem + ".service")).is_file()
        assert parser.get("Timer", "OnCalendar")


@pytest.mark.parametrize("unit", SERVICES, ids=rel)
def test_service_starts_a_command_that_exists(unit):
    service = read_unit(unit)["Service"]
    assert service["WorkingDirectory"] == INSTALL_DIR
    assert service["EnvironmentFile"].startswith("/etc/referee/")
    argv = shlex.split(service["ExecStart"])
    program = Path(argv[0]).name
    if program == "referee":
        command, args = argv[1], argv[2:]
        assert command in main.commands, f"{rel(unit)}: no `referee {command}`"
        help_run = CliRunner().invoke(main, [command, "--help"])
        assert help_run.exit_code == 0, help_run.output
        main.commands[command].make_context(command, list(args))  # its options parse
    elif program == "gunicorn":
        config = argv[argv.index("-c") + 1]
        assert (ROOT / config).is_file(), f"{rel(unit)}: no {config}"
        module, _, factory = argv[-1].partition(":")
        assert module == "referee.asgi" and factory == "create_asgi_app()"  # the one app: feeds on the loop
        from referee import asgi
        assert callable(asgi.create_asgi_app)
        assert int(service["LimitNOFILE"]) >= 10_000  # one socket per open stream
    else:
        script = in_checkout(argv[0])
        assert script in SCRIPTS and os.access(script, os.X_OK), f"{rel(unit)}: {argv[0]}"


def test_environment_example_names_only_real_settings():
    values = env_file(PG / "referee.env")
    config_keys = {"REFEREE_" + f.name.upper() for f in fields(Config)}
    sources = [*GUNICORN_CONFS, ROOT / "referee" / "asgi" / "__init__.py"]  # REFEREE_THREADS: the Flask pool
    gunicorn_keys = {k for conf in sources
                     for k in re.findall(r"""os\.environ\.get\(["'](REFEREE_[A-Z_]+)""", conf.read_text())}
    assert {"REFEREE_BIND", "REFEREE_WORKERS", "REFEREE_THREADS"} <= gunicorn_keys
    unknown = {k for k in values if k.startswith("REFEREE_")} - config_keys - gunicorn_keys
    assert not unknown, f"not settings of referee/config.py or the gunicorn configs: {unknown}"
    others = {k for k in values if not k.startswith("REFEREE_")}
    assert others <= LIBPQ_VARIABLES | GUNICORN_VARIABLES, others
    import gunicorn.config
    source = Path(gunicorn.config.__file__).read_text()
    assert all(f'os.environ.get("{k}"' in source for k in others & GUNICORN_VARIABLES)
    for ip in values["FORWARDED_ALLOW_IPS"].split(","):
        ipaddress.ip_network(ip.strip(), strict=False)
    # The example is a configuration the service accepts (the SMTP URL parses, and so on).
    config = Config.from_env(environ=values)
    assert config.database.startswith("postgresql://") and config.base_url.startswith("https://")


def test_database_setup_matches_the_environment_example():
    url = urlsplit(env_file(PG / "referee.env")["REFEREE_DATABASE"])
    user, database = url.username, url.path.lstrip("/")
    sql = (PG / "setup-database.sql").read_text()
    assert re.search(rf"CREATE ROLE {user} LOGIN", sql)
    assert re.search(rf"CREATE DATABASE {database} OWNER {user}", sql)


def test_verify_all_reads_a_table_the_postgresql_schema_has():
    query = re.search(r"SELECT DISTINCT (\w+) FROM (\w+)", (PG / "verify-all.sh").read_text())
    column, table = query.groups()
    schema = "\n".join(p.read_text() for p in sorted((ROOT / "migrations" / "postgresql").glob("*.sql")))
    table_sql = re.search(rf"CREATE TABLE {table} \((.*?)\n\)", schema, re.S)
    assert table_sql and re.search(rf"^\s*{column}\s", table_sql.group(1), re.M)


@pytest.mark.parametrize("script", SCRIPTS, ids=rel)
def test_shell_script_parses_and_is_executable(script):
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert os.access(script, os.X_OK)


def test_postgresql_gunicorn_settings_extend_the_single_host_ones():
    import gunicorn.config
    base = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    conf = runpy.run_path(str(PG / "gunicorn.conf.py"))
    cfg = gunicorn.config.Config()
    for name, value in conf.items():
        if name in cfg.settings:
            cfg.set(name, value)  # gunicorn's own validation
    for name in ("bind", "workers", "worker_class", "timeout", "accesslog"):
        assert conf[name] == base[name]
    # the uvicorn worker: an event loop per worker, where the live feed waits holding no thread
    from uvicorn_worker import UvicornWorker
    assert issubclass(cfg.worker_class, UvicornWorker)
    assert cfg.worker_class.CONFIG_KWARGS["server_header"] is False  # no server banner


def _seen_address(allowed: str, peer: str, forwarded: str | None) -> str:
    """The client address the app sees, as the uvicorn worker sets it up: gunicorn's
    forwarded_allow_ips handed to uvicorn's ProxyHeadersMiddleware."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
    seen = {}

    async def app(scope, receive, send):
        seen["addr"] = scope["client"][0]

    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    scope = {"type": "http", "client": (peer, 4000), "headers": headers, "scheme": "http"}
    # on a thread of its own: a session's Playwright (sync API) keeps an event loop running on this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, ProxyHeadersMiddleware(app, trusted_hosts=allowed)(scope, None, None)).result()
    return seen["addr"]


def test_client_address_comes_from_the_trusted_proxy_only():
    import uvicorn_worker._workers as workers
    # the worker passes gunicorn's setting (FORWARDED_ALLOW_IPS) on to uvicorn
    assert '"forwarded_allow_ips": self.cfg.forwarded_allow_ips' in Path(workers.__file__).read_text()
    proxy = env_file(PG / "referee.env")["FORWARDED_ALLOW_IPS"]
    assert "*" not in proxy
    # nginx appends the address it saw: the last entry is the client, earlier ones are its claims.
    assert _seen_address(proxy, "10.0.0.10", "203.0.113.9, 198.51.100.7") == "198.51.100.7"
    assert _seen_address("10.0.0.0/24", "10.0.0.11", "198.51.100.7") == "198.51.100.7"
    # Anyone else keeps their own address whatever they claim.
    assert _seen_address(proxy, "192.0.2.1", "198.51.100.7") == "192.0.2.1"
    assert _seen_address("10.0.0.10, ::1", "2001:db8::1", "198.51.100.7") == "2001:db8::1"
    assert _seen_address(proxy, "10.0.0.10", None) == "10.0.0.10"


def test_proxy_balances_over_web_hosts_with_long_poll_timeouts():
    text = (PG / "nginx-referee.conf").read_text()
    upstream = re.search(r"upstream (\w+) \{(.*?)\}", text, re.S)
    servers = re.findall(r"^\s*server\s+(\S+)", upstream.group(2), re.M)
    assert len(servers) >= 2 and not any(s.startswith(("127.", "localhost", "[::1]")) for s in servers)
    assert f"proxy_pass http://{upstream.group(1)};" in text
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in text
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in text
    from referee.api.games import MAX_WAIT
    read_timeout = int(re.search(r"proxy_read_timeout (\d+)s;", text).group(1))
    assert read_timeout >= 2 * MAX_WAIT  # the change feed's long poll, with room to answer
    # the event stream passes through at once (no buffering) and outlives a heartbeat
    stream = re.search(r"location ~ \^/games/\[\^/\]\+/events\$ \{(.*?)\}", text, re.S)
    assert stream, "no location for the event stream"
    assert "proxy_buffering off;" in stream.group(1) and "proxy_pass http://referee_web;" in stream.group(1)
    assert int(re.search(r"proxy_read_timeout (\d+)s;", stream.group(1)).group(1)) > 2 * Config.stream_heartbeat

def test_proxy_admits_the_largest_body_the_app_accepts(tmp_path):
    from referee.app import create_app
    app = create_app(Config(database=str(tmp_path / "referee.db")))
    text = (PG / "nginx-referee.conf").read_text()
    body_mib = int(re.search(r"client_max_body_size (\d+)m;", text).group(1))
    assert body_mib * 2**20 >= app.config["MAX_CONTENT_LENGTH"]  # an inbound mail of 10 MiB


def test_proxy_configuration_passes_nginx_t(tmp_path):
    """`nginx -t` on a copy whose upstream hosts, ports, certificate and logs are local ones."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=t",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    text = (PG / "nginx-referee.conf").read_text()
    text = re.sub(r"web\d\.internal", "127.0.0.1", text)
    text = re.sub(r"listen (\[::\]:)?(80|443)", lambda m: f"listen {'[::1]:' if m.group(1) else ''}1{m.group(2)}", text)
    text = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {tmp_path}/cert.pem;", text)
    text = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {tmp_path}/key.pem;", text)
    text = text.replace("/var/log/nginx/", f"{tmp_path}/")
    (tmp_path / "referee.conf").write_text(text)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ include {tmp_path}/referee.conf; }}\n")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"  # installed by `python3 tasks.py test`
    done = subprocess.run([nginx, "-t", "-q", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_deploy_file_is_explained_in_its_readme():
    readme = (PG / "README.md").read_text()
    missing = [p.name for p in PG.iterdir() if p.name != "README.md" and f"`{p.name}`" not in readme]
    assert not missing, f"deploy/postgresql/README.md does not mention {missing}"


def test_documented_migrate_store_options_exist():
    """Both READMEs show `migrate-store --from sqlite:///… --to postgresql://…`, and every option
    named where they speak of it is one the command has."""
    command = main.commands["migrate-store"]
    options = {o for p in command.params for o in p.opts}
    for readme in (ROOT / "README.md", PG / "README.md"):
        text = readme.read_text()
        assert re.search(r"migrate-store\s+--from\s+sqlite:///\S+\s+(?:\\\s+)?--to\s+postgresql://", text), rel(readme)
        paragraphs = [p for p in re.split(r"\n\s*\n|\n(?=- )", text) if "migrate-store" in p]
        # what is said of migrate-store: from its name to the next command named (`referee …`)
        spans = [re.split(r"`referee (?!migrate-store)", part)[0]
                 for p in paragraphs for part in p.split("migrate-store")[1:]]
        named = {f for s in spans for f in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", s)}
        assert {"--from", "--to", "--into-non-empty"} <= named, (rel(readme), named)
        assert named <= options, (rel(readme), named - options)
