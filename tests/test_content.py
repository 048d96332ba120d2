"""Facts of the shipped content (the first edition), read from the checked rule set, and
the rule that the game lives in content: no card or wonder name appears in the Python."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from conftest import ROOT, call_cli

COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")


# ---------------------------------------------------------------- cards
def test_card_entries_and_names(shipped_ruleset):
    cards = shipped_ruleset.cards
    assert len(cards) == 78
    names = Counter(c.name for c in cards)
    assert len(names) == 75
    assert {n for n, k in names.items() if k > 1} == {"Loom", "Glassworks", "Press"}


@pytest.mark.parametrize("name", ["Loom", "Glassworks", "Press"])
def test_grey_cards_in_ages_one_and_two(shipped_ruleset, name):
    entries = [c for c in shipped_ruleset.cards if c.name == name]
    assert sorted(c.age for c in entries) == [1, 2]
    assert {c.color for c in entries} == {"grey"}


def test_ten_purple_guilds_drawn_at_random(shipped_ruleset):
    guilds = [c for c in shipped_ruleset.cards if c.color == "purple"]
    assert len(guilds) == 10
    assert all(c.name.endswith("Guild") and c.age == 3 and c.copies == () for c in guilds)


def test_cards_use_declared_colours(shipped_ruleset):
    assert shipped_ruleset.vocabulary.colors == COLORS
    assert {c.color for c in shipped_ruleset.cards} == set(COLORS)


# ---------------------------------------------------------------- wonders
def test_seven_wonders_with_two_sides(shipped_ruleset):
    wonders = shipped_ruleset.wonders
    assert sorted(w.name for w in wonders) == ["Alexandria", "Babylon", "Ephesos", "Gizah",
                                                "Halikarnassus", "Olympia", "Rhodos"]
    for wonder in wonders:
        assert [s.name for s in wonder.sides] == ["A", "B"]
        assert all(side.stages for side in wonder.sides)


@pytest.mark.parametrize("wonder, side, stages", [("Gizah", "B", 4), ("Rhodos", "B", 2), ("Gizah", "A", 3)])
def test_stage_counts(shipped_ruleset, wonder, side, stages):
    assert len(shipped_ruleset.wonder(wonder).side(side).stages) == stages


# ---------------------------------------------------------------- deck arithmetic
def test_rules_numbers(shipped_ruleset):
    rules = shipped_ruleset.rules
    assert (rules.min_players, rules.max_players) == (3, 7)
    assert [a.number for a in rules.ages] == [1, 2, 3]
    assert all(a.hand == 7 for a in rules.ages)


def dealt(ruleset, age, players: int) -> int:
    """Cards in the age's deck at this player count: the copies that enter plus the random draws."""
    copies = sum(c.copies_at(players) for c in ruleset.cards_of_age(age.number))
    return copies + sum(add.count.at(players) for add in age.random_additions)


@pytest.mark.parametrize("players", range(3, 8))
def test_every_age_deals_seven_cards_per_player(shipped_ruleset, players):
    for age in shipped_ruleset.rules.ages:
        assert dealt(shipped_ruleset, age, players) == age.hand * players == 7 * players, age.number


@pytest.mark.parametrize("players", range(3, 8))
def test_age_three_draws_players_plus_two_guilds(shipped_ruleset, players):
    age3 = shipped_ruleset.rules.ages[2]
    assert sum(add.count.at(players) for add in age3.random_additions) == players + 2
    non_guilds = sum(c.copies_at(players) for c in shipped_ruleset.cards_of_age(3))
    assert non_guilds == 7 * players - (players + 2)
    assert sum(add.count.at(players) for age in shipped_ruleset.rules.ages[:2]
               for add in age.random_additions) == 0


def test_full_deck_at_seven_players(shipped_ruleset):
    for age in (1, 2):
        assert sum(c.copies_at(7) for c in shipped_ruleset.cards_of_age(age)) == 49


@pytest.mark.slow
def test_breaking_a_copies_line_is_reported(content_copy):
    age1 = content_copy / "age1.wonders"
    text = age1.read_text(encoding="utf-8")
    line = 'card "Clay Pool" {\n    age I  color brown  copies 3+ 5+\n'
    assert text.count(line) == 1
    age1.write_text(text.replace(line, line.replace("copies 3+ 5+", "copies 3+")), encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1301]: age I's deck does not deal 7 cards to each player: " \
           "34 at 5 players (needs 35); 41 at 6 players (needs 42); 48 at 7 players (needs 49)" in result.stdout
    assert re.findall(r"^(?:error|warning)\[(\w+)\]", result.stdout, flags=re.M) == ["E1301"]
    assert "1 error(s), 0 warning(s)" in result.stdout


