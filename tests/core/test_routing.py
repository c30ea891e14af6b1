"""The URL builders compiled once per process (referee/plumbing/routing.py) build what werkzeug's
own rules build, for every rule of the app, in every app a process makes."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import Map, Rule
from werkzeug.routing.converters import NumberConverter

from referee.app import create_app
from referee.plumbing.config import Config
from referee.plumbing.routing import CachedRule


def _values(rule: Rule) -> dict:
    """A value each of the rule's variables takes: a number for a number converter."""
    return {name: 7 if isinstance(rule._converters.get(name), NumberConverter) else "x-1 é"
            for name in rule.arguments}


def test_every_rule_builds_what_werkzeug_builds_in_two_apps(tmp_path):
    first = create_app(Config(database=str(tmp_path / "a.db")))
    second = create_app(Config(database=str(tmp_path / "b.db")))
    plain = Map([Rule(r.rule, endpoint=r.endpoint, defaults=r.defaults, methods=r.methods)
                 for r in first.url_map.iter_rules()])
    checked = 0
    for app in (first, second):
        for rule in app.url_map.iter_rules():
            if not isinstance(rule, CachedRule):
                continue  # Flask's static route, made before the app chose its rule class
            twin = next(r for r in plain.iter_rules() if r.rule == rule.rule and r.endpoint == rule.endpoint)
            for unknown in (False, True):
                values = {**_values(rule), **({"extra": "a b"} if unknown else {})}
                assert rule.build(values, append_unknown=unknown) == twin.build(values, append_unknown=unknown)
            checked += 1
    assert checked > 200  # both apps, every rule
    # the second app's rules use the first one's compiled builders, bound to themselves
    a = next(r for r in first.url_map.iter_rules() if r.arguments and isinstance(r, CachedRule))
    b = next(r for r in second.url_map.iter_rules() if r.rule == a.rule and r.endpoint == a.endpoint)
    assert a._build.__func__ is b._build.__func__ and a._build.__self__ is a and b._build.__self__ is b


def test_a_default_that_fills_a_variable_is_not_shared():
    app = Flask(__name__)
    app.url_rule_class = CachedRule
    app.add_url_rule("/p/<int:n>", "one", defaults={"n": 1})
    app.add_url_rule("/p/<int:n>", "two", defaults={"n": 2})
    with app.test_request_context():
        rules = {r.endpoint: r for r in app.url_map.iter_rules()}
        assert rules["one"].build({}, append_unknown=False)[1] == "/p/1"
        assert rules["two"].build({}, append_unknown=False)[1] == "/p/2"
