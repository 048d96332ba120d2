"""The Leaders pack through the commands a user runs (subprocess): the score pad of a
hand-made finished table (`wonders score --expansion leaders`), the lab's ranking of the
leaders (`wonders simulate --cards-of white`) and `compare` on top of the pack."""

from __future__ import annotations

import json

import pytest

from conftest import call_cli

TABLE = "docs/examples/leaders-table.json"

# Worked by hand from the pack's cards (docs/expansions.md) and the first edition's:
# Ann, Roma A with both stages (4 + 6), 9 coins, tokens 1, 3, 5, the Altar (2) and three
# leaders: Cleopatra 5, Alexander 1 per victory token (3), Amytis 2 per stage (4).
# Bob, Gizah A with one stage (3), 4 coins, two defeats, a gear, a compass and a tablet
# (a set of 7 plus 1 + 1 + 1), Hypatia 1 per green card (3).
# Cid, Babylon A, no stage, no coin, a defeat, two grey cards, Nefertiti 4, Praxiteles 2
# per grey card (4), Midas 1 per 3 coins (0).
PAD = {
    "Ann": {"military": 9, "treasury": 3, "wonder": 10, "civilian": 2, "science": 0, "commercial": 0,
            "guilds": 0, "leaders": 12, "total": 36},
    "Bob": {"military": -2, "treasury": 1, "wonder": 3, "civilian": 0, "science": 10, "commercial": 0,
            "guilds": 0, "leaders": 3, "total": 15},
    "Cid": {"military": -1, "treasury": 0, "wonder": 0, "civilian": 0, "science": 0, "commercial": 0,
            "guilds": 0, "leaders": 8, "total": 7},
}


def test_the_score_pad_of_a_finished_leaders_table():
    result = call_cli("score", TABLE, "--expansion", "leaders", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {p["name"]: {k: p[k] for k in PAD["Ann"]} for p in data["players"]} == PAD
    assert data["winners"] == ["Ann"]


def test_the_score_pad_is_in_the_booklets_order_the_leaders_line_last_before_the_total():
    result = call_cli("score", TABLE, "--expansion", "leaders")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[2:11]] == [
        "military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders", "total"]
    assert lines[9].split() == ["leaders", "12", "3", "8"] and lines[-1] == "Winner: Ann"


def test_a_leaders_table_without_the_pack_names_what_is_unknown():
    result = call_cli("score", TABLE)
    assert result.returncode == 1 and result.stdout == ""
    assert "players[0] (Ann).wonder: unknown wonder 'Roma'" in result.stderr
    assert "players[1] (Bob).cards: unknown card 'Hypatia'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_simulate_ranks_the_leaders_alone_with_cards_of():
    result = call_cli("simulate", "--bots", "random", "--expansion", "leaders", "--players", "3", "--games", "6", "--workers", "1",
                     "--quiet", "--cards-of", "white", "--format", "json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["cards"] and {c["card"] for c in summary["cards"]} <= _white_cards()
    assert summary["options"]["cards_of"] == ["white"]
    for card in summary["cards"]:
        assert card["win_built"]["low"] <= card["win_built"]["rate"] <= card["win_built"]["high"]


def _white_cards() -> set[str]:
    from test_leaders import tables
    return {c.name for c in tables().cards if c.color == "white"}


def test_cards_of_an_unknown_colour_is_a_usage_error():
    result = call_cli("simulate", "--workers", "1", "--bots", "random", "--expansion", "leaders", "--players", "3", "--games", "2", "--cards-of", "pink")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "'pink' is not a colour of these rules (colours: brown, grey, blue, yellow, red, green, purple, white)" \
        in result.stderr


@pytest.mark.slow
def test_compare_plays_a_variant_on_top_of_the_pack():
    result = call_cli("compare", "--bots", "random", "--expansion", "leaders", "--variant", "selling-gives-2", "--players", "3",
                     "--games", "6", "--workers", "1", "--quiet", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["options"]["rules"] == "first-edition+leaders" and data["games"] == [6, 6]
    assert (data["a"], data["b"]) == ("base", "selling-gives-2")


def test_a_leader_in_words_names_its_deck_not_an_age():
    """`cards --plain` (and `rules --full` in Dutch) write a leader's line of the age as its
    deck: a leader is in no age and is dealt once whatever the player count."""
    english = call_cli("cards", "--expansion", "leaders", "--search", "Bilkis", "--plain")
    dutch = call_cli("cards", "--expansion", "leaders", "--search", "Bilkis", "--plain", "--lang", "nl")
    assert english.returncode == dutch.returncode == 0, dutch.stderr
    assert english.stdout.splitlines()[1:3] == ['deck "leaders"', "cost 4 coins"]
    assert english.stdout.splitlines()[4] == "one card in its deck"
    assert dutch.stdout.splitlines()[1] == 'stapel "leaders"' and dutch.stdout.splitlines()[4] == "één kaart in de stapel"
    kit = call_cli("cards", "--expansion", "leaders", "--search", "Bilkis", "--notation", "accessible", "--plain")
    assert "Bilkis, white, leaders, 4$" in kit.stdout.replace("\n", ", "), kit.stdout


@pytest.mark.slow
def test_the_log_says_what_roma_b_draws_into_the_hand_of_leaders():
    """Roma B's first stage draws 4 leaders no one was dealt (`draw 4 cards from deck
    "leaders" into "leaders"`): the log says so, in English and in Dutch."""
    game = ("play", "--players", "3", "--seed", "1", "--bots", "greedy", "--expansion", "leaders",
            "--wonders", "Roma", "--sides", "B")
    english, dutch = call_cli(*game), call_cli(*game, "--lang", "nl")
    assert english.returncode == dutch.returncode == 0, english.stderr
    lines = english.stdout.splitlines()
    stage = next(i for i, line in enumerate(lines) if line.startswith("    P1: wonder stage with"))
    assert lines[stage - 1].startswith('    P1 draws 4 cards into "leaders": ')     # logged as the stage resolves
    assert '    P1 trekt 4 kaarten naar "leaders": ' in dutch.stdout