def test_a_copies_line_for_a_guild_is_reported(content_copy):
    """A guild given copies leaves the random pool: age III deals too many cards."""
    guilds = content_copy / "guilds.wonders"
    text = guilds.read_text(encoding="utf-8")
    old = 'card "Builders Guild" {\n    age III  color purple\n'
    assert text.count(old) == 1
    guilds.write_text(text.replace(old, old.rstrip("\n") + "  copies 3+\n"), encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1301]: age III's deck" in result.stdout


# ---------------------------------------------------------------- no content in the Python
PYTHON_FILES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "interpreter").rglob("*.py"))
# Known violations: (file, reason) for xfail(strict=True) until fixed.
KNOWN_NAME_LEAKS: dict[str, str] = {}


def name_pattern(names) -> re.Pattern:
    """Any of the names as a whole word (longest first, so "Clay Pool" wins over a shorter name)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(r"(?<!\w)(?:" + alternatives + r")(?!\w)")


def pack_names() -> set[str]:
    """The card and wonder names of every shipped expansion pack (content/expansions/)."""
    from interpreter.check.load import check_paths
    from interpreter.paths import expansion_packs
    names: set[str] = set()
    for pack in expansion_packs():
        ruleset = check_paths(None, (), f"first-edition+{pack}").ruleset   # else a pack of the second (edifice)
        ruleset = ruleset or check_paths(None, (), f"second-edition+{pack}").ruleset
        assert ruleset is not None, pack
        names |= {c.name for c in ruleset.cards} | {w.name for w in ruleset.wonders}
    return names


@pytest.fixture(scope="module")
def content_names(shipped_ruleset) -> set[str]:
    names = {c.name for c in shipped_ruleset.cards} | {w.name for w in shipped_ruleset.wonders}
    assert len(names) == 82   # 75 cards (10 of them guilds) and 7 wonders
    extra = pack_names() - names
    assert len(extra) >= 36 + 4 + 1   # Leaders: 36 leaders, 4 guilds, Roma
    return names | extra


def test_python_files_are_found():
    assert "interpreter/check/decks.py" in PYTHON_FILES


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_NAME_LEAKS[p])) if p in KNOWN_NAME_LEAKS else p
    for p in PYTHON_FILES])
def test_no_content_names_in_python(path, content_names):
    """Whole words, case-sensitive (the resource `loom` is not the card "Loom"); only
    comment lines are skipped: strings and docstrings count."""
    pattern = name_pattern(content_names)
    found = []
    for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("#"):
            continue
        found += [f"{path}:{number}: {m.group()}" for m in pattern.finditer(line)]
    assert not found, "content names belong in content/, not in the interpreter:\n" + "\n".join(found)


@pytest.mark.parametrize("path", PYTHON_FILES)
def test_no_expansion_pack_is_named_in_python(path):
    """A pack's name written as a string (`if pack == "NAME"`) would make the interpreter
    know an expansion: packs are found by their folders only."""
    from interpreter.paths import expansion_packs
    # compared with a string (a pack may be named with a common word, such as "cities", that
    # is also a field's name elsewhere)
    pattern = re.compile("|".join(rf"(?:[!=]=|\bin)\s*[\"']{re.escape(p)}[\"']|[\"']{re.escape(p)}[\"']\s*(?:[!=]=|\bin\b)"
                                  for p in expansion_packs()))
    text = (ROOT / path).read_text(encoding="utf-8")
    assert not pattern.search(text), f"{path} names an expansion pack"


def test_the_name_check_catches_a_name(content_names):
    """The check above sees a name in a string (a guard against a pattern that matches nothing)."""
    pattern = name_pattern(content_names)
    assert pattern.search('BONUS = {"Gizah": 3}') and pattern.search("if card == 'Clay Pool':")
    assert not pattern.search("loom = 1  # Loomis") and not pattern.search("Ephesosx")
    assert pattern.search("if leader == 'Cleopatra':") and pattern.search('BOARD = "Roma"')
