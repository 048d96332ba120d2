"""The facts of the Leaders and Cities expansions (docs/expansions.md and the two CSV files
beside it) are well formed and agree with each other.

The files are research notes for the content author: nothing reads them at run time. What
is checked: the columns and values of every row; that a row called confirmed or resolved
has sources from two independent groups of the page's source table; that every row is in
the page with the same cost and status; that the page's counts are the files' counts; and
the deck arithmetic of hands of eight, and of the seven-player deck at eight seats, against
the shipped first edition.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "expansions.md"
FILES = {"Leaders": ROOT / "docs" / "expansions" / "leaders.csv",
         "Cities": ROOT / "docs" / "expansions" / "cities.csv"}
COLUMNS = ["id", "kind", "name", "other_names", "age", "copies", "cost", "effect",
           "sources", "status", "note"]
KINDS = {"leader", "guild", "black", "wonder", "wonder-side", "wonder-stage", "token", "rule"}
STATUSES = {"confirmed", "resolved", "single", "unresolved"}
AGES = {"", "I", "II", "III"}
COST_ITEM = re.compile(r"^(?:(\d+) coins?|(?:(\d+) )?([a-z]+))$")


def rows(expansion: str) -> list[dict[str, str]]:
    with FILES[expansion].open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS, FILES[expansion].name
        found = list(reader)
    assert all(None not in r and None not in r.values() for r in found), "a row with too many or too few fields"
    return found


ALL = [(expansion, r) for expansion in FILES for r in rows(expansion)]


def doc_table(heading: str) -> list[list[str]]:
    """The cells of the first table under a heading (`## X` or `### X`) of the page,
    without its header row."""
    text = DOC.read_text(encoding="utf-8")
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    table = []
    for line in text[start:].splitlines()[2:]:
        if line.startswith(f"{level} "):
            break
        if line.startswith("| ---"):
            continue
        if line.startswith("| "):
            table.append([c.strip() for c in line.strip("|").split(" | ")])
        elif table:
            break
    return table[1:]


def source_groups() -> dict[str, str]:
    return {cells[0]: cells[1] for cells in doc_table("## Sources")}


def vocabulary(shipped_ruleset) -> set[str]:
    return set(shipped_ruleset.vocabulary.resources)


# ---------------------------------------------------------------- the rows
def test_ids_are_unique_across_both_files():
    ids = Counter(r["id"] for _, r in ALL)
    assert [i for i, n in ids.items() if n > 1] == []
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("expansion,row", ALL, ids=[r["id"] for _, r in ALL])
def test_row_values(expansion, row, shipped_ruleset):
    assert row["kind"] in KINDS
    assert row["status"] in STATUSES
    assert row["age"] in AGES
    assert row["name"] and row["effect"]
    if row["kind"] in ("black", "guild"):
        assert row["age"] and row["copies"] == "random"
    elif row["kind"] in ("leader", "token"):
        assert row["copies"].isdigit() and int(row["copies"]) > 0
    else:
        assert row["copies"] == ""
    if row["status"] == "unresolved":
        return                                  # an unsettled row may say "2 or 5 coins"
    for item in filter(None, (i.strip() for i in row["cost"].split(","))):
        m = COST_ITEM.match(item)
        assert m, f"{row['id']}: cost item {item!r}"
        if m.group(3):
            assert m.group(3) in vocabulary(shipped_ruleset), f"{row['id']}: {m.group(3)}"


@pytest.mark.parametrize("expansion,row", ALL, ids=[r["id"] for _, r in ALL])
def test_sources_back_the_status(expansion, row):
    groups = source_groups()
    sources = [s for s in row["sources"].split(";") if s]
    assert all(s in groups for s in sources), f"{row['id']}: unknown source in {sources}"
    independent = {groups[s] for s in sources}
    if row["status"] in ("confirmed", "resolved"):
        assert len(independent) >= 2, f"{row['id']}: {row['status']} on {sources}"
    elif row["status"] == "single":
        assert len(independent) == 1 or row["note"], f"{row['id']}: which part has one source?"
    if row["status"] in ("resolved", "unresolved"):
        assert row["note"], f"{row['id']}: a disagreement needs its note"


def test_every_source_is_used():
    used = {s for _, r in ALL for s in r["sources"].split(";") if s}
    assert set(source_groups()) == used


# ---------------------------------------------------------------- the page
@pytest.mark.parametrize("expansion,row", ALL, ids=[r["id"] for _, r in ALL])
def test_every_row_is_in_the_page(expansion, row):
    """The page's tables are the CSV's rows: same name, cost and status."""
    name = row["name"] + (f" ({row['other_names']})" if row["other_names"] else "")
    lines = [line for line in DOC.read_text(encoding="utf-8").splitlines()
             if line.startswith(f"| {name} |")]
    assert lines, f"{row['id']} is not in docs/expansions.md"
    cells = [c.strip() for c in lines[0].strip("|").split(" | ")]
    assert row["status"] == cells[-1]
    assert ", ".join(row["sources"].split(";")) == cells[-2] or not row["sources"]
    if row["cost"] or row["kind"] in ("leader", "guild", "black"):
        assert (row["cost"] or "free") in cells, f"{row['id']}: cost differs"


def counted(expansion: str, kind: str) -> int:
    """Rows of one kind in one file; "black age II" counts the black cards of age II."""
    kind, _, age = kind.partition(" age ")
    return sum(1 for e, r in ALL if e == expansion and r["kind"] == kind and (not age or r["age"] == age))


def test_the_counts_are_the_files_counts():
    table = doc_table("## Counts")
    assert ["Leaders", "leader", "36"] in table
    for expansion, kind, count in table:
        assert counted(expansion, kind) == int(count), (expansion, kind)


def test_links_of_the_page_lead_somewhere():
    text = DOC.read_text(encoding="utf-8")
    headings = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
                for h in re.findall(r"^#+ (.*)$", text, re.M)}
    for target in re.findall(r"\]\(([^)\s]*)\)", text):
        path, _, anchor = target.partition("#")
        assert (DOC.parent / path).exists() if path else anchor in headings, target


# ---------------------------------------------------------------- hands of eight
@pytest.mark.parametrize("players", range(3, 8))
def test_black_cards_make_hands_of_eight(players, shipped_ruleset):
    """Cities adds one black card per player to each age of the first edition, whose
    decks deal seven per player: the deck then deals eight, and each age's pool of black
    cards is large enough. The page's table says the same numbers."""
    from test_content import dealt

    for age in shipped_ruleset.rules.ages:
        base = dealt(shipped_ruleset, age, players)
        assert base == 7 * players
        pool = counted("Cities", f"black age {'I' * age.number}")
        assert pool >= players
        assert base + players == 8 * players
    documented = {int(c[0]): [int(x) for x in c[1:]] for c in doc_table("### Black cards and hands")}
    assert documented[players] == [7 * players, players, 8 * players, 9 - players]



def test_eight_players_take_the_seven_player_deck(shipped_ruleset):
    """At eight seats the page says: the seven-player deck plus seven black cards, hands of
    seven. Its numbers are checked against the shipped first edition, and so is the reason
    given for them: hands of eight would need more cards than the seven-player deck and
    all nine black cards of an age make, and only seven black cards deal evenly."""
    from test_content import dealt

    (row,) = doc_table("### Eight players")
    players, base, black, deck, hand, turns, unused = map(int, row)
    assert players == 8 and turns == hand - 1
    assert base + black == deck == players * hand
    for age in shipped_ruleset.rules.ages:
        pool = counted("Cities", f"black age {'I' * age.number}")
        assert dealt(shipped_ruleset, age, 7) == base
        assert pool - black == unused
        assert base + pool < players * 8
        assert [k for k in range(pool + 1) if (base + k) % players == 0] == [black]
