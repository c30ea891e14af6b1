"""Issue 38: people read names, not codes. For every game, random positions (30 and more) and
every surface a reader meets -- narration, a step's question and options, a prompt, the summary,
the picture's visible text, the game page over HTTP (visible text, as an HTML parser reads it:
no attributes, no <title>, no <script>, no fold), the mails and alerts queued for each seat --
in English and in German. The audit fails on

- an id of the game's component data (engine/naming.py `id_pattern`: cards, tiles, spaces, faces);
- a snake_case word;
- "seat 0" (people count seats from 1);
- on a German surface, an English word: the English catalog's words minus those the German
  catalog uses too, minus the names (players, games, components).

The text form is allowed only inside a <details> fold (which the parser skips), so it is not
audited; a page's fold must say what it is for (its <summary>, which is audited)."""

from __future__ import annotations

import html
import json
import random
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
import requests
from babel.messages.pofile import read_po

from referee.engine.naming import id_pattern, named, named_svg
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.wording import localize, with_names
from referee.plumbing.i18n import EN, translator
from referee.service.narration import narrate_event
from tests.conftest import start_server

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = 30
NAMES = ["Ada", "Bo", "Cy"]
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
SEAT_ZERO = re.compile(r"\b(?:[Ss]eat|Platz) 0\b")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
NOT_WORDS = re.compile(r"https?://\S+|\b[0-9a-f]{16,}\b")  # links, game ids, hashes
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|<[^>]+>|`[^`]*`|\{[a-z]+\}")


@lru_cache(maxsize=None)
def english_only() -> frozenset[str]:
    """The English words of the catalog that German texts never use (lower case)."""
    with open(ROOT / "referee" / "locale" / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    english, german = set(), set()
    for m in catalog:
        if not m.id or not m.string:
            continue
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
            english |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            german |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
    names = {w.lower() for g in GAME_IDS for w in WORD.findall(rules_for(g).title)} | {n.lower() for n in NAMES}
    return frozenset(english - german - names)


def problems(text: str, game: str, lang: str) -> list[str]:
    """What a reader should not see in `text` (links and hashes aside)."""
    text = NOT_WORDS.sub(" ", text)
    found = [f"id {m.group(0)!r}" for m in id_pattern(game).finditer(text)]
    found += [f"snake_case {m.group(0)!r}" for m in SNAKE.finditer(text)]
    found += [f"{m.group(0)!r}" for m in SEAT_ZERO.finditer(text)]
    if lang == "de":
        found += [f"English {w!r}" for w in WORD.findall(text) if w.lower() in english_only()]
    return found


def audit(texts: list[tuple[str, str]], game: str, lang: str) -> list[str]:
    out = []
    for where, text in texts:
        out += [f"{game} {lang} {where}: {p} in {_line(text, p)!r}" for p in problems(text, game, lang)]
    return out


def _line(text: str, problem: str) -> str:
    """The line of `text` that shows `problem` (its quoted word)."""
    word = problem.split("'")[1] if "'" in problem else problem
    return next((ln.strip() for ln in text.splitlines() if word in ln), text[:160])[:200]


def _svg_text(svg: str) -> str:
    svg = re.sub(r"<title[^>]*>.*?</title>|<desc[^>]*>.*?</desc>", " ", svg, flags=re.S)
    return " ".join(html.unescape(t) for t in re.findall(r">([^<>]+)<", svg) if t.strip())


def engine_texts(game: str, seed: int) -> dict[str, list[tuple[str, str]]]:
    """Every engine surface at `POSITIONS` random positions of one game, in both languages, as
    the service words them (localize, naming, seat names)."""
    rules, pick = rules_for(game), random.Random(seed)
    seats = max(rules.min_players, min(len(NAMES), rules.max_players))
    names = NAMES[:seats]
    key = bytes([seed]) * 32
    state, seq = initial(rules, key, seats, {}, None).state, 1
    out: dict[str, list[tuple[str, str]]] = {"en": [], "de": []}
    while rules.result(state) is None and seq <= POSITIONS + 1:
        prompt = pick.choice(rules.prompts(state))
        path: list[str] = []
        move = None
        for _ in range(40):
            step = rules.steps(state, prompt.seat, prompt.kind, path)
            for lang in out:
                shown = localize(step.to_json(), translator(lang), game)
                out[lang] += [("step", shown["question"])] + [("option", o["label"]) for o in shown["options"]]
            if step.move is not None and (not step.options or pick.random() < 0.3):
                move = step.move
                break
            path.append(pick.choice(step.options).id)
        move = move if move is not None else prompt.default
        seq += 1
        nxt = advance(rules, key, state, seq, "move", prompt.seat, {"move": move})
        event = {"seq": seq, "type": "move", "seat": prompt.seat, "payload": {"move": move, "chance": []}}
        before, after = rules.view(state, prompt.seat), rules.view(nxt.state, prompt.seat)
        for lang in out:
            tr = translator(lang)
            out[lang].append(("prompt", with_names(localize({"text": prompt.text}, tr, game)["text"], names, tr=tr)))
            out[lang].append(("narration", narrate_event(rules, event, names, before, after, tr=tr)))
            out[lang].append(("summary", named(with_names(rules.summary(after, prompt.seat, tr), names, tr=tr), game, tr)))
            out[lang].append(("picture", _svg_text(named_svg(rules.picture(after, prompt.seat, names, tr), game, tr))))
        state = nxt.state
    assert seq > POSITIONS or rules.result(state) is not None
    return out


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_engine_surface_names_components_and_counts_seats_from_1(game):
    """Narration, steps, prompts, summaries and pictures at 30 random positions per game."""
    texts = engine_texts(game, seed=7)
    assert len(texts["en"]) > 4 * POSITIONS
    found = audit(texts["en"], game, "en") + audit(texts["de"], game, "de")
    assert found == [], "\n".join(found[:25])


class Visible(HTMLParser):
    """A page's visible text as a reader meets it: no attributes, <title>, <script>, <style>,
    form values, nor what a <details> fold holds beyond its <summary>."""

    HIDDEN = ("script", "style", "title", "textarea", "template")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in self.HIDDEN or tag in ("details", "summary", "svg"):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        hidden = any(t in self.HIDDEN for t in self.stack)
        folded = "details" in self.stack and (not self.stack or self.stack[-1] != "summary")
        if data.strip() and not hidden and not folded:
            self.parts.append(data.strip())


def visible(page: str) -> str:
    """The page's text; its pictures' visible text too (their <title>s aside)."""
    reader = Visible()
    reader.feed(page)
    pictures = [_svg_text(svg) for svg in re.findall(r"<svg.*?</svg>", page, flags=re.S)]
    return "\n".join(reader.parts + pictures)


def _play(url: str, gid: str, tokens: list[str], pick: random.Random, moves: int) -> None:
    """`moves` random moves over the API, each built step by step as a client builds it."""
    for _ in range(moves):
        doc = requests.get(f"{url}/games/{gid}", timeout=30).json()
        if doc["status"] != "active":
            return
        prompt = pick.choice(doc["prompts"])
        auth = {"Authorization": f"Bearer {tokens[prompt['seat']]}"}
        path: list[str] = []
        for _ in range(40):
            step = requests.get(f"{url}/games/{gid}/prompts/{prompt['kind']}/steps", headers=auth, timeout=30,
                                params={"chosen": ",".join(path)}).json()
            if step.get("move") is not None and (not step["options"] or pick.random() < 0.3):
                break
            path.append(pick.choice(step["options"])["id"])
        answer = requests.post(f"{url}/games/{gid}/moves", headers=auth, timeout=30,
                               json={"move": step["move"], "expected_seq": doc["seq"]})
        assert answer.status_code < 300, answer.text


@pytest.mark.one_database
def test_every_page_and_mail_reads_names_in_the_readers_language(database):
    """Each game over HTTP: after a few random moves, the page as each seat and a spectator sees
    it in English and German, and every mail queued for the seats (Ada reads English, Bo German)."""
    srv, running = start_server(database)
    try:
        url, pick, found = srv.url, random.Random(5), []
        for game in GAME_IDS:
            seats = [{"name": "Ada", "email": "ada@example.org", "lang": "en", "channels": ["json://example.org/ada"]},
                     {"name": "Bo", "email": "bo@example.org", "lang": "de", "channels": ["json://example.org/bo"]}]
            if rules_for(game).min_players > 2:
                seats.append({"name": "Cy", "lang": "en"})
            made = requests.post(f"{url}/games", json={"game": game, "seats": seats}, timeout=30).json()
            gid, tokens = made["id"], [s["token"] for s in made["seats"]]
            _play(url, gid, tokens, pick, 6)
            for _ in range(60):  # on to each mailed seat's first mail and alert: a seat whose own
                # turn the six moves were (the first player is drawn with the game's seed) has none yet
                if all(_channels(srv, gid, seat) >= {"email", "alert"} for seat in (0, 1)):
                    break
                _play(url, gid, tokens, pick, 1)
            for lang in ("en", "de"):
                for who, link in [("spectator", f"{url}/g/{gid}")] + [
                        (s["name"], s["url"].replace(srv.service.config.base_url, url)) for s in made["seats"]]:
                    browser = requests.Session()
                    browser.headers["Accept-Language"] = lang
                    page = browser.get(link, timeout=30)
                    assert page.status_code == 200
                    shown = re.search(r'<html lang="([a-z]+)"', page.text).group(1)  # a seat's own language wins
                    assert shown == lang or who != "spectator"
                    found += audit([(f"page of {who}", visible(page.text))], game, shown)
            for seat, lang in ((0, "en"), (1, "de")):
                rows = srv.service.db.conn.execute(
                    "SELECT channel, subject, body FROM outbox WHERE game_id = ? AND seat = ?", (gid, seat)).fetchall()
                mails = [(s, b) for channel, s, b in rows if channel == "email"]
                alerts = [json.loads(b) for channel, _s, b in rows if channel == "alert"]
                assert mails and alerts, (game, seat, [r[0] for r in rows])
                found += audit([(f"mail to seat {seat}", _without_text_form(subject + "\n" + body))
                                for subject, body in mails], game, lang)
                found += audit([(f"alert to seat {seat}", a["title"] + "\n" + a["text"]) for a in alerts], game, lang)
        for lang in ("en", "de"):  # the pages that list games or offer them: titles, never ids
            for path in ("/", "/new", "/lobby"):
                page = requests.get(url + path, headers={"Accept-Language": lang}, timeout=30).text
                found += [f for game in GAME_IDS for f in audit([(path, visible(page))], game, lang)]
        assert found == [], "\n".join(sorted({f[:400] for f in found})[:60])
    finally:
        running.shutdown()


def _channels(srv, gid: str, seat: int) -> set[str]:
    """The channels a seat's queued notes went to."""
    return {channel for (channel,) in srv.service.db.conn.execute(
        "SELECT channel FROM outbox WHERE game_id = ? AND seat = ?", (gid, seat))}


def _without_text_form(body: str) -> str:
    """A mail's text without the lines that give moves in the text form (what a reader types
    back: `moves`, the default, the legal moves' list)."""
    keep = []
    skipping = False
    for line in body.splitlines():
        if re.match(r"\s*(If you do not answer in time|Antwortest du nicht rechtzeitig)", line):
            continue
        if re.match(r"\s*(Legal moves|Legale Züge|Erlaubte Züge)", line):
            skipping = True
            continue
        if skipping and line.startswith(" "):
            continue
        skipping = False
        keep.append(line)
    return "\n".join(keep)
