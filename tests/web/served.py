"""The server's answers as a browser without script reads them: a page or a step fragment
(`part=step`) parsed with an HTML parser (lxml), so the per-move checks need no browser."""

from __future__ import annotations

import copy
import html
from dataclasses import dataclass

import lxml.html

from tests.web.conftest import SVG

ALWAYS_SKIPPED = '//pre[@id="view-json"] | //script | //style'
CHECKED = ALWAYS_SKIPPED + (' | //*[@id="picture" or @id="summary" or @id="events"]'
                            ' | //a[@class="option" or @class="pick"] | //span[@class="taken"]')


@dataclass
class Offered:
    """One thing a step offers: a link on the board (`a.pick`) or beside it (`a.option`)."""
    label: str
    href: str
    next: str
    folded: bool  # inside a closed <details> (a person opens it first)
    board: bool  # a link on the board (its name may begin with what the element shows)


class Served:
    """One HTML answer: its parsed tree and the parts the checks read."""

    def __init__(self, text: str):
        self.text = text
        self.doc = lxml.html.fromstring(text)
        self._words: tuple[str, str] | None = None

    def one(self, xpath: str):
        found = self.doc.xpath(xpath)
        return found[0] if found else None

    def view_json(self) -> str | None:
        pre = self.one('//pre[@id="view-json"]')
        return None if pre is None else pre.text_content()

    def svg(self) -> str:
        """The picture as served (XML, compared element by element with the game's drawing)."""
        return SVG.search(self.text).group(1).strip()

    def words(self, unchecked: bool = False) -> str:
        """Everything a person can read on it (and its link labels), without the view JSON;
        `unchecked`: without the parts that other checks compare exactly with what the viewer
        may see (the picture, the summary, the history, the step links' labels). Both are read
        from one copy of the tree (the second drops more of it), once per answer."""
        if self._words is None:
            doc = copy.deepcopy(self.doc)
            self._words = (self._text(doc, ALWAYS_SKIPPED, " | //@aria-label"), self._text(doc, CHECKED, ""))
        return self._words[1 if unchecked else 0]

    @staticmethod
    def _text(doc, dropped: str, attributes: str) -> str:
        for el in doc.xpath(dropped):
            el.drop_tree()  # its text goes, the text after it stays
        return html.unescape(doc.text_content() + " " + " ".join(doc.xpath(
            "//@placeholder | //@data-move | //@value | //@title" + attributes)))

    def steps(self, kind: str):
        return self.one(f'//div[contains(concat(" ", @class, " "), " steps ")][@data-kind="{kind}"]')

    def offered(self, kind: str) -> list[Offered]:
        """What the seat's step of prompt `kind` offers: board links first, then the buttons (the
        order the browser driver reads them in)."""
        box = self.steps(kind)
        if box is None:
            return []
        links = self.doc.xpath('//div[@id="picture"]//a[@class="pick"]') + \
            box.xpath('.//a[contains(concat(" ", @class, " "), " option ")]')
        return [Offered(a.get("aria-label") or a.text_content(), a.get("href"), a.get("data-next"),
                        bool(a.xpath('ancestor::details[not(@open)]')), a.get("class") == "pick") for a in links]

    def play_form(self, kind: str) -> dict[str, str] | None:
        """The form fields "play this move" posts, when the move built so far is complete."""
        box = self.steps(kind)
        button = None if box is None else box.xpath('.//button[@id="play"]')
        if not button:
            return None
        form = button[0].xpath("ancestor::form")[0]
        return {"csrf": form.xpath('.//input[@name="csrf"]')[0].get("value"),
                "seq": form.xpath('.//input[@name="seq"]')[0].get("value"), "move": button[0].get("value")}
