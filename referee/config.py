"""Settings from environment variables (REFEREE_*), optionally from a config file."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path


@dataclass
class Config:
    database: str = "./referee.db"
    base_url: str = "http://127.0.0.1:8000"
    smtp_url: str | None = None
    mail_from: str = "referee@localhost"
    inbound_domain: str = "localhost"
    secret_key: str = field(default="", repr=False)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: str) -> "Config":
        """Defaults < config file (REFEREE_CONFIG, JSON) < environment < explicit overrides."""
        env = os.environ if environ is None else environ
        values: dict[str, str] = {}
        config_file = env.get("REFEREE_CONFIG")
        if config_file:
            values.update(json.loads(Path(config_file).read_text()))
        for f in fields(cls):
            key = "REFEREE_" + f.name.upper()
            if key in env:
                values[f.name] = env[key]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
