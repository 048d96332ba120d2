"""Variants: every example house rule changes real games as it says; stacking, conflicts
and overrides; the broken variant's diagnostics; --variant on every command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, call_json
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from scenario import Script, set_hand, random_bot

VARIANTS = ROOT / "content" / "variants"


def tables_with(*variants, paths=None):
    result = check_paths(paths, list(variants))
    assert result.ruleset is not None, [d.message for d in result.diagnostics]
    return compile_rules(result.ruleset)


def play(tables, players=4, seed=1, sides="random", wonders=None):
    game = Game(tables, players, seed=seed, sides=sides, wonders=wonders)
    game.play([random_bot(seed * 10 + s) for s in range(players)])
    return game


def test_every_example_variant_checks_clean_alone_and_all_together():
    names = sorted(p.stem for p in VARIANTS.glob("*.wonders"))
    assert len(names) >= 6
    for name in names:
        assert check_paths(None, [name]).errors == 0, name
    together = check_paths(None, names)
    assert together.errors == 0 and len(together.variants) == len(names)


# ---------------------------------------------------------------- (a) science sets worth 10
def test_science_sets_are_worth_10():
    tables = tables_with("science-sets-worth-10")
    for seed in range(6):
        game = play(tables, seed=seed)
        for city, pad in zip(game.cities, game.scores()):
            if not city.wild_symbols:
                counts = city.symbols
                assert pad["science"] == sum(n * n for n in counts) + 10 * min(counts)


# ---------------------------------------------------------------- (b) selling gives 2 coins
def test_selling_gives_2_coins():
    tables = tables_with("selling-gives-2")
    game = Game(tables, 3, seed=4)
    game.step([Script("sell"), Script("sell"), Script("sell")])
    assert [c.coins for c in game.cities] == [5, 5, 5]
    game.play([random_bot(s) for s in range(3)])
    assert game.finished


# ---------------------------------------------------------------- (c) every resource costs 1
def test_every_resource_costs_1_coin_from_either_neighbour():
    tables = tables_with("cheap-trade")
    game = Game(tables, 3, seed=0, sides="A", wonders=["Gizah", "Babylon", "Rhodos"])
    from scenario import give, labels
    give(game, 1, "Loom")
    give(game, 2, "Loom")
    set_hand(game, 0, "Apothecary")                # cost: loom, from either neighbour
    assert [t for t in labels(game, 0) if t.startswith("build Apothecary")] == [
        "build Apothecary (I) paying 1 to right", "build Apothecary (I) paying 1 to left"]
    game = play(tables, seed=2)
    paid = [n for e in game.log if e["event"] == "resolve" for _, n in e["paid"]]
    assert paid and all(n <= 6 for n in paid)


# ---------------------------------------------------------------- (d) a new card in age II
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_colosseum_enters_age_ii_and_decks_still_fit(players):
    tables = tables_with("colosseum")
    game = Game(tables, players, seed=players)
    game.play([random_bot(players * 10 + s) for s in range(players)])
    age_two = next(e for e in game.log if e["event"] == "age" and e["age"] == 2)
    dealt = [name for hand in age_two["hands"] for name in hand]
    assert len(dealt) == 7 * players
    assert dealt.count("Colosseum") == 1
    assert dealt.count("Walls") == (1 if players == 7 else 0)


# ---------------------------------------------------------------- (e) a coin at each age start
def test_each_player_gains_a_coin_at_the_start_of_every_age():
    tables = tables_with("age-stipend")
    game = Game(tables, 4, seed=5)
    seen = []

    class Watch(Script):
        def decide(self, game, seat, kind, options):
            if game.turn == 1 and seat == 0 and kind == "turn":
                seen.append([c.coins for c in game.cities])
            return super().decide(game, seat, kind, options)

    game.play([Watch()] + [Script() for _ in range(3)])
    assert seen[0] == [4, 4, 4, 4]                 # 3 to start with, 1 for age I
    base = tables_with()
    plain = Game(base, 4, seed=5)
    plain.play([Script() for _ in range(4)])
    assert [c.coins for c in game.cities] == [c.coins + 3 for c in plain.cities]


# ---------------------------------------------------------------- (f) unbuilt stages cost 1 each
def test_each_unbuilt_stage_costs_a_point():
    tables = tables_with("unfinished-wonders")
    base = tables_with()
    for seed in range(4):
        changed, plain = play(tables, seed=seed, sides="A"), play(base, seed=seed, sides="A")
        for city, a, b in zip(changed.cities, changed.scores(), plain.scores()):
            assert a["wonder"] == b["wonder"] - (len(city.side.stages) - city.stages)


# ---------------------------------------------------------------- stacking
def _variant(tmp_path, name, body):
    path = tmp_path / f"{name}.wonders"
    path.write_text(f'variant "{name}" {{\n    changes "7 Wonders, first edition"\n{body}\n}}\n')
    return str(path)


def test_two_variants_changing_one_number_is_an_error_naming_both(tmp_path):
    a = _variant(tmp_path, "Rich", "    set starting coins 6")
    b = _variant(tmp_path, "Poor", "    set starting coins 1")
    result = check_paths(None, [a, b])
    (d,) = [d for d in result.diagnostics if d.code == "E1403"]
    assert '"Rich" and "Poor"' in d.message and d.span.file == b and d.notes[0].span.file == a


@pytest.mark.parametrize("order", [0, 1])
def test_an_override_decides_whatever_the_order(tmp_path, order):
    a = _variant(tmp_path, "Rich", "    set starting coins 6")
    b = _variant(tmp_path, "Poor", '    overrides "Rich"\n    set starting coins 1')
    result = check_paths(None, [a, b] if order == 0 else [b, a])
    assert result.errors == 0 and result.ruleset.rules.starting_coins == 1


def test_variants_touching_different_statements_of_one_card_stack(tmp_path):
    a = _variant(tmp_path, "Cheap", '    modify card "Palace" { cost 3 stone }')
    b = _variant(tmp_path, "Rich", '    modify card "Palace" { points 10 }')
    result = check_paths(None, [a, b])
    assert result.errors == 0
    palace = next(c for c in result.ruleset.cards if c.name == "Palace")
    assert palace.cost.resources == (("stone", 3),) and palace.effects[0].amount == 10


def test_a_replaced_card_and_a_modified_card_collide(tmp_path):
    a = _variant(tmp_path, "One", '    modify card "Palace" { points 10 }')
    b = _variant(tmp_path, "Two", '    remove card "Palace"')
    assert "E1403" in {d.code for d in check_paths(None, [a, b]).diagnostics}


def test_broken_variant_golden():
    expected = (ROOT / "tests" / "golden_variants" / "broken.expected").read_text()
    result = call_cli("check", "--variant", "tests/golden_variants/broken.wonders")
    assert result.returncode == 1 and result.stdout == expected


def test_a_trigger_that_causes_itself_is_found_by_check(tmp_path):
    loop = _variant(tmp_path, "Scavengers",
                    '    add trigger "scavenge" on building built: build a card from the discard pile for free')
    result = call_cli("check", "--variant", loop)
    assert result.returncode == 1 and "error[E1502]" in result.stdout
    limited = _variant(tmp_path, "Scavengers", '    add trigger "scavenge" on building built once per turn: '
                                              'build a card from the discard pile for free')
    assert call_cli("check", "--variant", limited).returncode == 0


def test_a_trigger_loop_the_checker_cannot_see_is_stopped_at_run_time(tmp_path):
    from interpreter.engine.triggers import TriggerLoop
    loop = _variant(tmp_path, "Scavengers", '    add trigger "scavenge" on building built if coins >= 0: '
                                            'build a card from the discard pile for free')
    tables = tables_with(loop)
    game = Game(tables, 3, seed=1)
    game.discard = [c.index for c in tables.cards if c.age == 1][:40]
    set_hand(game, 0, "Altar", "Theater")
    game.turn = 1
    with pytest.raises(TriggerLoop) as err:
        game.step([Script("build Altar", *["build"] * 60), Script("sell"), Script("sell")])
    assert err.value.notes and all(n.span.file == loop for n in err.value.notes)


# ---------------------------------------------------------------- the commands
def test_rules_prints_the_effective_rules_and_the_diff():
    result = call_cli("rules", "--variant", "selling-gives-2")
    assert result.returncode == 0 and "sell for 2 coins" in result.stdout
    assert result.stdout.startswith('rules "7 Wonders, first edition" {')
    diff = call_cli("rules", "--diff", "--variant", "colosseum", "--variant", "science-sets-worth-10")
    assert "-    age II  color red  copies 3+ 7+\n+    age II  color red  copies 7+" in diff.stdout
    assert "+    score science: each symbol squared + 10 per complete set" in diff.stdout
    assert '+card "Colosseum" {' in diff.stdout
    assert call_cli("rules", "--diff").stdout == "The variants change nothing.\n"


@pytest.mark.slow
def test_every_command_takes_variant(tmp_path):
    assert "variants: Cheap trade" in call_cli("check", "--variant", "cheap-trade").stdout
    cards = call_cli("cards", "--age", "II", "--color", "blue", "--variant", "colosseum")
    assert "Colosseum" in cards.stdout
    log = tmp_path / "log.json"
    assert call_cli("play", "--players", "3", "--seed", "2", "--variant", "age-stipend", "--log", str(log)).returncode == 0
    assert json.loads(log.read_text())["options"]["variants"] == ["age-stipend"]
    assert call_cli("replay", str(log)).returncode == 0
    bad = call_cli("replay", str(log), "--variant", "cheap-trade")
    assert bad.returncode == 2 and "played with variants" in bad.stderr
    position = tmp_path / "position.json"
    assert call_cli("replay", str(log), "--to", "3", "--save", str(position)).returncode == 0
    assert json.loads(position.read_text())["options"]["variants"] == ["age-stipend"]
    assert call_cli("moves", str(position)).returncode == 0
    assert call_cli("moves", str(position), "--variant", "colosseum").returncode == 2
    table = ROOT / "docs" / "examples" / "table.json"
    _, base = call_json("score", str(table))
    _, changed = call_json("score", str(table), "--variant", "unfinished-wonders")
    assert [p["wonder"] for p in changed["players"]] == [p["wonder"] for p in base["players"]]   # all built
    missing = call_cli("play", "--players", "3", "--variant", "no-such-rule")
    assert missing.returncode == 2 and "no such variant" in missing.stderr


@pytest.mark.slow
def test_interpreter_names_no_variant():
    names = set()
    for path in VARIANTS.glob("*.wonders"):
        names |= set(re.findall(r'variant\s+"([^"]+)"', path.read_text()))
        names.add(path.stem)
    for path in (ROOT / "interpreter").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip().startswith("#"):
                continue
            for name in names:
                assert not re.search(rf"\b{re.escape(name)}\b", line), f"{path}:{number} names {name!r}"


def _play_a_trigger_loop(tmp_path, capsys):
    """A variant whose trigger builds from the discard pile for ever, played: (its file, stderr)."""
    import cli
    loop = _variant(tmp_path, "Scavengers", '    add trigger "scavenge" on building built if coins >= 0: '
                                            'build a card from the discard pile for free')
    tables = tables_with(loop)
    game = Game(tables, 3, seed=1)
    game.discard = [c.index for c in tables.cards if c.age == 1][:40]
    set_hand(game, 0, "Altar", "Theater")
    game.turn = 1
    deciders = [Script("build Altar", *["build"] * 60), Script("sell"), Script("sell")]
    with pytest.raises(SystemExit) as stop:
        cli._run(lambda: game.step(deciders))
    assert stop.value.code == 1
    return loop, capsys.readouterr().err


def test_a_trigger_loop_in_a_game_is_reported_as_E1501(tmp_path, capsys):
    from interpreter.engine.triggers import TriggerLoop
    loop, err = _play_a_trigger_loop(tmp_path, capsys)
    assert err.startswith("error[E1501]: triggers caused each other more than 25 times in a row")
    assert f"--> {loop}:3:9" in err and "= help: give one of these triggers a limit" in err
    assert isinstance(TriggerLoop("building built", []), Exception)


def test_a_trigger_loop_is_reported_in_the_chosen_language(tmp_path, capsys):
    """The engine speaks no language: the command words E1501 from the loop's facts."""
    from interpreter import i18n
    i18n.choose("nl")
    try:
        loop, err = _play_a_trigger_loop(tmp_path, capsys)
    finally:
        i18n.choose("en")
    assert err.startswith("fout[E1501]: triggers veroorzaakten elkaar meer dan 25 keer achter elkaar "
                          "(de laatste gebeurtenis was `building built`)")
    assert f"--> {loop}:3:9" in err
    assert "= hulp: geef een van deze triggers een grens" in err and "fires here" not in err


