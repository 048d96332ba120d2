"""The accessible notation at a Dutch table (`--lang nl --notation accessible`), run as a user
runs the commands: the kit's marks with the Dutch edition's names, the boards after the
players in every log, and a screen-reader-style game read line by line."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, call_cli
from test_accessibility import NOT_PLAIN, Terminal

DUTCH_KIT = ("--lang", "nl", "--notation", "accessible")
CARD_REF = re.compile(r"\(([1-3]), ([^:()]+): ([^()]+)\)")      # "Altaar (1, gratis: 2v)"


def test_cards_are_kit_labels_with_dutch_names():
    result = call_cli("cards", "--plain", *DUTCH_KIT)
    assert result.returncode == 0, result.stderr
    blocks = [block.split("\n") for block in result.stdout.strip().split("\n\n")]
    assert blocks[-1] == ["78 kaarten"]
    by_name = {block[0].split(",")[0]: block for block in blocks[:-1]}
    # the Dutch rulebook's names, the kit's marks, the kind of building in Dutch
    assert by_name["Altaar"] == ["Altaar, Burgerlijke Gebouwen", "1", "gratis", "2v", "daarna gratis Temple",
                                 "spelers 3, spelers 5"]
    assert by_name["Stallen"][4:] == ["gratis met Apotheek", "spelers 3, spelers 5"]
    assert by_name["Apotheek"][:4] == ["Apotheek, Wetenschappelijke Gebouwen", "1", "l", "&"]
    table = call_cli("cards", "--age", "1", *DUTCH_KIT)
    assert table.stdout.splitlines()[0].split()[:3] == ["Kaart", "Soort", "gebouw"], table.stdout[:200]
    assert re.search(r"^Marktplaats .* koop g p l van beide naburige steden voor 1\$", table.stdout, re.M)


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dutch-kit")
    log = folder / "game.json"
    played = call_cli("play", "--players", "3", "--seed", "5", "--bots", "greedy", "--log", str(log), *DUTCH_KIT)
    assert played.returncode == 0, played.stderr
    return log, played.stdout


def _assert_boards_and_cards(text: str) -> None:
    lines = text.splitlines()
    players = [re.fullmatch(r"  (P\d): (.+) kant ([AB])", line) for line in lines]
    players = [m.groups() for m in players if m]
    assert len(players) == 3, lines[:8]
    for player, city, side in players:             # each board in the kit notation, after the players
        assert f"  {player}, {city}, kant {side}: " in text or f"  {player}, {city}, kant {side}\n" in text, player
        assert re.search(rf"^  {player}, fase 1, [wsocplg$\d ]+: .+$", text, re.M), player
    actions = [line for line in lines if re.match(r"    P\d: (bouw|leg|Wonder)", line)]
    assert actions and all(CARD_REF.search(line) for line in actions), actions[:3]
    assert not re.search(r"\((I|II|III)\)", text), "a card left in words"
    assert "Tijdperk I" in text and "Age " not in text


def test_play_writes_its_log_in_the_kit_notation_in_dutch(game_log):
    _, shown = game_log
    _assert_boards_and_cards(shown)
    assert re.search(r"^Winnaars?: ", shown, re.M)


def test_replay_and_moves_in_the_kit_notation_in_dutch(game_log, tmp_path):
    log, _ = game_log
    replayed = call_cli("replay", str(log), *DUTCH_KIT)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("Herhaling gecontroleerd")
    _assert_boards_and_cards(replayed.stdout)
    position = tmp_path / "position.json"
    stopped = call_cli("replay", str(log), "--to", "4", "--save", str(position), *DUTCH_KIT)
    assert stopped.returncode == 0 and stopped.stdout.startswith("Stand voor Tijdperk I, ronde 5"), stopped.stdout
    moves = call_cli("moves", str(position), *DUTCH_KIT)
    assert moves.returncode == 0, moves.stderr
    lines = moves.stdout.splitlines()
    assert lines[:2] == ["Tijdperk I, ronde 5", "P1:"]
    options = [line.strip() for line in lines if line.startswith("  ")]
    assert options and all(CARD_REF.search(o) for o in options if o != "pas"), options
    assert any(o.startswith("bouw ") for o in options) and any(o.startswith("leg ") for o in options)


def test_score_lists_the_table_in_the_kit_notation_in_dutch(tmp_path):
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text())
    table["players"][0]["cards"] = ["Altaar" if c == "Altar" else c for c in table["players"][0]["cards"]]
    dutch_table = tmp_path / "tafel.json"
    dutch_table.write_text(json.dumps(table))
    result = call_cli("score", str(dutch_table), *DUTCH_KIT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["Ann: Alexandria, kant A: g", "  fase 1, ss: 3v (gebouwd)"]
    assert "  Altaar (1, gratis: 2v)" in lines and "  Bibliotheek (2, ss l: #)" in lines
    assert any(line.startswith("Puntentelling") for line in lines)


DUTCH_PROMPT_END = b"(getal of kaartnaam): "


@pytest.mark.slow
def test_a_screen_reader_user_plays_in_dutch_in_the_kit_notation():
    """`play --plain --notation accessible --lang nl` at a terminal, read line by line; the
    reader answers with the Dutch name of a card to build when it has one."""
    term = Terminal("play", "--players", "3", "--seed", "7", "--bots", "greedy", "--human", "1",
                    "--plain", *DUTCH_KIT, env={"NO_COLOR": "1"}, prompt_end=DUTCH_PROMPT_END)
    built, typed_names, options, hand = [], 0, [], False
    try:
        while (line := term.line()) is not None:
            assert not NOT_PLAIN.search(line) and "==" not in line, repr(line)
            if line.endswith(DUTCH_PROMPT_END.decode()):
                builds = [text for _, text in options if text.startswith("bouw ") and " Wonder fase " not in text]
                if builds:
                    name = builds[0].removeprefix("bouw ").split(" (")[0]
                    built.append(name)
                    term.type(name)                     # by name, not number
                    typed_names += 1
                else:
                    term.type("1")
                options = []
            elif line == "Hand:":
                hand = True
            elif re.match(r"^ +\d+\. ", line):
                hand = False
                options.append(tuple(line.strip().split(". ", 1)))
                assert options[-1][1] == "pas" or CARD_REF.search(options[-1][1]), line
            elif hand:
                name, age, cost = line.strip().split("; ")[:3]
                assert re.fullmatch(r"[1-3]", age) and re.fullmatch(r"gratis|[\d$wsocplg ]+", cost), line
    finally:
        status = term.close()
    assert status == 0, term.seen[-20:]
    assert typed_names >= 5
    log = term.seen
    assert not any(line.startswith("Typ een getal") for line in log), "a name typed was not understood"
    assert "Spelers (met de klok mee; de buur links van elke speler is de volgende):" in log
    assert any(re.fullmatch(r"  P1, fase 1, [wsocplg ]+: .+", line) for line in log)
    assert any(re.match(rf"    P1: bouw {re.escape(built[0])} \([1-3], [^:]+: .+\)", line) for line in log), built
    assert any(line.startswith("Winnaar") for line in log)


@pytest.mark.slow
def test_dutch_braille_labels_back_translate_to_name_cost_and_players(tmp_path):
    """`render --braille --lang nl` writes the Dutch labels in Dutch braille (nl-NL-g0.utb);
    back-translated, each card's name, age, cost and players are found again.  The Dutch
    table has no cell for `$` (liblouis would write "dollar"): the rulebook's coin is said
    in words, "1 muntstuk"."""
    from test_accessibility import _louis
    _louis()
    from interpreter.views.access.braille import from_braille, labels_of
    cards = call_cli("cards", "--plain", *DUTCH_KIT).stdout
    sides = call_cli("cards", "--wonders", "--plain", *DUTCH_KIT).stdout
    printed = [block.split("\n") for text in (cards, sides) for block in text.strip().split("\n\n")[:-1]]
    out = tmp_path / "nl.brf"
    result = call_cli("render", "--braille", str(out), "--lang", "nl")
    assert result.returncode == 0, result.stderr
    assert "78 kaartlabel(s) en 14 label(s) van een kant van een Wonder bord in braille (nl-NL-g0.utb" \
        in result.stdout, result.stdout
    read = [[from_braille(line, "nl-NL-g0.utb") for line in label]
            for label in labels_of(out.read_bytes().decode("ascii"))]
    assert len(read) == len(printed) == 78 + 14
    for back, label in zip(read[:78], printed[:78]):
        expected = [re.sub(r"(\d+)\$", lambda m: m[1] + (" muntstuk" if m[1] == "1" else " muntstukken"), line)
                    for line in label]
        assert back[:3] == expected[:3] and back[-1] == expected[-1], (back, label)
    for back, label in zip(read[78:], printed[78:]):
        assert back[0].split(":")[0] == label[0].split(":")[0], (back, label)
    by_name = {back[0]: back for back in read}
    assert by_name["Kamer van Koophandel, Commerciële Gebouwen"][1:3] == ["3", "cc p"]
    assert by_name["Marktplaats, Commerciële Gebouwen"][-1] == "spelers 3, spelers 6"
    assert by_name["Mijn, Ruwe Grondstoffen"][2] == "1 muntstuk"
    assert not any("dollar" in line for back in read for line in back)
    assert any(b[0].startswith("Gizeh, kant A: ") for b in read)        # the city, as the Dutch rulebook names it
