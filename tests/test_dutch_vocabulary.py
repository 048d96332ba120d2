"""No English left at a Dutch table: each command is run as a user runs it, in English and
with `--lang nl`, and the Dutch output may hold no word of the program's English (the English
sentences of its catalog, and every word the same English run printed) unless Dutch uses the
word too, or it is a name of the content (names the Dutch rulebook does not give stay
English: docs/localisation.md).  Every example of docs/errors.md is checked the same way in
Dutch.  A sentence added in English only, or a word built outside the catalog, fails here."""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, run_cli

WORD = re.compile(r"[A-Za-z]{3,}")
KIT_MARKS = re.compile(r"^[wsocplgvx]+$")            # the kit's letters: `sss`, `xxx`, `www`
PLAYERS = {"ann", "bob", "cid"}                      # the players of docs/examples/table.json


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text or ""))}


def _unquoted(text: str) -> str:
    """What the program says, without code in backticks, names in double quotes, a value,
    option or command in single quotes (as Click quotes them), a metavar (`LOG_FILE`), the
    msgctxt a translator writes beside a kind of name (`kaart (card)`), or the names a
    W1602 lists (they stay English: that is what it says)."""
    from interpreter.i18n.content_names import KINDS
    text = text.split("(die blijven Engels): ")[0].split("(die blijft Engels): ")[0]
    text = re.sub(r"\S*/\S*|\S+\.(?:html|svg|brf|json|jsonl|po|wonders|md)\b", " ", text)     # files
    text = re.sub(r"\((?:" + "|".join(KINDS) + r")\)", " ", text)
    text = re.sub(r"'[^'\s]*'|'wonders [^'\n]*'|\bwonders [a-z]+\b|\b[A-Z]+_[A-Z_]+\b", " ", text)  # code, a value
    text = re.sub(r"(?<![\w-])--?[a-z][a-z-]*|\[[a-z0-9|.-]+\]", " ", text)     # an option, a choice's values
    return re.sub(r'"[^"\n]*"', " ", re.sub(r"`[^`]*`", " ", text))


@lru_cache(maxsize=1)
def _catalogs() -> tuple[frozenset, frozenset]:
    """(words of the program's English sentences, words of every Dutch text it has)."""
    from babel.messages.pofile import read_po
    catalogs = ROOT / "interpreter" / "i18n" / "catalogs"
    english, dutch = set(), set()
    with open(catalogs / "wonders.pot", "rb") as handle:
        for message in read_po(handle):
            for text in [message.id] if isinstance(message.id, str) else message.id:
                english |= _words(text)
    for po in [catalogs / "nl.po", catalogs / "click" / "nl.po", ROOT / "content" / "locales" / "nl.po"]:
        with open(po, "rb") as handle:
            for message in read_po(handle):
                for text in [message.string] if isinstance(message.string, str) else message.string:
                    dutch |= _words(_unquoted(text))       # not the code it quotes
    def literals(module):
        return _words(" ".join(re.findall(r'"([^"\n]*)"', (ROOT / "interpreter" / module).read_text(encoding="utf-8"))))
    dutch |= literals("views/describe_nl.py") - literals("views/describe.py")   # its words, not the effects' keys both compare
    return frozenset(english), frozenset(dutch)


@lru_cache(maxsize=1)
def _content_names() -> frozenset:
    """Words of the content's names (every rule set and pack), its variants and rule sets."""
    from interpreter.check.load import check_paths
    from interpreter.check.translations import known_names
    found = set(PLAYERS)
    for rules in (None, "first-edition+leaders+cities", "second-edition"):
        ruleset = check_paths(None, (), rules).ruleset
        found |= _words(ruleset.rules.name)
        for kind, names in known_names(ruleset).items():
            for name in names if kind != "notation" else ():    # the kit's words are to be translated
                found |= _words(name)
    for path in (ROOT / "content").rglob("*.wonders"):
        for name in re.findall(r'variant\s+"([^"]+)"', path.read_text(encoding="utf-8")):
            found |= _words(name)
    named = re.compile(r'\b(?:variant|card|wonder|overrides|changes|trigger|phase|zone|deck|rules)\s+"([^"]+)"')
    for path in [*(ROOT / "docs" / "examples").glob("*.wonders"), ROOT / "docs" / "errors.md"]:
        found |= _words(" ".join(named.findall(path.read_text(encoding="utf-8"))))
    return frozenset(found)