def test_the_play_log_shows_coins_gained_by_triggers():
    result = call_cli("play", "--players", "3", "--seed", "2", "--variant", "age-stipend")
    assert result.stdout.count('gains 1 coin (trigger "age stipend")') == 3 * 3     # 3 players, 3 ages


def test_the_same_variant_twice_is_reported_once_as_such():
    result = check_paths(None, ["selling-gives-2", "selling-gives-2"])
    assert [d.code for d in result.diagnostics] == ["E1101"]
    assert "applied twice" in result.diagnostics[0].message


# ---------------------------------------------------------------- tables (issue 21)
FOUR_TO_SEVEN = "    set players 4 to 7\n    remove table for 2 players"


def test_a_variant_removes_a_table_the_house_rule_checks_plays_and_refuses_two_players(tmp_path):
    rule = _variant(tmp_path, "Four to seven", FOUR_TO_SEVEN)
    checked = call_cli("check", "--variant", rule)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stdout, checked.stdout
    played = call_cli("play", "--variant", rule, "--players", "4", "--seed", "3")
    assert played.returncode == 0 and "Winner" in played.stdout, played.stderr
    for players in ("2", "3"):
        refused = call_cli("play", "--variant", rule, "--players", players)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        assert (f"these rules (with the variant 'Four to seven') play with 4, 5, 6, 7 players, "
                f"not {players}") in refused.stderr                # which house rule says so
    assert check_paths(None, [rule]).ruleset.tables == ()


