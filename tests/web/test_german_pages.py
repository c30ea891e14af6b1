"""Pages and problems in German (issue 29): `Accept-Language: de`, a seat's `lang`, the
language switch; `<html lang="de">` and German navigation; a refused move's problem in German
with its rule; each game's page in German in Chromium at 1280 px (and one at 390 px) with
nothing overflowing, the screenshots kept as test artifacts (with --long or REFEREE_SHOTS=1)."""

from __future__ import annotations

import json
import re

import pytest
import requests

from referee.engine import playerpage
from referee.engine.registry import GAME_IDS, rules_for
from tests.games.test_narration_languages import ENGLISH
from tests.web.conftest import ARTIFACTS, create, seat_session

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
GERMAN_PICTURE = {"babel": "Babel-Spielplan aus Sicht von", "iron_age": "Eisenzeit-Tisch aus Sicht von",
                  "khronos": "die drei Zeitalter und die Spieler"}
DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def test_accept_language_seat_lang_and_the_switch_choose_the_page_language(web):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    url = created["url"]
    english = requests.get(url, timeout=30).text
    assert '<html lang="en">' in english and ">Games</a>" in english and "spectator" in english
    german = requests.get(url, headers=DE, timeout=30).text
    assert '<html lang="de">' in german and ">Partien</a>" in german and ">Neue Partie</a>" in german
    assert "Du schaust als Zuschauer zu." in german and ">Spielregel</summary>" in german
    assert "Eine Partie Babel begann für Ada und Bo." in german  # the history, narrated in German
    # A seat whose lang is de sees German whatever its browser asks for; the switch sets it.
    ada = seat_session(created["seats"][0]["url"])
    page = ada.get(url, headers={"Accept-Language": "en"}, timeout=30).text
    assert '<html lang="en">' in page and "Your move" in page
    csrf = CSRF.search(page).group(1)
    r = ada.post(web.url + "/language", data={"csrf": csrf, "lang": "de", "next": f"/g/{created['id']}"},
                 headers={"Accept-Language": "en"}, timeout=30, allow_redirects=False)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/g/{created['id']}")
    assert web.service.seat_language(created["id"], 0) == "de"
    assert "referee_lang" in ada.cookies
    for c in [c for c in ada.cookies if c.name == "referee_lang"]:  # the seat's own language, not only the cookie
        ada.cookies.clear(c.domain, c.path, c.name)
    page = ada.get(url, headers={"Accept-Language": "en"}, timeout=30).text
    assert '<html lang="de">' in page and "Dein Zug" in page and "Diesen Zug spielen" in page
    assert "Du bist <strong>Ada</strong>." in page
    # table talk and the plans panel speak German too: headings, the message's heading, buttons
    web.service.post_message(created["id"], 1, {"to": "all", "text": "Hallo"})
    web.service.propose(created["id"], 1, {"kind": "draw"})
    page = ada.get(url, headers={"Accept-Language": "en"}, timeout=30).text
    assert '<h2 id="talk-h">Tischgespräch</h2>' in page and '<span class="who">Bo an alle:</span>' in page
    assert '<h3 id="foresight-h">Pläne und Vereinbarungen</h3>' in page and ">Mit Ja stimmen</button>" in page
    assert "<strong>Bo</strong> schlägt ein Unentschieden vor" in page and 'data-to-all="{who} an alle"' in page
    assert "Table talk" not in page and "Plans and agreements" not in page
    refused = ada.post(f"{web.url}/g/{created['id']}/say", data={"csrf": CSRF.search(page).group(1), "to": "7",
                                                                 "text": "hallo"}, timeout=30).text
    assert "die Partie hat keinen Platz 7 (Plätze 0-1)" in refused  # a refused message, told in German
    # a bad language is a clear 400 naming it, and changes nothing
    bad = ada.post(web.url + "/language", data={"csrf": csrf, "lang": "fr", "next": "/"}, timeout=30)
    assert bad.status_code == 400 and "lang" in bad.text
    assert web.service.seat_language(created["id"], 0) == "de"