def english_in(dutch: str, english_run: str = "") -> dict[str, str]:
    """The English words of a Dutch output, each with the first line it is on."""
    program, dutch_words = _catalogs()
    english = (program | _words(_unquoted(english_run))) - dutch_words - _content_names()
    found: dict[str, str] = {}
    for line in dutch.splitlines():
        if re.match(r"^\s*(\d+ \||-->)", line):          # a line of a file a diagnostic quotes
            continue
        line = re.sub(r"\b(?:luidt|reads): .*", " ", line)     # ... and with --plain
        for word in WORD.findall(_unquoted(line)):
            if word.lower() in english and not KIT_MARKS.match(word):
                found.setdefault(word, line.strip())
    return found


def _page_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", text))


def _run(args, language: str, folder: Path, stdin: str | None = None, pages=(), status=(0, 1),
         run=call_cli) -> str:
    """`wonders ARGS --lang LANGUAGE` (@ in an argument: a folder of its own), its output and
    the text of the pages it wrote, with the folder's path left out.  In this process
    (call_cli: the words are the subject, not the process) unless `run` is run_cli."""
    out = folder / language
    out.mkdir()
    unset = dict.fromkeys(("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"))      # only --lang chooses
    result = run(*[a.replace("@", str(out)) for a in args], "--lang", language, input=stdin,
                 env={**unset, "NO_COLOR": "1"}, timeout=600)
    assert result.returncode in status, result.stderr
    text = result.stdout + result.stderr
    for pattern in pages:
        text += "".join(_page_text(p) for p in sorted(out.glob(pattern)))
    return text.replace(str(out), " ")


GAME = ("--players", "3", "--seed", "3", "--bots", "greedy")
PACKS = ("--expansion", "leaders", "--expansion", "cities")
RUNS = {
    "play": (("play", *GAME, "--log", "@/game.json"), None, ()),
    "play with the packs": (("play", "--players", "4", "--seed", "3", "--bots", "greedy", *PACKS), None, ()),
    "the team game, a leader buying from the bank": (("play", "--players", "4", "--seed", "4", "--bots", "greedy",
                                                      *PACKS, "--variant", "teams"), None, ()),
    "play at the prompt, plain, kit": (("play", *GAME, "--human", "1", "--plain", "--notation", "accessible"),
                                       "xyz\n0\n" + "1\n" * 30, ()),
    "cards with the packs": (("cards", *PACKS), None, ()),
    "wonder sides in the kit": (("cards", "--wonders", *PACKS, "--notation", "accessible", "--plain"), None, ()),
    "rules in full with the packs": (("rules", "--full", *PACKS), None, ()),
    "score in the kit": (("score", "docs/examples/table.json", "--notation", "accessible"), None, ()),
    "score a table with mistakes": (("score", "docs/examples/bad-table.json"), None, ()),
    "replay a file that is no log": (("replay", "docs/examples/table.json"), None, ()),
    "play from a file that is no save": (("play", "--load", "docs/examples/table.json"), None, ()),
    "check, plain": (("check", "--plain", "--variant", "docs/examples/first-house-rule-typo.wonders"), None, ()),
    "check with the packs": (("check", *PACKS), None, ()),
}
SLOW_RUNS = {
    "render with the packs": (("render", "--out", "@/r", *PACKS), None, ("r/*.html", "r/**/*.svg")),
    "simulate, plain, report": (("simulate", "--bots", "random", "--games", "6", *GAME[:2], "--seed", "1", "--plain", "--report",
                                 "@/s.html"), None, ("s.html",)),
    "compare, report": (("compare", "--bots", "random", "--games", "6", *GAME[:2], "--seed", "1", "--variant", "age-stipend",
                         "--report", "@/c.html"), None, ("c.html",)),
}


USAGE_ERRORS = {                                     # each ends with status 2, as a usage error
    "an unknown option": ("cards", "--kleur"),
    "a bad value of an option": ("cards", "--color", "paarsx"),
    "a missing argument": ("replay",),
    "a missing file": ("replay", "no-such-log.json"),
    "a missing option of the program's own": ("play",),
    "an unknown variant": ("cards", "--variant", "onbekend"),
    "options that exclude each other": ("replay", "docs/examples/table.json", "--to", "1", "--to-choice", "1"),
    "a value of the wrong type": ("cards", "--players", "many"),
}


