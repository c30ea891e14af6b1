"""The mail pages: what the service mailed, for a service without a mail server of its own.

`/g/<id>/mail` lists a game's mails: every one to the browser that created the game, a seat's
own mails to that seat's browser (signed in by its personal link), never another seat's. `/mail`
lists the games this browser may read mails of. The mails are read from the outbox, so the page
shows what was sent whatever the transport (the local Maildir, SMTP).
"""

from __future__ import annotations

from flask import Blueprint, g

from referee.plumbing.errors import NotFound, ServiceError
from referee.web import access
from referee.web.pages import page, secret, service
from referee.plumbing.i18n import Text

bp = Blueprint("mailpages", __name__, template_folder="templates")


def _reader(game_id: str) -> tuple[bool, int | None]:
    """(is this browser the game's creator, the seat it is signed in as)."""
    loaded = service().load(game_id)
    return access.is_creator(secret(), game_id), access.seat_from_cookie(service().seat_link_ok, game_id, loaded.seat_count())


@bp.get("/g/<game_id>/mail")
def game_mail(game_id: str):
    creator, seat = _reader(game_id)
    if not creator and seat is None:
        raise NotFound(Text("only the game's creator and its seats can read its mails: open your personal link first"))
    if seat is not None:  # the page speaks the seat's language, as its game page does
        g.referee_lang = service().seat_language(game_id, seat)
    mails = service().game_mails(game_id, None if creator else seat)
    return page("mail.html", game_id=game_id, mails=mails, creator=creator, seat=seat, listing=None)


@bp.get("/mail")
def mail_index():
    listing = []
    for game_id in sorted(access.games_in_cookies()):
        try:
            creator, seat = _reader(game_id)
        except ServiceError:
            continue
        if creator or seat is not None:
            listing.append({"id": game_id, "creator": creator, "seat": seat,
                            "count": len(service().game_mails(game_id, None if creator else seat))})
    return page("mail.html", game_id=None, mails=None, listing=listing)
