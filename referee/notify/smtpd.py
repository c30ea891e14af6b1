"""A local inbound SMTP port (aiosmtpd): a reply sent to it is played as `/mail/inbound` plays it.

`referee serve` listens on it (loopback, port 2525 by default) so that play by e-mail works on
a fresh clone without a mail server: answer a mail from the Maildir with any mail client or
`smtplib`. Every message is accepted with 250 and handed to `mailin.handle`, which answers by
mail, never through SMTP, so the port reveals nothing about games, seats or addresses.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aiosmtpd.controller import Controller

from referee.notify import mailin

if TYPE_CHECKING:
    from referee.service.referee import Referee

log = logging.getLogger(__name__)

MAX_MAIL = 10 * 1024 * 1024  # as POST /mail/inbound


class InboundHandler:
    """aiosmtpd handler: each message's raw bytes go to the same use case as /mail/inbound."""

    def __init__(self, service: "Referee") -> None:
        self.service = service

    async def handle_DATA(self, server, session, envelope) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            # The store is synchronous: play the mail in a worker thread, off the event loop.
            outcome = await asyncio.get_running_loop().run_in_executor(None, mailin.handle, self.service, raw)
            log.info("inbound mail: %s", outcome.get("status"))
        except Exception as e:  # the sender learns nothing; the operator's log says what failed
            log.error("inbound mail failed: %s", type(e).__name__)
        return "250 Message accepted"


def start(service: "Referee", host: str, port: int) -> Controller:
    """Listen on host:port in a thread of its own; `.stop()` ends it. Raises OSError when the
    port cannot be bound."""
    controller = Controller(InboundHandler(service), hostname=host, port=port, data_size_limit=MAX_MAIL,
                            ready_timeout=5.0)
    controller.start()
    return controller
