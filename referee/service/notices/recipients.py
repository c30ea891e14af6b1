"""The addresses the service is given to mail (a seat's address, an invitation, a tournament's
players, a sign-in): one check of where they point, and the mailbox each reaches.

The check is the same for every path, so no form of the request can mail a host inside the
operator's network (`x@10.0.0.1`, `x@[127.0.0.1]`, `x@localhost`) unless the operator allows
private targets. The mailbox is what caps on unsolicited mail count by: `Victim+7@Example.org`
and `victim@example.org` reach the same person, so they share one count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.plumbing import targets
from referee.plumbing.errors import InvalidSetup, ServiceError

if TYPE_CHECKING:
    from referee.service.core import Core

# Providers that also ignore dots in the local part (j.doe@ is jdoe@), under each of their names.
_DOTLESS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def check_address(core: "Core", address: str, field: str, label: str,
                  error: type[ServiceError] = InvalidSetup) -> None:
    """`error` (422) naming `field` for an address on loopback, a private network or another
    internal host; nothing when the operator allows private targets."""
    if core.config.allow_private_targets:
        return
    try:
        targets.check_email(address)
    except targets.TargetRefused as e:
        raise error(f"{label}: {e}", field=field) from None


def mailbox(address: str) -> str:
    """The mailbox an address reaches: letter case, a `+tag` and (where the provider ignores
    them) dots do not make another recipient."""
    local, _, domain = address.strip().lower().rpartition("@")
    local = local.partition("+")[0]
    domain = targets.normal_host(domain)
    if domain in _DOTLESS:
        domain, local = _DOTLESS[domain], local.replace(".", "")
    return f"{local}@{domain}"
