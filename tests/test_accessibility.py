"""The accessible edition, used as its readers use it: the kit's notation (checked against
the accessible rulebook's own examples), the plain mode read line by line as a screen
reader reads it, a game played at a terminal in that mode, NO_COLOR, and the braille labels
back-translated with liblouis."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys

import pytest

from conftest import ROOT, call_cli

KIT = ("--notation", "accessible")


def label_list(text: str) -> list[list[str]]:
    """The plain labels of `cards --plain`, in order, each its lines (the name line first)."""
    return [block.split("\n") for block in text.strip().split("\n\n")[:-1]]


def labels(text: str) -> dict[str, list[str]]:
    """The labels by name (a name of several ages: its first)."""
    found: dict[str, list[str]] = {}
    for label in label_list(text):
        found.setdefault(label[0].split(",")[0], label)
    return found


@pytest.fixture(scope="module")
def kit_labels():
    result = call_cli("cards", "--plain", *KIT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("78 cards")
    return labels(result.stdout)


# ---------------------------------------------------------------- the notation
def test_the_rulebooks_examples_read_as_the_rulebook_gives_them(kit_labels):
    # "the Marketplace is free, the Mine costs one coin, the Baths require one stone to be
    # built and the Arena requires two stones and one ore": name, age, cost, effect..., players
    assert kit_labels["Marketplace"][:3] == ["Marketplace, yellow", "1", "free"]
    assert kit_labels["Mine"] == ["Mine, brown", "1", "1$", "s/o", "play 6"]
    assert kit_labels["Baths"][:4] == ["Baths, blue", "1", "s", "3v"]
    assert kit_labels["Arena"][:3] == ["Arena, yellow", "3", "ss o"]
    # "the Timber yard costs 1 coin"; "the Eastern Trading Post is free"
    assert kit_labels["Timber Yard"][2] == "1$" and kit_labels["East Trading Post"][2] == "free"
    # "the Stables requires one brick, one wood and one ore OR possession of the Apothecary"
    assert kit_labels["Stables"][2:5] == ["w c o", "xx", "free with Apothecary"]
    # "the Scriptorium will allow the building of the Library and the Courthouse for free"
    chains = next(line for line in kit_labels["Scriptorium"] if line.startswith("chains to"))
    assert set(chains.removeprefix("chains to ").split(", ")) == {"Library", "Courthouse"}
    # "the Theater allows ... the Statue ... and this, in turn, ... the Gardens"
    assert "chains to Statue" in kit_labels["Theater"] and "chains to Gardens" in kit_labels["Statue"]
    # "the 3+ and 4+ cards are used": one "play N" per copy, a guild drawn at random
    assert kit_labels["Lumber Yard"][-1] == "play 3, play 4"
    assert kit_labels["Spies Guild"][-1] == "drawn at random"


def test_every_mark_of_the_rulebook_appears(kit_labels):
    text = "\n".join(line for label in kit_labels.values() for line in label[2:])
    for mark in ("w", "s", "o", "c", "p", "l", "g", "v", "x", "&", "@", "#", "$"):
        assert re.search(rf"(?<![A-Za-z]){re.escape(mark)}", text), mark
    assert kit_labels["Scriptorium"][3] in ("&", "@", "#")


def test_wonder_sides_in_the_kit_notation():
    result = call_cli("cards", "--wonders", "--plain", *KIT)
    assert result.returncode == 0, result.stderr
    sides = labels(result.stdout.replace("Alexandria, side B", "Alexandria B, side B"))
    assert sides["Alexandria"] == ["Alexandria, side A: g", "stage 1, ss: 3v",
                                   "stage 2, oo: w/s/o/c not for sale", "stage 3, gg: 7v"]
    assert result.stdout.rstrip().endswith("14 wonder sides")


def test_the_letters_are_the_content_s(content_copy):
    table = content_copy / "notation" / "accessible.toml"
    table.write_text(table.read_text(encoding="utf-8").replace('wood = "w"', 'wood = "W"'), encoding="utf-8")
    result = call_cli("cards", "--plain", *KIT, "--content", str(content_copy))
    assert result.returncode == 0, result.stderr
    assert labels(result.stdout)["Lumber Yard"][3] == "W"


CHANGES = [('stone = "s"', 'stone = "w"'), ('[marks]', '[marks'), ('coin = "$"', 'coin = 1'),
           ('point = "count"', 'point = "tally"'), ('[words]', '[wordz]')]
UNUSABLE = {   # what each change of CHANGES is refused for, in each language
    "en": ("error: ", ["resources.stone is 'w', the same as resources.wood", "not a valid TOML notation table",
                       "marks.coin must be a non-empty string", 'amounts.point must be "repeat" or "count"',
                       "[wordz] is not a section"]),
    "nl": ("fout: ", ["resources.stone is 'w', hetzelfde als resources.wood", "geen geldige TOML-notatietabel",
                      "marks.coin moet een tekst zijn die niet leeg is", 'amounts.point moet "repeat" of "count" zijn',
                      "[wordz] is geen sectie van een notatietabel"]),
}


@pytest.mark.parametrize("lang, change, expected",
                         [(lang, change, expected) for lang, (_, said) in UNUSABLE.items()
                          for change, expected in zip(CHANGES, said)])
def test_an_unusable_table_is_named_with_its_field(content_copy, lang, change, expected):
    table = content_copy / "notation" / "accessible.toml"
    table.write_text(table.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    result = call_cli("cards", "--lang", lang, *KIT, "--content", str(content_copy))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(UNUSABLE[lang][0]) and "accessible.toml" in result.stderr, result.stderr
    assert expected in result.stderr, result.stderr


def test_a_toml_error_names_its_line_and_column(content_copy):
    table = content_copy / "notation" / "accessible.toml"
    table.write_text("[resources]\nwood = w\n", encoding="utf-8")
    result = call_cli("cards", *KIT, "--content", str(content_copy))
    assert result.returncode == 1 and "line 2, column 8" in result.stderr, result.stderr


def test_the_shipped_table_names_every_resource_and_symbol_of_every_rule_set():
    from interpreter.check.notation_table import read_table, table_path
    from interpreter.check.load import check_paths
    from interpreter.paths import rule_sets
    for name in rule_sets():
        vocabulary = check_paths(None, [], name).ruleset.vocabulary
        table = read_table(table_path((), name))
        assert set(table.resources) == set(vocabulary.resources), name
        assert set(table.symbols) == set(vocabulary.symbols), name


def test_the_kit_table_of_cards():
    result = call_cli("cards", "--age", "2", "--color", "red", *KIT)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if line.startswith("Stables"))
    assert re.match(r"Stables +red +2 +w c o +xx +free with Apothecary +play 3, play 5$", row), row


# ---------------------------------------------------------------- plain, one fact a line
NOT_PLAIN = re.compile(r"\x1b|\r|^\s*-{3,}|[\u2500-\u257f\u2580-\u259f]|\|")


def assert_plain(text: str) -> None:
    for line in text.splitlines():
        assert not NOT_PLAIN.search(line), repr(line)


@pytest.mark.slow
def test_plain_outputs_have_no_tables_rules_or_bars(tmp_path):
    log, position = tmp_path / "game.json", tmp_path / "position.json"
    runs = [("cards", "--plain"), ("cards", "--plain", "--wonders"),
            ("play", "--players", "4", "--seed", "3", "--plain", "--log", str(log), *KIT),
            ("replay", str(log), "--plain", "--to", "8", "--save", str(position)),
            ("moves", str(position), "--plain", *KIT),
            ("score", "docs/examples/table.json", "--plain", *KIT),
            ("simulate", "--bots", "random", "--players", "3", "--games", "4", "--workers", "1", "--plain")]
    for args in runs:
        result = call_cli(*args)
        assert result.returncode == 0, (args, result.stderr)
        assert_plain(result.stdout + result.stderr)
    pad = call_cli("score", "docs/examples/table.json", "--plain").stdout.splitlines()
    assert "total, Ann: 58" in pad and "science, Ann: 21" in pad and "Winner: Ann" in pad


def test_the_score_table_in_the_kit_notation():
    result = call_cli("score", "docs/examples/table.json", *KIT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:4] == ["Ann: Alexandria, side A: g", "  stage 1, ss: 3v (built)",
                         "  stage 2, oo: w/s/o/c not for sale (built)", "  stage 3, gg: 7v (built)"]
    assert "  Library (2, ss l: #)" in lines or "  Library (2, ss l: &)" in lines or "  Library (2, ss l: @)" in lines


PROMPT_END = b"(number or card name): "       # the prompt waits for an answer on its own line


class Terminal:
    """A program on a pseudo-terminal, read a line at a time as a screen reader reads it."""

    def __init__(self, *args: str, env=None, prompt_end: bytes = PROMPT_END):
        import pty
        self.prompt_end = prompt_end
        self.main, secondary = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", *args], cwd=ROOT,
                                        stdin=secondary, stdout=secondary, stderr=secondary,
                                        env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})))
        os.close(secondary)
        self.pending = b""
        self.seen: list[str] = []

    def line(self, timeout: float = 60) -> str | None:
        """The next line (or the prompt waiting for an answer); None at the end."""
        while b"\n" not in self.pending and not self.pending.endswith(self.prompt_end):
            ready, _, _ = select.select([self.main], [], [], timeout)
            assert ready, f"no output for {timeout} s after: {self.seen[-5:]}"
            try:
                chunk = os.read(self.main, 65536)
            except OSError:                       # the program ended and the terminal closed
                chunk = b""
            if not chunk:
                if not self.pending:
                    return None
                break
            self.pending += chunk
        line, sep, rest = self.pending.partition(b"\n")
        self.pending = rest if sep else b""
        text = line.decode("utf-8").rstrip("\r")
        self.seen.append(text)
        return text

    def type(self, text: str) -> None:
        os.write(self.main, text.encode() + b"\r")

    def close(self) -> int:
        os.close(self.main)
        return self.process.wait(timeout=60)


def test_a_screen_reader_user_plays_a_game_in_the_kit_notation():
    term = Terminal("play", "--players", "3", "--seed", "7", "--bots", "greedy", "--human", "1",
                    "--plain", *KIT, env={"NO_COLOR": "1"})
    built, decisions, in_hand, options = [], 0, False, []
    try:
        while (line := term.line()) is not None:
            assert not NOT_PLAIN.search(line) and "==" not in line, repr(line)
            if line.endswith(PROMPT_END.decode()):
                # build the first card that can be built, as a player who reads the list would
                choice = next((n for n, text in options if text.startswith("build ")), options[0][0])
                text = dict(options)[choice]
                if text.startswith("build "):
                    built.append(text.removeprefix("build ").split(" (")[0])
                term.type(str(choice))
                decisions += 1
                options = []
            elif line == "Hand:":
                in_hand = True
            elif re.match(r"^ +\d+\. ", line):
                number, text = line.strip().split(". ", 1)
                options.append((int(number), text))
                in_hand = False
            elif in_hand:
                # a hand's card: name and colour; the age; the cost; its effects (kit notation)
                name, age, cost = line.strip().split("; ")[:3]
                assert re.fullmatch(r"[1-3]", age) and re.fullmatch(r"free|\d+\$|[wsocplg ]+|\d+\$ [wsocplg ]+",
                                                                     cost), line
    finally:
        status = term.close()
    assert status == 0, term.seen[-20:]
    assert decisions >= 18 and built
    log = term.seen
    assert "Players (clockwise; each one's left neighbour is the next):" in log
    assert any(re.fullmatch(r"  P1, stage 1, [wsocplg ]+: .+", line) for line in log)
    # the card the reader built is in the log, in the kit notation
    assert any(re.match(rf"    P1: build {re.escape(built[0])} \([1-3], [^:]+: .+\)", line) for line in log), built
    assert any(re.fullmatch(r"total, P1 \(.+\): -?\d+", line) for line in log)
    assert any(line.startswith("Winner") for line in log)


@pytest.mark.slow
def test_no_color_no_escape_anywhere_on_a_terminal(tmp_path):
    for args in [("cards",), ("check",), ("simulate", "--bots", "random", "--players", "3", "--games", "3", "--workers", "1")]:
        term = Terminal(*args, env={"NO_COLOR": "1"})
        text = []
        while (line := term.line()) is not None:
            text.append(line)
        assert term.close() == 0, text[-5:]
        assert not any("\x1b" in line for line in text), args


# ---------------------------------------------------------------- braille
def _louis():
    from interpreter.views.access import braille
    try:
        return braille.louis()
    except braille.BrailleUnavailable as err:
        pytest.skip(f"liblouis is not installed: {err}")


@pytest.mark.slow
def test_every_card_and_side_label_back_translates(tmp_path):
    _louis()
    from interpreter.views.access.braille import from_braille, labels_of
    printed = label_list(call_cli("cards", "--plain", *KIT).stdout) \
        + label_list(call_cli("cards", "--wonders", "--plain", *KIT).stdout)
    out = tmp_path / "cards.brf"
    result = call_cli("render", "--braille", str(out))
    assert result.returncode == 0, result.stderr
    assert "78 card label(s) and 14 wonder side label(s)" in result.stdout
    read = [[from_braille(line) for line in label] for label in labels_of(out.read_bytes().decode("ascii"))]
    assert len(read) == len(printed) == 78 + 14
    for back, label in zip(read, printed):
        # each card's name, cost and players found again, and every other line with them
        assert back[0] == label[0] and back[-1] == label[-1], (back, label)
        assert back == label
    stables = next(back for back in read if back[0] == "Stables, red")
    assert stables[2] == "w c o" and stables[-1] == "play 3, play 5"


def test_the_braille_pages_fit_the_embosser(tmp_path):
    _louis()
    out = tmp_path / "narrow.brf"
    result = call_cli("render", "--braille", str(out), "--cells", "24", "--lines", "20", "--age", "3")
    assert result.returncode == 0, result.stderr
    pages = out.read_bytes().decode("ascii").split("\f")
    assert pages[-1] == "" and len(pages) > 2
    for page in pages[:-1]:
        rows = page.split("\r\n")[:-1]
        assert 0 < len(rows) <= 20 and all(len(row) <= 24 for row in rows)
        assert all(re.fullmatch(r"[ -~]*", row) for row in rows)       # ASCII braille only


def test_an_unknown_braille_table_is_a_usage_error(tmp_path):
    _louis()
    result = call_cli("render", "--braille", str(tmp_path / "x.brf"), "--braille-table", "klingon.ctb")
    assert result.returncode == 2 and "klingon.ctb" in result.stderr
    assert not (tmp_path / "x.brf").exists()


def test_without_liblouis_the_packages_to_install_are_named(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), WONDERS_LOUIS=str(tmp_path / "nowhere" / "__init__.py"))
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "render", "--braille",
                             str(tmp_path / "x.brf")], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 69, result.stderr
    assert "python3-louis" in result.stderr and "liblouis-data" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "x.brf").exists()


def test_the_docs_braille_excerpt_is_the_files_start(tmp_path):
    _louis()
    doc = (ROOT / "docs" / "accessibility.md").read_text(encoding="utf-8")
    excerpt = re.search(r"```text brf\n(.*?)```", doc, flags=re.S).group(1)
    out = tmp_path / "cards.brf"
    assert call_cli("render", "--braille", str(out), "--age", "1").returncode == 0
    assert out.read_bytes().decode("ascii").replace("\r\n", "\n").startswith(excerpt)


def test_a_name_without_a_mark_is_written_whole_and_warned_about(content_copy):
    table = content_copy / "notation" / "accessible.toml"
    table.write_text(table.read_text(encoding="utf-8").replace('loom = "l"\n', ""), encoding="utf-8")
    result = call_cli("cards", "--plain", *KIT, "--content", str(content_copy))
    assert result.returncode == 0, result.stderr
    assert "gives no mark to loom: written as their names" in result.stderr
    assert labels(result.stdout)["Loom"][3] == "loom"


def test_plain_diagnostics_have_no_gutter_or_carets(tmp_path):
    bad = tmp_path / "bad.wonders"
    bad.write_text('card "X" {\n    age I  color pink  copies 3+\n}\n', encoding="utf-8")
    result = call_cli("check", "content/base.wonders", str(bad), "--plain")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[:3] == ["error E1002: unknown colour `pink`",
                         f"at {bad}, line 2, column 18: not a declared colour",
                         "line 2 reads: age I  color pink  copies 3+"]
    assert_plain(result.stdout)
    assert not any("^" in line or line.lstrip().startswith(("|", "-->")) for line in lines)


def test_every_kind_of_effect_has_a_kit_label():
    result = call_cli("cards", "--content", "tests/every_effect.wonders", "--plain", *KIT)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    found = labels(result.stdout)
    assert found["Blue"][2:4] == ["1$ ww", "buy w s from both neighbours for 1$"]
    assert found["Chain End"][3:5] == ["xxxxx", "on turn end: -1$ per defeat token in own city"]
    assert "3v if unbuilt wonder stages in own city = 0 and coins > 2" in found["Last"]
    assert found["Scholar"][3] == "&/@"


def test_a_name_the_table_cannot_write_in_ascii_braille_is_refused(tmp_path, content_copy):
    _louis()
    age1 = content_copy / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace('"Clay Pool"', '"Clay Pooń"'), encoding="utf-8")
    out = tmp_path / "x.brf"
    result = call_cli("render", "--braille", str(out), "--braille-table", "nl-NL-g0.utb",
                     "--content", str(content_copy))
    assert result.returncode == 1, result.stderr
    assert "Clay Pooń" in result.stderr and "'ń'" in result.stderr and "no file was written" in result.stderr
    assert not out.exists()


def test_json_cards_carry_their_kit_label_and_game_data_refuses_the_notation(tmp_path):
    import json
    result = call_cli("cards", "--search", "Stables", "--format", "json", *KIT)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["cards"][0]["label"] == ["Stables, red", "2", "w c o", "xx", "free with Apothecary", "play 3, play 5"]
    assert data["wonders"][0]["sides"]["A"]["label"][0] == "Alexandria, side A: g"
    assert "label" not in json.loads(call_cli("cards", "--search", "Stables", "--format", "json").stdout)["cards"][0]
    for args in (("score", "docs/examples/table.json"), ("play", "--players", "3")):
        refused = call_cli(*args, "--format", "json", *KIT)
        assert refused.returncode == 2 and "--notation accessible is for the text output" in refused.stderr


# ---------------------------------------------------------------- `wonders check` of the table


def _edit_table(content_copy, old: str, new: str) -> tuple[str, str]:
    """Replace `old` by `new` in the copy's notation table; (the table's path as check
    shows it, its text)."""
    table = content_copy / "notation" / "accessible.toml"
    text = table.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new)
    table.write_text(text, encoding="utf-8")
    return str(table), text


def _line_of(text: str, line: str) -> int:
    return text.split("\n").index(line) + 1


@pytest.mark.parametrize("old, new, column, said", [
    ('ore = "o"', 'oar = "o"', 1, "'oar' is not a resource of the rule set"),
    ('tablet = "#"', '  "tablat" = "#"', 3, "'tablat' is not a science symbol of the rule set"),
    ('free = "free"', 'fre = "free"', 1, "unknown field 'fre' of [words]"),
])
@pytest.mark.slow
def test_check_names_a_misspelt_key_of_the_table(content_copy, old, new, column, said):
    shown, text = _edit_table(content_copy, old, new)
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = _line_of(text, new)
    assert f"error[E1604]: {said}" in result.stdout, result.stdout
    assert f" --> {shown}:{line}:{column}\n" in result.stdout, result.stdout
    right = old.split(" ")[0]
    assert f"did you mean '{right}'?" in result.stdout


def test_check_warns_of_the_names_the_table_gives_no_mark(content_copy):
    _edit_table(content_copy, 'ore = "o"', 'oar = "o"')
    result = call_cli("check", str(content_copy))
    assert re.search(r"warning\[W1605\]: 1 name without a mark \(written whole\): resource: ore\n", result.stdout), \
        result.stdout


def test_check_names_a_toml_error_s_line_and_column(content_copy):
    shown, text = _edit_table(content_copy, 'stone = "s"', 'stone = s')
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    line = _line_of(text, 'stone = s')
    assert "error[E1606]: the notation table cannot be used: " in result.stdout, result.stdout
    assert f" --> {shown}:{line}:9\n" in result.stdout, result.stdout


def test_check_with_a_variant_checks_the_table_too(content_copy):
    shown, text = _edit_table(content_copy, 'gear = "@"', 'geer = "@"')
    variant = content_copy / "variants" / "cheap-trade.wonders"
    result = call_cli("check", str(content_copy), "--variant", str(variant))
    assert result.returncode == 1
    assert "error[E1604]: 'geer' is not a science symbol of the rule set" in result.stdout, result.stdout
    line = _line_of(text, 'geer = "@"')
    assert f" --> {shown}:{line}:1\n" in result.stdout


def test_check_of_the_shipped_content_finds_nothing_in_its_table():
    result = call_cli("check")
    assert result.returncode == 0, result.stdout
    assert not re.search(r"E1604|W1605|E1606|accessible\.toml", result.stdout), result.stdout


def test_check_names_an_unusable_mark_at_its_key(content_copy):
    shown, text = _edit_table(content_copy, 'stone = "s"', 'stone = "w"')
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1606]: the notation table cannot be used: resources.stone is 'w', the same as " \
           "resources.wood" in result.stdout, result.stdout
    line = _line_of(text, 'stone = "w"')
    assert f" --> {shown}:{line}:1\n" in result.stdout
