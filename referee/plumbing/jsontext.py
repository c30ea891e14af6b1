"""The one reader of JSON text from outside: a request body, a form field holding JSON (a move,
a game's options, a push subscription), a JSON line of a mail. Depth, integer size and string
encoding are bounded here, so nothing past it can overflow or recurse; every fault is a 400.
"""

from __future__ import annotations

import json
from typing import Any

from referee.plumbing.errors import BadRequest
from referee.plumbing.numbers import MAX_INT

MAX_DEPTH = 32        # no legitimate body nests deeper (a move is 3-4 levels, a position ~8)


class _Oversized(ValueError):
    """An integer literal too large to mean anything here."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 16:  # before int(): a 5,000-digit literal must not cost time
        raise _Oversized(f"integer {text[:20]}... is out of range (|n| <= 2^53)")
    n = int(text)
    if abs(n) > MAX_INT:
        raise _Oversized(f"integer {text} is out of range (|n| <= 2^53)")
    return n


def _finite_float(text: str) -> float:
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise _Oversized(f"number {text[:20]} is out of range")
    return x


def _no_constant(name: str) -> Any:
    raise _Oversized(f"{name} is not JSON")


def _check_shape(doc: Any) -> None:
    """400 for a document nested deeper than MAX_DEPTH or holding unencodable strings (lone
    surrogates such as "\\ud800" decode in Python but can never be stored or sent back)."""
    stack = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            node = [node]
        if isinstance(node, dict):
            items: list[Any] = [*node.keys(), *node.values()]
        elif isinstance(node, list):
            items = node
        else:
            continue
        if depth > MAX_DEPTH:
            raise BadRequest(f"the JSON body is nested deeper than {MAX_DEPTH} levels")
        for item in items:
            if isinstance(item, str):
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    raise BadRequest("the JSON body holds a string that is not valid Unicode "
                                     "(a lone surrogate escape such as \\ud800)") from None
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))


def read_json(raw: bytes | str) -> Any:
    """`raw` parsed; 400 with the parser's message when it is malformed, too deep or too large."""
    try:
        doc = json.loads(raw, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant)
    except _Oversized as e:
        raise BadRequest(str(e)) from None
    except RecursionError:
        raise BadRequest(f"the JSON body is nested deeper than {MAX_DEPTH} levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadRequest(f"malformed JSON: {e}") from None
    except ValueError as e:  # e.g. float overflow, over-long digit strings
        raise BadRequest(f"malformed JSON: {e}") from None
    _check_shape(doc)
    return doc
