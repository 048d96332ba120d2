"""Variant files are what they claim: a file without a `variant` block is refused, a name is
a shipped variant and a path is a path (a file of the current folder never shadows a
shipped name), and two variants overriding each other are an error (E1407)."""

from __future__ import annotations

import pytest

from conftest import ROOT, call_cli, run_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

HOUSE = 'variant "House" {\n    changes "7 Wonders, first edition"\n    set starting coins 4\n}\n'


def test_an_empty_variant_file_is_refused(tmp_path):
    empty = tmp_path / "empty.wonders"
    empty.write_text("# nothing yet\n")
    result = call_cli("check", "--variant", str(empty))
    assert result.returncode == 2 and "the variant file is empty" in result.stderr


def test_a_card_outside_any_variant_block_is_refused_not_merged(tmp_path):
    sneaky = tmp_path / "sneaky.wonders"
    sneaky.write_text(HOUSE + 'card "Free Gold" {\n    age I  color blue  copies 3+\n    points 9\n}\n')
    for command in (["check"], ["cards"], ["play", "--players", "3"]):
        result = call_cli(*command, "--variant", str(sneaky))
        assert result.returncode == 2, command
        assert "line 5 has a card outside one" in result.stderr


def test_a_bare_word_is_a_shipped_variant_even_if_a_file_has_that_name(tmp_path):
    (tmp_path / "colosseum").write_text(HOUSE)              # would set starting coins 4
    result = call_cli("rules", "--variant", "colosseum", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "starting coins 3" in result.stdout              # the shipped colosseum, not the file
    result = call_cli("rules", "--variant", "./colosseum", cwd=tmp_path)
    assert result.returncode == 0 and "starting coins 4" in result.stdout


def test_a_word_that_is_only_a_local_file_says_how_to_use_it(tmp_path):
    (tmp_path / "house").write_text(HOUSE)
    result = call_cli("check", "--variant", "house", cwd=tmp_path)
    assert result.returncode == 2
    assert "no such variant" in result.stderr and "--variant ./house" in result.stderr


def test_a_missing_variant_path_is_a_usage_error(tmp_path):
    result = call_cli("check", "--variant", str(tmp_path / "gone.wonders"))
    assert result.returncode == 2 and "no such variant file" in result.stderr


def test_variants_overriding_each_other_are_an_error_in_any_order(tmp_path):
    rich, poor = tmp_path / "rich.wonders", tmp_path / "poor.wonders"
    rich.write_text('variant "Rich" {\n    changes "7 Wonders, first edition"\n    overrides "Poor"\n'
                    '    set starting coins 6\n}\n')
    poor.write_text('variant "Poor" {\n    changes "7 Wonders, first edition"\n    overrides "Rich"\n'
                    '    set starting coins 1\n}\n')
    for order in ((rich, poor), (poor, rich)):
        result = call_cli("check", "--variant", str(order[0]), "--variant", str(order[1]))
        assert result.returncode == 1
        assert "error[E1407]" in result.stdout and "override each other" in result.stdout
        assert "E1403" not in result.stdout


# ---------------------------------------------------------------- small ones (issue 11, item 9)
def test_json_files_with_a_byte_order_mark_are_read(tmp_path):
    import json
    table = (ROOT / "docs" / "examples" / "table.json").read_text(encoding="utf-8")
    path = tmp_path / "table.json"
    path.write_bytes(b"\xef\xbb\xbf" + table.encode("utf-8"))
    assert call_cli("score", str(path)).returncode == 0
    log, save = tmp_path / "game.json", tmp_path / "position.json"
    assert call_cli("play", "--players", "3", "--log", str(log)).returncode == 0
    log.write_bytes(b"\xef\xbb\xbf" + log.read_bytes())
    assert call_cli("replay", str(log), "--to", "2", "--save", str(save)).returncode == 0
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())
    assert call_cli("moves", str(save)).returncode == 0
    assert json.loads(save.read_bytes()[3:])["format"] == "wonders-save/1"


def test_a_pipe_given_as_a_table_is_refused_not_waited_on(tmp_path):
    import os
    fifo = tmp_path / "table.json"
    os.mkfifo(fifo)
    result = run_cli("score", str(fifo), timeout=30)
    assert result.returncode == 2 and "not a regular file" in result.stderr


def test_ages_above_three_are_roman_numerals_everywhere(shipped_ruleset):
    import attrs

    from interpreter.check.rules import roman
    from interpreter.commands.common import age_option
    from interpreter.views.cards import cards_table
    from interpreter.views.play_log import text_log
    card = attrs.evolve(shipped_ruleset.cards[0], age=4)
    assert cards_table(shipped_ruleset, [card]).splitlines()[2].startswith("IV ")
    rules = attrs.evolve(shipped_ruleset.rules, ages=shipped_ruleset.rules.ages
                         + (attrs.evolve(shipped_ruleset.rules.ages[-1], number=4),))
    four_ages = attrs.evolve(shipped_ruleset, rules=rules)
    assert [age_option(a, four_ages) for a in ("IV", "iv", "4")] == [4, 4, 4]

    class Log:                                  # the part of a game text_log reads
        cities = []
        log = [{"event": "age", "age": 4}]
    assert "Age IV" in text_log(Log())
    assert [roman(n) for n in (4, 9, 14, 19, 20)] == ["IV", "IX", "XIV", "XIX", "XX"]


def test_action_labels_name_ages_above_three_in_roman_numerals():
    from interpreter.engine.actions import Action
    from interpreter.engine.moves import Move

    class Card:
        name, age = "Observatory", 4

    class Tables:
        cards = [Card()]
    assert Action(Move.BUILD, 0).label(Tables()) == "build Observatory (IV)"


def test_a_log_that_begins_inside_an_age_is_written_out():
    """A position's log may start after its age's line (a studio save, a hand-cut log): the
    text log starts its first turn there instead of failing."""
    from interpreter.views.play_log import text_log

    class Log:                                  # the part of a game text_log reads
        cities = []
        log = [{"event": "choice", "kind": "turn", "turn": 3, "seat": 0}]
    assert text_log(Log()).splitlines() == ["  Turn 3"]
