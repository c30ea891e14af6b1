"""Link previews (issue 40), on SQLite (rendering; the archive's queries run on both in
test_archive_api.py): the preview PNG is the spectator's board rasterised
(it decodes, has the board's size, differs between two seqs, and equals the spectator's SVG
rasterised, never the seat's, whose hidden hand differs); Open Graph and Twitter tags on the game
and archive pages; the embed page is a spectator's board with no seat controls, framable; oEmbed
discovery and answers, and refusals as problems (never a 5xx)."""

from __future__ import annotations

import re
import struct
import zlib

import pytest
import requests

from referee.engine import drawing
from referee.plumbing.i18n import EN
from referee.web import present
from referee.web.preview import flatten, rasterise

pytestmark = pytest.mark.one_database  # rendering previews; the archive's queries run twice in archive/test_archive_api.py


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG's IHDR, after checking every chunk's CRC (it decodes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, size, idat = 8, None, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    assert size and zlib.decompress(idat)  # the pixels inflate
    return size


def _svg_of(loaded, seat):
    names = [s["name"] for s in loaded.created["seats"]]
    return str(present.picture(loaded.rules, loaded.rules.view(loaded.state, seat), seat, names, EN))


@pytest.fixture
def khronos(server):
    """A Khronos game a few moves in: each seat holds cards only it may see."""
    svc = server.service
    gid = svc.create_game({"game": "khronos", "seats": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}],
                           "options": {"first_seat": 0}})["id"]
    for _ in range(3):
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
    return gid


def test_the_preview_png_is_the_spectators_board_at_a_seq(server, khronos):
    svc = server.service
    loaded = svc.load(khronos)
    r = server.call("GET", f"/g/{khronos}/preview.png")
    assert r.status_code == 200 and r.headers["Content-Type"] == "image/png"
    width, height = _png_size(r.content)
    view_box = re.search(r'viewBox="0 0 (\d+) (\d+)"', flatten(_svg_of(loaded, None)))
    assert (width, height) == (int(view_box.group(1)), int(view_box.group(2)))  # the board's size
    spectator, seat0 = rasterise(_svg_of(loaded, None)), rasterise(_svg_of(loaded, 0))
    assert _svg_of(loaded, 0) != _svg_of(loaded, None)  # seat 0 sees its own hand
    assert r.content == spectator and r.content != seat0  # the public board only
    first = server.call("GET", f"/g/{khronos}/preview.png", params={"at": 2})
    assert first.status_code == 200 and first.content != r.content
    assert first.content == rasterise(_svg_of(svc.load_at(khronos, 2), None))
    assert "immutable" in first.headers["Cache-Control"] and first.headers["ETag"] == f'"{khronos}-2"'
    assert server.call("GET", f"/g/{khronos}/preview.png", params={"at": "x"}).status_code == 400
    assert server.call("GET", f"/g/{khronos}/preview.png", params={"at": "0"}).status_code == 400
    assert server.call("GET", f"/g/{khronos}/preview.png", params={"at": ""}).status_code == 400
    assert server.call("GET", "/g/nope/preview.png").status_code == 404


def test_a_board_in_sections_is_rasterised_as_its_sections_stacked_with_their_symbols():
    """Issue 39: a board in sections (several SVGs in a <div>) becomes one SVG for resvg: the
    sections one under the other, the symbols their <use>s draw defined in it."""
    die = drawing.symbol("die", 10, 10, '<rect width="10" height="10" fill="#c01c28"/>')
    hand = drawing.section("hand", 300, 100, "Your hand", drawing.use("die", 10, 10, 40, 40))
    shared = drawing.section("board", 360, 200, "The board", drawing.use("die", 100, 100, 40, 40))
    board = drawing.board("Dice", "Two sections", [hand, shared], "pic", die)
    flat = flatten(board)
    assert flat.startswith("<svg") and 'viewBox="0 0 360 308"' in flat and '<symbol id="die"' in flat
    assert re.search(r'data-section="board"[^>]*\by="108"|\by="108"[^>]*data-section="board"', flat)
    png = rasterise(board)
    assert _png_size(png) == (360, 308)
    red = rasterise(board.replace("#c01c28", "#ffffff"))
    assert png != red  # the <use>s drew the symbol (white dice leave a white picture)


def test_game_and_archive_pages_carry_link_preview_tags(server, khronos):
    html = server.call("GET", f"/g/{khronos}", headers={"Accept": "text/html"}).text
    for tag in ('property="og:title"', 'property="og:image"', 'name="twitter:card" content="summary_large_image"',
                'type="application/json+oembed"'):
        assert tag in html, tag
    image = re.search(r'property="og:image" content="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert requests.get(image, timeout=30).headers["Content-Type"] == "image/png"
    archive = server.call("GET", "/archive", headers={"Accept": "text/html"}).text
    assert 'property="og:title" content="Referee archive"' in archive and 'name="twitter:card"' in archive


def test_the_embed_page_is_a_framable_board_without_seat_controls(server, khronos):
    svc = server.service
    r = server.call("GET", f"/embed/g/{khronos}")
    assert r.status_code == 200
    assert "X-Frame-Options" not in r.headers and "frame-ancestors *" in r.headers["Content-Security-Policy"]
    html = r.text
    for control in ("<form", "<button", "csrf", "data-kind", 'class="prompt'):
        assert control not in html, control
    assert _svg_of(svc.load(khronos), None) in html and 'data-live="1"' in html
    assert server.call("GET", f"/g/{khronos}").headers["X-Frame-Options"] == "DENY"  # only the embed is framable


def test_oembed_discovery_and_answers(server, khronos):
    page_url = f"{server.url}/g/{khronos}"
    r = server.call("GET", "/oembed", params={"url": page_url, "maxwidth": 300})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["type"] == "rich" and body["version"] == "1.0" and body["width"] == 300
    assert f'src="{server.url}/embed/g/{khronos}"' in body["html"]
    assert body["thumbnail_url"].startswith(f"{server.url}/g/{khronos}/preview.png")
    assert server.call("GET", "/oembed", params={"url": "https://elsewhere.example/g/x"}).status_code == 404
    assert server.call("GET", "/oembed", params={"url": page_url, "format": "xml"}).status_code == 400
    assert server.call("GET", "/oembed", params={"url": page_url, "maxwidth": "wide"}).status_code == 400
