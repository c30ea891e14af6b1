"""The short text form of moves for play by email (README.md "Text form").

One move per text; words are case-insensitive; a text starting with "{" is read as the JSON
move itself. Names of developments and monuments may be given by id, English or German name.
Parsing needs no game state: whether the move is legal now is `apply`'s business.
"""

from __future__ import annotations

import json
import re

from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move
from referee.engine.jsondata import json_move
from referee.plumbing.i18n import Text

FORMS = ("port | province | reroll 0 2 fate | stop | omen 3 workers | omen fate tribute_1 | no omen | "
         "assign 0 food 2 workers | attack | no attack | deny | accept (let the stronger player collect) | "
         "build province 3 2, port 4, amphora 4 2, monument colossus 3, military 1, ship 2 | build nothing | "
         "buy coinage 10 goods 2 inventions 1 wealth | buy none | convert 2 | end turn")

SIMPLE: dict[str, Move] = {
    "port": {"type": "initial_choice", "choice": "port"},
    "province": {"type": "initial_choice", "choice": "province"},
    "stop": {"type": "stop_rolling"},
    "stop rolling": {"type": "stop_rolling"},
    "no omen": {"type": "omen_decline"},
    "omen decline": {"type": "omen_decline"},
    "omen none": {"type": "omen_decline"},
    "decline omen": {"type": "omen_decline"},
    "attack": {"type": "conquest", "attack": True},
    "conquer": {"type": "conquest", "attack": True},
    "no attack": {"type": "conquest", "attack": False},
    "no conquest": {"type": "conquest", "attack": False},
    "deny": {"type": "tribute_response", "deny": True},
    "no deny": {"type": "tribute_response", "deny": False},
    "accept": {"type": "tribute_response", "deny": False},
    "let collect": {"type": "tribute_response", "deny": False},
    # an older word, still read so old mails parse: the weaker player pays nothing (IA-4.5)
    "pay tribute": {"type": "tribute_response", "deny": False},
    "build": {"type": "build", "actions": []},
    "build nothing": {"type": "build", "actions": []},
    "buy none": {"type": "buy_none"},
    "buy nothing": {"type": "buy_none"},
    "no buy": {"type": "buy_none"},
    "end": {"type": "end_turn"},
    "end turn": {"type": "end_turn"},
    "done": {"type": "end_turn"},
}

PAY_WORDS = {"g": "goods", "goods": "goods", "good": "goods", "i": "inventions", "inventions": "inventions",
             "invention": "inventions", "w": "wealth", "wealth": "wealth"}


UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _key(name: str) -> str:
    """Normalised name: lower case, umlauts spelled out as in the data, words joined by _."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().translate(UMLAUTS)).strip("_")


def _names(items: dict[str, dict]) -> dict[str, str]:
    """id, English and German names (normalised) -> id."""
    out: dict[str, str] = {}
    for i, item in items.items():
        for n in (i, item.get("en"), item.get("de")):
            if n:
                out[_key(n)] = i
    return out


def _int(word: str, what: str) -> int:
    """`word` as a number; `what` (a `Text` noun) names it in the reason otherwise."""
    if not word.isdigit():
        raise ValueError(Text("%(what)s must be a number, got %(word)s", what=what, word=repr(word)))
    return int(word)


def parse_text(g: GameData, text: str) -> Move:
    """The move a line of text stands for; ValueError with the accepted forms otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(Text("empty move; write one of: %(forms)s", forms=FORMS))
    raw = text.strip()
    move = json_move(raw)
    if move is not None:
        return move
    low = " ".join(raw.lower().split())
    simple = low.replace("_", " ")
    if simple in SIMPLE:
        return dict(SIMPLE[simple])
    words = low.replace(",", " , ").replace(";", " , ").split()
    head, rest = words[0], words[1:]
    parser = {"reroll": _reroll, "omen": _omen, "assign": _assign, "build": _build, "buy": _buy,
              "convert": _convert}.get(head)
    if parser is None:
        raise ValueError(Text("unknown move %(word)s; write one of: %(forms)s", word=repr(raw), forms=FORMS))
    return parser(g, [w for w in rest if w != ","] if head != "build" else rest)


def _reroll(g: GameData, words: list[str]) -> Move:
    """reroll 0 2 fate: empire dice by index, 'fate' for the fate die."""
    if not words:
        raise ValueError(Text("say which dice to reroll, e.g. 'reroll 0 2 fate', or 'stop'"))
    fate = "fate" in words
    return {"type": "reroll", "empire": [_int(w, Text("a die")) for w in words if w != "fate"], "fate": fate}


def _omen(g: GameData, words: list[str]) -> Move:
    """omen 3 workers / omen fate tribute_1."""
    if len(words) < 2:
        raise ValueError(Text("write 'omen <die index or fate> <face>', e.g. 'omen 3 workers', or 'no omen'"))
    die: int | str = "fate" if words[0] == "fate" else _int(words[0], Text("the die"))
    return {"type": "omen", "die": die, "face": "_".join(words[1:])}


def _assign(g: GameData, words: list[str]) -> Move:
    """assign 0 food 2 workers (also 0=food or 0:food)."""
    flat = [x for w in words for x in re.split(r"[=:]", w) if x]
    if len(flat) % 2:
        raise ValueError(Text("write 'assign <die> food|workers ...', e.g. 'assign 0 food 2 workers'"))
    choices = {}
    for i in range(0, len(flat), 2):
        choices[str(_int(flat[i], Text("a die")))] = flat[i + 1]
    return {"type": "assign", "choices": choices}


