"""The archive over HTTP (issue 40), on both databases: only finished public games are found
(never an unlisted table, never a running game); every filter narrows the list; keyset pages walk
it whole, in order, each game once; refusals are problem+json naming the parameter; the rows
rebuilt from the logs equal those written as games ended; statistics per game and per player."""

from __future__ import annotations

import pytest

from referee.store import players
from referee.store.db import write_transaction

DAY = 86400.0


def _finish(svc, clock, game: str, names: list[str], moves: int, loser: int = 0, unlisted: bool = False,
            emails: list[str] | None = None) -> str:
    """A game played `moves` moves (first choice or default), then seats resign from `loser` on
    until it ends; a day passes before it ends."""
    seats = [{"name": n, **({"email": emails[i]} if emails and emails[i] else {})} for i, n in enumerate(names)]
    gid = svc.create_game({"game": game, "seats": seats, "options": {"first_seat": 0}, "unlisted": unlisted})["id"]
    for i, address in enumerate(emails or []):
        if address:  # the player takes the seat offered to their address (issue 35)
            svc.accept_seat(gid, i, "pada")
    for _ in range(moves):
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
    clock.advance(DAY)
    order = [loser] + [s for s in range(len(names)) if s != loser]
    for s in order:
        if svc.load(gid).finished:
            break
        svc.resign(gid, s)
    assert svc.load(gid).finished
    clock.advance(DAY)
    return gid


@pytest.fixture
def played(server, clock):
    svc = server.service
    with write_transaction(svc.db) as conn:
        players.add(conn, "pada", "ada@example.org", 0)
    g = {"short": _finish(svc, clock, "babel", ["Ada", "Bo"], 2, loser=1, emails=["ada@example.org", None]),
         "long": _finish(svc, clock, "babel", ["Bo", "Ada"], 6, loser=0, emails=[None, "ada@example.org"])}
    clock.advance(10 * DAY)
    g["three"] = _finish(svc, clock, "iron_age", ["Cy", "Ada", "Bo"], 3, loser=1, emails=[None, "ada@example.org", None])
    g["hidden"] = _finish(svc, clock, "babel", ["Ada", "Bo"], 2, loser=1, unlisted=True)
    g["running"] = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]})["id"]
    return g


def _ids(server, **params) -> list[str]:
    r = server.call("GET", "/archive", params=params)
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"].startswith("application/json")
    return [g["id"] for g in r.json()["games"]]


def test_only_finished_public_games_and_every_filter(server, played):
    p = played
    assert _ids(server) == [p["three"], p["long"], p["short"]]  # newest first; no unlisted, no running game
    assert _ids(server, game="babel") == [p["long"], p["short"]]
    assert _ids(server, game="iron_age", seats="3") == [p["three"]]
    assert _ids(server, seats="2") == [p["long"], p["short"]]
    assert _ids(server, player="Cy") == [p["three"]]
    assert _ids(server, player="Ada", result="win") == [p["long"], p["short"]]  # Bo resigned both
    assert _ids(server, player="Ada", result="loss") == [p["three"]]
    assert _ids(server, player="Bo", result="win") == []
    assert _ids(server, player="Nobody") == []
    assert _ids(server, min_moves="5") == [p["long"]]
    assert _ids(server, sort="oldest") == [p["short"], p["long"], p["three"]]
    assert _ids(server, sort="longest")[0] == p["long"]
    # dates: the third game ended ten days after the others (the clock starts 2027-01-15)
    assert _ids(server, **{"from": "2027-01-25"}) == [p["three"]]
    assert _ids(server, to="2027-01-20") == [p["long"], p["short"]]
    assert _ids(server, **{"from": "2027-01-25", "to": "2027-01-25"}) == []
    # the page's form sends empty fields for "any"; an API client's empty value is refused
    page = server.call("GET", "/archive", params={"game": "", "player": "", "result": "", "seats": "", "sort": ""},
                       headers={"Accept": "text/html"})
    assert page.status_code == 200 and all(f"/g/{p[k]}" in page.text for k in ("three", "long", "short"))
    assert server.call("GET", "/archive", params={"seats": ""}).json()["parameter"] == "seats"


def test_one_line_summary_names_winner_scores_length_and_reason(server, played):
    games = server.call("GET", "/archive", params={"game": "babel"}).json()["games"]
    short = games[1]
    assert short["moves"] == 2 and short["days"] == 1.0 and short["seats"] == 2
    assert [(s["name"], s["outcome"]) for s in short["players"]] == [("Ada", "win"), ("Bo", "loss")]
    assert short["summary"].startswith("Ada won (") and "2 moves in 1 day." in short["summary"], short["summary"]
    assert "scores:" in short["summary"] and short["reason"] == short["result"]["reason"]
    de = server.call("GET", "/archive", params={"game": "babel"}, headers={"Accept-Language": "de"}).json()
    assert "2 Züge" in de["games"][1]["summary"], de["games"][1]["summary"]


