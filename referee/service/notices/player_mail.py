"""The mails of the layer around games: a sign-in link, an invitation to a seat, the daily
digest of a player's games. Plain text in the player's language (English or German); an address
appears only as the recipient, never in a text another player could read."""

from __future__ import annotations

from datetime import date, timezone
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from babel.dates import format_date

from referee.plumbing.i18n import Translator, translator
from referee.service.notices import send_caps
from referee.service.links import accept_url, join_url, sign_in_url
from referee.store import outbox

if TYPE_CHECKING:
    from referee.service.core import Core

NO_GAME = ""  # the outbox's game of a mail about no single game (sign-in, digest)

def _tr(lang: str | None) -> Translator:
    return translator(lang)


def sign_in(conn: Any, base_url: str, email: str, token: str, token_hash: str, lang: str | None, now: float) -> None:
    _ = _tr(lang).gettext
    outbox.enqueue(conn, NO_GAME, None, "email", email, "sign_in", _("Your sign-in link"),
                   _("Open this link to sign in to the referee (it works once, for 30 minutes):\n\n%(link)s\n\n"
                     "If you did not ask for it, ignore this mail: nothing happens without the link.",
                     link=sign_in_url(base_url, token)), f"sign-in:{token_hash}", now)


def invitation(core: "Core", conn: Any, game_id: str, seat: int, email: str, title: str, names: list[str],
               lang: str | None = None) -> None:
    """An invitation to the invited address (in the language of its player, if it is one),
    within the address's cap on unsolicited mail (else 429 naming the seat's invitation)."""
    send_caps.mail(core, conn, email, f"/seats/{seat}/invite", f"seat {seat}")
    tr = _tr(lang)
    _ = tr.gettext
    who = tr.join([n for n in names if n]) or _("A player")
    outbox.enqueue(conn, game_id, None, "email", email, "invitation", _("An invitation to play %(title)s", title=title),
                   _("%(who)s invites you to a game of %(title)s.\n\nTake your seat here (sign in with this address "
                     "first; the page mails you a link):\n\n%(link)s\n\nOnly this address can take the seat.",
                     who=who, title=title, link=join_url(core.config.base_url, game_id, seat)),
                   f"invite:{game_id}:{seat}", core.clock())


def offer(core: "Core", conn: Any, game_id: str, seat: int, email: str, title: str, name: str,
          lang: str | None = None) -> None:
    """A seat created with this address: its link plays it, and only accepting it (signed in with
    this address) puts the game on the player's record and rating. Within the address's cap on
    unsolicited mail (else 429 naming the seat's address)."""
    send_caps.mail(core, conn, email, f"/seats/{seat}/email", f"seat {seat}")
    _ = _tr(lang).gettext
    outbox.enqueue(conn, game_id, None, "email", email, "offer", _("A seat in a game of %(title)s", title=title),
                   _("A seat named %(name)s in a game of %(title)s was created with this address.\n\n"
                     "To make it yours, so that the game counts on your record and rating, accept it here "
                     "(sign in with this address first):\n\n%(link)s\n\n"
                     "Until you accept it, the seat counts for nobody. If you do not know this game, ignore this mail.",
                     name=name, title=title, link=accept_url(core.config.base_url, game_id, seat)),
                   f"offer:{game_id}:{seat}", core.clock())


def _when(ts: float, tz: str | None, tr: Translator) -> str:
    zone = ZoneInfo(tz) if tz else timezone.utc
    if tr.lang != "en":  # as the reader's language writes a moment ("Mi., 25. Nov. 2026, 14:00 CET")
        return tr.moment(ts, zone, zone=True)
    return tr.datetime(ts, zone, "yyyy-MM-dd HH:mm zzz")


def digest(conn: Any, base_url: str, player: dict[str, Any], games: list[dict[str, Any]], day: str, now: float,
           news: dict[str, list[str]] | None = None, key: str | None = None) -> bool:
    """The list of a player's games (the same list as "my games") with what happened in each
    since the last digest (`news`, told as the player's seat may see it), in the player's
    language; False if queued before."""
    tr = _tr(player.get("lang"))
    _ = tr.gettext
    running = [g for g in games if g["status"] in ("active", "paused", "open")]
    mine = sum(1 for g in running if g["your_turn"])
    today = day if tr.lang == "en" else format_date(date.fromisoformat(day), "long", locale=tr.lang)  # 25. November 2026
    lines = [_("Your games (%(today)s):", today=today), ""]
    for g in running:
        opponents = ", ".join(g["opponents"]) or "-"
        waiting = ", ".join(g["to_move_names"]) or "-"
        if g.get("deadline"):
            due = _when(g["deadline"], player.get("tz"), tr)
            line = (_("- %(title)s with %(opponents)s: your turn; deadline %(when)s", title=g["title"],
                      opponents=opponents, when=due) if g["your_turn"] else
                    _("- %(title)s with %(opponents)s: waiting for %(who)s; deadline %(when)s", title=g["title"],
                      opponents=opponents, who=waiting, when=due))
        else:
            line = (_("- %(title)s with %(opponents)s: your turn", title=g["title"], opponents=opponents)
                    if g["your_turn"] else
                    _("- %(title)s with %(opponents)s: waiting for %(who)s", title=g["title"], opponents=opponents,
                      who=waiting))
        lines.append(f"{line}\n  {g['url']}")
        lines.extend(f"    {part}" for told in (news or {}).get(g["id"], []) for part in told.splitlines())
    if not running:
        lines.append(_("You hold no seat in a running game."))
    lines += ["", _("Open your games: %(link)s\nNo more digests: switch them off on that page.",
                    link=f"{base_url.rstrip('/')}/me")]
    return outbox.enqueue(conn, NO_GAME, None, "email", player["email"], "digest",
                          tr.ngettext("Your games today: %(n)d waits for you", "Your games today: %(n)d wait for you",
                                      mine), "\n".join(lines), key or f"digest:{player['id']}:{day}", now)
