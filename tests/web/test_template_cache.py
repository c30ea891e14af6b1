"""The process's template cache (referee/web/template_cache.py): a second environment renders
from the code the first compiled, and a template whose source differs never runs stale code."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from referee.web.template_cache import ProcessTemplates


class Counting(Environment):
    compiled = 0

    def compile(self, *args, **kwargs):
        Counting.compiled += 1
        return super().compile(*args, **kwargs)


def test_a_second_app_renders_from_the_code_the_first_compiled_and_a_changed_source_is_recompiled():
    cache = ProcessTemplates()
    first = Counting(loader=DictLoader({"page.html": "Hello {{ name }}"}), bytecode_cache=cache)
    assert first.get_template("page.html").render(name="Ada") == "Hello Ada"
    assert Counting.compiled == 1
    second = Counting(loader=DictLoader({"page.html": "Hello {{ name }}"}), bytecode_cache=cache)
    assert second.get_template("page.html").render(name="Bo") == "Hello Bo"
    assert Counting.compiled == 1  # loaded from the cache, not compiled again
    changed = Counting(loader=DictLoader({"page.html": "Bye {{ name }}"}), bytecode_cache=cache)
    assert changed.get_template("page.html").render(name="Cy") == "Bye Cy"
    assert Counting.compiled == 2
