"""The mails of the layer around games: a sign-in link, an invitation to a seat, the daily
digest of a player's games. Plain text in the player's language (English or German); an address
appears only as the recipient, never in a text another player could read."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from referee.service.links import join_url, sign_in_url
from referee.store import outbox

if TYPE_CHECKING:
    from referee.service.core import Core

NO_GAME = ""  # the outbox's game of a mail about no single game (sign-in, digest)

WORDS = {
    "en": {
        "sign_in_subject": "Your sign-in link",
        "sign_in": "Open this link to sign in to the referee (it works once, for 30 minutes):\n\n{link}\n\n"
                   "If you did not ask for it, ignore this mail: nothing happens without the link.",
        "invite_subject": "An invitation to play {title}",
        "invite": "{who} invites you to a game of {title}.\n\nTake your seat here (sign in with this address "
                  "first; the page mails you a link):\n\n{link}\n\nOnly this address can take the seat.",
        "digest_subject": "Your games today: {n} wait for you",
        "digest_head": "Your games ({today}):",
        "digest_none": "You hold no seat in a running game.",
        "your_turn": "your turn", "waiting": "waiting for {who}", "due": "deadline {when}",
        "digest_foot": "Open your games: {link}\nNo more digests: switch them off on that page.",
    },
    "de": {
        "sign_in_subject": "Dein Anmeldelink",
        "sign_in": "Öffne diesen Link, um dich beim Schiedsrichter anzumelden (einmal gültig, 30 Minuten lang):\n\n"
                   "{link}\n\nHast du ihn nicht angefordert, ignoriere diese Mail: ohne den Link geschieht nichts.",
        "invite_subject": "Eine Einladung zu {title}",
        "invite": "{who} lädt dich zu einer Partie {title} ein.\n\nNimm hier Platz (melde dich zuerst mit "
                  "dieser Adresse an; die Seite schickt dir einen Link):\n\n{link}\n\nNur diese Adresse kann den Platz nehmen.",
        "digest_subject": "Deine Partien heute: {n} warten auf dich",
        "digest_head": "Deine Partien ({today}):",
        "digest_none": "Du hast keinen Platz in einer laufenden Partie.",
        "your_turn": "du bist am Zug", "waiting": "wartet auf {who}", "due": "Frist {when}",
        "digest_foot": "Deine Partien: {link}\nKeine Übersicht mehr: auf dieser Seite abschalten.",
    },
}


def _w(lang: str | None) -> dict[str, str]:
    return WORDS.get(lang or "en", WORDS["en"])


def sign_in(conn: Any, base_url: str, email: str, token: str, token_hash: str, lang: str | None, now: float) -> None:
    w = _w(lang)
    outbox.enqueue(conn, NO_GAME, None, "email", email, "sign_in", w["sign_in_subject"],
                   w["sign_in"].format(link=sign_in_url(base_url, token)), f"sign-in:{token_hash}", now)


def invitation(core: "Core", conn: Any, game_id: str, seat: int, email: str, title: str, names: list[str]) -> None:
    w = _w("en")
    who = " and ".join(n for n in names if n) or "A player"
    outbox.enqueue(conn, game_id, None, "email", email, "invitation", w["invite_subject"].format(title=title),
                   w["invite"].format(who=who, title=title, link=join_url(core.config.base_url, game_id, seat)),
                   f"invite:{game_id}:{seat}", core.clock())


def _when(ts: float, tz: str | None) -> str:
    zone = ZoneInfo(tz) if tz else timezone.utc
    return datetime.fromtimestamp(ts, zone).strftime("%Y-%m-%d %H:%M %Z")


def digest(conn: Any, base_url: str, player: dict[str, Any], games: list[dict[str, Any]], day: str, now: float,
           news: dict[str, list[str]] | None = None, key: str | None = None) -> bool:
    """The list of a player's games (the same list as "my games") with what happened in each
    since the last digest (`news`, told as the player's seat may see it); False if queued before."""
    w = _w(player.get("lang"))
    running = [g for g in games if g["status"] in ("active", "paused", "open")]
    mine = sum(1 for g in running if g["your_turn"])
    lines = [w["digest_head"].format(today=day), ""]
    for g in running:
        state = w["your_turn"] if g["your_turn"] else w["waiting"].format(who=", ".join(g["to_move_names"]) or "-")
        due = f"; {w['due'].format(when=_when(g['deadline'], player.get('tz')))}" if g.get("deadline") else ""
        lines.append(f"- {g['title']} with {', '.join(g['opponents']) or '-'}: {state}{due}\n  {g['url']}")
        lines.extend(f"    {part}" for told in (news or {}).get(g["id"], []) for part in told.splitlines())
    if not running:
        lines.append(w["digest_none"])
    lines += ["", w["digest_foot"].format(link=f"{base_url.rstrip('/')}/me")]
    return outbox.enqueue(conn, NO_GAME, None, "email", player["email"], "digest",
                          w["digest_subject"].format(n=mine), "\n".join(lines), key or f"digest:{player['id']}:{day}", now)
