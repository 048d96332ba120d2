"""The `wonders` command as a user runs it: exit codes, text and JSON.  `check` and `cards`
keep a few runs each in a separate process (the shipped content clean, from another folder,
as JSON, the usage errors, the whole card table), as does every command and exit status at
the end of this file; their other tests (filters, diagnostics, refusals) run the same entry
point in this process (conftest.call_cli), about a tenth of the processor time."""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import GOLDEN, ROOT, call_cli, call_json, run_cli, run_json

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

COLORS = {"brown", "grey", "blue", "yellow", "red", "green", "purple"}
RESOURCES = {"wood", "stone", "clay", "ore", "glass", "loom", "papyrus"}
ROMAN = {1: "I", 2: "II", 3: "III"}


@pytest.fixture(scope="module")
def cards_data():
    result, data = call_json("cards")
    assert result.returncode == 0, result.stderr
    return data


def table_rows(text: str) -> list[str]:
    """The first line of each data row of a table (continuation lines start with spaces)."""
    lines = text.splitlines()
    assert re.match(r"-+( +-+)+$", lines[1]), "the second line underlines the headers"
    return [line for line in lines[2:] if line and not line.startswith(" ") and not re.match(r"\d+ cards?$", line)]


def card_names(text: str, all_names) -> list[str]:
    """Card names of a `wonders cards` table, matched against the known names."""
    names = []
    for row in table_rows(text):
        cell = row.split("  ", 1)[1].lstrip()
        names.append(next(n for n in sorted(all_names, key=len, reverse=True) if cell.startswith(n + "  ")
                          or cell == n))
    return names


# ---------------------------------------------------------------- wonders check
def test_check_shipped_content_is_clean():
    result = run_cli("check")
    assert result.returncode == 0, result.stdout + result.stderr
    # the one warning: the Dutch names the Dutch rulebook does not give (docs/localisation.md)
    assert result.stdout.startswith("warning[W1602]: 42 names without a translation")
    assert result.stdout.endswith("\n8 file(s) checked: 0 error(s), 1 warning(s); 78 cards, 7 wonders; "
                                  "8 variant(s) in variants/ checked\n")
    assert result.stderr == ""


def test_check_content_folder_given_explicitly():
    result = call_cli("check", "content")
    assert result.returncode == 0
    assert "\n14 file(s) checked: 0 error(s)" in result.stdout      # second-edition/ too


