"""Localisation as a Dutch table uses it: the content's translations and their check,
`--lang nl` (or the locale environment) on the commands, Dutch effect descriptions, the
program's catalog complete, and a Dutch game played at the prompt through a terminal."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser import browser, new_page  # noqa: F401 - a fixture
from conftest import ROOT, call_cli

NL_PO = ROOT / "content" / "locales" / "nl.po"


def run_env(*args, **env):
    """`wonders ARGS` with the locale environment set as given (and nothing else of it)."""
    full = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    full.update(env, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="200")
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def call_env(*args, **env):
    """run_env in this process (conftest.call_cli): the language is chosen from the locale
    environment when the command runs, by the same code; the tests above show it in a
    process of its own."""
    unset = {name: None for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    return call_cli(*args, env={**unset, **env})


# ---------------------------------------------------------------- the translations and their check
def test_shipped_check_lists_the_names_the_rulebook_does_not_give():
    result = call_cli("check")
    assert result.returncode == 0
    (warning,) = [line for line in result.stdout.splitlines() if line.startswith("warning[W1602]")]
    assert "card: Academy, Archery Range" in warning and "symbol: compass, gear, tablet" in warning
    for translated in ("Marketplace", "Baths", "Spies Guild", "Alexandria", "military"):
        assert translated not in warning
    assert " --> content/locales/nl.po:1:1" in result.stdout


@pytest.mark.slow
def test_the_packs_names_stay_english_and_the_check_lists_them():
    """The Dutch rulebook names nothing the Leaders and Cities packs add: their translation
    files translate nothing (no invented names), and W1602 lists every name, a file each."""
    from interpreter.check.translations import translation_files
    from interpreter.i18n.content_names import read_entries
    result = call_cli("check", "--expansion", "leaders", "--expansion", "cities", "--lang", "nl")
    assert result.returncode == 0, result.stdout
    warnings = result.stdout.split("waarschuwing[W1602]")[1:]
    assert len(warnings) == 3, result.stdout
    leaders = next(w for w in warnings if "content/expansions/leaders/locales/nl.po:1:1" in w)
    cities = next(w for w in warnings if "content/expansions/cities/locales/nl.po:1:1" in w)
    assert "kaart (card): Alexander, Amytis," in leaders and "Wonder (wonder): Roma; stad (city): Roma" in leaders
    assert "kleur (color): white" in leaders and "regel van de puntentelling (score): leaders" in leaders
    assert "Clandestine Dock East" in cities and "Petra" in cities and "kleur (color): black" in cities
    for pack in ("leaders", "cities"):
        entries = read_entries(ROOT / "content" / "expansions" / pack / "locales" / "nl.po")
        assert len(entries) > 30 and all(e.text == "" for e in entries), pack
        assert (ROOT / "content" / "expansions" / pack / "locales" / "nl.po", f"content/expansions/{pack}/locales/nl.po") \
            in translation_files(None, (), f"first-edition+{pack}", "nl")
    shown = call_cli("cards", "--expansion", "leaders", "--lang", "nl", "--search", "Alexander")
    assert shown.returncode == 0 and "Alexander" in shown.stdout, shown.stderr


def test_every_dutch_name_is_the_rulebooks():
    from interpreter.i18n.content_names import read_entries
    rulebook = Path("/work/shared/rules/004_3182b63ffbc5bcc5.txt")
    if not rulebook.is_file():
        pytest.skip("the Dutch rulebook is not on this machine (the project never needs it to run)")
    text = " ".join(rulebook.read_text(encoding="utf-8").split())
    # the scan writes ë as é (Alexandrië, Commerciële): docs/localisation.md
    text = text.replace("é", "ë")
    words = set(re.findall(r"\w+", text.lower()))
    for entry in read_entries(NL_PO):
        if entry.kind == "notation":        # the kit's words: the rulebook has no kit, so its words
            assert entry.text and set(entry.text.lower().split()) <= words, entry
        elif entry.text and entry.text != "Halikarnassos":     # printed in capitals on a board
            assert entry.text in text or entry.text.lower() in text.lower(), entry


def test_unknown_name_in_a_translation_is_an_error_with_its_place(content_copy):
    po = content_copy / "locales" / "nl.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgctxt "card"\nmsgid "Lumber Yrd"\nmsgstr "Houtwerf"\n',
                  encoding="utf-8")
    line = po.read_text(encoding="utf-8").splitlines().index('msgid "Lumber Yrd"') + 1
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1
    assert "error[E1601]: unknown card 'Lumber Yrd': the content has no card of that name" in result.stdout
    assert f"--> {content_copy}/locales/nl.po:{line}:7" in result.stdout
    assert "help: did you mean 'Lumber Yard'?" in result.stdout


@pytest.mark.slow
def test_an_unknown_kind_and_a_broken_file_are_errors(content_copy):
    po = content_copy / "locales" / "nl.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgctxt "cards"\nmsgid "Altar"\nmsgstr "Altaar"\n',
                  encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert "(msgctxt 'cards')" in result.stdout and 'did you mean msgctxt "card"?' in result.stdout
    po.write_text('msgid "Altar"\nmsgstr Altaar\n', encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert result.returncode == 1, result.stdout
    assert "error[E1603]: the translation file cannot be read: line 2 is not a comment" in result.stdout
    assert f"--> {po}:2:1" in result.stdout


@pytest.mark.slow
def test_a_variants_folder_translates_what_its_variants_add(content_copy):
    (content_copy / "variants" / "bonus-draft.wonders").unlink()      # its cards would be listed too
    place = content_copy / "variants" / "locales"
    place.mkdir()
    (place / "nl.po").write_text('msgctxt "card"\nmsgid "Colosseum"\nmsgstr ""\n', encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert "warning[W1602]: 1 name without a translation (it stays English): card: Colosseum" in result.stdout
    (place / "nl.po").write_text('msgctxt "card"\nmsgid "Colosseum"\nmsgstr "Colosseum NL"\n'
                                 '\nmsgctxt "card"\nmsgid "Coliseum"\nmsgstr "X"\n', encoding="utf-8")
    result = call_cli("check", str(content_copy))
    assert "Colosseum" not in result.stdout.split("E1601")[0].split("W1602")[-1] or "W1602" in result.stdout
    assert "error[E1601]: unknown card 'Coliseum'" in result.stdout
    shown = call_cli("cards", "--content", str(content_copy), "--variant", "colosseum", "--lang", "nl",
                    "--search", "Colosseum")
    assert "Colosseum NL" in shown.stdout, shown.stdout + shown.stderr


def test_an_unreadable_translation_leaves_names_english_and_says_so(content_copy):
    (content_copy / "locales" / "nl.po").write_text('msgid "Altar"\nmsgstr Altaar\n', encoding="utf-8")
    result = call_cli("cards", "--content", str(content_copy), "--lang", "nl", "--search", "Altar")
    assert result.returncode == 0
    assert f"waarschuwing: {content_copy}/locales/nl.po:2: regel 2 is geen commentaar" in result.stderr
    assert "de namen blijven Engels (`wonders check` zegt meer)" in result.stderr
    assert " Altar " in result.stdout and "2 winstpunten" in result.stdout


# ---------------------------------------------------------------- choosing the language
@pytest.mark.parametrize("env, dutch, run", [({"LANG": "nl_NL.UTF-8"}, True, run_env), ({}, False, run_env),
                                             ({"LANG": "de_DE.UTF-8"}, False, call_env),
                                             ({"LANG": "nl_BE.UTF-8", "LC_ALL": "C"}, False, call_env),
                                             ({"LC_ALL": "nl_NL.UTF-8", "LANG": "en_GB.UTF-8"}, True, call_env)],
                         ids=["LANG nl", "none", "LANG de", "LC_ALL C over LANG nl", "LC_ALL nl over LANG en"])
def test_the_locale_environment_chooses_the_language(env, dutch, run):
    """A process started with LANG Dutch or with no locale at all; the order of the variables
    in this process (call_env: the same code chooses when the command runs)."""
    result = run("cards", "--age", "1", "--color", "yellow", **env)
    assert result.returncode == 0, result.stderr
    assert ("Marktplaats" in result.stdout) is dutch and ("Marketplace" in result.stdout) is not dutch


@pytest.mark.parametrize("args, dutch_word", [
    (("check",), "bestand(en) gecontroleerd"), (("rules",), "Spelers: 3 tot en met 7"),
    (("score", "docs/examples/tafel.json"), "Winnaar: Anne"), (("play", "--players", "3", "--seed", "1"), "Tijdperk I"),
    (("simulate", "--bots", "random", "--games", "2", "--players", "3", "--quiet"), "spellen"),
    (("compare", "--bots", "random", "--games", "2", "--players", "3", "--variant", "age-stipend", "--quiet"), "tegen basis"),
    (("render", "--braille", "@", "--age", "1"), "kaartlabel(s)"),
    (("ladder", "--bots", "random,greedy", "--games", "2", "--players", "3", "--quiet", "--workers", "1"),
     "gewaardeerd met OpenSkill"),
    (("fmt", "--diff", "docs/examples/unformatted.wonders"), "(zoals geschreven)"),
], ids=["check", "rules", "score", "play", "simulate", "compare", "render", "ladder", "fmt"])
@pytest.mark.slow
def test_every_command_follows_the_locale_environment(args, dutch_word, tmp_path):
    """LC_ALL before LANG, as POSIX says; the same command in English when it names English."""
    args = [a.replace("@", str(tmp_path / "labels.brf")) for a in args]
    dutch = call_env(*args, LC_ALL="nl_NL.UTF-8", LANG="en_GB.UTF-8")
    assert dutch.returncode == 0, dutch.stderr
    assert dutch_word in dutch.stdout, dutch.stdout[-500:]
    english = call_env(*args, LANG="en_GB.UTF-8")
    assert english.returncode == 0 and dutch_word not in english.stdout


@pytest.mark.slow
def test_lang_beats_the_environment_and_an_unknown_language_is_refused():
    assert "Marketplace" in run_env("cards", "--lang", "en", "--search", "Market", LANG="nl_NL.UTF-8").stdout
    assert "Marktplaats" in run_env("--lang", "nl", "cards", "--search", "Markt").stdout       # before the command
    assert "Marketplace" in run_env("--lang", "en", "cards", "--search", "Market", LANG="nl_NL.UTF-8").stdout
    result = call_cli("cards", "--lang", "xx")
    assert result.returncode == 2 and "no language 'xx'; languages: en, nl" in result.stderr


def test_cards_in_dutch():
    result = call_cli("cards", "--lang", "nl", "--age", "III")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("Tijdperk  Kaart")
    arena = next(line for line in out.splitlines() if " Arena " in line)
    assert "Commerciële Gebouwen" in arena and "2 Steen, 1 Erts" in arena
    assert "zodra gebouwd, krijgt de eigenaar 3 muntstukken per gebouwde Wonder fase in de eigen stad" in out
    assert "Commerciële Gebouwen: 1 winstpunt per gebouwde Wonder fase in de eigen stad" in out
    assert "Spionnengilde" in out and "Gilden: 1 winstpunt per rode kaart in beide naburige steden" in out
    assert out.rstrip().endswith("kaarten")
    wonders = call_cli("cards", "--lang", "nl", "--wonders").stdout
    assert "Alexandria: De Pharos van Alexandrië" in wonders and "Gizeh: De Piramides van Gizeh" in wonders


# ---------------------------------------------------------------- Dutch effect descriptions
def _dutch(source: str):
    from interpreter import i18n
    from interpreter.check.load import check_paths
    from interpreter.views.describe import effect_text
    i18n.choose("nl")
    try:
        path = ROOT / "tests" / "every_effect.wonders"
        ruleset = check_paths([path]).ruleset
        return [effect_text(e) for c in ruleset.cards for e in c.effects]
    finally:
        i18n.choose("en")


def test_dutch_descriptions_have_dutch_grammar():
    from interpreter import i18n
    from interpreter.views.describe import effect_text
    from interpreter.syntax import ast
    from interpreter.check.translations import translation_files
    from interpreter.i18n.content_names import Names
    from interpreter.syntax.ast_base import Name, Number
    i18n.choose("nl")
    i18n.use_names(Names.read("nl", translation_files(None, (), None, "nl"))[0])
    try:
        def gain(n):
            return ast.WhenBuilt(action=ast.GainCoins(amount=Number(value=n, span=None), per=None, span=None),
                                 span=None)
        assert effect_text(gain(1)) == "zodra gebouwd, krijgt de eigenaar 1 muntstuk"
        assert effect_text(gain(5)) == "zodra gebouwd, krijgt de eigenaar 5 muntstukken"
        assert effect_text(ast.Points(amount=1, span=None)) == "1 winstpunt"
        assert effect_text(ast.Shields(amount=2, span=None)) == "2 schilden"
        scope = ast.Scope(parts=("left", "right"), span=None)
        cards = ast.Quantity(measure="cards", colors=(Name(text="brown", span=None), Name(text="grey", span=None)),
                             scope=scope, span=None)
        for every, expected in ((1, "1 winstpunt per bruine of grijze kaart in beide naburige steden"),
                                (2, "1 winstpunt per 2 bruine of grijze kaarten in beide naburige steden")):
            value = ast.PerAmount(amount=1, per=ast.Per(every=every, what=cards, span=None), span=None)
            score = ast.Score(category=Name(text="guilds", span=None), value=value, span=None)
            assert effect_text(score) == "Gilden: " + expected
    finally:
        i18n.choose("en")


def test_every_construct_has_a_dutch_description():
    texts = _dutch("")
    assert len(texts) >= 15
    english = re.compile(r"\b(gains?|loses?|coins?|cards?|when built|neighbours?|victory point|shields?|own city)\b")
    assert [t for t in texts if english.search(t)] == []


# ---------------------------------------------------------------- the program's catalog
@pytest.mark.slow
@pytest.mark.parametrize("language", [p.stem for p in (ROOT / "interpreter" / "i18n" / "catalogs").glob("*.po")])
def test_every_sentence_of_the_program_is_in_each_catalog(language):
    """Extracted from the code as pybabel does (babel.cfg); a marked sentence a catalog
    (Dutch: nl.po) lacks, or leaves untranslated, fails here."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    from babel.messages.pofile import read_po
    with open(ROOT / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = {(message if isinstance(message, str) else message[0], context)
             for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map)}
    assert len(found) > 80 and any(context for _, context in found)
    with open(ROOT / "interpreter" / "i18n" / "catalogs" / f"{language}.po", "rb") as handle:
        catalog = read_po(handle)

    def translated(message, context):
        entry = catalog.get(message, context=context)
        return entry is not None and all([entry.string] if isinstance(entry.string, str) else entry.string)
    missing = sorted((m, c or "") for m, c in found if not translated(m, c))
    assert missing == [], "run pybabel extract and update (docs/localisation.md), then translate these"


