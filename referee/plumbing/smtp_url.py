"""The SMTP server, configured by a URL (``REFEREE_SMTP_URL``): parsed here, where the
configuration can check it at start, and used by notify/smtp.py to send.

    smtp://host                       plain, port 25
    smtp://user:pass@host:587?starttls=1   STARTTLS (port 587 by default), then AUTH
    smtps://user:pass@host            implicit TLS, port 465 by default

User and password are percent-decoded (write ``@`` as ``%40``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qsl, unquote, urlsplit

Security = Literal["plain", "starttls", "tls"]

_DEFAULT_PORTS: dict[Security, int] = {"plain": 25, "starttls": 587, "tls": 465}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    security: Security = "plain"
    username: str | None = None
    password: str | None = field(default=None, repr=False)  # never shown in logs or reprs

    @classmethod
    def from_url(cls, url: str) -> "SmtpSettings":
        """Settings from an ``smtp://`` or ``smtps://`` URL; ``ValueError`` if malformed.

        Error messages never repeat the URL, which may hold a password.
        """
        parts = urlsplit(url.strip())
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError("SMTP URL must start with smtp:// or smtps://")
        if not parts.hostname:
            raise ValueError("SMTP URL has no host")
        if parts.path not in ("", "/") or parts.fragment:
            raise ValueError("SMTP URL must not have a path or fragment")
        starttls = False
        for key, value in parse_qsl(parts.query, keep_blank_values=True):
            if key != "starttls" or value.lower() not in _TRUE | _FALSE:
                raise ValueError("SMTP URL accepts only the query option starttls=1 or starttls=0")
            starttls = value.lower() in _TRUE
        if parts.scheme == "smtps" and starttls:
            raise ValueError("smtps:// is already TLS; starttls applies to smtp:// only")
        security: Security = "tls" if parts.scheme == "smtps" else "starttls" if starttls else "plain"
        try:
            port = parts.port or _DEFAULT_PORTS[security]
        except ValueError:
            raise ValueError("SMTP URL has a bad port") from None
        username = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password is not None else None
        return cls(host=parts.hostname, port=port, security=security, username=username, password=password)
