"""A designer's own pack is first class (issue 37, item 3): `--expansion PATH` reads a folder
of the designer's as a shipped pack is read, on every command that takes `--expansion`; a
pack or a variant file declares the vocabulary it adds; `rules --diff` shows what a pack
changes; the studio lists, plays and weighs the packs of its folder.  The examples are
those of docs/expansions.md ("Your own pack") and docs/variants.md ("Vocabulary")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, call_cli
from interpreter.check.load import check_paths
from interpreter.check.locate import UsageError, with_expansions
from interpreter.compile import compile_rules
from interpreter.engine.game import Game

PACK = ROOT / "docs" / "examples" / "harbours"
PACK_SHOWN = "docs/examples/harbours"
PINK_VARIANT = "docs/examples/pink-quays.wonders"


def _copy_pack(tmp_path: Path, name: str = "harbours") -> Path:
    target = tmp_path / name
    shutil.copytree(PACK, target)
    return target


def _play(tables, players: int, seed: int) -> Game:
    from interpreter.bots import make_bot
    game = Game(tables, players, seed)
    game.play({s: make_bot("greedy" if s % 2 else "heuristic", seed + s) for s in range(players)})
    return game


# ---------------------------------------------------------------- --expansion PATH, in the library
def test_a_pack_folder_is_read_on_top_of_the_shipped_rules():
    rules = with_expansions(None, [PACK_SHOWN])
    assert rules == "first-edition+" + str(PACK.resolve())          # what logs and records carry
    result = check_paths(None, (), rules)
    assert result.errors == 0, result.diagnostics
    ruleset = result.ruleset
    assert "pink" in ruleset.vocabulary.colors and "anchor" in ruleset.vocabulary.tokens
    assert "harbours" in ruleset.rules.score_pad
    names = {c.name for c in ruleset.cards}
    assert "Quay" in names and "Clay Pool" not in names
    assert [a.turns for a in ruleset.rules.ages] == [5, 6, 6]
    assert result.variants == ()                 # the pack's changes are the pack's, not variants asked for
    assert any(f.endswith("harbours/rules.wonders") for f in result.files)


def test_full_games_with_the_pack_build_its_card_and_score_its_line():
    tables = compile_rules(check_paths(None, (), with_expansions(None, [str(PACK)])).ruleset)
    for seed in range(2):
        game = _play(tables, 4, seed)
        assert game.finished and all("harbours" in pad for pad in game.scores())
    tokens = [pad["harbours"] for seed in range(4, 10) for pad in _play(tables, 3, seed).scores()]
    assert any(t > 0 for t in tokens), "no game built a Quay and took its anchors"


@pytest.mark.parametrize("given, said", [
    ("docs/examples/no-such-pack", "docs/examples/no-such-pack: no such folder"),
    ("docs/examples/base.wonders", "docs/examples/base.wonders: not a folder"),
    ("docs", "no expansion named 'docs'; to use the folder docs of this folder, write --expansion ./docs"),
])
def test_a_bad_pack_is_a_usage_error_naming_it(given, said):
    with pytest.raises(UsageError) as err:
        with_expansions(None, [given])
    assert said in str(err.value)


def test_an_empty_folder_is_no_pack(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="no .wonders files in this folder"):
        with_expansions(None, [str(tmp_path / "empty")])


def test_a_pack_with_content_errors_gets_located_diagnostics(tmp_path):
    pack = _copy_pack(tmp_path)
    cards = pack / "cards.wonders"
    cards.write_text(cards.read_text().replace("color pink", "color pinc"))
    result = check_paths(None, (), with_expansions(None, [str(pack)]))
    [error] = [d for d in result.diagnostics if d.is_error]
    assert error.code == "E1002" and error.span.file.endswith("harbours/cards.wonders") and error.span.line == 4


def test_a_pack_card_that_breaks_the_deck_arithmetic_is_named_beside_E1301(tmp_path):
    """A card the pack adds outside its variant changes no variant statement, so E1301 has
    no change to point at: its notes say, file by file, where the age's cards come from,
    the pack's file with the first of its cards, so the designer sees which cards to fix."""
    pack = _copy_pack(tmp_path)
    rules = pack / "rules.wonders"
    rules.write_text(rules.read_text().replace('    remove card "Clay Pool"\n', ""))
    result = check_paths(None, (), with_expansions(None, [str(pack)]))
    [error] = [d for d in result.diagnostics if d.is_error]
    assert error.code == "E1301" and "age I's deck" in error.message
    by_file = {n.span.file.rsplit("/", 1)[-1]: n for n in error.notes if n.span}
    assert set(by_file) == {"age1.wonders", "cards.wonders"}, error.notes
    quay = by_file["cards.wonders"]
    assert quay.message.startswith("1 card of age I at 3 players") and "Quay" in quay.message
    assert quay.span.line == 3 and str(pack) in quay.span.file
    assert "21 cards of age I at 3 players" in by_file["age1.wonders"].message


