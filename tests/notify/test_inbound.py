"""Reading incoming mail down to the move text, on messages shaped like real mail clients send."""

from __future__ import annotations

import base64
import json
import quopri
from email.message import EmailMessage

import pytest

from referee.service.notices.addresses import reply_address, seats_addressed
from referee.notify.inbound import author_text, extract_move_text, html_to_text, parse_message, unflow

KEY = b"referee-secret-key"
DOMAIN = "play.example.org"
SEAT1 = reply_address(KEY, "babel-7", 1, DOMAIN)
MOVE = {"action": "travel", "to": "medes"}


def raw(body: str | bytes, *, content_type: str = "text/plain; charset=utf-8", encoding: str = "7bit",
        extra: str = "") -> bytes:
    head = (f"From: Bob Player <Bob@Example.org>\r\nTo: \"Babel\" <{SEAT1}>\r\nSubject: Re: Your move\r\n"
            f"Message-ID: <abc123@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n"
            f"Content-Transfer-Encoding: {encoding}\r\n{extra}\r\n")
    data = body if isinstance(body, bytes) else body.replace("\n", "\r\n").encode("utf-8")
    return head.encode() + data


def test_plain_json_body_spread_over_lines():
    mail = parse_message(raw('Hi referee,\n{\n  "action": "travel",\n  "to": "medes"\n}\nthanks\n'))
    assert json.loads(mail.move_text) == MOVE
    assert mail.sender == "bob@example.org"
    assert mail.recipients == (SEAT1,)
    assert mail.subject == "Re: Your move"
    assert mail.message_id == "<abc123@example.org>"
    assert not mail.auto_submitted


def test_text_form_is_the_first_non_empty_line():
    mail = parse_message(raw("\n\n  travel medes  \n\nSee you,\nBob\n"))
    assert mail.move_text == "travel medes"


def test_top_posted_reply_with_wrapped_attribution():
    body = ("travel medes\n\nOn Mon, Jan 6, 2025 at 10:00 AM Babel Referee <\nplay+babel-7.1.x@play.example.org> wrote:\n"
            "> It is your turn. Example: {\"action\": \"pass\"}\n> travel persians\n")
    mail = parse_message(raw(body))
    assert mail.move_text == "travel medes"
    assert "wrote" not in mail.text and "persians" not in mail.text


@pytest.mark.parametrize("attribution", [
    "Am 06.01.2025 um 10:00 schrieb Referee <play@x.org>:",
    "Le lun. 6 janv. 2025 à 10:00, Referee <play@x.org> a écrit :",
    "El lun, 6 ene 2025 a las 10:00, Referee (<play@x.org>) escribió:",
    "On Monday, 6 January 2025, Referee <play@x.org> wrote:",
])
def test_attributions_in_several_languages(attribution):
    body = f"travel medes\n\n{attribution}\n\nExample: travel persians\n"
    assert parse_message(raw(body)).text == "travel medes"


def test_top_posted_reply_without_quote_marks_is_cut_at_the_attribution():
    body = '{"action": "travel", "to": "medes"}\n\nOn 6 Jan 2025, at 10:00, Referee wrote:\n\nExample: {"action": "pass"}\n'
    assert json.loads(parse_message(raw(body)).move_text) == MOVE


def test_bottom_posted_reply_keeps_the_answer_below_the_quote():
    body = ("On Mon, Jan 6, 2025 at 10:00 AM Referee <play@x.org> wrote:\n> Your turn: choose a people.\n"
            "> {\"action\": \"pass\"}\n\ntravel medes\n")
    mail = parse_message(raw(body))
    assert mail.move_text == "travel medes"
    assert mail.text == "travel medes"


def test_signature_and_mobile_footer_are_dropped():
    assert parse_message(raw("-- \nBob\n{\"quote\": 1}\n")).move_text is None
    body = 'travel medes\n-- \nBob Player\n{"favourite": "json"}\n'
    assert parse_message(raw(body)).move_text == "travel medes"
    assert parse_message(raw("\nSent from my iPhone\n\nOn 6 Jan, Referee wrote:\n> travel persians\n")).move_text is None
    mail = parse_message(raw('{"action": "travel",\n"to": "medes"}\n\nSent from my iPhone\n\n> {"action": "pass"}\n'))
    assert json.loads(mail.move_text) == MOVE