def test_without_removing_the_table_the_range_is_still_an_error(tmp_path):
    rule = _variant(tmp_path, "Two to seven", "    set players 2 to 7")
    assert "E1204" in {d.code for d in check_paths(None, [rule]).diagnostics}
    rule = _variant(tmp_path, "Two to seven", "    set players 2 to 7\n    remove table for 2 players")
    codes = {d.code for d in check_paths(None, [rule]).diagnostics}
    assert "E1204" not in codes and "E1301" in codes      # now the decks: no card has copies for 2


def test_a_variant_replaces_a_table_and_adds_one(tmp_path):
    replaced = ('    replace table for 2 players {\n        cards as for 3 players\n'
                '        neutral city "Open City" { holder in age I: right neighbour; cannot win }\n    }')
    rule = _variant(tmp_path, "Open city", replaced)
    result = check_paths(None, [rule])
    assert result.errors == 0, [d.message for d in result.diagnostics]
    (table,) = result.ruleset.tables
    assert [n.name for n in table.neutrals] == ["Open City"] and not table.neutrals[0].pile
    played = call_cli("play", "--variant", rule, "--players", "2", "--seed", "1")
    assert played.returncode == 0 and "Open City" in played.stdout, played.stderr
    ghost = ('    set players 4 to 7\n    remove table for 2 players\n'
             '    add table for 3 players {\n        cards as for 4 players\n        neutral city "Ghost" '
             '{ draws from a pile; holder in age I: left neighbour; holder changes every turn; cannot win }\n    }')
    added = _variant(tmp_path, "Ghost", ghost)
    assert [t.players for t in check_paths(None, [added]).ruleset.tables] == [3]
    played = call_cli("play", "--variant", added, "--players", "3", "--seed", "1")
    assert played.returncode == 0 and "Ghost" in played.stdout, played.stderr


