"""7 Wonders: Wonder Pack as content (content/expansions/wonder-pack/): its four boards on
both sides check clean, are listed by `cards --wonders`, do what the facts of
docs/wonder-pack.md say where the language can say it, and play full games at every
player count the pack seats, each new board seated on each side."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.bots.seats import make_deciders

from conftest import call_cli
from scenario import Script

NEW = ["The Great Wall", "Stonehenge", "Manneken Pis", "Abu Simbel"]
OLD = ["Babylon", "Olympia", "Rhodos"]


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None, (), "first-edition+wonder-pack")
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


def side_of(wonder, side):
    return tables().ruleset.wonder(wonder).side(side)


def test_the_pack_checks_clean_and_adds_four_boards():
    result = call_cli("check", "--expansion", "wonder-pack")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 error(s)" in result.stdout and "11 wonders" in result.stdout


def test_cards_lists_the_four_boards_on_both_sides():
    result = call_cli("cards", "--wonders", "--expansion", "wonder-pack")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()]
    for name in NEW:
        words = name.split()
        sides = {r[len(words)] for r in rows if r[:len(words)] == words and len(r) > len(words)}
        assert {"A", "B"} <= sides, name


def test_the_stage_counts_and_the_great_wall_built_in_any_order():
    counts = {(w, s): len(side_of(w, s).stages) for w in NEW for s in "AB"}
    assert counts == {("The Great Wall", "A"): 4, ("The Great Wall", "B"): 4, ("Stonehenge", "A"): 3,
                      ("Stonehenge", "B"): 2, ("Manneken Pis", "A"): 3, ("Manneken Pis", "B"): 1,
                      ("Abu Simbel", "A"): 3, ("Abu Simbel", "B"): 2}
    assert side_of("The Great Wall", "A").any_order and side_of("The Great Wall", "B").any_order
    assert not side_of("Stonehenge", "A").any_order


def test_manneken_pis_starts_with_four_coins_more_and_produces_nothing():
    t = tables()
    for side in "AB":
        game = Game(t, 3, 1, side, ["Manneken Pis", "Babylon", "Olympia"])
        game.step([Script(), Script(), Script()])          # the first turn: everyone sells
        assert [c.coins for c in game.cities] == [t.rules.starting_coins + 3 + 4] + [t.rules.starting_coins + 3] * 2
        assert not side_of("Manneken Pis", side).effects[1:] and "produces" not in repr(side_of("Manneken Pis", side).effects)


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("side", ["A", "B"])
def test_full_games_with_every_new_board_at_every_player_count(players, side):
    """Each player count seats all four new boards (with base boards to fill the table at
    5 to 7; at 3, the three first and, in a second game, the last with two base boards)."""
    seatings = [(NEW + OLD)[:players]] if players >= 4 else [NEW[:3], [NEW[3]] + OLD[:2]]
    for wonders in seatings:
        logs = []
        for _ in range(2):
            game = Game(tables(), players, players * 3, side, wonders)
            game.play(make_deciders(["heuristic", "greedy", "random"], players, players, None))
            assert game.finished
            assert [c.side.wonder for c in game.cities] == wonders
            logs.append(json.dumps(game.log))
        assert logs[0] == logs[1]


def test_the_great_wall_b_truce_takes_its_city_out_of_a_conflict():
    """Over a few seeded games on side B, a city that built the truce stage sits out."""
    seen = False
    for seed in range(12):
        game = Game(tables(), 3, seed, "B", ["The Great Wall", "Babylon", "Olympia"])
        game.play(make_deciders(["greedy"], 3, seed, None))
        if any(e.get("event") == "sits out" for e in game.log):
            seen = True
            break
    assert seen


@pytest.mark.slow
@pytest.mark.parametrize("side", ["A", "B"])
def test_wonders_play_seats_the_new_boards_by_name(side):
    args = ("play", "--expansion", "wonder-pack", "--players", "4", "--seed", "3", "--sides", side,
            "--wonders", ",".join(NEW), "--bots", "heuristic,greedy,random", "--format", "json")
    first, second = call_cli(*args), call_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert [(p["city"]["wonder"], p["city"]["side"]) for p in data["players"]] == [(w, side) for w in NEW]
    assert data["log"][-1]["event"] == "end"


# ---------------------------------------------------------------- beside the Cities pack
# Both packs `set` a `holders of ... tokens sit out` statement, each for its own token
# kind: a `set` of that statement replaces only the one for its kind, so they combine.
@lru_cache(maxsize=1)
def tables_with_cities():
    result = check_paths(None, (), "first-edition+cities+wonder-pack")
    assert result.errors == 0, [str(d) for d in result.diagnostics if d.severity == "error"]
    return compile_rules(result.ruleset)


@pytest.mark.parametrize("packs", ["cities+wonder-pack", "wonder-pack+cities"])
def test_the_pack_checks_beside_cities_and_both_kinds_sit_out(packs):
    result = check_paths(None, (), f"first-edition+{packs}")
    assert result.errors == 0, [str(d) for d in result.diagnostics]
    assert sorted(result.ruleset.rules.sit_out) == [("diplomacy", "age end", False), ("truce", "age end", False)]


def test_a_truce_holder_and_a_diplomat_both_sit_out_the_same_conflict():
    t = tables_with_cities()
    game = Game(t, 5, 1, "B", ["The Great Wall", "Babylon", "Olympia", "Rhodos", "Stonehenge"])
    for city, n in zip(game.cities, [9, 3, 9, 2, 1]):      # 1, 3 and 4 now face each other
        city.shields = n
    game.cities[0].kept["truce"] = 1
    game.cities[2].kept["diplomacy"] = 1
    game.do("end_age")
    out = [(e["seat"], e["kind"]) for e in game.log if e.get("event") == "sits out"]
    assert sorted(out) == [(0, "truce"), (2, "diplomacy")]
    assert game.cities[0].tokens == [] and game.cities[2].tokens == []
    assert not game.cities[0].kept and not game.cities[2].kept
    assert [sorted(game.cities[i].tokens) for i in (1, 3, 4)] == [[1, 1], [-1, 1], [-1, -1]]


@pytest.mark.parametrize("players", range(3, 8))
def test_full_games_with_both_packs_where_the_great_wall_b_truce_and_diplomacy_sit_out(players):
    """Random bots, a few seeds: the games end, and over them a Great Wall B city that
    built its truce stage and a city holding a diplomacy token each sit out a conflict."""
    wonders = (NEW + OLD)[:players]
    kinds = set()
    for seed in range(6):
        game = Game(tables_with_cities(), players, seed, "B", wonders)
        game.play(make_deciders(["random"], players, seed, None))
        assert game.finished and game.log[-1]["event"] == "end"
        for e in game.log:
            if e.get("event") == "sits out":
                kinds.add(e["kind"])
                assert e["kind"] != "truce" or wonders[e["seat"]] == "The Great Wall"
    assert kinds == {"truce", "diplomacy"}


def _own_variant(tmp_path, name, body):
    path = tmp_path / f"{name}.wonders"
    path.write_text(f'variant "{name}" {{\n    changes "7 Wonders, first edition"\n{body}\n}}\n')
    return str(path)


def test_two_variants_setting_one_token_kinds_sitting_out_still_conflict(tmp_path):
    mine = _own_variant(tmp_path, "Long truce", "    set holders of truce tokens face each city once at the next age end")
    result = check_paths(None, [mine], "first-edition+cities+wonder-pack")
    (d,) = [d for d in result.diagnostics if d.code == "E1403"]
    assert '"Wonder Pack" and "Long truce"' in d.message and "`holders of truce tokens`" in d.message
    assert d.span.file == mine


def test_an_override_of_one_kind_leaves_the_other_kind_alone(tmp_path):
    mine = _own_variant(tmp_path, "Long truce", '    overrides "Wonder Pack"\n'
                        "    set holders of truce tokens face each city once at the next age end")
    result = check_paths(None, [mine], "first-edition+cities+wonder-pack")
    assert result.errors == 0, [str(d) for d in result.diagnostics]
    assert sorted(result.ruleset.rules.sit_out) == [("diplomacy", "age end", False), ("truce", "age end", True)]


@pytest.mark.slow
def test_check_and_play_take_both_packs():
    packs = ("--expansion", "cities", "--expansion", "wonder-pack")
    checked = call_cli("check", *packs)
    assert checked.returncode == 0 and "0 error(s)" in checked.stdout, checked.stdout + checked.stderr
    played = call_cli("play", *packs, "--players", "5", "--seed", "2", "--sides", "B", "--wonders",
                     ",".join(NEW + OLD[:1]), "--bots", "random", "--format", "json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["log"][-1]["event"] == "end"


# ---------------------------------------------------------------- the stages of order and removal
# (docs/wonder-pack.md, "How the stages are written"; docs/language.md, "Order and removal")
def _run_stage(game, seat: int, number: int):
    """Build the city's stage `number` (from 0) by hand and run its `when built` actions."""
    city = game.cities[seat]
    while not city.side.any_order and city.stages < number:   # the stages before it, built as they are
        city.add_stage()
    stage = city.add_stage(number)
    for op in reversed(stage.run.when_built):
        game.stack.append(("run", op, seat, None, stage.name))
    game.run()