def test_a_refused_move_is_a_german_problem_with_its_rule(web):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    token = created["seats"][0]["token"]
    r = requests.post(f"{web.url}/games/{created['id']}/moves", json={"move": {"type": "end_turn"}}, timeout=30,
                      headers={**DE, "Authorization": f"Bearer {token}"})
    assert r.status_code == 422 and r.headers["Content-Type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["title"] == "Ungültiger Zug" and problem["rule"] == "B-15"
    assert problem["detail"].startswith("Die Spielregel erlaubt diesen Zug nicht (Regel B-15")
    assert problem["type"] == "/problems/illegal-move"  # the type stays the same in every language
    # the rule's own sentence, from the German player page (README.de.md)
    assert problem["rule_text"] == ("Startkarte: end_turn wird abgelehnt, solange du sie in diesem Spielzug noch "
                                    "bauen kannst (spiel finish_first_turn); finish_first_turn braucht die "
                                    "Startkarte auf der Hand und baubar.")
    english = requests.post(f"{web.url}/games/{created['id']}/moves", json={"move": {"type": "end_turn"}},
                            timeout=30, headers={"Authorization": f"Bearer {token}"}).json()
    assert english["title"] == "Illegal move" and "Regel" not in english["detail"]
    assert english["rule_text"].startswith("start card: end_turn is refused while you can still build it")
    unknown = requests.get(f"{web.url}/games/nosuchgame", headers=DE, timeout=30)
    assert unknown.status_code == 404 and unknown.json()["title"] == "Nicht gefunden"
    assert unknown.json()["detail"] == "keine Partie „nosuchgame“"
    # table talk and takebacks refuse in German too, naming what was wrong
    said = requests.post(f"{web.url}/games/{created['id']}/messages", json={"to": [5], "text": "hallo"}, timeout=30,
                         headers={**DE, "Authorization": f"Bearer {token}"})
    assert said.status_code == 400 and said.json()["detail"] == "die Partie hat keinen Platz 5 (Plätze 0-1)"
    asked = requests.post(f"{web.url}/games/{created['id']}/takebacks", json={}, timeout=30,
                          headers={**DE, "Authorization": f"Bearer {token}"})
    assert asked.status_code == 422 and asked.json()["title"] == "Anfrage abgelehnt", asked.text
    assert asked.json()["detail"].startswith("nichts zurückzunehmen: der letzte Zug des Platzes würde über ")
    # the page shows it in German too, with the rule linked to the rules page
    ada = seat_session(created["seats"][0]["url"])
    page = ada.get(created["url"], headers=DE, timeout=30).text
    shown = ada.post(f"{web.url}/g/{created['id']}/move", headers=DE, timeout=30,
                     data={"csrf": CSRF.search(page).group(1), "text": "end"}).text
    problem_html = shown[shown.index('id="problem"'):]
    assert "<strong>Abgelehnt:</strong> Die Spielregel erlaubt diesen Zug nicht (Regel B-15" in problem_html
    assert '— Regel <a class="rule" href="/rules/babel?rule=B-15&amp;lang=de#B-15">B-15</a>' in problem_html
    assert '<blockquote class="rule-text">Startkarte: end_turn wird abgelehnt, solange' in problem_html
    # a typed text that is no move: the text form's reason, in German, the typed words as typed
    shown = ada.post(f"{web.url}/g/{created['id']}/move", headers=DE, timeout=30,
                     data={"csrf": CSRF.search(page).group(1), "text": "travel atlantis"}).text
    problem_html = shown[shown.index('id="problem"'):]
    assert "Volk &#39;atlantis&#39; ist unbekannt; erwartet wird eins von: medes" in problem_html, problem_html[:600]
    assert len(web.service.raw_events(created["id"])) == 1  # nothing changed


def test_the_rules_page_in_the_readers_language(web):
    """/rules/<id> is the German player page for a German reader (Accept-Language, or the
    switch's choice), with the same rule anchors; a game without one says so and shows English."""
    english = requests.get(f"{web.url}/rules/babel", timeout=30).text
    german = requests.get(f"{web.url}/rules/babel?rule=B-15", headers=DE, timeout=30).text
    assert '<html lang="en">' in english and "<h2 id=\"moves\">" in english and "Reisen" not in english
    assert '<html lang="de">' in german and "Das Spiel in einem Absatz" in german and ">Partien</a>" in german
    assert '<span class="anchor" id="B-15"></span><strong><a class="rule" href="#B-15">B-15</a></strong> Startkarte' in german
    anchors = re.compile(r'<span class="anchor" id="([^"]+)"></span>')
    assert sorted(anchors.findall(german)) == sorted(anchors.findall(english))
    assert "Regeln auf dieser Seite" in german and "noch nicht übersetzt" not in german
    chosen = requests.get(f"{web.url}/rules/babel", cookies={"referee_lang": "de"}, timeout=30).text
    assert "Das Spiel in einem Absatz" in chosen
    # a German seat's page links the German rules, whatever its browser asks for; a bad lang is a 400
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    web.service.set_seat_language(created["id"], 0, "de")
    seat_page = seat_session(created["seats"][0]["url"]).get(created["url"], headers={"Accept-Language": "en"}, timeout=30).text
    assert 'href="/rules/babel?lang=de">Spielregel</a>' in seat_page
    linked = requests.get(f"{web.url}/rules/babel?lang=de", headers={"Accept-Language": "en"}, timeout=30).text
    assert '<html lang="de">' in linked and "Das Spiel in einem Absatz" in linked
    bad = requests.get(f"{web.url}/rules/babel?lang=fr", timeout=30)
    assert bad.status_code == 400 and "lang" in bad.text
    untranslated = [g for g in GAME_IDS if not playerpage.path(g, "de").exists()]
    for game in untranslated[:1]:
        page = requests.get(f"{web.url}/rules/{game}", headers=DE, timeout=30).text
        assert '<html lang="de">' in page and "hier steht sie auf Englisch" in page and '<div lang="en">' in page


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_game_page_in_german_fits_in_chromium(web, tabs, game):
    rules = rules_for(game)
    n = max(rules.min_players, 2)
    created = create(web, game, [f"Spielerin {i + 1}" for i in range(n)])
    prompted = web.service.load(created["id"]).prompts[0].seat
    widths = (1280, 390) if game == "babel" else (1280,)
    for width in widths:
        tab = tabs(f"{game}-de-{width}", width)
        tab.context.set_extra_http_headers(DE)
        tab.page.goto(created["seats"][prompted]["url"])
        assert tab.page.locator("html").get_attribute("lang") == "de"
        assert tab.page.locator("nav[aria-label=Site] a").first.inner_text() == "Partien"
        assert tab.page.locator("#decide-h").inner_text() == "Dein Zug"
        if game in GERMAN_PICTURE:  # the board picture speaks German too (its title, as a screen reader reads it)
            assert GERMAN_PICTURE[game] in tab.page.locator("#picture .board-title, #picture svg > title").first.text_content()
        assert tab.page.evaluate("document.documentElement.scrollWidth") <= width, "the page overflows"
        overflowing = tab.page.evaluate("""() => [...document.querySelectorAll(
            'header.top *, .game-head *, .decide button, .decide .option, .stepper *, .audit dt')]
            .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible'
                         && e.clientWidth > 0).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 40))""")
        assert overflowing == [], overflowing
        if game == "babel" and width == 390:  # a message arriving live gets its heading in German too
            other = 1 - prompted
            web.service.post_message(created["id"], other, {"to": [prompted], "text": "Hallo"})
            who = tab.page.locator("#messages li .who").last
            who.wait_for(timeout=15_000)
            assert who.inner_text() == f"Spielerin {other + 1} an Spielerin {prompted + 1}:"
        path = tab.shot(f"german-{game}-{width}")
        assert path is None or path.exists() and path.parent == ARTIFACTS


@pytest.mark.parametrize("width", [1280, 390])
def test_new_game_created_mail_and_lobby_pages_in_german(web, tabs, width):
    tab = tabs(f"new-de-{width}", width)
    tab.context.set_extra_http_headers(DE)
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=web.url)
    page = tab.page
    page.goto(web.url + "/new")
    assert page.locator("h1").inner_text() == "Partie anlegen" and page.title().startswith("Neue Partie")
    legend = page.locator("legend").first.inner_text()
    assert legend.startswith("Plätze (in Platzreihenfolge; ") and "für dieses Spiel; lass Zeilen leer" in legend
    assert page.locator("#solo").inner_text() == "Gegen Bots spielen"
    assert "Such-Bot, Stufe 1 (schnell)" in page.locator("select[name=solo_level]").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-new-{width}")
    page.select_option("#game-select", "babel")
    page.fill("input[name=name0]", "Ada")
    page.fill("input[name=name1]", "Bo")
    with page.expect_navigation():
        page.click("form.stack button[type=submit]")
    assert page.locator("h1").inner_text() == "Partie angelegt"
    assert page.locator(".seat-links h2").first.inner_text() == "Platz 1: Ada"  # people count seats from 1
    page.locator("button.copy[data-copy=link1]").click()
    page.wait_for_selector("button.copy[data-copy=link1]:has-text('Kopiert')")
    page.wait_for_selector("button.copy[data-copy=link1]:has-text('Kopieren')", timeout=5000)  # back to its label
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-created-{width}")
    gid = page.url.rsplit("/", 1)[1]
    page.goto(f"{web.url}/g/{gid}/mail")
    assert "Alle E-Mails der Partie (du hast sie angelegt)." in page.locator("main").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-mail-{width}")
    page.goto(web.url + "/lobby")
    assert page.locator("h1").inner_text() == "Lobby" and "Einen Tisch eröffnen" in page.locator("main").inner_text()
    assert "Melde dich an, um einen Tisch zu eröffnen." in page.locator("main").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-lobby-{width}")


