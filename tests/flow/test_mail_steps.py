"""Moves step by step by mail: the "your turn" mail of a prompt without a short list of moves
shows its first step's options numbered, and `moves 2 1` / `moves <words>` answers the options
after a partial move and, once it is complete, the move in the text form to send.

Mail goes through a real SMTP server (aiosmtpd on loopback) and back through `referee mail-in`.
"""

from __future__ import annotations

import pytest

from referee.notify.delivery import deliver_due
from tests.flow.support import EMAILS, babel_with_clock, make_service
from tests.flow.test_mail_commands import send

pytestmark = pytest.mark.one_database  # steps by mail (parsing, wording); the outbox runs twice in flow/test_notifications.py, test_mail_commands.py


def _sands_at_card_choice(svc) -> str:
    seats = [{"name": "Ada", "email": EMAILS[0]}, {"name": "Bo", "email": EMAILS[1]}]
    gid = svc.create_game({"game": "sands_of_time", "seats": seats, "options": {"first_seat": 0}})["id"]
    for _ in range(60):
        loaded = svc.load(gid)
        if any(p.kind == "choose_cards" for p in loaded.prompts):
            return gid
        p = loaded.prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0]})
    raise AssertionError("no card choice after 60 set-up moves")


def _numbered(body: str, after: str) -> list[str]:
    """The labels of the numbered list that follows the line starting with `after`."""
    lines = body.replace("\r\n", "\n").split("\n")
    start = next(i for i, ln in enumerate(lines) if after in ln) + 1
    out = []
    for ln in lines[start:]:
        head, dot, label = ln.strip().partition(". ")
        if not (dot and head.isdigit()):
            break
        assert int(head) == len(out) + 1, ln
        out.append(label)
    return out


def test_a_long_prompt_is_offered_step_by_step_by_mail(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = _sands_at_card_choice(svc)
    deliver_due(svc)
    loaded = svc.load(gid)
    rules = loaded.rules
    turn = [m for m in mail_sink.messages if m["Subject"].endswith("Your move")]
    waiting = next(s for s in (0, 1) if any(m["To"] == EMAILS[s] for m in turn[-1:]))
    first = rules.steps(loaded.state, waiting, "choose_cards", [])
    body = turn[-1].get_content()
    assert "Build your move step by step. " + first.question in body
    shown = _numbered(body, "Build your move step by step.")
    labels = [o.label + (f" ({o.group})" if o.group else "") for o in first.options]
    assert shown == labels[:30] and len(labels) > 1
    assert (f"... and {len(labels) - 30} more" in body) == (len(labels) > 30)
    assert "Legal moves (" not in body and "{" not in body

    # `moves` alone lists every option of the first step.
    answer = send(svc, mail_sink, waiting, "moves", 1)
    assert _numbered(answer.get_content(), "Build your move step by step.") == labels

    # `moves 2`, `moves 2 1`, ...: the options after each partial move, until the move is complete.
    words, path, n = ["2"], [first.options[1].id], 2
    while True:
        answer = send(svc, mail_sink, waiting, "moves " + " ".join(words), n)
        body = answer.get_content().replace("\r\n", "\n")
        step = rules.steps(loaded.state, waiting, "choose_cards", path)
        assert answer["Subject"].endswith("Moves step by step")
        chosen = [rules.steps(loaded.state, waiting, "choose_cards", path[:i]).options for i in range(len(path))]
        labels_so_far = [next(o.label for o in opts if o.id == pid) for opts, pid in zip(chosen, path)]
        assert "Your choices so far: " + " > ".join(labels_so_far) in body
        if step.move is not None:
            text = rules.format_move(step.move)
            assert f"That makes the move:\n  {text}\n" in body
            break
        assert _numbered(body, step.question) == [o.label + (f" ({o.group})" if o.group else "") for o in step.options]
        assert f"Answer `moves {' '.join(words)} N`" in body
        words.append("1")
        path.append(step.options[0].id)
        n += 1
        assert n < 12, "no complete move after ten steps"
    # A choice that is not offered says so, naming where reading stopped.
    answer = send(svc, mail_sink, waiting, f"moves {' '.join(words)} 99", 20)
    assert '"99" is not one of the options here (after' in answer.get_content()
    assert svc.load(gid).seq == loaded.seq  # building a move by mail plays nothing
    answer = send(svc, mail_sink, waiting, text, 21)
    assert "Move accepted" in answer["Subject"], answer.get_content()
    assert svc.load(gid).seq == loaded.seq + 1


def test_moves_by_words_and_numbers_reach_the_same_move(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    loaded = svc.load(gid)
    rules = loaded.rules
    first = rules.steps(loaded.state, 0, "turn", [])
    travel = next(i for i, o in enumerate(first.options) if o.id == "travel")
    second = rules.steps(loaded.state, 0, "turn", ["travel"])
    where = second.options[0]
    move = rules.format_move(rules.steps(loaded.state, 0, "turn", ["travel", where.id]).move)
    for n, words in enumerate((f"{travel + 1} 1", f"travel {where.id}",
                               f"{first.options[travel].label} {where.label.upper()}", move), 1):
        body = send(svc, mail_sink, 0, f"moves {words}", n).get_content().replace("\r\n", "\n")
        assert f"Your choices so far: {first.options[travel].label} > {where.label}" in body, words
        assert f"That makes the move:\n  {move}\n" in body
    assert "not one of the options" in send(svc, mail_sink, 0, "moves fly to the moon", 10).get_content()
    assert "You have nothing to" in send(svc, mail_sink, 1, "moves 1", 11, gid).get_content()
    answer = send(svc, mail_sink, 0, move, 12)
    assert "Move accepted" in answer["Subject"] and svc.load(gid).seq == 2