@pytest.mark.slow
def test_no_sentence_hides_from_extraction():
    """pybabel does not look inside f-strings: `f"<h2>{_('Cards')}</h2>"` would be shown
    untranslated while the catalog test above passes; so every `_("...")` written in the
    code must be one the extraction finds."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    with open(ROOT / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = {message if isinstance(message, str) else message[0]
             for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map)}
    call = re.compile(r"""(?<![\w.])(?:_|N_)\(\s*(["'])((?:(?!\1).)*)\1\s*\)""")
    written = {(path.relative_to(ROOT).as_posix(), m.group(2)) for path in sorted((ROOT / "interpreter").rglob("*.py"))
               for m in call.finditer(path.read_text(encoding="utf-8"))}
    assert len(written) > 50
    assert sorted((path, text) for path, text in written if text.replace("\\'", "'") not in found) == []


# ---------------------------------------------------------------- rules, score and replay in Dutch
def test_rules_in_dutch_words():
    out = call_cli("rules", "--lang", "nl").stdout.splitlines()
    assert out[1:3] == ["Spelers: 3 tot en met 7", "Muntstukken bij het begin van het spel: 3 muntstukken"]
    assert out[5].startswith("Tijdperk I: een hand van 7 kaarten; 6 ronden; de kaarten worden aan de speler links "
                             "gegeven (met de klok mee)")
    assert "het aantal spelers +2 willekeurige paarse kaarten worden toegevoegd" in out[7]
    assert "  Muntwaarde: 1 winstpunt per 3 muntstukken" in out
    assert call_cli("rules").stdout.startswith("rules \"7 Wonders, first edition\" {")   # English: the content
    variant = call_cli("rules", "--lang", "nl", "--variant", "selling-gives-2").stdout
    assert "Kaart afleggen: 2 muntstukken" in variant


@pytest.mark.slow
def test_a_dutch_team_game_with_the_packs_says_bank_purchases_and_teams_in_dutch():
    """Seed 4 of the Cities team game: a city buys a resource from the bank (a leader's
    power), and the teams' totals close the game."""
    game = ("play", "--players", "4", "--seed", "4", "--bots", "greedy", "--expansion", "leaders",
            "--expansion", "cities", "--variant", "teams")
    english, dutch = call_cli(*game, "--lang", "en"), call_cli(*game, "--lang", "nl")
    assert english.returncode == dutch.returncode == 0, dutch.stderr
    bought = re.search(r"paying (\d+) to the bank", english.stdout)
    assert bought is not None
    assert f"betaal {bought[1]} aan de bank" in dutch.stdout and " to the bank" not in dutch.stdout
    assert re.search(r"^Team +Totaal +muntstukken$", dutch.stdout, re.M)


def test_dutch_words_for_a_settled_loss_a_copy_and_a_bank_payment():
    """Labels that no seeded game of a test shows in Dutch: the debt's choice (`pay`) is
    offered at the prompt only; a copy is rare."""
    from interpreter.i18n import choose, language
    from interpreter.views.action_words import shown_action
    before = language()
    choose("nl")
    try:
        assert shown_action("pay 1 coin and take 3 debt tokens") == "betaal 1 muntstuk en neem 3 debt-fiches"
        assert shown_action("copy Altar (I)").startswith("kopieer ")
        assert shown_action("build Altar (I) paying 1 to left and 2 to the bank").endswith(
            "betaal 1 aan de speler links en 2 aan de bank")
    finally:
        choose(before)


def test_score_takes_dutch_names_and_shows_the_dutch_pad(tmp_path):
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text(encoding="utf-8"))
    english = call_cli("score", str(ROOT / "docs" / "examples" / "table.json"), "--format", "json")
    table["players"][0]["cards"] = ["Altaar", "Aquaduct", "Gemeentehuis", "scriptorium", "Bibliotheek",
                                    "Universiteit", "Workshop", "Laboratory", "Apotheek", "Kamer van Koophandel",
                                    "Loom", "Glassworks"]
    table["players"][1]["wonder"] = "De Piramides van Gizeh"
    table["players"][2]["wonder"] = "Olympia"
    dutch_table = tmp_path / "tafel.json"
    dutch_table.write_text(json.dumps(table), encoding="utf-8")
    assert call_cli("score", str(dutch_table), "--format", "json", "--lang", "nl").stdout == english.stdout
    shown = call_cli("score", str(dutch_table), "--lang", "nl")
    assert shown.returncode == 0, shown.stderr
    assert "Militaire Conflicten" in shown.stdout and "Totaal" in shown.stdout and "Winnaar: " in shown.stdout


def test_play_takes_wonders_by_their_dutch_names():
    dutch = call_cli("play", "--players", "3", "--seed", "1", "--lang", "nl", "--wonders",
                    "gizeh,De Kolossus van Rodos,Olympia", "--format", "json")
    english = call_cli("play", "--players", "3", "--seed", "1", "--wonders", "Gizah,Rhodos,Olympia", "--format", "json")
    assert dutch.returncode == 0, dutch.stderr
    assert json.loads(dutch.stdout)["players"] == json.loads(english.stdout)["players"]


@pytest.mark.slow
def test_replay_and_moves_in_dutch(tmp_path):
    log = tmp_path / "spel.json"
    assert call_cli("play", "--players", "3", "--seed", "4", "--log", str(log)).returncode == 0
    replayed = call_cli("replay", str(log), "--lang", "nl")
    assert replayed.stdout.startswith("Herhaling gecontroleerd: elke stap was toegestaan")
    assert "Tijdperk III" in replayed.stdout and "Eindstand" in replayed.stdout
    save = tmp_path / "stand.json"
    assert call_cli("replay", str(log), "--to", "3", "--save", str(save)).returncode == 0
    moves = call_cli("moves", str(save), "--lang", "nl")
    assert moves.stdout.startswith("Tijdperk I, ronde 4"), moves.stdout
    assert re.search(r"^  (bouw|leg) ", moves.stdout, re.M)


# ---------------------------------------------------------------- a Dutch game at the prompt
class Terminal:
    """A program on a pseudo-terminal, read as a person reads the screen: wait for text
    (never a fixed sleep), then type."""

    def __init__(self, args):
        import pty
        self.pid, self.fd = pty.fork()
        if self.pid == 0:                               # the child: the program itself
            os.chdir(ROOT)
            os.environ.update(PYTHONPATH=str(ROOT), LANG="nl_NL.UTF-8", COLUMNS="200")
            os.environ.pop("LC_ALL", None)
            os.execv(sys.executable, [sys.executable, "-c", "import cli; cli.run()", *args])
        self.screen = ""
        self.cursor = 0                                 # what has been read up to

    def wait_for(self, *texts, timeout=60.0) -> str:
        """The first of `texts` to appear after what was read before; reading goes on to its end."""
        end = time.monotonic() + timeout
        while True:
            places = [(self.screen.find(text, self.cursor), text) for text in texts]
            places = [(at, text) for at, text in places if at >= 0]
            if places:
                at, text = min(places)
                self.cursor = at + len(text)
                return text
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"waited for {texts}; the screen ends with:\n{self.screen[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the program ended; the screen ends with:\n{self.screen[-2000:]}")
                self.screen += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode("utf-8"))

    def read_to_end(self, timeout=60.0) -> None:
        """Read until the program closes the terminal (it has ended)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], end - time.monotonic())
            try:
                chunk = os.read(self.fd, 65536) if ready else b""
            except OSError:                              # EIO: the other side is closed
                chunk = b""
            if not chunk:
                return
            self.screen += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def close(self) -> int:
        """The program's exit code; a program still running (the test failed) is killed."""
        import signal
        done, status = os.waitpid(self.pid, os.WNOHANG)
        if not done:
            os.kill(self.pid, signal.SIGKILL)
            _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.slow