@pytest.mark.parametrize("width", [1280, 390])
def test_ratings_tournament_and_alerts_pages_in_german(web, tabs, width):
    from referee.store import players
    from referee.store.db import write_transaction

    svc = web.service
    with write_transaction(svc.db) as conn:
        players.add(conn, f"pde{width}", f"pde{width}@example.org", 0)
    made = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                  "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}]})
    game = next(g for g in made["rounds"][0]["games"] if g.get("id"))
    svc.resign(game["id"], 1)
    tab = tabs(f"ratings-de-{width}", width)
    tab.context.set_extra_http_headers(DE)
    page = tab.page
    page.goto(f"{web.url}/leaderboard/babel")
    assert page.locator("h1").inner_text() == "Babel: Wertungszahlen"
    assert "Welche Partien zählen. Eine Partie zählt nur, wenn" in page.inner_text("#policy")
    assert "mindestens 3 Züge" in page.inner_text("#policy")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-leaderboard-{width}")
    page.goto(f"{web.url}/p/pde{width}")
    assert "Bilanz" in page.locator("main").inner_text() and "0 Partien beendet" in page.inner_text("#record")
    assert "Noch keine gewertete Partie." in page.locator("main").inner_text()
    page.goto(f"{web.url}/t/{made['id']}")
    main = page.locator("main").inner_text()
    assert page.locator("h1").inner_text() == "Turnier Babel"
    assert "Jeder gegen jeden mit 3 Spielern an Tischen zu 2, 3 Runden" in main
    assert page.inner_text("#scoring").startswith("Punkte: jeder Mitspieler hinter dir 1")
    assert "Bei Gleichstand entscheidet Sonneborn-Berger, dann direkter Vergleich, dann Reihenfolge bei der Anlage." \
        in page.inner_text("#scoring")
    assert "setzt aus" in main and "gewonnen von" in main and "Runde 1" in main and "· läuft" in main
    assert "1,0" in page.inner_text("#standings") and "1.0" not in page.inner_text("#standings")  # German numbers
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-tournament-{width}")
    created = create(web, "babel", ["Ada", "Bo"])
    page.goto(created["seats"][0]["url"])
    page.goto(f"{web.url}/g/{created['id']}/alerts")
    assert page.locator("#h-seat").inner_text() == "Meine Benachrichtigungen für diese Partie"
    assert "ich bin an der Reihe" in page.locator("#panel-seat .ch-choice").inner_text()
    assert page.locator("#panel-seat button[type=submit]").first.inner_text() == "Kanal hinzufügen"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"german-alerts-{width}")


