"""The program's words in Dutch where they were English: `wonders check`'s diagnostics (the
codes stay), `rules --full` and `rules --diff` in words, and render's chips and tooltips."""

from __future__ import annotations

import pytest

import re

from conftest import call_cli


def test_check_speaks_dutch_and_keeps_its_codes(content_copy):
    age1 = content_copy / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace("color brown", "color brwn", 1), encoding="utf-8")
    age2 = content_copy / "age2.wonders"
    age2.write_text(age2.read_text(encoding="utf-8").replace('free with "Baths"', 'free with "Bathz"'), encoding="utf-8")
    dutch = call_cli("check", str(content_copy), "--lang", "nl")
    english = call_cli("check", str(content_copy))
    assert dutch.returncode == english.returncode == 1
    text = dutch.stdout
    assert "fout[E1002]: onbekende kleur `brwn`" in text and "geen gedeclareerde kleur" in text
    assert "hulp: bedoelde je `brown`?" in text
    assert 'fout[E1004]: onbekende kaart "Bathz"' in text and "geen kaart heeft deze naam" in text
    assert 'hulp: bedoelde je "Baths"?' in text
    assert re.findall(r"\[(E\d{4})\]", text) == re.findall(r"\[(E\d{4})\]", english.stdout)
    for english_words in ("unknown", "did you mean", "no card has this name", "not a declared"):
        assert english_words not in text, english_words


def test_a_syntax_error_in_dutch(tmp_path):
    bad = tmp_path / "bad.wonders"
    bad.write_text('card "X {\n', encoding="utf-8")
    result = call_cli("check", str(bad), "--lang", "nl")
    assert result.returncode == 1
    assert "fout[E0003]: niet afgesloten tekenreeks" in result.stdout, result.stdout
    assert "^ dit aanhalingsteken wordt nooit gesloten" in result.stdout, result.stdout


def test_rules_full_in_dutch_words():
    result = call_cli("rules", "--full", "--lang", "nl")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("7 Wonders, first edition\nSpelers: 3 tot en met 7")
    blocks = text.split("\n\n")
    assert "Marktplaats, Commerciële Gebouwen\nTijdperk I\ngratis\nbetaalt voor " in text
    assert "\n78 kaarten\n" in text and text.rstrip().endswith("14 kanten van Wonder borden")
    assert "card \"" not in text and "color brown" not in text and len(blocks) > 90


@pytest.mark.slow
def test_rules_diff_in_dutch_words():
    result = call_cli("rules", "--diff", "--variant", "age-stipend", "--lang", "nl")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["--- basis", "+++ met age-stipend"]
    assert "+  aan het begin van elk Tijdperk: de stad krijgt 1 muntstuk" in lines
    same = call_cli("rules", "--diff", "--lang", "nl")
    assert same.stdout == "De varianten veranderen niets.\n"
    english = call_cli("rules", "--diff", "--variant", "age-stipend")
    assert '+    trigger "age stipend" on age start: gain 1 coin' in english.stdout.splitlines()


@pytest.mark.slow
def test_render_chips_and_tooltips_in_dutch(tmp_path):
    out = tmp_path / "kaarten"
    result = call_cli("render", "--lang", "nl", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("78 kaart(en) en 14 kant(en) van Wonder borden getekend in ")
    olympia = (out / "wonders" / "olympia-a.svg").read_text(encoding="utf-8")
    assert "1× per Tijdperk" in olympia and "once per" not in olympia
    titles = {t for svg in (out / "cards").glob("*.svg")
              for t in re.findall(r"<title>([^<]*)</title>", svg.read_text(encoding="utf-8"))}
    assert {"Hout", "een schild", "kosten: 1 muntstuk", "niet te koop"} & titles == \
        {"Hout", "een schild", "kosten: 1 muntstuk"} | ({"niet te koop"} & titles)
    english = {"a shield", "Wood", "private"} | {t for t in titles if t.startswith(("cost:", "on ", "once per"))}
    assert not english & titles, english & titles