def test_a_dutch_game_played_at_the_prompt():
    """The environment says Dutch (LANG=nl_NL.UTF-8); the person answers with a number,
    with nonsense, and with a card's Dutch name, and plays the game to its end."""
    term = Terminal(["play", "--players", "3", "--seed", "7", "--human", "1", "--bots", "greedy"])
    prompt = "Jouw keuze (getal of kaartnaam): "
    named = nonsense = False
    try:
        while term.wait_for(prompt, "Eindstand") == prompt:
            screen = term.screen[term.screen.rfind("== Tijdperk"):term.cursor]
            assert re.search(r"Jij: .*muntstukken, \d+ schilden, fasen \d/\d; gebouwd: ", screen), screen
            if not nonsense:
                term.type("geen idee")
                term.wait_for("Typ een getal van 1 tot en met")
                term.wait_for(prompt)
                nonsense = True
            build = re.search(r"^\s+\d+\. bouw (.+?) \([IV]+\)$", screen, re.M)
            if build and not named:
                term.type(build.group(1).upper())          # a card's name, in any case
                named = build.group(1)
            else:
                term.type("1")
        term.wait_for("Winnaar")
        term.read_to_end()
    finally:
        code = term.close()
    assert code == 0
    assert named, "some turn offered a card to build by name"
    assert re.search(rf"^Gebouwd|gebouwd: .*{re.escape(named)}", term.screen, re.M), named
    for dutch in ("Tijdperk I", "Tijdperk III", "Ronde 6", "Militaire Conflicten", "Totaal", "Hand:"):
        assert dutch in term.screen


