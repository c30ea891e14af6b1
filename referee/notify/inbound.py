"""Reading one incoming email (RFC 822 bytes) down to who sent it, to whom, and the move text.

The move is what the sender wrote themselves: quoted replies, signatures, mobile footers and
forwarded messages are cut away, HTML-only mail is turned into text. From what is left,
:func:`extract_move_text` takes a JSON object if there is one, else the first non-empty line
(a game's short text form such as ``travel medes``). Nothing here knows any game: the caller
hands the text to ``json.loads`` or the game's ``parse_text``.

Nothing here decides whether the mail may play either: the caller checks the recipients with
``referee.service.notices.addresses`` and the sender against the seat's address, and should not answer
mail flagged ``auto_submitted`` (vacation responders, bounces), to avoid mail loops.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
MAX_TEXT = 100_000   # characters of a body read; a move is near the top, and this bounds the work
MAX_HTML = 1_000_000  # characters of an HTML body parsed (markup takes room)
MAX_JSON_STARTS = 20  # "{" positions tried as the start of a JSON move


@dataclass(frozen=True)
class InboundMail:
    sender: str | None               # bare From address, lowercase
    recipients: tuple[str, ...]      # bare addresses from RECIPIENT_HEADERS, lowercase, no repeats
    subject: str
    message_id: str | None           # for In-Reply-To / References in the answer
    text: str                        # the sender's own text, quotes and signatures removed
    move_text: str | None            # see extract_move_text
    auto_submitted: bool             # an auto-reply or bounce: do not answer it


def parse_message(raw: bytes) -> InboundMail:
    """Parse one message; never raises on malformed mail (fields are then empty or None)."""
    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    text = ""
    move = None
    for part in _bodies(msg):
        text = author_text(_part_text(part)[:MAX_TEXT])
        move = extract_move_text(text)
        if move is not None:
            break
    senders = _addresses(msg, ("From",))
    return InboundMail(
        sender=senders[0] if senders else None,
        recipients=tuple(_addresses(msg, RECIPIENT_HEADERS)),
        subject=_header(msg, "Subject"),
        message_id=_header(msg, "Message-ID") or None,
        text=text,
        move_text=move,
        auto_submitted=_is_automatic(msg),
    )


def _header(msg: Message, name: str) -> str:
    try:
        return str(msg.get(name, "")).strip()
    except Exception:  # a header the parser cannot even render is as good as absent
        return ""


def _addresses(msg: Message, names: tuple[str, ...]) -> list[str]:
    values = []
    for name in names:
        try:
            values += [str(v) for v in msg.get_all(name, [])]
        except Exception:
            continue
    found: list[str] = []
    for _, address in getaddresses(values):
        address = address.strip().lower()
        if "@" in address and address not in found:
            found.append(address)
    return found


def _is_automatic(msg: Message) -> bool:
    auto = _header(msg, "Auto-Submitted").lower()
    precedence = _header(msg, "Precedence").lower()
    sender = parseaddr(_header(msg, "From"))[1].lower()
    return ((auto not in ("", "no")) or precedence in ("bulk", "junk", "list", "auto_reply")
            or bool(_header(msg, "X-Autoreply") or _header(msg, "X-Autorespond"))
            or _header(msg, "Return-Path") == "<>"
            or sender.split("@")[0] in ("mailer-daemon", "postmaster"))


def _bodies(msg: EmailMessage) -> list[EmailMessage]:
    """The sender's own text parts, plain first then HTML. A forwarded message attached as
    message/rfc822 is not looked into: only the forwarding person's text counts."""
    found = []
    for kind in ("plain", "html"):
        part = msg.get_body(preferencelist=(kind,))
        if part is not None:
            found.append(part)
    return found


def _part_text(part: EmailMessage) -> str:
    try:
        text = part.get_content()
    except (LookupError, ValueError, AssertionError):  # unknown charset or broken encoding
        payload = part.get_payload(decode=True)
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    if not isinstance(text, str):
        return ""
    if part.get_content_subtype() == "html":
        return html_to_text(text[:MAX_HTML])
    if str(part.get_param("format", "")).lower() == "flowed":
        return unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
    return text


# --- HTML to text ---------------------------------------------------------------------------

_BLOCK_TAGS = {"address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "footer", "form",
               "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
               "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"}
_SKIP_TAGS = {"head", "script", "style", "title", "template"}


class _HtmlText(HTMLParser):
    """Text with the line structure a reader sees; blockquote lines get a ``> `` prefix so
    that quoted replies look as they do in plain text mail."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.line_depth = 0
        self.depth = 0
        self.skipping = 0
        self.pre = 0

    def flush(self, force: bool = False) -> None:
        """End the current line; ``force`` keeps it even when empty (a ``<br>``)."""
        if self.line.strip():
            self.lines.append("> " * min(self.line_depth, 9) + self.line.strip())
        elif force:
            self.lines.append("")
        self.line = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP_TAGS:
            self.skipping += 1
        elif tag == "br":
            self.flush(force=True)
        elif tag in _BLOCK_TAGS:
            self.flush()
            self.depth += tag == "blockquote"
            self.pre += tag == "pre"

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCK_TAGS:
            self.flush()
            self.depth = max(0, self.depth - (tag == "blockquote"))
            self.pre = max(0, self.pre - (tag == "pre"))

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        pieces = data.split("\n") if self.pre else [re.sub(r"\s+", " ", data)]
        for i, piece in enumerate(pieces):
            if i:
                self.flush(force=True)
            if piece.strip() and not self.line.strip():
                self.line_depth = self.depth
            self.line += piece


def html_to_text(html: str) -> str:
    """Tags stripped, entities decoded, paragraphs and ``<br>`` kept as line breaks."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    parser.flush()
    return "\n".join(parser.lines)