def test_a_pack_for_rules_that_do_not_exist_is_the_checkers_E1402(tmp_path):
    pack = _copy_pack(tmp_path)
    rules = pack / "rules.wonders"
    rules.write_text(rules.read_text().replace('changes "7 Wonders, first edition"', 'changes "7 Wonders, first edtion"'))
    result = check_paths(None, (), with_expansions(None, [str(pack)]))
    assert [d.code for d in result.diagnostics if d.is_error] == ["E1402"]


def test_a_pack_for_the_other_shipped_edition_is_refused_by_name():
    with pytest.raises(UsageError, match="written for the rules first-edition, not second-edition"):
        with_expansions("second-edition", [str(PACK)])


def test_a_pack_naming_a_colour_the_base_has_is_E1103(tmp_path):
    pack = _copy_pack(tmp_path)
    rules = pack / "rules.wonders"
    rules.write_text(rules.read_text().replace("colors: pink", "colors: pink, purple"))
    result = check_paths(None, (), with_expansions(None, [str(pack)]))
    [error] = [d for d in result.diagnostics if d.is_error]
    assert error.code == "E1103" and error.span.file.endswith("harbours/rules.wonders")


def test_a_path_pack_and_a_shipped_pack_together():
    result = check_paths(None, (), with_expansions(None, ["leaders", str(PACK)]))
    assert result.errors == 0
    assert {"white", "pink"} <= set(result.ruleset.vocabulary.colors)
    assert {"leaders", "harbours"} <= set(result.ruleset.rules.score_pad)


# ---------------------------------------------------------------- vocabulary in a variant file
def test_a_variant_file_declares_the_colour_and_token_kind_its_card_uses():
    result = check_paths(None, [PINK_VARIANT])
    assert result.errors == 0, result.diagnostics
    tables = compile_rules(result.ruleset)
    pads = [pad for seed in range(8) for pad in _play(tables, 4, seed).scores()]
    assert all("harbours" in pad for pad in pads)
    assert any(pad["harbours"] > 0 for pad in pads), "no game built the pink Clay Pool"


def test_a_variant_declaring_a_name_the_base_has_is_E1103(tmp_path):
    variant = tmp_path / "twice.wonders"
    variant.write_text(Path(ROOT / PINK_VARIANT).read_text().replace("tokens: anchor", "tokens: anchor\nsymbols: gear"))
    result = check_paths(None, [str(variant)])
    [error] = [d for d in result.diagnostics if d.is_error]
    assert error.code == "E1103" and error.span.file == str(variant) and "`gear` is declared twice" in error.message


def test_a_variant_file_of_vocabulary_only_or_with_a_card_outside_is_still_refused(tmp_path):
    only = tmp_path / "only.wonders"
    only.write_text("colors: pink\n")
    with pytest.raises(UsageError, match="holds no `variant"):
        check_paths(None, [str(only)])
    card = tmp_path / "card.wonders"
    card.write_text(Path(ROOT / PINK_VARIANT).read_text() + 'card "Stray" {\n    age I  color pink\n}\n')
    with pytest.raises(UsageError, match="has a card outside one"):
        check_paths(None, [str(card)])