# ---------------------------------------------------------------- Dutch pages in a browser
@pytest.mark.slow
def test_the_dutch_report_in_a_browser(tmp_path, browser):  # noqa: F811
    report = tmp_path / "rapport.html"
    result = call_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "12", "--workers", "1", "--lang", "nl",
                     "--report", str(report))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("12 spellen, 3 spelers") and "Per Wonder en kant" in result.stdout
    assert re.search(r"winnende score \d+,\d \(±\d+,\d\)", result.stdout), result.stdout[:300]  # the decimal comma
    page = new_page(browser, viewport={"width": 1200, "height": 1000})
    errors, requests = [], []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report.as_uri())
    for chart in ("chart-wonders", "chart-seats", "chart-scores", "chart-categories", "chart-shares"):
        page.wait_for_selector(f"#{chart} .main-svg", timeout=30000)
    assert errors == [] and [url for url in requests if not url.startswith("file:")] == []
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("h1").inner_text() == "Balansrapport"
    assert re.search(r"Winnende score \d+,\d \(±\d+,\d\)", page.locator("body").inner_text())
    assert page.locator("h2").all_inner_texts()[:4] == ["Wonderen", "Plaatsen", "Scores", "Strategie"]
    assert "Winstkans per Wonder en kant" in page.locator("#chart-wonders .gtitle").text_content()
    ticks = page.locator("#chart-wonders .xtick").all_text_contents()
    assert "Gizeh" in ticks and "Halikarnassos" in ticks
    boxes = page.locator("#chart-categories .xtick").all_text_contents()
    assert "Militaire Conflicten" in boxes and "Commerciële Gebouwen" in boxes
    headers = page.locator("table#cards th").all_inner_texts()
    assert headers[:2] == ["kaart", "gebouwd door"]
    cards = set(page.locator("table#cards td:first-child").all_inner_texts())
    assert cards & {"Marktplaats", "Altaar", "Badhuis", "Barakken", "Theater", "Apotheek"}
    assert "Lumber Yard" in cards or "Stone Pit" in cards or "Clay Pool" in cards   # untranslated stay English
    page.close()