def test_a_player_who_signs_in_on_a_german_page_gets_german_mail_and_pages(web):
    browser = requests.Session()
    browser.headers.update(DE)
    form = browser.get(web.url + "/sign-in", timeout=30).text
    sent = browser.post(web.url + "/sign-in", data={"csrf": CSRF.search(form).group(1), "email": "ada@example.org"},
                        timeout=30)
    assert sent.status_code == 200 and '<html lang="de">' in sent.text
    subject, body = web.service.db.conn.execute(
        "SELECT subject, body FROM outbox WHERE kind = 'sign_in' ORDER BY id DESC").fetchone()
    assert subject == "Dein Anmeldelink"  # a new address gets its mail in the page's language
    link = re.search(r"/sign-in/([A-Za-z0-9_-]+)", body).group(1)
    confirm = browser.get(f"{web.url}/sign-in/{link}", timeout=30).text
    me = browser.post(f"{web.url}/sign-in/{link}", data={"csrf": CSRF.search(confirm).group(1)}, timeout=30)
    assert me.url.endswith("/me") and "Angemeldet als" in me.text
    pid = web.service.db.conn.execute("SELECT id FROM players WHERE email = 'ada@example.org'").fetchone()[0]
    assert web.service.player_profile(pid)["lang"] == "de"  # German from now on, whatever the browser asks
    again = browser.get(web.url + "/me", headers={"Accept-Language": "en"}, timeout=30).text
    assert '<html lang="de">' in again and "Angemeldet als" in again


