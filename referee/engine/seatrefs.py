"""Seats by reference (issue 40): a log names a seat by (seat, tenure), never by name; the names
live outside the hash chain. Logs recorded before named them in `game_created` and the seat
events; this module strips those names (the one-time migration, service/players/names_out.py)
and checks that a log continues an export made before it moved the names out (`referee verify
--earlier`), so both run the same code."""

from __future__ import annotations

from typing import Any

from referee.engine.hashing import content_digest

MOVED = "names_moved_out"
NAMING = ("seat_joined", "seat_replaced", "seat_accepted")  # events that named a seat's new holder


def _without_name(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "name"}


def unnamed(etype: str, payload: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[tuple[int, int], str],
                                                           dict[tuple[int, int], str]]:
    """An event's payload without the names it gives (None when it gives none), the names by
    (seat, tenure) of the tenures it began, and those of tenures it ended (`previous`)."""
    if etype == "game_created" and any("name" in s for s in payload.get("seats", ())):
        began = {(int(s.get("seat", i)), 0): s["name"] for i, s in enumerate(payload["seats"]) if "name" in s}
        return {**payload, "seats": [_without_name(s) for s in payload["seats"]]}, began, {}
    before = payload.get("previous") if isinstance(payload.get("previous"), dict) else {}
    if etype not in NAMING or ("name" not in payload and "name" not in before):
        return None, {}, {}
    new = _without_name(payload)
    began = {(int(payload["seat"]), int(payload.get("tenure", 0))): payload["name"]} if "name" in payload else {}
    ended = {}
    if "name" in before:
        ended = {(int(payload["seat"]), int(before.get("tenure", 0))): before["name"]}
        new["previous"] = _without_name(before)
    return new, began, ended


def unnamed_log(log: list[dict[str, Any]]) -> tuple[dict[int, dict[str, Any]], dict[tuple[int, int], str]]:
    """The payloads of a log (events as served) that name a seat, without the names (seq ->
    payload), and the names by (seat, tenure): a tenure's own event first, a later `previous` after."""
    payloads: dict[int, dict[str, Any]] = {}
    names: dict[tuple[int, int], str] = {}
    for e in log:
        new, began, ended = unnamed(e["type"], e["payload"])
        if new is not None:
            payloads[e["seq"]] = new
            names.update(began)
            for key, name in ended.items():
                names.setdefault(key, name)
    return payloads, names


def continues(earlier: list[dict[str, Any]], log: list[dict[str, Any]], seed: bytes | None) -> str | None:
    """What keeps `log` from continuing `earlier` (an export of the same game made before), or
    None. Either `earlier` is a prefix of it (the same hashes), or the log moved the names out
    after it: its `names_moved_out` records `earlier`'s head as `previous_head`, the events before
    `from_seq` are the same, and, with the seed, each event of `earlier` without its names has the
    digest the log records for it (so an export made at any point before the migration links)."""
    if not earlier:
        return "the earlier export is empty"
    if len(earlier) <= len(log) and all(a["hash"] == b["hash"] for a, b in zip(earlier, log)):
        return None
    moved = next((e for e in log if e["type"] == MOVED), None)
    if moved is None:
        return "the log neither continues the earlier export nor records that its names moved out"
    first = moved["payload"].get("from_seq", 1)
    if any(a["hash"] != b["hash"] for a, b in zip(earlier[:first - 1], log)):
        return "the events before the names moved out differ from the earlier export's"
    if seed is None:
        if moved["payload"].get("previous_head") == earlier[-1]["hash"] and moved["seq"] == len(earlier) + 1:
            return None
        return "the earlier export is not the log's head when the names moved out (the seed would link it)"
    if len(earlier) >= moved["seq"]:
        return "the earlier export is longer than the log before the names moved out"
    for old, new in zip(earlier, log):
        payload = unnamed(old["type"], old["payload"])[0] or old["payload"]
        content = {"type": old["type"], "seat": old["seat"], "payload": payload, "created_at": old["created_at"]}
        if content_digest(seed, old["seq"], content) != new["digest"]:
            return f"event {old['seq']} without its names differs from the log's"
    return None