@pytest.mark.parametrize("name", list(USAGE_ERRORS))
def test_a_dutch_usage_error_has_no_english_words(name, tmp_path):
    """Click's own sentences (`Usage:`, `Error: ...`, `Try ... for help`), the program's
    usage errors and the system's reasons, in Dutch."""
    args = USAGE_ERRORS[name]
    english = _run(args, "en", tmp_path, status=(2,))
    dutch = _run(args, "nl", tmp_path, status=(2,))
    assert english_in(dutch, english) == {}, dutch


def _check_run(name, runs, tmp_path):
    args, stdin, pages = runs[name]
    run = run_cli if args[0] in ("simulate", "compare") else call_cli     # (their pools of processes)
    english = _run(args, "en", tmp_path, stdin, pages, run=run)
    dutch = _run(args, "nl", tmp_path, stdin, pages, run=run)
    assert english_in(dutch, english) == {}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RUNS))
def test_a_dutch_run_has_no_english_words(name, tmp_path):
    _check_run(name, RUNS, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SLOW_RUNS))
def test_a_dutch_report_or_page_has_no_english_words(name, tmp_path):
    _check_run(name, SLOW_RUNS, tmp_path)


def test_the_check_finds_english_in_a_dutch_text():
    """The check itself: an English sentence of the program, or an English word of the run
    beside it, is found; Dutch, names and the kit's marks are not."""
    assert "unknown" in english_in("fout[E1004]: unknown card")
    assert "ravens" in english_in("de ravens vliegen", english_run="the ravens fly")
    assert english_in('Altaar (1, gratis: 2v); Lumber Yard; sss xx; `cost stone`; "Rich start"') == {}


# ---------------------------------------------------------------- every diagnostic of errors.md, in Dutch


def _error_examples():
    import test_docs
    found = []
    for code, body in test_docs._section_ids():
        block = test_docs.output_block(body)
        if block is None or any(u in block[0] for u in test_docs.UNREPRODUCIBLE):
            continue
        found.append(pytest.param(code, body, id=code))
    return found


def _diagnostic_lines(text: str) -> str:
    """The lines of a check's output that the program writes (not the source lines it quotes)."""
    keep = re.compile(r"^(fout|waarschuwing)\[|^\s*= |^\s*\|\s*[\^-]+|^\d+ bestand")
    return "\n".join(line for line in text.splitlines() if keep.match(line))


@pytest.mark.parametrize("code, body", _error_examples())
def test_every_diagnostic_example_in_dutch(code, body):
    import test_docs
    from interpreter.i18n import choose, language
    command, _ = test_docs.output_block(body)
    before = language()                  # run in this process: the tests after it keep their language
    try:
        shown = test_docs.run_wonders(command + " --lang nl", test_docs.example_of(body), test_docs.example_place(body))
    finally:
        choose(before)
    assert f"[{code}]" in shown or code in shown
    assert english_in(_diagnostic_lines(shown)) == {}


# ---------------------------------------------------------------- help pages, refusals, every command


def _commands() -> list[str]:
    import cli
    return ["", *sorted(cli.main.commands)]


@pytest.mark.parametrize("command", _commands())
def test_a_dutch_help_page_has_no_english_words(command, tmp_path):
    """`wonders [COMMAND] --help --lang nl`: the command's and its options' help, Click's
    own words (`Gebruik:`, `Opties:`, `Toon deze hulp en stop.`) and the parameters' metavars
    and types (`--players GETAL`, `VERSLAG`)."""
    import cli
    args = (command, "--help") if command else ("--help",)
    code = re.compile(r"^  (?:" + "|".join(cli.main.commands) + r")\b|(?:default|standaard):\s+[^\s;\]]+(?=[;\]])", re.M)
    english = code.sub(" ", _run(args, "en", tmp_path, status=(0,)))     # command names, a default value: code
    dutch = code.sub(" ", _run(args, "nl", tmp_path, status=(0,)))
    assert english_in(dutch, english) == {}, dutch