def test_a_variants_folder_may_hold_a_variant_with_vocabulary(tmp_path):
    from interpreter.check.folder import check_folder
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("second-edition", "expansions"))
    shutil.copy(ROOT / PINK_VARIANT, content / "variants" / "pink-quays.wonders")
    result = check_folder([str(content)])
    assert result.errors == 0 and str(content / "variants" / "pink-quays.wonders") in result.variants_checked


# ---------------------------------------------------------------- rules --diff
def test_rules_diff_shows_what_a_pack_changes():
    from interpreter.views.rules import diff_text
    base = check_paths(None).ruleset
    with_pack = check_paths(None, (), with_expansions(None, [str(PACK)])).ruleset
    diff = diff_text(base, with_pack, [PACK_SHOWN]).splitlines()
    assert diff[:2] == ["--- base", f"+++ with {PACK_SHOWN}"]
    for line in ["-        play 6 turns passing left, discarding the last cards",
                 "+        play 5 turns passing left, discarding the last cards",
                 "-    score pad: military, treasury, wonder, civilian, science, commercial, guilds",
                 "+    score pad: military, treasury, wonder, civilian, science, commercial, harbours, guilds",
                 "+    score harbours: 1 per anchor token", '-card "Clay Pool" {', '+card "Quay" {',
                 "+colors: pink", "+tokens: anchor"]:
        assert line in diff, line


# ---------------------------------------------------------------- every command, as a user runs it
@pytest.mark.slow
def test_check_names_the_pack_and_a_bad_one_is_exit_2():
    ok = call_cli("check", "--expansion", PACK_SHOWN)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.splitlines()[-1].startswith("10 file(s) checked: 0 error(s)")
    assert f"expansions: {PACK_SHOWN}" in ok.stdout
    bad = call_cli("check", "--expansion", "docs/examples/no-such-pack")
    assert bad.returncode == 2 and "docs/examples/no-such-pack: no such folder" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.mark.slow
def test_a_pack_with_errors_is_exit_1_with_the_place(tmp_path):
    pack = _copy_pack(tmp_path)
    cards = pack / "cards.wonders"
    cards.write_text(cards.read_text().replace("color pink", "color pinc"))
    result = call_cli("check", "--expansion", "./harbours", cwd=tmp_path)
    assert result.returncode == 1
    assert "error[E1002]: unknown colour `pinc`" in result.stdout and "--> harbours/cards.wonders:4:18" in result.stdout


@pytest.mark.slow
def test_every_command_takes_the_pack_folder(tmp_path):
    pack = _copy_pack(tmp_path)
    given = ("--expansion", "./harbours")
    cards = call_cli("cards", "--color", "pink", *given, cwd=tmp_path)
    assert cards.returncode == 0 and "Quay" in cards.stdout, cards.stderr
    rules = call_cli("rules", *given, cwd=tmp_path)
    assert "harbours" in rules.stdout and "play 5 turns" in rules.stdout
    log = tmp_path / "game.json"
    play = call_cli("play", "--players", "3", "--seed", "1", "--bots", "greedy", "--log", str(log), *given, cwd=tmp_path)
    assert play.returncode == 0, play.stderr
    assert any(line.startswith("harbours") for line in play.stdout.splitlines())
    recorded = json.loads(log.read_text())["options"]
    assert recorded["expansions"] == [str(pack.resolve())]
    replay = call_cli("replay", str(log), cwd=ROOT)                # the log knows its pack, from anywhere
    assert replay.returncode == 0, replay.stderr
    simulate = call_cli("simulate", "--bots", "random", "--players", "3", "--games", "2", "--workers", "1", "--format", "json",
                       *given, cwd=tmp_path)
    assert simulate.returncode == 0, simulate.stderr
    assert "harbours" in simulate.stdout
    compare = call_cli("compare", "--bots", "random", "--variant", "cheap-trade", "--players", "3", "--games", "2", "--workers", "1",
                      *given, cwd=tmp_path)
    assert compare.returncode == 0, compare.stderr
    ladder = call_cli("ladder", "--bots", "random,greedy", "--games", "2", "--players", "3", "--workers", "1",
                     *given, cwd=tmp_path)
    assert ladder.returncode == 0, ladder.stderr
    render = call_cli("render", "--out", str(tmp_path / "cards"), "--age", "1", *given, cwd=tmp_path)
    assert render.returncode == 0, render.stderr
    assert any("Quay" in p.read_text() for p in (tmp_path / "cards" / "cards").glob("*.svg"))


