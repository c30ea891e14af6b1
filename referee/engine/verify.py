"""Checking a game's log: the hash chain always, and with the seed everything else.

Works on events as served (dicts, e.g. read from an export), so anyone can run it offline:
- chain: consecutive seqs, each prev_hash is the previous hash, each hash = sha256(prev + digest);
- with the seed (revealed at the end, or given by the operator): the seed matches the
  commitment, every digest matches its content, and a replay through the rules reproduces
  every chance record and every state hash, and the recorded result.
The first divergence is reported with its sequence number.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.hashing import GENESIS, canonical, chain, commitment, content_digest
from referee.engine.registry import rules_for
from referee.engine.abandon import expected_result
from referee.engine.base import UnknownRulesVersion
from referee.engine.foresight import agreed_result, is_agreed
from referee.engine.replay import CHANGING_EVENTS, advance, initial
from referee.engine.talk import verify_messages


@dataclass
class Report:
    ok: bool = True
    events: int = 0
    level: str = "chain"              # "chain" or "full"
    divergence: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    messages: int = 0                 # table talk's chain, checked apart (engine/talk.py)
    withheld: int = 0                 # messages in it the exporter may not read (chained, not shown)

    def fail(self, seq: int, what: str) -> "Report":
        self.ok = False
        self.divergence = {"seq": seq, "what": what}
        return self

    def check_messages(self, lines: list[dict[str, Any]]) -> "Report":
        """Add the check of the game's message chain (an edited, removed or inserted message fails)."""
        self.messages, divergence = verify_messages(lines)
        self.withheld = sum(1 for m in lines if m.get("withheld"))
        if divergence is not None:
            self.ok = False
            self.divergence = divergence
        return self

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "events": self.events, "level": self.level, "messages": self.messages,
                "messages_withheld": self.withheld, "first_divergence": self.divergence, "notes": self.notes}


def verify_events(events: list[dict[str, Any]], seed: bytes | None = None,
                  rules_version: str | None = None) -> Report:
    """Check a log: the chain always; with the seed (given or revealed) every digest, chance
    record, state hash and result by replay. `rules_version` replays under another version than
    the recorded one (`referee patch`: where would this game diverge under the new rules?)."""
    report = Report(events=len(events))
    if not events:
        return report.fail(0, "the log is empty")
    prev = GENESIS
    for i, e in enumerate(events, start=1):
        if e.get("seq") != i:
            return report.fail(i, f"expected seq {i}, found {e.get('seq')}")
        if e["prev_hash"] != prev:
            return report.fail(i, "prev_hash does not match the previous event's hash")
        if chain(prev, e["digest"]) != e["hash"]:
            return report.fail(i, "hash is not sha256(prev_hash + digest)")
        prev = e["hash"]
    if events[0]["type"] != "game_created":
        return report.fail(1, "the first event is not game_created")

    revealed = next((e for e in events if e["type"] == "seed_revealed"), None)
    if seed is None and revealed is not None:
        seed = bytes.fromhex(revealed["payload"]["seed"])
    if seed is None:
        report.notes.append("chain verified; the full replay check is possible once the seed is revealed")
        return report
    report.level = "full"
    return _verify_full(events, seed, report, rules_version)


def _verify_full(events: list[dict[str, Any]], seed: bytes, report: Report, version: str | None) -> Report:
    created = events[0]["payload"]
    if commitment(seed) != created["seed_commitment"]:
        return report.fail(1, "the seed does not match the seed commitment")
    for e in events:
        if e.get("redacted"):
            return report.fail(e["seq"], "the event is redacted; a full check needs the unredacted log")
        content = {"type": e["type"], "seat": e["seat"], "payload": e["payload"], "created_at": e["created_at"]}
        if content_digest(seed, e["seq"], content) != e["digest"]:
            return report.fail(e["seq"], "digest does not match the event's content")
    components = created["components"]
    if hashlib.sha256(canonical(components)).hexdigest() != created["components_sha256"]:
        return report.fail(1, "component data does not match its recorded hash")
    try:
        rules = rules_for(created["game"], components, version or created["rules_version"])
    except UnknownRulesVersion as e:
        return report.fail(1, str(e))
    step = initial(rules, seed, len(created["seats"]), created["options"], created["position"])
    if step.chance != created["chance"]:
        return report.fail(1, "setup chance records differ from a replay")
    if step.state_hash != created["state_hash"]:
        return report.fail(1, "setup state hash differs from a replay")
    state = step.state
    states = {1: state}  # each event's state: a takeback returns to one of them
    for e in events[1:]:
        states[e["seq"]] = state
        if e["type"] not in CHANGING_EVENTS:
            if e["type"] == "game_ended":
                recorded = e["payload"]["result"]
                expected = agreed_result(rules, state, recorded["agreement"]) if is_agreed(recorded) \
                    else expected_result(rules, state, recorded)
                if recorded != expected:
                    return report.fail(e["seq"], "recorded result differs from the replayed result")
            continue
        if e["type"] == "takeback" and not 1 <= e["payload"].get("to_seq", 0) < e["seq"]:
            return report.fail(e["seq"], "a takeback to a sequence that is not earlier in the log")
        try:
            step = advance(rules, seed, state, e["seq"], e["type"], e["seat"], e["payload"], states.__getitem__)
        except IllegalMove as err:
            return report.fail(e["seq"], f"replay refuses the move: {err}")
        if "chance" in e["payload"] and step.chance != e["payload"]["chance"]:
            return report.fail(e["seq"], "chance records differ from a replay")
        if "state_hash" in e["payload"] and step.state_hash != e["payload"]["state_hash"]:
            return report.fail(e["seq"], "state hash differs from a replay")
        state = states[e["seq"]] = step.state
    return report

