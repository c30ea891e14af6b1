"""Settings from environment variables (REFEREE_*), optionally from a config file."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path


@dataclass
class Config:
    # A SQLite path or sqlite:///path, or a postgresql:// URL (which may hold a password: not in repr).
    database: str = field(default="./referee.db", repr=False)
    base_url: str = "http://127.0.0.1:8000"
    smtp_url: str | None = None
    # Without an SMTP URL, mail is written to this Maildir (`referee` commands default it to
    # `mail/` beside a SQLite database: see `local_mail_dir`); None keeps mail queued.
    mail_dir: str | None = None
    mail_from: str = "referee@localhost"
    inbound_domain: str = "localhost"
    secret_key: str = field(default="", repr=False)
    # The shared secret of POST /mail/inbound (a Bearer token, or the password of HTTP basic
    # auth); without it the hook is off (403): the embedded SMTP port and `referee mail-in` stay.
    inbound_secret: str = field(default="", repr=False)
    # Abuse limits for a public deployment (README, "Operations"). A limit is "N/period" in the
    # `limits` notation ("20/hour", "30/minute"); an empty string switches it off.
    create_key: str = field(default="", repr=False)  # when set, POST /games needs `X-Create-Key`
    create_limit: str = "60/hour"                    # games created per client address
    auth_fail_limit: str = "30/minute"               # failed seat-token checks per client address
    allow_private_targets: bool = False              # webhooks/mail to loopback/private addresses
    state_cache_bytes: int = 64 * 2**20              # memory for loaded games per process (a cache)
    bot_delay: float = 0.0                           # seconds a bot seat waits after a person's move
    # The live feed (referee/asgi/): open streams and waiting long polls per client address and
    # per process (429 with Retry-After beyond), a stream's lifetime and its heartbeat (seconds).
    streams_per_address: int = 20
    streams_per_process: int = 5000
    stream_lifetime: int = 300
    stream_heartbeat: int = 15
    talk_limit: str = "30/10 minutes"                # table-talk messages per seat (notes too); "" for none
    # Mail to an address someone else typed (invitations, tournament mails, sign-in links), per
    # recipient mailbox (victim+1@ is victim@), and test alerts per channel; "" for none.
    mail_cap: str = "20/hour;50/day"
    channel_test_limit: str = "5/hour"
    open_game_expiry: str = "14d"                    # an open table nobody fills is cancelled after this

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: str) -> "Config":
        """Defaults < config file (REFEREE_CONFIG, JSON) < environment < explicit overrides."""
        env = os.environ if environ is None else environ
        values: dict[str, str] = {}
        config_file = env.get("REFEREE_CONFIG")
        if config_file:
            values.update(_read_file(config_file))
        for f in fields(cls):
            key = "REFEREE_" + f.name.upper()
            if key in env:
                values[f.name] = env[key]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def __post_init__(self) -> None:
        if isinstance(self.allow_private_targets, str):  # from the environment: "1", "true", "yes"
            self.allow_private_targets = self.allow_private_targets.strip().lower() in ("1", "true", "yes", "on")
        if self.smtp_url:  # a malformed URL is an operator's error at start, not a traceback later
            from referee.plumbing.smtp_url import SmtpSettings
            try:
                SmtpSettings.from_url(self.smtp_url)
            except ValueError as e:
                raise ConfigError(f"REFEREE_SMTP_URL: {e}") from None
        if not re.fullmatch(r"[1-9][0-9]{0,5}[smhd]", str(self.open_game_expiry)):
            raise ConfigError("REFEREE_OPEN_GAME_EXPIRY must be a duration such as 14d, 72h, 30m or 90s")
        from limits import parse_many
        for name in ("talk_limit", "mail_cap", "channel_test_limit"):
            try:
                if getattr(self, name):
                    parse_many(getattr(self, name))
            except ValueError:
                raise ConfigError(f"REFEREE_{name.upper()} must be a rate such as 30/10 minutes or "
                                  "20/hour;50/day") from None
        if isinstance(self.state_cache_bytes, str):
            try:
                self.state_cache_bytes = int(self.state_cache_bytes)
            except ValueError:
                raise ConfigError("REFEREE_STATE_CACHE_BYTES must be a whole number of bytes") from None
        if isinstance(self.bot_delay, str):
            try:
                self.bot_delay = float(self.bot_delay)
            except ValueError:
                raise ConfigError("REFEREE_BOT_DELAY must be a number of seconds") from None
        for name in ("streams_per_address", "streams_per_process", "stream_lifetime", "stream_heartbeat"):
            value = getattr(self, name)
            try:
                setattr(self, name, int(value))
            except (TypeError, ValueError):
                raise ConfigError(f"REFEREE_{name.upper()} must be a whole number") from None
            if getattr(self, name) < 1:
                raise ConfigError(f"REFEREE_{name.upper()} must be at least 1")


def local_mail_dir(config: Config) -> str:
    """The Maildir beside the database (`./mail/` for `./referee.db`); `./mail/` for a server
    database. Mail goes there when no SMTP server is configured, so a fresh clone sees its mail."""
    db = config.database
    if db.startswith("postgresql:") or db.startswith("postgres:"):
        return str(Path("mail"))
    path = db[len("sqlite://"):] if db.startswith("sqlite://") else db  # as store.db.sqlite_path
    return str(Path(path).parent / "mail")


def with_local_mail(config: Config) -> Config:
    """`config` with the local Maildir when neither an SMTP URL nor a Maildir is configured."""
    from dataclasses import replace
    if config.smtp_url or config.mail_dir:
        return config
    return replace(config, mail_dir=local_mail_dir(config))


class ConfigError(ValueError):
    """A configuration that cannot be used; its message is one line for the operator."""


def _read_file(path: str) -> dict:
    known = {f.name for f in fields(Config)}
    try:
        data = json.loads(Path(path).read_text())
    except OSError as e:
        raise ConfigError(f"REFEREE_CONFIG: cannot read {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ConfigError(f"REFEREE_CONFIG: {path} is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"REFEREE_CONFIG: {path} must hold a JSON object")
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"REFEREE_CONFIG: unknown setting(s) {', '.join(unknown)} in {path}; "
                          f"known: {', '.join(sorted(known))}")
    return data