@pytest.mark.slow
def test_train_fits_the_adaptive_bot_to_the_pack(tmp_path):
    """(WONDERS_CACHE_DIR is the test's own: tests/conftest.py)"""
    _copy_pack(tmp_path)
    result = call_cli("train", "--players", "3", "--generations", "1", "--games", "2", "--workers", "1",
                     "--format", "json", "--expansion", "./harbours", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert Path(json.loads(result.stdout)["file"]).is_file()


@pytest.mark.slow
def test_rules_diff_of_a_pack_and_of_a_variant_with_vocabulary():
    pack = call_cli("rules", "--diff", "--expansion", PACK_SHOWN)
    assert pack.returncode == 0
    assert "+    score pad: military, treasury, wonder, civilian, science, commercial, harbours, guilds" in pack.stdout
    assert "+tokens: anchor" in pack.stdout
    variant = call_cli("rules", "--diff", "--variant", PINK_VARIANT)
    assert "+colors: pink" in variant.stdout and "+    when built: take 2 anchor tokens" in variant.stdout
    shipped = call_cli("rules", "--diff", "--expansion", "leaders")
    assert "The variants change nothing." not in shipped.stdout and "+    starting coins 6" in shipped.stdout


# ---------------------------------------------------------------- the studio
@pytest.fixture(scope="module")
def pack_studio(tmp_path_factory):
    """The studio on a designer's folder that is no rule set: the pack `harbours/` (on the
    shipped rules) and a file that is neither."""
    pytest.importorskip("starlette")
    from studio_server import Studio
    root = tmp_path_factory.mktemp("designer") / "work"
    root.mkdir()
    shutil.copytree(PACK, root / "harbours")
    (root / "notes.wonders").write_text("# notes\n")
    server = Studio(root)
    yield server, root
    server.stop()


@pytest.mark.slow
def test_the_studio_lists_plays_and_saves_a_designers_pack(pack_studio):
    from test_studio import api
    studio, root = pack_studio
    status, tree = api(studio, "/api/tree")
    assert {f["path"]: f.get("pack") for f in tree["files"]} == {
        "harbours/cards.wonders": "harbours", "harbours/rules.wonders": "harbours", "notes.wonders": None}
    status, setup = api(studio, "/api/play/setup")
    [entry] = setup["editions"]
    assert entry["folder"] == "harbours" and entry["name"] == "7 Wonders, first edition with the pack harbours"
    assert "problem" not in entry and 3 in entry["players"]
    status, game = api(studio, "/api/play/new", {"edition": "harbours", "variants": [], "players": 3, "seat": 0,
                                                 "bots": ["greedy"], "sides": "A", "seed": 3})
    assert status == 200, game
    while game["status"] == "preparing":
        status, game = api(studio, f"/api/play/position?id={game['id']}&wait=1")
    assert game["status"] == "ready", game
    status, saved = api(studio, "/api/play/save", {"id": game["id"], "path": "start.json"})
    assert status == 200, saved
    options = json.loads((root / "start.json").read_text())["options"]
    assert options["expansions"] == [str((root / "harbours").resolve())]
    status, loaded = api(studio, "/api/play/load", {"path": "start.json"})
    assert status == 200, loaded
    terminal = call_cli("play", "--load", str(root / "start.json"), "--bots", "greedy")   # the save plays on there
    assert terminal.returncode == 0, terminal.stderr
    assert any(line.startswith("harbours") for line in terminal.stdout.splitlines())


@pytest.mark.slow
def test_the_studio_weighs_a_designers_pack_against_the_rules_it_changes(pack_studio):
    from test_studio import _weigh
    studio, _root = pack_studio
    seen = _weigh(studio, {"variant": "harbours", "players": 3, "games": 2, "bots": ["random"]})
    done = seen[-1]
    assert done["type"] == "done" and done["pairs"] == 2, done
    assert (done["name_a"], done["name_b"]) == ("base rules", "harbours")
    refused = _weigh(studio, {"variant": "harbours", "against": "notes.wonders"})[-1]
    assert refused["type"] == "error" and "against the rules it changes" in refused["text"]
    refused = _weigh(studio, {"variant": "notes.wonders"})[-1]
    assert refused["type"] == "error" and "nor a pack of the studio's folder" in refused["text"]


@pytest.mark.slow
def test_a_pack_in_the_expansions_folder_of_a_rule_set_plays_on_it(tmp_path):
    """A copy of the content: its packs (the shipped ones, and the designer's put beside
    them) are offered on the folder's own rules."""
    pytest.importorskip("starlette")
    from studio_server import Studio
    from test_studio import api
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root, ignore=shutil.ignore_patterns("second-edition"))
    shutil.copytree(PACK, root / "expansions" / "harbours")
    server = Studio(root)
    try:
        status, setup = api(server, "/api/play/setup")
        named = {e["folder"]: e for e in setup["editions"]}
        assert {".", "expansions/harbours", "expansions/leaders", "expansions/cities"} <= set(named)
        assert named["expansions/harbours"]["name"] == "7 Wonders, first edition with the pack expansions/harbours"
        assert all("problem" not in e for e in setup["editions"]), setup
        assert named["expansions/cities"]["variants"] == ["expansions/cities/variants/teams.wonders"]
    finally:
        server.stop()