def test_outlook_original_message_and_header_blocks():
    original = "travel medes\r\n\r\n-----Original Message-----\r\nFrom: Referee\r\nSent: Monday\r\n\r\ntravel persians\r\n"
    assert parse_message(raw(original)).move_text == "travel medes"
    header_block = ('{"action": "travel", "to": "medes"}\n\n________________________________\n'
                    'From: Referee <play@x.org>\nSent: Monday, January 6, 2025 10:00\nTo: Bob\n\n{"action": "pass"}\n')
    assert json.loads(parse_message(raw(header_block)).move_text) == MOVE
    bare_block = 'travel medes\n\nFrom: Referee <play@x.org>\nDate: Monday\nSubject: Your move\n\ntravel persians\n'
    assert author_text(bare_block) == "travel medes"


def test_html_only_mail():
    html = ("<html><head><style>p { color: red }</style><title>x</title></head><body>"
            "<div dir=\"ltr\">{&quot;action&quot;:&nbsp;&quot;travel&quot;,<br>&quot;to&quot;: &quot;medes&quot;}"
            "<br><br>-- <br>Bob &amp; co</div><div class=\"gmail_quote\"><div class=\"gmail_attr\">"
            "On Mon, Jan 6, 2025 Referee &lt;play@x.org&gt; wrote:<br></div>"
            "<blockquote class=\"gmail_quote\">Your turn<br>{&quot;action&quot;: &quot;pass&quot;}</blockquote></div>"
            "<script>var move = {\"action\": \"evil\"};</script></body></html>")
    mail = parse_message(raw(html, content_type="text/html; charset=utf-8"))
    assert json.loads(mail.move_text) == MOVE
    assert "color" not in mail.text and "Bob" not in mail.text


def test_html_to_text_keeps_lines_and_marks_quotes():
    text = html_to_text("<p>travel&nbsp;medes</p><p>line  one\n   continued<br/>two</p>"
                        "<blockquote>quoted<blockquote>deeper</blockquote></blockquote><pre>a\n  b</pre>x &lt; y")
    assert text.split("\n") == ["travel medes", "line one continued", "two", "> quoted", "> > deeper", "a", "b",
                                "x < y"]


def test_multipart_alternative_prefers_plain_and_falls_back_to_html():
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "bob@example.org", SEAT1, "move"
    msg.set_content("travel medes\n")
    msg.add_alternative("<p>travel persians</p>", subtype="html")
    assert parse_message(msg.as_bytes()).move_text == "travel medes"
    empty_plain = EmailMessage()
    empty_plain["From"], empty_plain["To"] = "bob@example.org", SEAT1
    empty_plain.set_content("\n> quoted only\n")
    empty_plain.add_alternative("<p>travel persians</p>", subtype="html")
    assert parse_message(empty_plain.as_bytes()).move_text == "travel persians"


def test_quoted_printable_utf8():
    text = "build ziggurat — Ür\n\n{\"nom\": \"Ninive à l’est\"}\n"
    body = quopri.encodestring(text.encode("utf-8")).decode("ascii")
    mail = parse_message(raw(body, encoding="quoted-printable"))
    assert json.loads(mail.move_text) == {"nom": "Ninive à l’est"}
    assert "Ür" in mail.text


def test_base64_utf8_text_form():
    body = base64.encodebytes("bâtir la ziggourat\n".encode("utf-8")).decode("ascii")
    assert parse_message(raw(body, encoding="base64")).move_text == "bâtir la ziggourat"


def test_legacy_and_unknown_charsets():
    latin = "bâtir ziggurat\n".encode("iso-8859-1")
    assert parse_message(raw(latin, content_type="text/plain; charset=iso-8859-1", encoding="8bit")
                         ).move_text == "bâtir ziggurat"
    unknown = "travel médes\n".encode("utf-8")
    mail = parse_message(raw(unknown, content_type="text/plain; charset=x-unheard-of", encoding="8bit"))
    assert mail.move_text == "travel médes"


def test_forwarded_inline_takes_the_forwarders_text():
    body = ("travel medes\n\n---------- Forwarded message ---------\nFrom: Alice <alice@example.org>\n"
            "Date: Mon, 6 Jan 2025\nSubject: move\n\ntravel persians\n")
    assert parse_message(raw(body)).move_text == "travel medes"
    apple = "{\"action\": \"travel\", \"to\": \"medes\"}\n\nBegin forwarded message:\n\n{\"action\": \"pass\"}\n"
    assert json.loads(parse_message(raw(apple)).move_text) == MOVE


def test_forwarded_as_attached_message():
    inner = EmailMessage()
    inner["From"], inner["To"], inner["Subject"] = "alice@example.org", SEAT1, "move"
    inner.set_content("travel persians\n")
    outer = EmailMessage()
    outer["From"], outer["To"], outer["Subject"] = "Bob <bob@example.org>", SEAT1, "Fwd: move"
    outer.set_content("travel medes\n")
    outer.add_attachment(inner)
    mail = parse_message(outer.as_bytes())
    assert mail.move_text == "travel medes"
    assert mail.sender == "bob@example.org"
    nothing_of_own = EmailMessage()
    nothing_of_own["From"], nothing_of_own["To"] = "bob@example.org", SEAT1
    nothing_of_own.add_attachment(inner)
    assert parse_message(nothing_of_own.as_bytes()).move_text is None