def _build(g: GameData, words: list[str]) -> Move:
    """build province 3 2, port 4, amphora 4 2, monument colossus 3, military 1, ship 2."""
    groups: list[list[str]] = [[]]
    for w in words:
        if w == ",":
            groups.append([])
        else:
            groups[-1].append(w)
    monuments = _names(g.monuments)
    actions = []
    for grp in (x for x in groups if x):
        kind, args = grp[0].rstrip("s") if grp[0] != "ships" else "ship", grp[1:]
        count = 1
        if args and args[-1].isdigit() and (kind not in ("province", "port", "amphora") or len(args) == 2):
            count = int(args.pop())
        if kind == "province" and len(args) == 1:
            actions.append({"kind": "province_box", "province": _int(args[0], Text("the province column")), "count": count})
        elif kind == "port" and len(args) == 1 and count == 1:
            actions.append({"kind": "port_box", "port": _int(args[0], Text("the port column"))})
        elif kind in ("amphora", "amphorae") and len(args) == 1:
            actions.append({"kind": "amphora", "port": _int(args[0], Text("the port column")), "count": count})
        elif kind == "monument" and args:
            name = _key(" ".join(args))
            if name not in monuments:
                raise ValueError(Text("unknown monument %(word)s; one of %(options)s", word=repr(" ".join(args)),
                                      options=str(sorted(g.monument_ids))))
            actions.append({"kind": "monument_box", "monument": monuments[name], "count": count})
        elif kind in ("military", "ship") and not args:
            actions.append({"kind": kind, "count": count})
        else:
            raise ValueError(Text("cannot read build action %(word)s; e.g. 'province 3 2', 'port 4', "
                                  "'amphora 4 2', 'monument colossus 3', 'military 1', 'ship 2'", word=repr(" ".join(grp))))
    return {"type": "build", "actions": actions}


def _buy(g: GameData, words: list[str]) -> Move:
    """buy coinage 10 goods 2 inventions 1 wealth (also 10g 2i 1w); buy none."""
    names = _names(g.developments)
    k = 0
    while k < len(words) and not words[k][0].isdigit():
        k += 1
    name = _key(" ".join(words[:k]))
    if name not in names:
        raise ValueError(Text("unknown development %(word)s; one of %(options)s", word=repr(" ".join(words[:k])),
                              options=str(g.development_ids)))
    pay: dict[str, int] = {}
    rest = words[k:]
    i = 0
    while i < len(rest):
        m = re.fullmatch(r"(\d+)([a-z]*)", rest[i])
        unit = m.group(2) if m and m.group(2) else (rest[i + 1] if i + 1 < len(rest) else "")
        if not m or unit not in PAY_WORDS:
            raise ValueError(Text("write the payment as '10 goods 2 inventions 1 wealth' or '10g 2i 1w'"))
        pay[PAY_WORDS[unit]] = pay.get(PAY_WORDS[unit], 0) + int(m.group(1))
        i += 1 if m.group(2) else 2
    return {"type": "buy", "development": names[name], "payment": pay}


def _convert(g: GameData, words: list[str]) -> Move:
    """convert 2 (wealth to gain)."""
    if len(words) != 1:
        raise ValueError(Text("write 'convert <wealth>', e.g. 'convert 2'"))
    return {"type": "convert", "wealth": _int(words[0], Text("the wealth"))}


def _format_action(a: dict) -> str:
    kind = a["kind"]
    if kind == "province_box":
        return f"province {a['province']} {a['count']}"
    if kind == "port_box":
        return f"port {a['port']}"
    if kind == "amphora":
        return f"amphora {a['port']} {a['count']}"
    if kind == "monument_box":
        return f"monument {a['monument']} {a['count']}"
    return f"{kind} {a['count']}"


def format_move(move: Move) -> str:
    """`move` in the text form; parse_text(format_move(m)) == m for the moves prompts list."""
    t = move["type"]
    if t == "initial_choice":
        return move["choice"]
    if t == "reroll":
        words = [str(i) for i in move.get("empire", [])] + (["fate"] if move.get("fate") else [])
        return "reroll " + " ".join(words)
    if t == "omen":
        return f"omen {move['die']} {move['face']}"
    if t == "assign":
        return " ".join(["assign", *(f"{d} {v}" for d, v in move["choices"].items())])
    if t == "conquest":
        return "attack" if move["attack"] else "no attack"
    if t == "tribute_response":
        return "deny" if move["deny"] else "accept"
    if t == "build":
        return "build " + ", ".join(_format_action(a) for a in move["actions"]) if move["actions"] else "build nothing"
    if t == "buy":
        pay = " ".join(f"{n} {k}" for k, n in move.get("payment", {}).items())
        return f"buy {move['development']} {pay}".rstrip()
    if t == "convert":
        return f"convert {move['wealth']}"
    fixed = {"stop_rolling": "stop", "omen_decline": "no omen", "buy_none": "buy none", "end_turn": "end turn"}
    if t in fixed:
        return fixed[t]
    return json.dumps(move, sort_keys=True)
