"""The time track (RULES.md 4.2, G-9..G-13) and its Decline handling (G-50, G-56).

A track is a list of cells: "locked", "empty", "tile:<id>", "hg1" or "hg2"; locks are the
rightmost contiguous block.
"""

from __future__ import annotations

from referee.plumbing.i18n import Text
from referee.games.gentes.state import empty_cells, need


def new_track(spaces: int, locked: list[int], start: list[dict[str, int]]) -> list[str]:
    """G-3 / G-R15: locks and the starting hourglasses at their (1-based) spaces."""
    track = ["empty"] * spaces
    for s in locked:
        track[s - 1] = "locked"
    for h in start:
        track[h["space"] - 1] = "hg2" if h["symbols"] >= 2 else "hg1"
    return track


def check_room(track: list[str], tile: bool, h: int, d: int, rule: str = "G-12") -> None:
    """G-11 / G-12: `d` doubles are allowed (0..h//2) and the cells needed are empty."""
    need(type(d) is int and 0 <= d <= h // 2, Text("doubles must be 0..%(max)s", max=h // 2), "G-11")
    needed = (1 if tile else 0) + h - d
    need(empty_cells(track) >= needed, Text("the time track needs %(n)s empty space(s)", n=needed), rule)


def place_tile(track: list[str], tile: str) -> None:
    """G-10: the tile goes into the leftmost empty cell."""
    track[track.index("empty")] = f"tile:{tile}"


def place_hourglasses(track: list[str], h: int, d: int) -> None:
    """G-11: d doubles then h-2d singles, each into the leftmost empty cell (room checked)."""
    for cell in ["hg2"] * d + ["hg1"] * (h - 2 * d):
        track[track.index("empty")] = cell


def unlock(track: list[str], n: int = 1) -> None:
    """G-13: the leftmost lock becomes empty, n times (no effect without locks)."""
    for _ in range(n):
        if "locked" in track:
            track[track.index("locked")] = "empty"


def remove_symbol(track: list[str], cell: int) -> None:
    """Effect remove_hourglass: hg2 -> hg1, hg1 -> empty at one cell (no shift)."""
    track[cell] = "hg1" if track[cell] == "hg2" else "empty"


def symbols(track: list[str]) -> int:
    """G-R9: hourglass symbols on the track (hg2 counts 2)."""
    return sum(2 if c == "hg2" else 1 if c == "hg1" else 0 for c in track)


def decline_reset(track: list[str]) -> list[str]:
    """G-49, G-50: tiles leave, one hourglass leaves every cell, the rest shift left."""
    after = ["hg1" if c == "hg2" else ("locked" if c == "locked" else "empty") for c in track]
    k = after.count("hg1")
    out, placed = [], 0
    for c in after:
        if c == "locked":
            out.append(c)
        elif placed < k:
            out.append("hg1")
            placed += 1
        else:
            out.append("empty")
    return out


def hand_limit_hourglass(track: list[str]) -> None:
    """G-56: leftmost empty -> hg1, else leftmost hg1 -> hg2, else lost."""
    if "empty" in track:
        track[track.index("empty")] = "hg1"
    elif "hg1" in track:
        track[track.index("hg1")] = "hg2"