@pytest.mark.slow
def test_the_dutch_render_page_in_a_browser(tmp_path, browser):  # noqa: F811
    out = tmp_path / "kaarten"
    result = call_cli("render", "--lang", "nl", "--out", str(out))
    assert result.returncode == 0, result.stderr
    page = new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto((out / "index.html").as_uri())
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("nav a").all_inner_texts() == ["Tijdperk I", "Tijdperk II", "Tijdperk III", "Wonderen",
                                                       "Legenda", "Afdrukvel"]
    market = page.locator('figure[data-card="Marketplace"]')
    market.scroll_into_view_if_needed()
    assert market.is_visible() and market.locator("figcaption").inner_text() == "Marktplaats.svg"
    assert market.locator("svg > title").text_content() == "Marktplaats: Tijdperk I, Commerciële Gebouwen"
    words = market.locator("svg").text_content()
    assert "Marktplaats" in words and "betaalt voor Glas," in words and "1 muntstuk per" in words
    forum = page.locator('figure[data-card="Forum"] svg').text_content()
    assert "gratis met" in forum and "Handelspost Oost" in forum
    captions = page.locator("figure.wonder figcaption").all_inner_texts()
    assert "Gizeh: De Piramides van Gizeh, kant A" in captions
    legend = page.locator("#legend").inner_text()
    assert "Hout" in legend and "Ruwe Grondstoffen" in legend and "winstpunten" in legend
    # a token's letters are the Dutch name's (Hout: H), as its title is
    stockade = page.locator('figure[data-card="Stockade"] svg g.cost')
    shown = stockade.text_content()           # its titles (kosten: 1 Hout; Hout), then the token's letter
    assert shown.startswith("kosten: 1 Hout") and shown.endswith("H") and "W" not in shown
    page.close()