def test_event_texts_follow_accept_language_and_stay_english_by_default(web):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid, auth = created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    prompt = requests.get(f"{web.url}/games/{gid}/prompts", headers=auth, timeout=30).json()["prompts"][0]
    move = prompt["choices"][0] if prompt.get("choices") else prompt["default"]
    sent = {"move": move, "idempotency_key": "de-1"}
    german = requests.post(f"{web.url}/games/{gid}/moves", json=sent, headers={**DE, **auth}, timeout=30).json()
    told_de = [e["text"] for e in german["events"]]
    events = f"{web.url}/games/{gid}/events?after=1"
    told_en = [e["text"] for e in requests.get(events, headers=auth, timeout=30).json()["events"]]
    assert told_de and told_de != told_en and told_en[0].startswith("Ada ")
    assert not ENGLISH.search(" ".join(told_de)) and ENGLISH.search(" ".join(told_en)), (told_de, told_en)
    # the feed in German, the same texts; a repeated request gets its events told in its own language
    assert [e["text"] for e in requests.get(events, headers={**DE, **auth}, timeout=30).json()["events"]] == told_de
    again = requests.post(f"{web.url}/games/{gid}/moves", json=sent, headers=auth, timeout=30).json()
    assert [e["text"] for e in again["events"]] == told_en and again["seq"] == german["seq"]
    again_de = requests.post(f"{web.url}/games/{gid}/moves", json=sent, headers={**DE, **auth}, timeout=30).json()
    assert [e["text"] for e in again_de["events"]] == told_de
    # the live stream speaks the request's language too
    with requests.get(events, headers={**DE, **auth, "Accept": "text/event-stream"}, stream=True, timeout=30) as s:
        data = next(line for line in s.iter_lines(decode_unicode=True) if line.startswith("data:"))
    assert json.loads(data[5:])["text"] == told_de[0]
    assert len(web.service.raw_events(gid)) == 2  # one move, played once