def _bad_files(folder: Path) -> dict[str, Path]:
    """Files a user might give by mistake: JSON the reader refuses, a save whose flow or
    position was damaged by hand."""
    import json
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    from interpreter.engine.game import Game
    from interpreter.engine.saves import game_to_data
    folder.mkdir()
    files = {"extra data": '{"a": 1}\n{"b": 2}\n', "no value": '{"a": }', "no quotes": "{a: 1}",
             "no comma": '{"a": 1 "b": 2}', "open string": '{"a": "b', "control": '{"a": "b\tc"}',
             "bad escape": '{"a": "\\q"}', "empty": ""}
    found = {}
    for name, text in files.items():
        found[name] = folder / (name.replace(" ", "-") + ".json")
        found[name].write_text(text, encoding="utf-8")
    found["not utf-8"] = folder / "latin.json"
    found["not utf-8"].write_bytes(b'{"a": "\xe9"}')
    game = Game(compile_rules(check_paths(None, [], None).ruleset), 3, seed=1)
    game.choose(0, 0)
    for name, change in {"flow step": lambda d: d["flow"]["steps"].append({"list": ["dance"]}),
                         "flow seat": lambda d: d["flow"]["steps"].append({"list": ["game_end_city", 9]}),
                         "flow waiting": lambda d: d["flow"]["waiting"].append([0, "nap"]),
                         "flow rule": lambda d: d["flow"]["steps"].append({"list": ["run", {"rule": 10 ** 6}, 0, None, ""]}),
                         "coins": lambda d: d["cities"][0].__setitem__("coins", -1)}.items():
        data = game_to_data(game)
        change(data)
        found[name] = folder / (name.replace(" ", "-") + ".json")
        found[name].write_text(json.dumps(data), encoding="utf-8")
    return found


REFUSALS = {                                          # (arguments, the statuses they may end with)
    "an unknown bot": (("play", "--players", "3", "--bots", "grredy"), (2,)),
    "a bot's unknown parameter": (("play", "--players", "3", "--bots", "greedy:depth=2"), (2,)),
    "a bot's parameter of the wrong kind": (("play", "--players", "3", "--bots", "mcts:iterations=many"), (2,)),
    "a bot's parameter given twice": (("play", "--players", "3", "--bots", "mcts:iterations=2,iterations=3"), (2,)),
    "a bot's parameter without a value": (("play", "--players", "3", "--bots", "mcts:iterations"), (2,)),
    "too many players": (("play", "--players", "9"), (2,)),
    "too few players": (("simulate", "--bots", "random", "--players", "1", "--games", "1"), (2,)),
    "a ladder of one bot": (("ladder", "--bots", "random"), (2,)),
    "a ladder at a player count the rules do not play": (("ladder", "--bots", "random,greedy", "--players", "9"), (2,)),
    "train at a player count the rules do not play": (("train", "--players", "9"), (2,)),
    "fmt of a file that is not there": (("fmt", "xyz.wonders"), (2,)),
    "fmt of a file with syntax errors": (("fmt", "--check", "docs/examples/first-house-rule-typo.wonders"), (0, 1)),
    "studio on a folder that is not there": (("studio", "nergens/te/vinden", "--no-browser"), (2,)),
    **{f"a log with JSON's {name}": (("replay", f"%{name}"), (1,)) for name in
       ("extra data", "no value", "no quotes", "no comma", "open string", "control", "bad escape", "empty",
        "not utf-8")},
    **{f"a save with a damaged {name}": (("play", "--load", f"%{name}"), (1,)) for name in
       ("flow step", "flow seat", "flow waiting", "flow rule", "coins")},
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_dutch_refusal_has_no_english_words(name, tmp_path):
    """The reasons the program gives when it refuses: a bad `--bots`, a player count the
    rules do not play, a file JSON cannot read (the reader's reason, with its line and
    column), a save damaged by hand, and the commands that took no `--lang` before."""
    args, status = REFUSALS[name]
    files = _bad_files(tmp_path / "files") if any(a.startswith("%") for a in args) else {}
    args = tuple(str(files[a[1:]]) if a.startswith("%") else a for a in args)
    english = _run(args, "en", tmp_path, status=status)
    dutch = _run(args, "nl", tmp_path, status=status)
    assert english_in(dutch, english) == {}, dutch