@pytest.mark.slow
def test_a_dutch_game_in_tmux(tmp_path):
    """A Dutch game in a real terminal emulator (tmux, on a socket of its own): what the
    screen shows, not only what the program wrote, is Dutch; the player answers by number
    and by a card's Dutch name, and the game ends with the Dutch score pad."""
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.skip("tmux is not installed")
    socket = str(tmp_path / "tmux.sock")
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "TMUX")}
    env.update(PYTHONPATH=str(ROOT), LANG="nl_NL.UTF-8", NO_COLOR="1", TERM="xterm")
    command = " ".join([sys.executable, "-c", "'import cli; cli.run()'", "play", "--players", "3", "--seed", "7",
                        "--human", "1", "--bots", "greedy", "--notation", "accessible",
                        ";", "echo", "EINDE-$?", ";", "sleep", "30"])
    subprocess.run([tmux, "-S", socket, "new-session", "-d", "-x", "200", "-y", "50", "-c", str(ROOT), command],
                   env=env, check=True, timeout=30)

    def screen() -> str:
        return subprocess.run([tmux, "-S", socket, "capture-pane", "-p", "-J", "-S", "-3000"], env=env,
                              capture_output=True, text=True, timeout=30).stdout

    named, answers = None, 0
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            shown = screen()
            if "EINDE-" in shown:
                break
            if shown.rstrip().endswith("(getal of kaartnaam):") and shown.count("(getal of kaartnaam):") > answers:
                options = shown[shown.rfind("== Tijdperk"):]
                build = re.search(r"^\s+\d+\. bouw ([^(]+?) \(\d, ", options, re.M)
                if build and named is None:
                    named = build.group(1)
                    answer = named                          # a card's name, as the screen shows it
                else:
                    answer = "1"
                subprocess.run([tmux, "-S", socket, "send-keys", answer, "Enter"], env=env, timeout=30)
                answers += 1
            time.sleep(0.2)
        shown = screen()
    finally:
        subprocess.run([tmux, "-S", socket, "kill-server"], env=env, timeout=30)
    assert "EINDE-0" in shown, shown[-2000:]
    assert named and answers >= 10
    assert "Typ een getal" not in shown, "a name typed was not understood"
    for dutch in ("Tijdperk III", "Jouw keuze (getal of kaartnaam):", "Militaire Conflicten", "Totaal", "Winnaar"):
        assert dutch in shown, dutch
    assert re.search(rf"P1: bouw {re.escape(named)} \(\d, ", shown), named
    assert "Age " not in shown and "Your choice" not in shown
