"""Errors caused by a variant point at the variant (issue 21, item 2): the change that
caused a fault found in a shipped file is named by file, line and column, with --variant
and in a folder check alike, and the help says what to change in the variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import call_cli, call_json

RULES = '"7 Wonders, first edition"'


def _variant(folder: Path, body: str, name: str = "house.wonders", title: str = "House") -> Path:
    path = folder / name
    path.write_text(f'variant "{title}" {{\n    changes {RULES}\n{body}}}\n', encoding="utf-8")
    return path


# each case: the change (line 3 of the variant file), the code it causes, words of its help
CASES = {
    "chain": ('    remove card "Baths"\n', "E1004", 'replace card "Aqueduct"'),
    "deck": ('    remove card "Clay Pit"\n', "E1301", "in the variant"),
    "guilds": ('    remove card "Builders Guild"\n    remove card "Spies Guild"\n', "E1302", "in the variant"),
    "wonder": ('    remove wonder "Rhodos"\n', "E1304", "in the variant"),
    "players": ("    set players 3 to 8\n", "E1304", "in the variant"),
    "pad": ("    set score pad: military, treasury, wonder, civilian, science, guilds\n", "E1005",
            "in the variant, keep `commercial`"),
    "copies": ('    modify card "Clay Pit" { copies 8+ }\n', "W1303", "in the variant, give it `copies`"),
}


def _caused(data: dict, code: str, variant_file: str) -> dict:
    found = [d for d in data["diagnostics"] if d["code"] == code]
    assert found, data
    d = found[0]
    notes = [n for n in d.get("notes", []) if n.get("file") == variant_file]
    assert notes, d
    assert (notes[0]["line"], notes[0]["column"]) == (3, 5), d
    return d


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_error_a_variant_causes_names_the_change_with_variant(tmp_path, case):
    body, code, words = CASES[case]
    path = _variant(tmp_path, body)
    result, data = call_json("check", "--variant", str(path))
    assert result.returncode == 1
    d = _caused(data, code, str(path))
    if case != "players":                                  # (its span is the variant's own `set`)
        assert d["file"].startswith("content/")           # found in the shipped file ...
    assert words in d["help"], d                           # ... but the help is about the variant


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
def test_an_error_a_variant_causes_names_the_change_in_a_folder_check(content_copy, case):
    body, code, words = CASES[case]
    path = _variant(content_copy / "variants", body)
    result, data = call_json("check", str(content_copy))
    assert result.returncode == 1
    d = _caused(data, code, str(path))
    assert words in d["help"], d


def test_the_note_reads_as_a_sentence_in_text(tmp_path):
    path = _variant(tmp_path, CASES["chain"][0])
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 1
    assert f'= note: the variant "House" removes the card "Baths" at {path}:3:5' in result.stdout
    assert "chains name a card of an earlier age" not in result.stdout


def test_an_error_of_the_base_itself_has_no_variant_note(content_copy, tmp_path):
    text = (content_copy / "age2.wonders").read_text(encoding="utf-8")
    (content_copy / "age2.wonders").write_text(text.replace('free with "Baths"', 'free with "Bathz"'), encoding="utf-8")
    path = _variant(tmp_path, '    set sell for 2 coins\n')
    result, data = call_json("check", str(content_copy), "--variant", str(path))
    assert result.returncode == 1
    d = next(d for d in data["diagnostics"] if d["code"] == "E1004")
    assert not d.get("notes"), d


def test_any_other_fault_a_variant_causes_in_a_shipped_file_names_the_variant(tmp_path):
    # a card moved to the age of a card that chains from it: E1202 in age2.wonders
    path = _variant(tmp_path, '    modify card "Baths" { age II }\n')
    result, data = call_json("check", "--variant", str(path))
    assert result.returncode == 1
    for d in data["diagnostics"]:
        if not d["file"].startswith(str(tmp_path)):
            assert any(n.get("file") == str(path) for n in d.get("notes", [])), d


# ---------------------------------------------------------------- rule sets in subfolders
@pytest.mark.slow
def test_a_folder_check_names_and_checks_the_rule_sets_of_its_subfolders(content_copy):
    result = call_cli("check", str(content_copy))
    assert result.returncode == 0, result.stdout
    assert result.stdout.rstrip().endswith(f"; rule sets in subfolders checked: {content_copy}/second-edition")


@pytest.mark.slow
def test_a_broken_rule_set_in_a_subfolder_fails_the_check(content_copy):
    age1 = content_copy / "second-edition" / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace("color brown", "color browne", 1), encoding="utf-8")
    result, data = call_json("check", str(content_copy))
    assert result.returncode == 1
    assert [(d["code"], d["file"]) for d in data["diagnostics"] if d["severity"] == "error"] == [("E1002", str(age1))]


def test_the_variants_of_a_rule_set_in_a_subfolder_are_checked_on_it(content_copy):
    variants = content_copy / "second-edition" / "variants"
    variants.mkdir()
    path = _variant(variants, '    remove wonder "Rhodos"\n', title="Six").read_text(encoding="utf-8")
    (variants / "house.wonders").write_text(path.replace("first edition", "second edition"), encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1304]" in result.stdout
    assert f'the variant "Six" removes the wonder "Rhodos" at {variants}/house.wonders:3:5' in result.stdout


# ---------------------------------------------------------------- pointing the designer at the fix
def test_checking_a_variant_file_as_content_says_it_is_a_variant(tmp_path):
    path = _variant(tmp_path, "    set sell for 2 coins\n", name="my_variant.wonders")
    result = call_cli("check", "my_variant.wonders", cwd=tmp_path)
    assert result.returncode == 1
    assert "my_variant.wonders holds only variants" in result.stdout
    assert "wonders check --variant my_variant.wonders" in result.stdout
    assert "add `rules" not in result.stdout
    assert path.is_file()


def test_a_variant_named_without_its_path_suggests_the_file_of_this_folder(tmp_path):
    _variant(tmp_path, "    set sell for 4 coins\n", name="sell4.wonders")
    result = call_cli("check", "--variant", "sell4", cwd=tmp_path)
    assert result.returncode == 2
    assert "write --variant ./sell4.wonders" in result.stderr


def test_a_misspelt_override_is_a_warning_with_a_did_you_mean(tmp_path):
    path = _variant(tmp_path, '    overrides "Selling gives 2 coin"\n    set starting coins 4\n')
    result = call_cli("check", "--variant", "selling-gives-2", "--variant", str(path))
    assert result.returncode == 0, result.stdout
    assert "warning[W1409]" in result.stdout
    assert 'did you mean "Selling gives 2 coins"?' in result.stdout


def test_an_override_of_a_variant_not_applied_is_not_a_warning(tmp_path):
    path = _variant(tmp_path, '    overrides "Cheap trade"\n    set sell for 1 coin\n')
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 0 and "W1409" not in result.stdout, result.stdout


def test_e1403_help_names_the_designer_s_own_file_never_a_shipped_one(tmp_path):
    path = _variant(tmp_path, "    set sell for 1 coin\n")
    for order in ([str(path), "selling-gives-2"], ["selling-gives-2", str(path)]):
        result, data = call_json("check", *[a for v in order for a in ("--variant", v)])
        assert result.returncode == 1
        (d,) = [d for d in data["diagnostics"] if d["code"] == "E1403"]
        assert d["file"] == str(path), d                       # the designer's change, underlined
        assert 'add `overrides "Selling gives 2 coins"` to "House"' in d["help"], d
        assert 'to "Selling gives 2 coins"' not in d["help"], d


@pytest.mark.parametrize("rules, words", [
    ("7 Wonders, first editon", 'help: did you mean "7 Wonders, first edition"?'),     # misspelt
    ("7 Wonders, second edition", "give `--rules second-edition` with it"),            # other shipped rules
])
def test_e1402_helps_to_the_rules_meant(tmp_path, rules, words):
    path = tmp_path / "other.wonders"
    path.write_text(f'variant "Other" {{\n    changes "{rules}"\n    set sell for 1 coin\n}}\n', encoding="utf-8")
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 1
    assert words in result.stdout, result.stdout


def test_e1405_for_a_score_category_reads_as_a_sentence(tmp_path):
    path = _variant(tmp_path, "    remove score commerce\n")
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 1
    assert "score line for" not in result.stdout
    assert "error[E1405]: the rules have no `score commerce:` line to change" in result.stdout


def test_e1405_for_a_category_cards_score_says_where_its_points_come_from(tmp_path):
    path = _variant(tmp_path, "    remove score commercial\n")
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 1
    assert "error[E1405]: the rules have no `score commercial:` line to change" in result.stdout
    assert "`commercial` is scored by the points of cards and wonders" in result.stdout


@pytest.mark.slow
def test_remove_score_works_for_a_category_the_rules_score(tmp_path):
    """`remove score science` takes the rules' own science line away: the pad's science
    column is 0 for every city, where the same seeds score science without the variant."""
    import json
    variant = _variant(tmp_path, "    remove score science\n", title="No science")
    assert call_cli("check", "--variant", str(variant)).returncode == 0
    with_variant, without = [], []
    for seed in (1, 2, 3):
        for scores, extra in ((with_variant, ["--variant", str(variant)]), (without, [])):
            played = call_cli("play", "--players", "4", "--seed", str(seed), *extra, "--format", "json")
            assert played.returncode == 0, played.stderr
            scores += [player["science"] for player in json.loads(played.stdout)["players"]]
    assert set(with_variant) == {0} and any(without), (with_variant, without)