def test_manneken_pis_a_copies_its_neighbours_built_stages():
    t = tables()
    game = Game(t, 3, 1, "A", ["Manneken Pis", "Gizah", "Ephesos"])
    city, (left, right) = game.cities[0], game.neighbours(0)
    assert {left.side.wonder, right.side.wonder} == {"Gizah", "Ephesos"}
    _run_stage(game, 0, 0)                       # the left neighbour built nothing yet
    assert city.copied_stages == []
    left.add_stage(0)
    right.add_stage(0)
    right.add_stage(1)
    coins = city.coins
    _run_stage(game, 0, 1)                       # the right neighbour's second stage
    assert [t.sides[s].wonder for s, _n in city.copied_stages] == [right.side.wonder]
    if right.side.wonder == "Ephesos":
        assert city.coins == coins + 9           # Ephesos A's second stage: 9 coins at once
    left.add_stage(1)
    left.add_stage(2)
    right.add_stage(2)
    _run_stage(game, 0, 2)                       # both built their third stage: a choice
    decision = game.decision()
    assert decision.kind == "copy" and {o.label(t) for o in decision.options} == {
        f"copy stage 3 of {w} A" for w in ("Gizah", "Ephesos")}
    gizah = next(i for i, o in enumerate(decision.options) if "Gizah" in o.label(t))
    decision.choose(gizah)
    wonder_points = sum(s.points for s in city.stage_copies())
    assert wonder_points == 7 + (5 if right.side.wonder == "Gizah" else 0)    # Gizah A: 3, 5, 7 points