@pytest.mark.parametrize("sort", ["newest", "oldest", "longest"])
def test_keyset_pages_walk_the_whole_archive_once_in_order(server, played, sort):
    whole = _ids(server, sort=sort)
    seen, cursor, pages = [], None, 0
    while True:
        r = server.call("GET", "/archive", params={"sort": sort, "limit": 1, **({"cursor": cursor} if cursor else {})})
        assert r.status_code == 200, r.text
        seen += [g["id"] for g in r.json()["games"]]
        cursor, pages = r.json()["next_cursor"], pages + 1
        if cursor is None:
            break
    assert seen == whole and len(seen) == 3 and pages == 3


@pytest.mark.one_database  # parameters refused before any query; every filter and cursor's query runs twice in this file
@pytest.mark.parametrize("params, parameter", [
    ({"game": "chess"}, "game"), ({"result": "lost"}, "result"), ({"result": "loss"}, "result"),
    ({"from": "2027-13-01"}, "from"), ({"to": "yesterday"}, "to"), ({"seats": "0"}, "seats"),
    ({"seats": "two"}, "seats"), ({"min_moves": "-1"}, "min_moves"), ({"sort": "best"}, "sort"),
    ({"limit": "0"}, "limit"), ({"cursor": "nope"}, "cursor"), ({"sort": "longest", "cursor": "2027-01-01~abc"}, "cursor"),
    ({"player": "x" * 101}, "player"), ({"sort": ""}, "sort"), ({"from": ""}, "from"), ({"min_moves": " "}, "min_moves")])
def test_refusals_are_problems_naming_the_parameter(server, played, params, parameter):
    r = server.call("GET", "/archive", params=params)
    assert r.status_code == 400, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert r.json()["parameter"] == parameter


def test_the_rebuilt_archive_equals_the_one_written_as_games_ended(server, played):
    conn = server.service.db.conn
    tables = ("SELECT * FROM archive_games ORDER BY game_id", "SELECT * FROM archive_seats ORDER BY game_id, seat")
    before = [[tuple(r) for r in conn.execute(q)] for q in tables]
    assert len(before[0]) == 3
    assert server.service.rebuild_archive() == {"ended": 4, "archived": 3}
    assert [[tuple(r) for r in conn.execute(q)] for q in tables] == before


def test_statistics_per_game_and_per_player(server, played):
    r = server.call("GET", "/stats/games/babel")
    assert r.status_code == 200, r.text
    s = r.json()
    assert s["games"] == 2 and s["moves"]["min"] == 2 and s["moves"]["max"] == 6
    two = s["win_rate_by_seat"][0]
    assert two["seats"] == 2 and two["games"] == 2
    assert [p["wins"] for p in two["positions"]] == [1, 1]  # seat 0 won the first game, seat 1 the second
    assert [p["win_rate"] for p in two["positions"]] == [0.5, 0.5]
    assert sum(s["end_reasons"].values()) == 2 and s["timeouts"]["share_of_games"] == 0.0
    assert server.call("GET", "/stats/games/chess").status_code == 404
    me = server.call("GET", "/stats/players/pada").json()
    assert me["games"] == 3
    assert {g["game"]: (g["win"], g["loss"]) for g in me["by_game"]} == {"babel": (2, 0), "iron_age": (0, 1)}
    assert [(x["seat"], x["win"] + x["loss"] + x["draw"]) for x in me["by_seat"]] == [(0, 1), (1, 2)]
    assert me["completion"]["finished"] == 3 and me["completion"]["rate"] == 1.0
    assert "ada@example.org" not in str(me)
    html = server.call("GET", "/p/pada").text  # the profile page draws them
    assert 'id="player-stats"' in html and html.count('class="bar-chart"') == 2 and "ada@example.org" not in html
    assert server.call("GET", "/stats/players/nobody").status_code == 404


def test_the_statistics_cache_follows_new_games(server, played, clock):
    assert server.call("GET", "/stats/games/babel").json()["games"] == 2
    _finish(server.service, clock, "babel", ["Dee", "Eve"], 4)
    assert server.call("GET", "/stats/games/babel").json()["games"] == 3


def test_the_archive_benchmark_runs_and_quotes_its_plans(tmp_path):
    """`referee bench --only archive` at tiny sizes (a smoke test; the figures are measured on demand):
    every case has its ratio and every plan searches or scans an archive index, never the table."""
    from referee.ops.bench_archive import CASES, bench_archive
    out = bench_archive(tmp_path, games=400, anchor=100, rounds=1, calls=1)
    assert all("ratio" in out[name] for name in [*CASES, "page_after_90"])
    assert all(any("INDEX archive_" in step for step in plan) for plan in out["plans"].values()), out["plans"]
    assert set(out["queries"]) == set(CASES) and all(q["large_ms"] > 0 for q in out["queries"].values())