@pytest.mark.parametrize("body, code, words", [
    ("    remove table for 3 players", "E1405", "there is no table for 3 players to change"),
    ("    replace table for 5 players { cards as for 4 players }", "E1405", "the tables are for 2 players"),
    ("    add table for 2 players { cards as for 3 players }", "E1404", "a table for 2 players already exists"),
])
def test_changing_a_table_that_is_not_there_or_adding_one_twice_is_an_error(tmp_path, body, code, words):
    rule = _variant(tmp_path, "Bad", body)
    result = call_cli("check", "--variant", rule)
    assert result.returncode == 1 and f"[{code}]" in result.stdout and words in result.stdout, result.stdout
    assert f"{rule}:3:" in result.stdout


def test_two_variants_changing_one_table_collide_unless_one_overrides(tmp_path):
    a = _variant(tmp_path, "One", "    remove table for 2 players")
    ghost = ('    replace table for 2 players {\n        cards as for 3 players\n        neutral city "Ghost" '
             '{ draws from a pile; holder in age I: left neighbour; holder changes every turn; cannot win }\n    }')
    b = _variant(tmp_path, "Two", ghost)
    (d,) = [d for d in check_paths(None, [a, b]).diagnostics if d.code == "E1403"]
    assert "the table for 2 players" in d.message
    c = _variant(tmp_path, "Three", '    overrides "One"\n' + ghost)
    result = check_paths(None, [a, c])
    assert result.errors == 0 and [n.name for n in result.ruleset.tables[0].neutrals] == ["Ghost"]