@pytest.mark.slow
def test_in_the_browser_weigh_offers_the_pack_and_weighs_it(pack_studio):
    """The page (Chromium): the Weigh panel lists the pack after the variants and weighs it
    to its verdict, with no script error."""
    from browser import chromium, new_context
    studio, _root = pack_studio
    with chromium() as browser:
        context = new_context(browser, viewport={"width": 1400, "height": 900})
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(studio.url)
        page.wait_for_function("window.__studio && window.__studio.ready")
        page.click('#tabs button[data-panel="weigh"]')
        option = page.wait_for_selector('#panel-weigh select[name=variant] option[value="harbours"]', state="attached")
        assert option.inner_text() == "harbours (pack)"
        page.select_option("#panel-weigh select[name=variant]", "harbours")
        page.fill("#panel-weigh input[name=players]", "3")
        page.fill("#panel-weigh input[name=games]", "4")
        page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
        page.click("#panel-weigh button.primary")
        page.wait_for_selector("#panel-weigh .weigh-status:text('Done:')", timeout=180000)
        assert page.inner_text("#panel-weigh .weigh-status").startswith("Done: 4 game(s) under both rule sets")
        assert "B: harbours" in page.inner_text("#panel-weigh .figures")
        context.close()
    assert problems == [], problems


@pytest.mark.slow
def test_rules_diff_with_a_variant_shows_the_variant_on_the_pack():
    shown = call_cli("rules", "--diff", "--expansion", PACK_SHOWN, "--variant", "cheap-trade")
    assert shown.returncode == 0, shown.stderr
    assert "+    trade price 1" in shown.stdout and "+tokens: anchor" not in shown.stdout
