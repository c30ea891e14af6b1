"""The map as an inline SVG (contract `picture`), drawn from a view only: regions as labelled
circles (name, controller, resource/capacity, citizens per seat, buildings), borders as lines
(dashed = dotted line, trade goods named), caravans as seat numbers on their border. Readable
without colour: every fact is also a text label."""

from __future__ import annotations

from html import escape

from referee.games.sands_of_time.data import GameData

# Layout of the printed board (x, y on a 900 x 560 canvas); regions missing here (a corrected
# components file) are placed on a grid below.
LAYOUT = {
    "britannia": (70, 60), "hispania": (70, 260), "gallia": (160, 150), "germania": (280, 80),
    "italia": (260, 220), "sicilia": (230, 330), "illyricum": (370, 170), "dacia": (440, 80),
    "graecia": (400, 270), "thracia": (500, 190), "scythia": (590, 60), "colchis": (700, 110),
    "asia_minor": (580, 250), "rhodes": (500, 330), "cyprus": (610, 350), "armenia": (720, 220),
    "syria": (690, 330), "mesopotamia": (800, 300), "persia": (850, 200), "india": (870, 420),
    "arabia": (780, 430), "judaea": (680, 440), "aegyptus": (580, 470), "aethiopia": (480, 520),
    "libya": (380, 440), "mauretania": (170, 450),
}
R = 34


def _pos(g: GameData, region: str) -> tuple[int, int]:
    if region in LAYOUT:
        return LAYOUT[region]
    i = g.index[region]
    return (60 + (i % 12) * 70, 600 + (i // 12) * 80)


def picture(g: GameData, view: dict, seat: int | None) -> str:
    regions = view["regions"]
    height = max(_pos(g, r)[1] for r in regions) + 100
    title = f"The Sands of Time - map, dynasty space {view['dynasty_space']}, phase {view['phase']}"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 940 {height}" width="900" role="img" '
           f'font-family="sans-serif" font-size="10">', f"<title>{escape(title)}</title>",
           f'<text x="10" y="{height - 10}">Legend: name; owner (C capital, P province, K colony); resource/capacity; '
           f'citizens per seat as seat:farmers/soldiers; buildings. Lines: borders (dashed: sea route), caravans as seat numbers.</text>']
    for key in g.borders:
        a, b = g.ends(key)
        (x1, y1), (x2, y2) = _pos(g, a), _pos(g, b)
        dotted = g.border_info[key].get("kind") == "dotted"
        dash = ' stroke-dasharray="4 3"' if dotted else ""
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#888"{dash}><title>{escape(a)} - {escape(b)}</title></line>')
        label = []
        good = g.border_info[key].get("trade_good")
        if good:
            label.append(good)
        owners = view["caravans"].get(key) or []
        if owners:
            label.append("caravans " + ",".join(str(o) for o in owners))
        if label:
            out.append(f'<text x="{(x1 + x2) / 2:.0f}" y="{(y1 + y2) / 2:.0f}" text-anchor="middle" '
                       f'fill="#444">{escape("; ".join(label))}</text>')
    kinds = {"capital": "C", "province": "P", "colony": "K"}
    for r, reg in regions.items():
        x, y = _pos(g, r)
        name = g.region[r]["name"]
        fill = "#f4ecd8" if reg["in_play"] else "#ddd"
        lines = [name]
        if reg["in_play"]:
            owner = f"seat {reg['controller']} {kinds[reg['control_type']]}" if reg["controller"] is not None else "free"
            lines += [owner, f"{reg['resource']} {reg['capacity']}"]
            cz = " ".join(f"{k}:{v['farmers']}/{v['soldiers']}" for k, v in sorted(reg["citizens"].items()))
            if cz:
                lines.append(cz)
            if reg["buildings"]:
                lines.append(",".join(b[:5] for b in reg["buildings"]))
        else:
            lines.append("not in play")
        out.append(f'<g><title>{escape(" - ".join(lines))}</title>'
                   f'<circle cx="{x}" cy="{y}" r="{R}" fill="{fill}" stroke="#333"/>')
        for i, line in enumerate(lines):
            weight = ' font-weight="bold"' if i == 0 else ""
            out.append(f'<text x="{x}" y="{y - 14 + i * 11}" text-anchor="middle"{weight}>{escape(line)}</text>')
        out.append("</g>")
    for i, p in enumerate(view["players"]):
        h = "/".join(str(p["heritage"][c]) for c in g.categories)
        you = " (you)" if i == seat else ""
        line = (f"Seat {i}{you}: VP {p['vp']}, unrest {p['unrest']}, heritage {h}, "
                f"grain {p['grain']}, gold {p['gold']}")
        y = height - 26 - 12 * (len(view["players"]) - 1 - i)  # a table above the legend
        out.append(f'<text x="10" y="{y}">{escape(line)}</text>')
    out.append("</svg>")
    return "".join(out)