def test_several_recipients_one_reply_address():
    seat0 = reply_address(KEY, "babel-7", 0, DOMAIN)
    extra = (f"Cc: friend@example.org, \"Babel seat 1\" <{SEAT1.upper()}>\r\nDelivered-To: {SEAT1}\r\n"
             f"X-Original-To: {SEAT1}\r\n")
    message = raw("travel medes\n", extra=extra).replace(f"To: \"Babel\" <{SEAT1}>".encode(),
                                                         b"To: Alice <alice@example.org>, list@example.org")
    mail = parse_message(message)
    assert mail.recipients == ("alice@example.org", "list@example.org", "friend@example.org", SEAT1)
    assert seats_addressed(KEY, mail.recipients, domain=DOMAIN) == [("babel-7", 1)]
    assert seat0 not in mail.recipients


def test_format_flowed_joins_soft_breaks():
    body = ('{"action": "say", "text": "a long message that the mail client \n'
            'wrapped at a space"}\n-- \nBob\n')
    mail = parse_message(raw(body, content_type="text/plain; charset=utf-8; format=flowed"))
    assert json.loads(mail.move_text)["text"] == "a long message that the mail client wrapped at a space"
    assert unflow("one \ntwo\n> q \n> r\n", delsp=False) == "one two\n> q r\n"
    assert unflow("abc \ndef\n", delsp=True) == "abcdef\n"


def test_curly_quotes_from_phones_are_straightened():
    assert json.loads(extract_move_text("{\u201caction\u201d: \u201ctravel\u201d, \u201cto\u201d: \u201cmedes\u201d}")) == MOVE


def test_extract_move_text_skips_non_objects_and_broken_json():
    assert extract_move_text('[1, 2]\n{oops\n{"action": "pass"}') == '{"action": "pass"}'
    assert extract_move_text("{not json at all}\n") == "{not json at all}"
    assert extract_move_text("\n \n> only a quote\n") is None
    assert extract_move_text("") is None


@pytest.mark.parametrize("extra", ["Auto-Submitted: auto-replied\r\n", "Precedence: bulk\r\n",
                                   "X-Autoreply: yes\r\n", "Return-Path: <>\r\n"])
def test_auto_replies_are_flagged(extra):
    assert parse_message(raw("I am on holiday\n", extra=extra)).auto_submitted
    assert not parse_message(raw("travel medes\n", extra="Auto-Submitted: no\r\n")).auto_submitted


def test_bounces_are_flagged():
    bounce = raw("Delivery failed\n").replace(b"From: Bob Player <Bob@Example.org>", b"From: MAILER-DAEMON@example.org")
    assert parse_message(bounce).auto_submitted


def test_encoded_headers_are_decoded():
    head = "=?utf-8?q?Ren=C3=A9?= <rene@example.org>"
    message = raw("x\n").replace(b"Bob Player <Bob@Example.org>", head.encode()).replace(
        b"Subject: Re: Your move", b"Subject: =?utf-8?b?" + base64.b64encode("Zug für Ür".encode()) + b"?=")
    mail = parse_message(message)
    assert mail.sender == "rene@example.org"
    assert mail.subject == "Zug für Ür"


@pytest.mark.parametrize("junk, move", [(b"", None), (b"\xff\xfe garbage", "\ufffd\ufffd garbage"),
                                        (b"From: \r\nTo: <<<>>>\r\n\r\n", None),
                                        (b"Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nbroken", "broken")])
def test_malformed_mail_does_not_raise(junk, move):
    mail = parse_message(junk)
    assert (mail.sender, mail.recipients, mail.move_text) == (None, (), move)


def test_outlook_html_reply():
    html = ("<div>travel medes</div><hr style=\"display:inline-block\"><div id=\"divRplyFwdMsg\">"
            "<b>From:</b> Referee &lt;play@x.org&gt;<br><b>Sent:</b> Monday, January 6, 2025<br>"
            "<b>Subject:</b> Your move</div><div>Example: travel persians</div>")
    mail = parse_message(raw(html, content_type="text/html; charset=utf-8"))
    assert mail.text == "travel medes"
    assert author_text("travel medes\n\n*From:* Referee\n*Sent:* Monday\n\ntravel persians") == "travel medes"