def test_stonehenge_b_counts_the_neighbours_cards_of_the_colour_under_its_second_stage():
    from interpreter.engine.scoring import score_city
    t = tables()
    game = Game(t, 3, 1, "B", ["Stonehenge", "Babylon", "Olympia"])
    city, (left, right) = game.cities[0], game.neighbours(0)
    for name, where in (("Baths", left), ("Altar", left), ("Theater", right), ("Lumber Yard", right)):
        where.add_card(t.cards[t.card_index(name)])
    city.add_stage(0)
    city.under_stages.append(t.card_index("Stone Pit"))
    city.add_stage(1)
    city.under_stages.append(t.card_index("Pawnshop"))      # a blue card builds the second stage
    assert score_city(t, city, left, right, game.cities, 3, 5)["wonder"] == 3    # 3 blue; no stone made
    city.under_stages[1] = t.card_index("Clay Pit")         # a brown one: the one brown card of the neighbours
    assert score_city(t, city, left, right, game.cities, 3, 5)["wonder"] == 1


@lru_cache(maxsize=1)
def tables_with_leaders():
    result = check_paths(None, (), "first-edition+leaders+wonder-pack")
    assert result.errors == 0, [str(d) for d in result.diagnostics if d.severity == "error"]
    return compile_rules(result.ruleset)


@pytest.mark.parametrize("side, number", [("A", 2), ("B", 0), ("B", 1)])
def test_abu_simbel_entombs_a_leader_with_the_leaders_pack_and_nothing_without(side, number):
    from interpreter.engine.scoring import score_city
    t = tables_with_leaders()
    game = Game(t, 3, 1, side, ["Abu Simbel", "Babylon", "Olympia"])
    city, (left, right) = game.cities[0], game.neighbours(0)
    caesar, midas = t.card_index("Caesar"), t.card_index("Midas")
    city.add_card(t.cards[caesar])
    city.add_card(t.cards[midas])
    while city.stages < number:
        city.add_stage()
    shields = city.shields
    before = score_city(t, city, left, right, game.cities, 3, 5)["wonder"]
    _run_stage(game, 0, number)
    decision = game.decision()
    assert decision.kind == "remove" and [o.card for o in decision.options] == [caesar, midas]
    decision.choose(0)                                        # Caesar: 2 shields while in play
    assert caesar not in city.built and city.entombed == [(number, caesar)]
    assert city.shields == shields - t.cards[caesar].static[0].amount
    after = score_city(t, city, left, right, game.cities, 3, 5)["wonder"]
    assert after - before == 2 * t.cards[caesar].cost_coins + t.side("Abu Simbel", side).stages[number].points
    plain = tables()                                          # without Leaders: the stage gives nothing
    assert not plain.side("Abu Simbel", side).stages[number].when_built
    assert not plain.side("Abu Simbel", side).stages[number].scores


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5, 7])
def test_full_games_with_leaders_where_abu_simbel_entombs_and_manneken_pis_copies(players):
    wonders = ["Abu Simbel", "Manneken Pis", "Stonehenge", "The Great Wall", "Gizah", "Ephesos", "Rhodos"][:players]
    entombed = copied = False
    for seed in range(4):
        for side in "AB":
            game = Game(tables_with_leaders(), players, seed, side, wonders)
            game.play(make_deciders(["heuristic", "greedy", "random"], players, seed, None))
            assert game.finished
            entombed |= bool(game.cities[0].entombed)
            copied |= bool(game.cities[1].copied_stages)
            places = [i for c in game.cities for _n, i in c.entombed]
            assert all(i not in c.built for c in game.cities for i in places)
    assert entombed and copied
