"""`wonders check` tells the truth about playability (issue 11, item 8).

- a folder check also checks each variant of the folder's `variants/` subfolder, applied
  to the base on its own, so a broken variant there is never "clean" (docs/cli.md,
  "Variants beside the content");
- fewer wonder boards than seats at the largest table is an error (E1304), and `play`
  refuses such content;
- a variant's `set players` range that takes in the 2-player table's count is E1204,
  naming the variant's line (docs/two-players.md).
"""

from __future__ import annotations

import json
import re
import shutil

import pytest

from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

BROKEN = ROOT / "tests" / "golden_variants" / "broken.wonders"
RULES = '    changes "7 Wonders, first edition"\n'


def _variant(folder, name: str, title: str, *lines: str):
    path = folder / "variants" / f"{name}.wonders"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f'variant "{title}" {{\n{RULES}' + "".join(f"    {line}\n" for line in lines) + "}\n",
                    encoding="utf-8")
    return path


def _doc_block(doc: str, command: str) -> str:
    """The ```text block of a doc that starts with `$ COMMAND`, up to the next `$ ` line."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```text\n(.*?)```", text, flags=re.S) if b.startswith(f"$ {command}\n"))
    return block.split("\n$ ")[0].split("\n", 1)[1] + "\n"


# ---------------------------------------------------------------- variants beside the content
def test_the_shipped_content_checks_its_variants_and_they_are_clean():
    result = call_cli("check")
    assert result.returncode == 0, result.stdout
    shipped = sorted((ROOT / "content" / "variants").glob("*.wonders"))
    assert result.stdout.endswith(f"; {len(shipped)} variant(s) in variants/ checked\n")


def test_the_broken_fixture_is_in_no_shipped_variants_folder():
    broken = BROKEN.read_text(encoding="utf-8")
    shipped = list((ROOT / "content").rglob("*.wonders"))
    assert shipped and all(p.read_text(encoding="utf-8") != broken for p in shipped)
    assert "variants" not in BROKEN.relative_to(ROOT).parts      # never picked up as a folder's variant


def test_a_folder_with_a_broken_variant_is_not_clean(content_copy):
    shutil.copy(BROKEN, content_copy / "variants" / "broken.wonders")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1, result.stdout
    # every diagnostic of the variant's golden output, naming the file in the folder
    expected = (ROOT / "tests" / "golden_variants" / "broken.expected").read_text(encoding="utf-8")
    for block in expected.rstrip("\n").split("\n\n")[:-1]:
        block = block.replace("content/", f"{content_copy}/")
        block = block.replace("tests/golden_variants/broken.wonders", f"{content_copy}/variants/broken.wonders")
        assert block in result.stdout
    assert re.search(rf"--> {re.escape(str(content_copy))}/variants/broken\.wonders:\d+:\d+", result.stdout)
    assert result.stdout.endswith("14 file(s) checked: 5 error(s), 1 warning(s); 9 variant(s) in variants/ checked; "
                                  f"rule sets in subfolders checked: {content_copy}/second-edition\n")
    data = json.loads(call_cli("check", str(content_copy), "--format", "json").stdout)
    assert data["errors"] == 5
    assert {d["file"] for d in data["diagnostics"] if d["severity"] == "error"} == \
        {f"{content_copy}/variants/broken.wonders"}


def test_the_documented_example_of_a_broken_variant(tmp_path):
    house = tmp_path / "house"
    shutil.copytree(ROOT / "content", house)
    shutil.rmtree(house / "locales")               # as the doc says: its translations left out
    _variant(house, "typo", "Typo", 'modify card "Alter" { points 3 }')
    result = call_cli("check", "house/", cwd=tmp_path)
    documented = _doc_block("cli.md", "wonders check house/")
    assert result.stdout == documented
    assert result.returncode == 1


def test_a_problem_a_variant_causes_in_the_base_names_the_variant(content_copy):
    path = _variant(content_copy, "fewer", "Fewer boards", 'remove wonder "Gizah"')
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1304]: 7 players need 7 wonder boards, but there are only 6" in result.stdout
    assert f"--> {content_copy}/base.wonders:10:5" in result.stdout
    assert f'= note: the variant "Fewer boards" removes the wonder "Gizah" at {path}:3:5' in result.stdout
    assert "help: in the variant, keep 7 wonders" in result.stdout


def test_the_base_s_own_warnings_are_not_repeated_for_each_variant(content_copy):
    with (content_copy / "age1.wonders").open("a", encoding="utf-8") as f:
        f.write('\ncard "Tavern Two" {\n    age I  color yellow  copies 8+\n    when built: gain 5 coins\n}\n')
    result = call_cli("check", str(content_copy))
    assert result.returncode == 0, result.stdout
    assert result.stdout.count("warning[W1303]") == 1


def test_variants_wait_for_a_clean_base(content_copy):
    shutil.copy(BROKEN, content_copy / "variants" / "broken.wonders")
    text = (content_copy / "age1.wonders").read_text(encoding="utf-8")
    (content_copy / "age1.wonders").write_text(text.replace("cost ore", "cost ore_", 1), encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "variants/broken.wonders" not in result.stdout
    assert "; 9 variant(s) in variants/ not checked until the base is clean;" in result.stdout


def test_with_variant_given_the_folder_variants_are_not_checked(content_copy):
    shutil.copy(BROKEN, content_copy / "variants" / "broken.wonders")
    result = call_cli("check", str(content_copy), "--variant", "cheap-trade")
    assert result.returncode == 0, result.stdout
    assert "variant(s) in variants/" not in result.stdout


def test_a_variant_given_as_a_path_is_not_checked_again_with_the_others(content_copy):
    shutil.copy(BROKEN, content_copy / "variants" / "broken.wonders")
    result = call_cli("check", str(content_copy), str(content_copy / "variants" / "cheap-trade.wonders"))
    assert result.returncode == 0, result.stdout
    assert result.stdout.endswith(f"; variants: Cheap trade; rule sets in subfolders checked: {content_copy}/second-edition\n")


def test_a_file_in_variants_that_is_not_a_variant_is_E1408_and_the_others_are_still_checked(content_copy):
    (content_copy / "variants" / "stray.wonders").write_text('card "Stray" {\n    age I\n}\n', encoding="utf-8")
    (content_copy / "variants" / "empty.wonders").write_text("", encoding="utf-8")
    shutil.copy(BROKEN, content_copy / "variants" / "broken.wonders")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert f"error[E1408]: a file of a variants folder has a card outside a variant\n" \
           f" --> {content_copy}/variants/stray.wonders:1:6\n" in result.stdout
    assert f"error[E1408]: a file of a variants folder holds no variant\n" \
           f" --> {content_copy}/variants/empty.wonders:1:1\n" in result.stdout
    assert f"{content_copy}/variants/broken.wonders:" in result.stdout        # still checked
    assert "Traceback" not in result.stderr


def test_a_file_given_with_variant_that_is_not_a_variant_is_a_usage_error(content_copy, tmp_path):
    stray = tmp_path / "stray.wonders"
    stray.write_text('card "Stray" {\n    age I\n}\n', encoding="utf-8")
    result = call_cli("check", str(content_copy), "--variant", str(stray))
    assert result.returncode == 2
    assert f"{stray}: a variant file holds only `variant` blocks, but line 1 has a card outside one" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_rule_set_folder_checks_its_own_variants(tmp_path):
    edition = tmp_path / "second-edition"
    shutil.copytree(ROOT / "content" / "second-edition", edition)
    good = _variant(edition, "rich", "Rich start", "set starting coins 5")
    good.write_text(good.read_text().replace("first edition", "second edition"), encoding="utf-8")
    assert call_cli("check", str(edition)).stdout.endswith("; 1 variant(s) in variants/ checked\n")
    shutil.copy(ROOT / "content" / "variants" / "cheap-trade.wonders", edition / "variants")
    result = call_cli("check", str(edition))
    assert result.returncode == 1 and "error[E1402]" in result.stdout       # a first-edition variant


# ---------------------------------------------------------------- E1304: a board for every seat
def test_play_refuses_content_with_fewer_wonders_than_seats(tmp_path):
    fewer = tmp_path / "fewer.wonders"
    fewer.write_text(f'variant "Fewer boards" {{\n{RULES}    remove wonder "Gizah"\n}}\n', encoding="utf-8")
    for players in ("7", "3"):
        result = call_cli("play", "--players", players, "--seed", "1", "--variant", str(fewer))
        assert result.returncode == 1, result.stdout + result.stderr
        assert "error[E1304]" in result.stderr and "Traceback" not in result.stderr
        assert "fix them first" in result.stderr


def test_a_table_counts_its_neutral_cities_as_seats(tmp_path):
    from interpreter.check.load import check_paths
    text = (ROOT / "tests" / "golden" / "valid.wonders").read_text(encoding="utf-8")
    (tmp_path / "rules.wonders").write_text(text, encoding="utf-8")
    (tmp_path / "table.wonders").write_text(
        'table for 2 players {\n    cards as for 3 players\n'
        '    neutral city "One" { holder in age I: left neighbour }\n'
        '    neutral city "Two" { holder in age I: right neighbour }\n}\n', encoding="utf-8")
    found = [d for d in check_paths([str(tmp_path)]).diagnostics if d.code == "E1304"]
    assert [d.message for d in found] == [
        "the table for 2 players seats 4 cities with its neutral cities, so it needs 4 wonder boards, "
        "but there are only 3"]
    assert found[0].span.file.endswith("table.wonders") and found[0].span.line == 1


# ---------------------------------------------------------------- `set players` and the 2-player table
@pytest.mark.parametrize("players, message, line", [
    ("2 to 7", "a table for 2 players, but the rules play 2 to 7 players themselves", 6),
    ("4 to 7", "cards as for 3 players, but the rules play 4 to 7", 7),
])
def test_a_player_range_the_two_player_table_contradicts(tmp_path, players, message, line):
    variant = tmp_path / "range.wonders"
    variant.write_text(f'variant "Range" {{\n{RULES}    set players {players}\n}}\n', encoding="utf-8")
    result = call_cli("check", "--variant", str(variant))
    assert result.returncode == 1
    assert f"error[E1204]: {message}\n --> content/two-players.wonders:{line}:" in result.stdout
    assert f"= note: the rules' player range is set here at {variant}:3:9" in result.stdout
    play = call_cli("play", "--players", "2", "--seed", "1", "--variant", str(variant))
    assert play.returncode == 1 and "error[E1204]" in play.stderr and "Traceback" not in play.stderr
