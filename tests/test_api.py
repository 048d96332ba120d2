"""The public façade (interpreter/api.py): docs/architecture.md's example runs as written,
and a rule set with errors comes back with its diagnostics, never as a game."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from interpreter import api


def facade_example() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"^```python\n(.*?)^```", text, re.M | re.S) if "from interpreter import api" in b]
    assert len(blocks) == 1, "docs/architecture.md shows the façade in one example"
    return blocks[0]


def test_the_facade_example_of_docs_architecture_md_runs():
    names: dict = {}
    exec(compile(facade_example(), "docs/architecture.md", "exec"), names)
    game = names["game"]
    assert game.finished and api.decisions(game) == []
    assert len(api.scores(game)) == 3 and api.winners(game)
    assert "leaders" in api.scores(game)[0]               # the expansion was put on the rules


def test_the_same_seed_plays_the_same_game_through_the_facade():
    loaded = api.load(variants=["cheap-trade"])
    results = []
    for _ in range(2):
        game = api.start(loaded, players=4, seed=7)
        while open_ := api.decisions(game):
            api.answer(open_[-1], len(open_[-1].options) - 1)
        results.append((api.scores(game), api.winners(game)))
    assert results[0] == results[1]


def test_content_with_errors_comes_back_with_its_diagnostics(tmp_path):
    bad = tmp_path / "bad.wonders"
    bad.write_text('card "X" {\n  bogus\n}\n', encoding="utf-8")
    loaded = api.load(paths=[str(bad)])
    assert not loaded.ok and loaded.tables is None and loaded.ruleset is None
    assert [d.code for d in loaded.errors] == ["E0001"]
    assert f"{bad}:2:3" in loaded.report()
    with pytest.raises(api.UsageError, match="the rule set has errors: unexpected `bogus`"):
        api.start(loaded, players=3)


@pytest.mark.parametrize("given, message", [({"rules": "nope"}, "no rule set named 'nope'"),
                                            ({"expansions": ["nope"]}, "no expansion named 'nope'"),
                                            ({"paths": ["no/such/folder"]}, "no such file or folder")])
def test_a_name_or_path_that_does_not_exist_is_refused(given, message):
    with pytest.raises(api.UsageError, match=message):
        api.load(**given)