def test_table_changes_print_back_and_format(tmp_path):
    body = ('    set players 4 to 7\n    remove table for 2 players\n    add table for 3 players {\n'
            '        cards as for 4 players\n        neutral city "Ghost" { draws from a pile; '
            'holder in age I: left neighbour; holder changes every turn; cannot win }\n    }')
    rule = Path(_variant(tmp_path, "Tables", body))
    assert call_cli("fmt", str(rule)).returncode == 0
    text = rule.read_text(encoding="utf-8")
    assert "remove table for 2 players" in text and "add table for 3 players {" in text
    assert call_cli("fmt", "--check", str(rule)).returncode == 0
    assert check_paths(None, [str(rule)]).errors == 0
    diff = call_cli("rules", "--diff", "--variant", str(rule))
    assert diff.returncode == 0, diff.stderr
    assert "\n-table for 2 players {\n" in diff.stdout and "\n+table for 3 players {\n" in diff.stdout


def test_a_variants_range_that_clashes_with_a_table_suggests_removing_it_there(tmp_path, content_copy):
    """E1204's help names the change in the designer's variant; in content alone (no
    variant set the range) it does not talk about variants."""
    rule = _variant(tmp_path, "Two to seven", "    set players 2 to 7")
    result = call_cli("check", "--variant", rule)
    assert result.returncode == 1 and "or drop this table in the variant: `remove table for 2 players`" in result.stdout
    base = content_copy / "base.wonders"
    base.write_text(base.read_text(encoding="utf-8").replace("players 3 to 7", "players 2 to 7"), encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert "[E1204]" in result.stdout and "in the variant" not in result.stdout