def unflow(text: str, delsp: bool = False) -> str:
    """Undo ``format=flowed`` (RFC 3676): join soft line breaks (a trailing space), so long
    JSON is whole again. The signature separator ``-- `` is not a soft break."""
    out: list[str] = []
    out_depth = 0
    joining = False
    for line in text.split("\n"):
        line = line.rstrip("\r")
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        body = body[1:] if body.startswith(" ") else body  # space-stuffing
        if joining and out and depth == out_depth:
            out[-1] += body
        else:
            out.append(">" * depth + (" " if depth else "") + body)
            out_depth = depth
        joining = body.endswith(" ") and body != "-- "
        if joining and delsp:
            out[-1] = out[-1][:-1]
    return "\n".join(out)


# --- what the sender wrote ----------------------------------------------------------------------

_FORWARD_OR_ORIGINAL = re.compile(
    r"^\s*(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|message transféré)\s*-{2,}"
    r"|begin forwarded message:|_{20,})\s*$", re.I)
_ATTRIBUTION = re.compile(r"^\s*(?:on\b.*|am\b.*|le\b.*|el\b.*)$", re.I)
_ATTRIBUTION_END = re.compile(r"(?:wrote|a écrit|escribió)\s*:\s*$|\bschrieb\b.*:\s*$", re.I)
_HEADER_BLOCK = re.compile(r"^\s*\*?(?:from|von|de)\s*:\*?\s", re.I)
_HEADER_BLOCK_NEXT = re.compile(r"^\s*\*?(?:sent|date|gesendet|datum|envoyé|to|subject)\s*:", re.I)
_MOBILE_FOOTER = re.compile(
    r"^\s*(?:sent from (?:my|mail|yahoo|outlook)\b|sent with \w|sent via \w|get outlook for\b"
    r"|envoyé de mon\b|von meinem .* gesendet)", re.I)
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"), None) | {0xA0: " "}


def author_text(body: str) -> str:
    """The part of a mail body its sender wrote: without ``>`` quoted lines, reply
    attributions ("On ... wrote:"), Outlook's original-message blocks, forwarded messages,
    and what follows a signature separator ``-- `` or a mobile footer."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE).split("\n")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip() == "--" or _FORWARD_OR_ORIGINAL.match(line) or _MOBILE_FOOTER.match(line):
            break
        if _is_header_block(lines, i):
            break
        span = _attribution_span(lines, i)
        if span:
            j = i + span
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j == len(lines) or not lines[j].lstrip().startswith(">"):
                break  # a top-posted reply: everything below is the quoted mail
            i += span  # a bottom or inline reply: the quote goes, the answer below stays
            continue
        if not line.lstrip().startswith(">"):
            kept.append(line.rstrip())
        i += 1
    return "\n".join(kept).strip("\n")


def _attribution_span(lines: list[str], i: int) -> int:
    """How many lines (1 or 2, mail clients wrap long ones) an attribution at ``i`` takes."""
    if not _ATTRIBUTION.match(lines[i]):
        return 0
    if _ATTRIBUTION_END.search(lines[i]):
        return 1
    if i + 1 < len(lines) and _ATTRIBUTION_END.search(lines[i + 1]):
        return 2
    return 0


def _is_header_block(lines: list[str], i: int) -> bool:
    """Outlook's quoted original: "From: ..." followed by "Sent:"/"Date:"/"To:" lines."""
    return bool(_HEADER_BLOCK.match(lines[i])) and any(
        _HEADER_BLOCK_NEXT.match(ln) for ln in lines[i + 1:i + 4])


_SMART_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'"})


def extract_move_text(body: str) -> str | None:
    """The move in a mail body: the first JSON object in the sender's own text (it may span
    lines; curly quotes put in by phones are straightened), else its first non-empty line,
    else ``None``. The body is passed through :func:`author_text` first."""
    text = author_text(body)
    decoder = json.JSONDecoder()
    for candidate in (text, text.translate(_SMART_QUOTES)):
        start = candidate.find("{")
        for _ in range(MAX_JSON_STARTS):
            if start == -1:
                break
            try:
                value, end = decoder.raw_decode(candidate, start)
            except (ValueError, RecursionError):  # not JSON, or nested absurdly deep
                value, end = None, start
            if isinstance(value, dict):
                return candidate[start:end]
            start = candidate.find("{", start + 1)
    for line in text.split("\n"):
        if line.strip():
            return line.strip()
    return None
