"""Moves step by step by mail: the "your turn" mail of a prompt without a short list of moves
shows its first step's options numbered, and `moves 2 1` / `moves <words>` answers the options
after a partial move and, once it is complete, the move in the text form to send.

Mail goes through a real SMTP server (aiosmtpd on loopback) and back through `referee mail-in`.
"""

from __future__ import annotations

from referee.notify.delivery import deliver_due
from tests.flow.support import EMAILS, babel_with_clock, make_service
from tests.flow.test_mail_commands import send


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
    assert "Build your move step by step." in body and len(first.options) > 30
    shown = _numbered(body, "Build your move step by step.")
    assert shown == [o.label + (f" ({o.group})" if o.group else "") for o in first.options[:30]]
    assert f"... and {len(first.options) - 30} more: answer `moves` for all of them" in body
    assert "Legal moves (" not in body and "{" not in body

    # `moves` alone lists every option of the first step.
    answer = send(svc, mail_sink, waiting, "moves", 1)
    assert len(_numbered(answer.get_content(), "Build your move step by step.")) == len(first.options)

    # `moves 2`: the second option; complete here, so the move in the text form to send.
    answer = send(svc, mail_sink, waiting, "moves 2", 2)
    body = answer.get_content()
    step = rules.steps(loaded.state, waiting, "choose_cards", [first.options[1].id])
    assert answer["Subject"].endswith("Moves step by step")
    assert f"Your choices so far: {first.options[1].label}" in body
    if step.move is not None:
        text = rules.format_move(step.move)
        assert f"That makes the move:\n  {text}\n" in body.replace("\r\n", "\n")
    else:
        assert step.options and "Answer `moves 2 N`" in body
        text = None
    # A choice that is not offered says so and lists the options where reading stopped.
    answer = send(svc, mail_sink, waiting, f"moves 2 {len(step.options) + 5} 1", 3)
    assert f'"{len(step.options) + 5} 1" is not one of the options here (after' in answer.get_content()
    assert svc.load(gid).seq == loaded.seq  # building a move by mail plays nothing
    if text is not None:
        answer = send(svc, mail_sink, waiting, text, 4)
        assert "Move accepted" in answer["Subject"], answer.get_content()
        assert svc.load(gid).seq == loaded.seq + 1


def test_moves_by_words_and_numbers_reach_the_same_move(database, clock, mail_sink):
    svc = make_service(database, clock, mail_sink.url)
    gid = babel_with_clock(svc, None)["id"]
    deliver_due(svc)
    loaded = svc.load(gid)
    first = loaded.rules.steps(loaded.state, 0, "turn", [])
    travel = next(i for i, o in enumerate(first.options) if o.label.startswith("travel "))
    label = first.options[travel].label
    by_number = send(svc, mail_sink, 0, f"moves {travel + 1}", 1).get_content().replace("\r\n", "\n")
    by_words = send(svc, mail_sink, 0, f"moves {label.upper()}", 2).get_content().replace("\r\n", "\n")
    for body in (by_number, by_words):
        assert f"Your choices so far: {label}" in body
        assert f"That makes the move:\n  {label}\n" in body
    assert "not one of the options" in send(svc, mail_sink, 0, "moves fly to the moon", 3).get_content()
    assert "You have nothing to" in send(svc, mail_sink, 1, "moves 1", 4, gid).get_content()
    answer = send(svc, mail_sink, 0, label, 5)
    assert "Move accepted" in answer["Subject"] and svc.load(gid).seq == 2
