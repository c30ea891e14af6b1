"""Link previews (issue 40): the public board as a PNG (`/g/{id}/preview.png`, for Open Graph and
Twitter cards), a compact live board for an `<iframe>` (`/embed/g/{id}`) and its oEmbed answer
(`/oembed?url=`).

Every picture here is the spectator's: `rules.view(state, None)` drawn by the same code as the
game page, so a seat's hidden cards can never be in it, whoever asks (no cookie is read). The
PNG is rasterised by resvg (resvg-py: the Rust renderer in a self-contained wheel, no system
library to install, and it never fetches what an SVG links to), cached per (game, seq): the board
after an event never changes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import resvg_py
from flask import Blueprint, Response, jsonify, request, url_for

from referee.plumbing.errors import BadRequest, NotFound
from referee.plumbing.i18n import EN
from referee.plumbing.memo import AuditCache
from referee.web import present
from referee.web.gamepage import PICTURES
from referee.web.pages import page, service

bp = Blueprint("preview_web", __name__, template_folder="templates")
PNGS = AuditCache(64)  # (game, seq) -> PNG bytes
FONT = "DejaVu Sans"   # the boards ask for sans-serif; resvg's own default names a font few systems have
EMBED_W, EMBED_H = 480, 640
SVG_NS = present.SVG_NS
GAP = 8  # units between a board's sections, stacked in the preview


def spectator_svg(game_id: str, at: int | None = None) -> tuple[str, int]:
    """The board as a spectator sees it after event `at` (default: the latest), and that seq;
    the same drawing, from the same cache, as the game page's for a spectator in English."""
    svc = service()
    latest = svc.load(game_id)
    shown = latest if at is None or at >= latest.seq else svc.load_at(game_id, max(1, at))
    names = [s["name"] for s in latest.created["seats"]]
    rules = latest.rules
    drawn = PICTURES.get((game_id, shown.seq, None, tuple(names), EN.lang),
                         lambda: present.picture(rules, rules.view(shown.state, None), None, names, EN))
    return str(drawn), shown.seq


def flatten(drawn: str) -> str:
    """One SVG of a picture: a board in sections (engine/drawing.py `board`) becomes its sections
    stacked top to bottom in one SVG, with the symbols they use defined in it (resvg draws one
    SVG document); a single SVG is itself."""
    if not present.is_board(drawn):
        return drawn
    ET.register_namespace("", SVG_NS)
    board = ET.fromstring(drawn)
    sections = [e for e in board if e.tag == f"{{{SVG_NS}}}svg" and e.get("class") == "section"]
    defs = [d for e in board if e.tag == f"{{{SVG_NS}}}svg" and e.get("class") == "symbols"
            for d in e.iter(f"{{{SVG_NS}}}defs")]
    width = max((int(float(s.get("width", 0))) for s in sections), default=1)
    root = ET.Element(f"{{{SVG_NS}}}svg", {"font-family": "sans-serif", "font-size": "13"})
    title = board.find("p")
    if title is not None and title.text:
        ET.SubElement(root, f"{{{SVG_NS}}}title").text = title.text
    for d in defs:
        root.append(d)
    y = 0
    for s in sections:
        s.set("y", str(y))
        s.set("x", "0")
        root.append(s)
        y += int(float(s.get("height", 0))) + GAP
    height = max(1, y - GAP)
    root.set("width", str(width))
    root.set("height", str(height))
    root.set("viewBox", f"0 0 {width} {height}")
    return ET.tostring(root, encoding="unicode")


def rasterise(svg: str) -> bytes:
    """A picture as PNG bytes at its own size (a board's sections stacked), on white."""
    return bytes(resvg_py.svg_to_bytes(svg_string=flatten(svg), background="#ffffff", sans_serif_family=FONT))


def _at() -> int | None:
    raw = request.args.get("at")
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) < 10 and int(raw) >= 1):
        raise BadRequest("at must be the number of an event (1 or more)", parameter="at")
    return int(raw)


@bp.get("/g/<game_id>/preview.png")
def preview_png(game_id: str):
    at = _at()
    svg, seq = spectator_svg(game_id, at)
    png = PNGS.get((game_id, seq), lambda: rasterise(svg))
    resp = Response(png, mimetype="image/png")
    resp.headers["ETag"] = f'"{game_id}-{seq}"'
    # the board after a given event never changes; the latest one does with the next move
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable" if at is not None else "public, max-age=60"
    return resp


@bp.get("/embed/g/<game_id>")
def embed(game_id: str):
    """The board only, as a spectator sees it, live (game.js follows the change feed and swaps the
    board): no seat controls, no cookie read, framable from any site."""
    svg, seq = spectator_svg(game_id)
    loaded = service().load(game_id)
    resp = page("embed.html", game_id=game_id, seq=seq, picture=svg, title=loaded.rules.title,
                names=[s["name"] for s in loaded.created["seats"]], game_status=loaded.status,
                live=loaded.status not in ("finished", "cancelled"))
    resp.embeddable = True  # app.py: no X-Frame-Options, frame-ancestors * (nothing here acts for anyone)
    return resp


GAME_URL = re.compile(r"^/(?:g|embed/g)/([A-Za-z0-9_-]{1,64})/?$")


@bp.get("/oembed")
def oembed():
    """oEmbed (https://oembed.com) for a game's page or embed URL on this server: a `rich` answer
    whose HTML is the embed iframe, with the preview PNG as thumbnail."""
    from urllib.parse import urlsplit
    raw = request.args.get("url", "")
    fmt = request.args.get("format", "json")
    if fmt != "json":  # oEmbed would answer 501; a refusal of the request is a 400 here, as everywhere
        raise BadRequest("format: only json is offered", parameter="format")
    parts = urlsplit(raw)
    here = urlsplit(request.host_url)
    match = GAME_URL.match(parts.path)
    if not raw or parts.netloc not in (here.netloc, urlsplit(service().config.base_url or "").netloc) or not match:
        raise NotFound("url is not a game page or embed page of this server")
    game_id = match.group(1)
    loaded = service().load(game_id)
    width = _dimension("maxwidth", EMBED_W)
    height = _dimension("maxheight", EMBED_H)
    src = url_for("preview_web.embed", game_id=game_id, _external=True)
    names = [s["name"] for s in loaded.created["seats"]]
    from markupsafe import escape
    return jsonify({"version": "1.0", "type": "rich", "provider_name": "Referee", "provider_url": request.host_url,
                    "title": f"{loaded.rules.title}: {', '.join(names)}", "width": width, "height": height,
                    "html": f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
                            f'title="{escape(loaded.rules.title)}" loading="lazy" frameborder="0"></iframe>',
                    "thumbnail_url": url_for("preview_web.preview_png", game_id=game_id, at=loaded.seq,
                                             _external=True)})


def _dimension(name: str, default: int) -> int:
    raw = request.args.get(name, "")
    if not raw:
        return default
    if not (raw.isascii() and raw.isdigit() and 100 <= int(raw) <= 4000):
        raise BadRequest(f"{name} must be a number of pixels from 100 to 4000", parameter=name)
    return min(default, int(raw))
