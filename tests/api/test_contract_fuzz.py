"""The API contract, fuzzed: schemathesis generates requests for every operation of
/openapi.json (valid and invalid) against a real server with a real game and seat token, so
bodies reach validation and the rules. No answer may be a server error, and every answer must
match the document (status codes, content types, response schemas, headers)."""

from __future__ import annotations

import os

import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from hypothesis import strategies as st
from schemathesis.checks import load_all_checks
from schemathesis.core.control import SkipTest
from schemathesis.specs.openapi.checks import positive_data_acceptance
from schemathesis.transport.requests import ManagedCookiesSession

from referee.plumbing.config import Config
from tests.conftest import start_server
from tests.modes import budget

EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", budget(10, 100)))
load_all_checks()
# raw RFC 822 messages for POST /mail/inbound: well-formed ones and noise
schemathesis.openapi.media_type("message/rfc822", st.one_of(
    st.binary(min_size=1, max_size=300).filter(lambda raw: raw.strip()),
    st.builds(lambda to, body: f"From: x@example.org\r\nTo: {to}\r\nSubject: m\r\n\r\n{body}\r\n".encode(),
              st.emails(), st.text(max_size=80))))


INBOUND_SECRET = "contract-inbound-secret"  # POST /mail/inbound's (its own Authorization)
FORESIGHT = ("POST /games/{game_id}/presets", "POST /games/{game_id}/takebacks", "POST /games/{game_id}/proposals")


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("contract") / "r.db")
    # limits off: a fuzzer creating games or failing auth fast is not what is tested here
    srv, httpd = start_server(db, config=Config(database=db, create_limit="", auth_fail_limit="",
                                                inbound_secret=INBOUND_SECRET))
    created = srv.call("POST", "/games", json={"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}],
                                               "options": {"first_seat": 0}}).json()
    yield srv, created["id"], created["seats"][0]["token"]
    httpd.shutdown()


# A schema-valid channel URL may still be one apprise does not take, or a private host (422
# channel-refused, naming the field).
CHANNELS = ("POST /games/{game_id}/channels", "POST /players/me/channels")


def _operations(url: str):
    schema = schemathesis.openapi.from_url(url + "/openapi.json")
    # Negative cases only: an operation with nothing schemathesis can negate (a GET with a bare
    # string path parameter) then says so at its first draw (SkipTest, "Impossible to generate
    # negative test cases"), where it used to reject 1,000 drawn cases before Hypothesis gave up
    # (Unsatisfiable): 2 s of CPU for each of ten operations, and not one request. The modes
    # decide nothing else in the generation of a case of the mode asked for (`as_strategy` below).
    schema.config.generation.update(modes=[GenerationMode.NEGATIVE])
    return [result.ok() for result in schema.get_all_operations()]


def test_every_operation_honours_the_document(live):
    srv, gid, token = live
    headers = {"Authorization": f"Bearer {token}"}
    operations = _operations(srv.url)
    document = srv.call("GET", "/openapi.json").json()
    documented = {f"{m.upper()} {p}" for p, ops in document["paths"].items() for m in ops}
    # schemathesis leaves out the document's own URL, which it has just fetched
    assert {o.label for o in operations} == documented - {"GET /openapi.json"}
    tried: dict[str, int] = {}
    statuses: dict[int, int] = {}
    impossible: set[str] = set()
    # One keep-alive connection for every request, its response cookies dropped after each one
    # (what schemathesis does with a new session per request, less a connection per request).
    session = ManagedCookiesSession()
    for op, mode in [(op, mode) for op in operations for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)]:
        @given(case=op.as_strategy(generation_mode=mode))
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case) -> None:
            if case.path_parameters and "game_id" in case.path_parameters:
                case.path_parameters["game_id"] = gid
            if op.path in ("/games/{game_id}/events", "/games/{game_id}/messages") and case.query:
                case.query.pop("wait", None)  # a long poll only slows the fuzzer down
            tried[op.label] = tried.get(op.label, 0) + 1
            # A schema-valid move may still be illegal in the position (422 with its rule id), and
            # a schema-valid setup may still be refused by the rules (422 invalid-game-setup, e.g.
            # a seat's e-mail on a local host): that is the contract, checked below. Every other
            # operation accepts whatever the document calls valid. A tournament's setup likewise
            # (players named twice, a table too large for the game). Table talk: a schema-valid
            # message may still be refused by the game's policy, the text rules (nothing left once
            # control characters go, a seat the game lacks) or the seat's rate limit, and a mute
            # may name the caller's own seat or one the game lacks (documented 400/403/429). The same holds for
            # pre-set moves (each checked against the game's move schema: 400), takebacks (the boundary) and
            # proposals (the seat conceded to): 422 "request refused", and so does a sign-in address on an
            # internal host (`x@0.0`, the one address check of seats and invitations).
            talk = op.label in ("POST /games/{game_id}/messages", "PUT /games/{game_id}/mutes/{seat}",
                                "DELETE /games/{game_id}/mutes/{seat}")
            # The archive's search (issue 40): a schema-valid query may still be refused: result=loss
            # without a player, a day the calendar lacks (2027-02-30), a cursor of another sort (400).
            ruled = op.label in ("POST /games/{game_id}/moves", "POST /games", "POST /tournaments", *CHANNELS,
                                 *FORESIGHT, "POST /players/sign-in", "GET /archive") or talk
            response = case.call_and_validate(base_url=srv.url, session=session, headers={"Authorization": f"Bearer {INBOUND_SECRET}"}
                                              if op.path == "/mail/inbound" else headers,
                                              excluded_checks=[positive_data_acceptance] if ruled else [])
            if ruled and not talk and mode is GenerationMode.POSITIVE and response.status_code == 422:
                kind = response.json()["type"]
                assert kind == ("/problems/illegal-move" if "moves" in op.label else "/problems/channel-refused"
                                if op.label in CHANNELS else "/problems/request-refused"
                                if op.label in (*FORESIGHT, "POST /players/sign-in") else "/problems/invalid-game-setup"), response.text
                if op.label == "POST /games":
                    # The document gives each game's seat counts; only "no person at all" is left to the rules.
                    problem = response.json()
                    assert problem["field"] != "/seats" or "person" in problem["detail"], response.text
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

        try:
            check()
        except (Unsatisfiable, SkipTest):
            assert mode is GenerationMode.NEGATIVE  # nothing about this operation can be invalid
            impossible.add(op.label)
    session.close()
    assert len(tried) == len(operations)
    print("contract fuzz:", sum(tried.values()), "requests; statuses", dict(sorted(statuses.items())),
          f"; {len(impossible)} operations with nothing to negate")
    # the fuzzer reached both sides of validation: accepted requests and refused ones
    assert statuses.get(200, 0) + statuses.get(201, 0) > 0 and statuses.get(400, 0) > 0
    assert not [code for code in statuses if code >= 500]