def test_check_runs_from_another_folder(tmp_path):
    shutil.copy(GOLDEN / "valid.wonders", tmp_path / "mine.wonders")
    result = run_cli("check", "mine.wonders", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("1 file(s) checked: 0 error(s), 0 warning(s)")
    assert run_cli("check", cwd=tmp_path).returncode == 0    # the shipped content, from anywhere


def test_check_a_folder_reads_every_wonders_file(tmp_path):
    text = (GOLDEN / "valid.wonders").read_text()
    cut = text.index('card "Lumber Yard"')
    (tmp_path / "rules.wonders").write_text(text[:cut])
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cards.wonders").write_text(text[cut:])
    (tmp_path / "notes.txt").write_text("not content {")
    result = call_cli("check", str(tmp_path))
    assert result.returncode == 0, result.stdout
    assert result.stdout.startswith("2 file(s) checked: 0 error(s), 0 warning(s); 7 cards, 3 wonders")


def test_check_json_on_shipped_content():
    result, data = run_json("check")
    assert result.returncode == 0
    assert [(d["code"], d["file"]) for d in data["diagnostics"]] == [("W1602", "content/locales/nl.po")]
    assert (data["errors"], data["warnings"]) == (0, 1)


@pytest.mark.parametrize("name", ["several_errors", "never_in_deck", "several_syntax_errors",
                                  "no_rules_no_cascade"])
def test_check_json_diagnostics(name):
    from interpreter.diagnostics import CODES
    path = f"tests/golden/{name}.wonders"
    result, data = call_json("check", path)
    text = call_cli("check", path).stdout
    assert set(data) == {"diagnostics", "errors", "warnings"}
    assert data["diagnostics"]
    for d in data["diagnostics"]:
        assert {"code", "severity", "message", "file", "line", "column", "end"} <= set(d)
        assert d["code"] in CODES
        assert d["severity"] == ("warning" if d["code"].startswith("W") else "error")
        assert f"{d['severity']}[{d['code']}]: {d['message']}" in text
        if d["file"] is None:
            assert d["line"] is d["column"] is d["end"] is None
        else:
            assert d["file"] == path
            assert f"--> {path}:{d['line']}:{d['column']}" in text
            assert set(d["end"]) == {"line", "column"}
            assert (d["end"]["line"], d["end"]["column"]) > (d["line"], d["column"])
    errors = sum(d["severity"] == "error" for d in data["diagnostics"])
    assert (data["errors"], data["warnings"]) == (errors, len(data["diagnostics"]) - errors)
    assert result.returncode == (1 if errors else 0)


@pytest.mark.parametrize("args, message", [
    (["check", "no/such/file.wonders"], "no/such/file.wonders: no such file or folder"),
    (["check", "--format", "xml"], "'xml' is not one of 'text', 'json'"),
    (["check", "--bogus"], "No such option"),
    (["nonsense"], "No such command"),
    (["cards", "--content", "missing.wonders"], "missing.wonders: no such file or folder"),
    (["cards", "--format", "csv"], "'csv' is not one of"),
])
def test_usage_errors_exit_2(args, message):
    result = run_cli(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_folder_without_content_is_a_usage_error(tmp_path):
    (tmp_path / "readme.txt").write_text("hello")
    result = call_cli("check", str(tmp_path))
    assert result.returncode == 2
    assert "no .wonders files in this folder" in result.stderr


def test_help_and_version():
    result = run_cli("--help")
    assert result.returncode == 0
    assert "check" in result.stdout and "cards" in result.stdout
    version = run_cli("--version").stdout.splitlines()
    assert version[0].startswith("wonders, version ")
    assert version[1] == 'engine: Python, not compiled (docs/performance.md, "The compiled engine")'   # the checkout's


# ---------------------------------------------------------------- wonders cards
def test_cards_table_lists_every_card(cards_data):
    result = run_cli("cards")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["Age", "Card", "Color", "Cost", "Free", "with", "Copies", "Effects"]
    assert lines[-1] == "78 cards"
    assert len(table_rows(result.stdout)) == 78
    assert "Workers Guild" in result.stdout and "random" in result.stdout


def test_cards_age_as_number_or_roman():
    arabic, roman = call_cli("cards", "--age", "2"), call_cli("cards", "--age", "II")
    assert arabic.returncode == roman.returncode == 0
    assert arabic.stdout == roman.stdout
    rows = table_rows(arabic.stdout)
    assert rows and all(row.startswith("II ") for row in rows)
    assert arabic.stdout.splitlines()[-1] == f"{len(rows)} cards"


@pytest.mark.parametrize("age", ["4", "IV", "zero"])
def test_cards_unknown_age_exit_2(age):
    result = call_cli("cards", "--age", age)
    assert result.returncode == 2
    assert "is not an age of these rules" in result.stderr


def test_cards_color_filter(cards_data):
    result = call_cli("cards", "--color", "blue")
    assert result.returncode == 0
    names = card_names(result.stdout, {c["name"] for c in cards_data["cards"]})
    assert sorted(names) == sorted(c["name"] for c in cards_data["cards"] if c["color"] == "blue")
    assert all(re.search(r"\S  +blue  ", row) for row in table_rows(result.stdout))


def test_cards_bad_color_suggests_a_name():
    result = call_cli("cards", "--color", "bleu")
    assert result.returncode == 2
    assert "unknown colour 'bleu'" in result.stderr and "did you mean 'blue'?" in result.stderr
    far = call_cli("cards", "--color", "pink")
    assert far.returncode == 2 and "brown, grey, blue" in far.stderr


def test_cards_players_filter(cards_data):
    _, data = call_json("cards", "--players", "3")
    expected = [c["name"] for c in cards_data["cards"] if c["copies"] is None or c["copies"]["3"] > 0]
    assert [c["name"] for c in data["cards"]] == expected
    assert len(expected) < len(cards_data["cards"])
    table = call_cli("cards", "--players", "3")
    assert table.stdout.splitlines()[-1] == f"{len(expected)} cards"


@pytest.mark.parametrize("players", ["1", "8"])
def test_cards_players_outside_rules_exit_2(players):
    result = call_cli("cards", "--players", players)
    assert result.returncode == 2
    assert "the rules allow 3 to 7 players" in result.stderr


def test_cards_for_two_players_are_the_three_player_cards():
    """The 2-player table deals as for 3 players."""
    assert call_cli("cards", "--players", "2").stdout == call_cli("cards", "--players", "3").stdout


def test_cards_search(cards_data):
    _, data = call_json("cards", "--search", "SHIELD")
    assert data["cards"]
    for card in data["cards"]:
        words = " ".join([card["name"]] + [e["text"] for e in card["effects"]]).lower()
        assert "shield" in words
    _, guilds = call_json("cards", "--search", "guild")
    assert len([c for c in guilds["cards"] if c["name"].endswith("Guild")]) == 10
    none = call_cli("cards", "--search", "no card says this")
    assert none.returncode == 0 and none.stdout.splitlines()[-1] == "0 cards"


def test_filters_combine(cards_data):
    _, data = call_json("cards", "--age", "I", "--color", "brown", "--players", "4")
    expected = [c["name"] for c in cards_data["cards"]
                if c["age"] == 1 and c["color"] == "brown" and c["copies"]["4"] > 0]
    assert [c["name"] for c in data["cards"]] == expected and expected


def test_wonders_table(cards_data):
    result = call_cli("cards", "--wonders")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0].split() == ["Wonder", "Side", "Board", "Stages"]
    rows = table_rows(result.stdout)
    assert len(rows) == 14
    for wonder in cards_data["wonders"]:
        sides = [row.split()[1] for row in rows if row.startswith(wonder["name"] + " ")]
        assert sides == ["A", "B"]


def test_cards_json_schema(cards_data):
    assert set(cards_data) == {"cards", "wonders"}
    assert len(cards_data["cards"]) == 78
    for card in cards_data["cards"]:
        assert {"name", "age", "color", "cost", "chains_from", "copies", "effects"} <= set(card)
        assert isinstance(card["name"], str) and card["age"] in (1, 2, 3)
        assert card["color"] in COLORS
        check_cost(card["cost"])
        assert isinstance(card["chains_from"], list)
        if card["color"] == "purple":
            assert card["copies"] is None
        else:
            assert set(card["copies"]) == {"3", "4", "5", "6", "7"}
            assert all(isinstance(n, int) and n >= 0 for n in card["copies"].values())
            assert card["copies"]["7"] >= 1
        assert card["effects"] and all(isinstance(e, dict) for e in card["effects"])
    assert len(cards_data["wonders"]) == 7
    for wonder in cards_data["wonders"]:
        assert isinstance(wonder["name"], str)
        assert set(wonder["sides"]) == {"A", "B"}
        for side in wonder["sides"].values():
            assert side["resource"] in RESOURCES
            assert side["stages"]
            for stage in side["stages"]:
                check_cost(stage["cost"])
                assert isinstance(stage["effects"], list) and stage["effects"]


def check_cost(cost):
    assert set(cost) == {"coins", "resources"}
    assert isinstance(cost["coins"], int) and cost["coins"] >= 0
    assert set(cost["resources"]) <= RESOURCES
    assert all(isinstance(n, int) and n >= 1 for n in cost["resources"].values())


def test_cards_json_chains_name_earlier_cards(cards_data):
    age_of = {}
    for card in cards_data["cards"]:
        age_of.setdefault(card["name"], set()).add(card["age"])
    for card in cards_data["cards"]:
        for name in card["chains_from"]:
            assert min(age_of[name]) < card["age"], (card["name"], name)


def test_cards_refuses_content_with_errors():
    result = call_cli("cards", "--content", "tests/golden/several_errors.wonders")
    assert result.returncode == 1
    assert result.stdout == ""
    assert "error[E1002]" in result.stderr and "fix them first" in result.stderr


def test_cards_refuses_content_with_syntax_errors():
    result = call_cli("cards", "--content", "tests/golden/unexpected_character.wonders")
    assert result.returncode == 1
    assert "error[E0002]" in result.stderr


def test_cards_on_other_content():
    result = call_cli("cards", "--content", str(ROOT / "tests" / "golden" / "valid.wonders"), "--age", "II")
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "4 cards"
    assert "random" in result.stdout


# Most command tests run `wonders` in their own process only where the process is their
# subject, and otherwise through the same entry point in-process (conftest.call_cli); these
# keep every command, and each exit status a run without a game can end with, run as a user
# runs it (docs/performance.md, "The test suite").
@pytest.mark.parametrize("command", sorted(__import__("cli").main.commands))
def test_every_command_starts_as_a_process_of_its_own(command):
    result = run_cli(command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Usage: wonders {command} ") and result.stderr == ""


@pytest.mark.parametrize("args, status, said", [
    (("rules",), 0, "7 Wonders, first edition"),
    (("score", "docs/examples/bad-table.json"), 1, "error"),
    (("fmt", "--check", "tests/golden/several_syntax_errors.wonders"), 1, "E0"),
    (("moves", "docs/examples/table.json"), 1, "error"),
    (("rules", "--variant", "no-such-variant"), 2, "no-such-variant"),
])
def test_commands_end_with_their_status_as_a_process(args, status, said):
    result = run_cli(*args)
    assert result.returncode == status, (result.stdout, result.stderr)
    assert said in result.stdout + result.stderr
