"""Phases as content (docs/language.md, "Phases"): zones, decks, `deal`, `draft` and `play
a card from` a zone, placed before or after an age or at its start; variants that add,
replace or remove a phase; the decisions they raise (saved, copied, replayed, answered by
every bot); the shipped bonus-draft variant in full games."""

from __future__ import annotations

import json

import pytest

from conftest import call_cli
from interpreter.bots.registry import make_bot
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.bots.seats import make_deciders

BONUS = "bonus-draft"

# A structure like the Leaders expansion's, with cards made up for the test: four leaders
# drafted before age I (one kept from each hand that comes round), and at the start of
# each age each player plays one kept leader (build it paying its coins, a wonder stage,
# or sell it).
LEADERS = '''
variant "Test leaders" {
    changes "7 Wonders, first edition"
    add zone "leaders"
    add phase "leader draft" before age I {
        deal 4 cards from deck "leaders"
        draft 4 into "leaders" passing left
    }
    add phase "recruiting" at start of each age { play a card from "leaders" }
''' + "".join(f'''    add card "Leader {n}" {{ deck "leaders"  color blue  cost {n % 4 + 1} coins; points {n % 5 + 1} }}
''' for n in range(28)) + "}\n"


def tables_of(*variants):
    result = check_paths(None, list(variants))
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


@pytest.fixture(scope="module")
def bonus():
    return tables_of(BONUS)


@pytest.fixture(scope="module")
def leaders(tmp_path_factory):
    path = tmp_path_factory.mktemp("leaders") / "leaders.wonders"
    path.write_text(LEADERS, encoding="utf-8")
    return tables_of(str(path))


def names(game, cards):
    return sorted(game.tables.cards[i].name for i in cards)


# ---------------------------------------------------------------- the draft
def test_a_draft_keeps_one_card_from_each_hand_that_comes_round(leaders):
    game = Game(leaders, 4, seed=3)
    assert game.hands == [[], [], [], []]                  # age I is dealt after the draft
    dealt = None
    for round_ in range(4):
        decisions = game.decisions()
        assert [(d.seat, d.kind) for d in decisions] == [(s, "draft") for s in range(4)]
        hands = [list(game.hands[s]) for s in range(4)]
        if dealt is None:
            dealt = hands
            assert all(len(h) == 4 for h in hands)
        assert all(len(h) == 4 - round_ for h in hands)
        assert all(o.kind == "keep" for d in decisions for o in d.options)
        for d in decisions:
            d.choose(0)                                    # the first card of the hand
        if round_ < 3:                                     # passed left: seat s now holds seat s-1's rest
            assert [sorted(game.hands[s]) for s in range(4)] == [sorted(hands[(s - 1) % 4][1:]) for s in range(4)]
    kept = game.zones["leaders"]
    assert all(len(k) == 4 for k in kept)
    assert sorted(i for k in kept for i in k) == sorted(i for h in dealt for i in h)
    assert all(len(h) == 7 for h in game.hands[:4])        # then age I's deal


def test_recruiting_at_the_start_of_each_age_builds_pays_or_sells(leaders):
    game = Game(leaders, 3, seed=5)
    while game.decision().kind == "draft":
        game.decision().choose(0)
    recruiting = game.decisions()
    assert [(d.seat, d.kind) for d in recruiting] == [(s, "zone") for s in range(3)]
    options = recruiting[0].options
    assert {o.kind for o in options} >= {"build", "sell"}
    assert all(o.card in game.zones["leaders"][0] for o in options)
    build = next(o for o in options if o.kind == "build")
    cost = leaders.cards[build.card].cost_coins
    coins = [c.coins for c in game.cities]
    recruiting[0].choose(build)
    sell = next(o for o in recruiting[1].options if o.kind == "sell")
    recruiting[1].choose(sell)
    recruiting[2].choose(next(o for o in recruiting[2].options if o.kind == "sell"))
    assert game.cities[0].coins == coins[0] - cost
    assert leaders.cards[build.card].name in game.cities[0].names
    assert game.cities[1].coins == coins[1] + leaders.rules.sell_coins
    assert [len(z) for z in game.zones["leaders"]] == [3, 3, 3]
    assert game.decision().kind == "turn" and game.turn == 1     # then age I's first turn
    game.play(make_deciders(["random"], 3, 1, None))
    assert game.finished and [len(z) for z in game.zones["leaders"]] == [1, 1, 1]   # one a age


# ---------------------------------------------------------------- the shipped bonus draft
def test_the_bonus_draft_deals_three_keeps_one_and_builds_it_free_when_wanted(bonus):
    game = Game(bonus, 3, seed=2)
    drafts = game.decisions()
    assert [(d.seat, d.kind, len(d.options)) for d in drafts][0][:2] == (0, "draft")
    assert all(len(game.hands[s]) == 3 for s in range(3))
    for d in drafts:
        d.choose(0)
    assert [len(z) for z in game.zones["bonus"]] == [1, 1, 1]
    assert all(len(h) == 7 for h in game.hands[:3])
    before = len(game.box)
    builds = game.decisions()                              # at the start of age I
    assert [d.kind for d in builds] == ["zone"] * 3
    labels = [o.label(bonus) for o in builds[0].options]
    assert labels[-1] == "pass" and all(x.endswith("free by phase") for x in labels[:-1])
    kept = game.zones["bonus"][0][0]
    coins = game.cities[0].coins
    builds[0].choose(0)
    builds[1].choose(len(builds[1].options) - 1)         # waits for a later age
    builds[2].choose(len(builds[2].options) - 1)
    assert kept in game.cities[0].built and game.zones["bonus"][0] == []
    assert game.cities[0].coins >= coins                   # free (a purse even gains)
    assert [len(z) for z in game.zones["bonus"]] == [0, 1, 1] and len(game.box) == before
    assert game.decision().kind == "turn"
    for _ in range(6):                                     # age I's turns: nobody is asked again
        for d in game.decisions():
            d.choose(len(d.options) - 1)
    assert [d.kind for d in game.decisions()] == ["zone", "zone"]   # age II: seats 1 and 2 still hold one


@pytest.mark.parametrize("players", range(3, 8))
def test_the_bonus_draft_plays_full_games(bonus, players):
    for bots in (["random"], ["greedy"], ["heuristic"]):
        game = Game(bonus, players, seed=players)
        game.play(make_deciders(bots, players, players, None))
        assert game.finished
        kinds = {e["kind"] for e in game.log if e["event"] == "choice"}
        assert {"draft", "turn"} <= kinds
        assert sum(1 for e in game.log if e["event"] == "choice" and e["kind"] == "draft") == players
        assert all(len(z) <= 1 for z in game.zones["bonus"])


def test_the_bonus_draft_with_the_free_city(bonus):
    game = Game(bonus, 2, seed=4)
    game.play(make_deciders(["greedy"], 2, 4, None))
    assert game.finished and len(game.zones["bonus"]) == 3 and game.zones["bonus"][2] == []


def test_save_load_and_copy_at_every_decision_of_a_game_with_phases(bonus):
    game = Game(bonus, 4, seed=9)
    deciders = make_deciders(["random"], 4, 9, None)
    kinds = set()
    while (decision := game.decision()) is not None:
        kinds.add(decision.kind)
        data = game_to_data(game)
        loaded = game_from_data(bonus, json.loads(json.dumps(data)))
        copy = game.clone(log=True)
        option = decision[deciders[decision.by].decide(game, decision.seat, decision.kind, decision)]
        for g in (game, loaded, copy):
            g.choose(option, decision.seat)
        assert game_to_data(loaded) == game_to_data(game) == game_to_data(copy)
    assert {"draft", "zone", "turn"} <= kinds


def test_a_save_in_a_phase_that_names_no_phase_is_refused(bonus):
    from interpreter.engine.save_fields import SaveError
    game = Game(bonus, 3, seed=1)
    game.decisions()[0].choose(0)
    data = game_to_data(game)
    data["flow"]["steps"][-1] = {"list": ["draft_picks", 7, 0, 1]}
    with pytest.raises(SaveError, match="names no phase"):
        game_from_data(bonus, data)
    data = game_to_data(game)
    data["zones"] = {"nowhere": []}
    with pytest.raises(SaveError, match="zones"):
        game_from_data(bonus, data)


# ---------------------------------------------------------------- bots
def test_greedy_and_heuristic_keep_the_card_they_value_most(bonus):
    from interpreter.bots.simple import GREEDY_WEIGHTS, weighted
    from interpreter.bots.view import Memory, SeatView
    for name in ("greedy", "heuristic"):
        for seed in range(4):
            game = Game(bonus, 4, seed=seed)
            decision = game.decisions()[0]
            chosen = decision.options[make_bot(name, seed).decide(game, 0, "draft", decision.options)]
            view = SeatView(game, 0, "draft", Memory(), decision.options)
            worth = {o.card: weighted(view.appraise(o), GREEDY_WEIGHTS) for o in decision.options}
            assert chosen.kind == "keep" and chosen.card in game.hands[0]
            if name == "greedy":                           # its own weights; 0.01 of noise
                assert worth[chosen.card] >= max(worth.values()) - 0.01


def test_the_search_bot_decides_a_draft_and_a_play_from_a_zone(bonus):
    game = Game(bonus, 3, seed=6)
    mcts = make_bot("mcts:iterations=12", 1)
    seen = set()
    while (decision := game.decision()) is not None and decision.kind != "turn":
        seen.add(decision.kind)
        decision.choose(mcts.decide(game, decision.seat, decision.kind, decision))
    assert "draft" in seen


# ---------------------------------------------------------------- variants and the language
def _variant(tmp_path, body: str, name="v.wonders"):
    path = tmp_path / name
    path.write_text('variant "V" {\n    changes "7 Wonders, first edition"\n' + body + "}\n", encoding="utf-8")
    return str(path)


def codes(*variants):
    return [d.code for d in check_paths(None, list(variants)).diagnostics if d.is_error]


@pytest.fixture
def content_with_phases(tmp_path):
    """The first edition with the bonus draft written into its rules (not as a variant)."""
    import shutil
    from interpreter.paths import content_dir
    folder = tmp_path / "content"
    shutil.copytree(content_dir(), folder, ignore=shutil.ignore_patterns("second-edition", "variants"))
    variant = (content_dir() / "variants" / f"{BONUS}.wonders").read_text(encoding="utf-8")
    phases = variant[variant.index("add zone"):variant.index("# The bonus deck")].replace("add ", "")
    cards = variant[variant.index("    add card"):variant.rindex("}")].replace("    add card", "card")
    base = folder / "base.wonders"
    text = base.read_text(encoding="utf-8")
    base.write_text(text.replace("    tie break: most coins\n}", "    tie break: most coins\n" + phases + "}"),
                    encoding="utf-8")
    (folder / "bonus.wonders").write_text(cards, encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_variant_replaces_or_removes_a_phase_by_its_name(tmp_path, content_with_phases):
    def tables_of(*variants):
        result = check_paths([content_with_phases], list(variants))
        assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
        return compile_rules(result.ruleset)

    def codes(*variants):
        return [d.code for d in check_paths([content_with_phases], list(variants)).diagnostics if d.is_error]
    def placed(tables):                                   # besides the ages' own phases
        return [p for p in tables.rules.phases if p.when]
    assert [p.name for p in placed(tables_of())] == ["bonus draft", "bonus build"]
    removed = tables_of(_variant(tmp_path, '    remove phase "bonus build"\n'))
    assert [p.name for p in placed(removed)] == ["bonus draft"]
    game = Game(removed, 3, seed=1)
    game.play(make_deciders(["random"], 3, 1, None))
    assert all(len(z) == 1 for z in game.zones["bonus"])  # kept, never played
    replaced = tables_of(_variant(tmp_path, '    replace phase "bonus build" after age III '
                                            '{ play a card from "bonus" }\n'))
    phase = placed(replaced)[1]
    assert (phase.name, phase.when, phase.age) == ("bonus build", "after", 3)
    game = Game(replaced, 3, seed=1)
    game.play(make_deciders(["greedy"], 3, 1, None))
    assert all(len(z) == 0 for z in game.zones["bonus"])  # played after age III, before the end
    assert codes(_variant(tmp_path, '    remove phase "no such"\n')) == ["E1405"]
    assert codes(_variant(tmp_path, '    add phase "bonus draft" after age I { play a card from "bonus" }\n')) == ["E1404"]
    assert codes(_variant(tmp_path, '    add zone "bonus"\n')) == ["E1404"]


def test_larger_hands_by_player_count_are_an_age_deal_and_cards_drawn_at_random(tmp_path):
    """Cities' way: cards of one colour added to an age's deck, one per player, and a hand
    of 8 played over 7 turns."""
    cards = "".join(f'    add card "Extra {n}" {{ age I  color purple; points 1 }}\n' for n in range(7))
    age = ('    modify phase "age I" { deal 8 cards from age I, with players random purple cards\n'
           '                           play 7 turns passing left, discarding the last cards }\n')
    tables = tables_of(_variant(tmp_path, cards + age))
    for players in range(3, 8):
        game = Game(tables, players, seed=players)
        assert [len(h) for h in game.hands] == [8] * players
        game.play(make_deciders(["random"], players, 1, None))
        assert game.finished


def test_a_card_is_in_an_age_or_a_deck_not_both(tmp_path):
    assert codes(_variant(tmp_path, '    add card "Odd" { age I  deck "bonus"  color blue; points 1 }\n')) == ["E1210"]


def test_phases_are_written_back_as_they_read():
    text = ('rules "R" {\n    zone "kept"\n    phase "a" before age II {\n        deal 2 cards from deck "d"\n'
            '        draft 2 into "kept" passing right\n    }\n    phase "b" at start of age I { play a card from "kept" }\n'
            '    phase "c" at start of each age { may build a card from "kept" for free }\n'
            '    phase "d" after age III { build a card from "kept" }\n}\n')
    tree, problems = parse_text(text, "t")
    assert problems == []
    again, _ = parse_text(print_item(tree.items[0]), "t")
    strip = lambda t: [print_item(i) for i in t.items]  # noqa: E731
    assert strip(again) == strip(tree)
    phases = tree.items[0].body[1:]
    assert [(p.place.when, p.place.age and p.place.age.text) for p in phases] == \
        [("before", "II"), ("start", "I"), ("start", None), ("after", "III")]
    assert [(s.optional, s.build_only, s.free) for p in phases[1:] for s in p.body] == \
        [(False, False, False), (True, True, True), (False, True, False)]


# ---------------------------------------------------------------- the commands
@pytest.mark.slow
def test_play_log_and_replay_a_game_with_a_draft(tmp_path):
    log = tmp_path / "game.json"
    played = call_cli("play", "--players", "3", "--seed", "2", "--variant", BONUS, "--bots", "greedy",
                     "--log", str(log))
    assert played.returncode == 0, played.stderr
    assert 'Phase "bonus draft"' in played.stdout and "keep " in played.stdout
    choices = json.loads(log.read_text())["choices"]
    assert [c["kind"] for c in choices[:3]] == ["draft"] * 3
    replayed = call_cli("replay", str(log))                  # the log names its variant
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    data = json.loads(log.read_text())
    data["choices"][1]["action"] = "keep Nothing (bonus)"
    log.write_text(json.dumps(data))
    wrong = call_cli("replay", str(log))
    assert wrong.returncode != 0 and "not a legal action" in wrong.stderr + wrong.stdout
    assert "Traceback" not in wrong.stderr


@pytest.mark.parametrize("players", (2, 3, 5, 7))
def test_every_card_in_one_place_and_coins_as_the_rules_say_through_the_phases(bonus, leaders, players):
    from interpreter.engine.invariants import Recorder, TurnWatch
    for tables in (bonus, leaders):
        if players == 2 and tables is leaders:
            continue
        game = Game(tables, players, seed=players)
        recorders = [Recorder(d) for d in make_deciders(["random"], players, players, None)]
        while not game.finished:
            watch = TurnWatch(game, recorders)
            game.step(recorders)
            assert watch.problems() == [], (tables.rules.phases[0].name, game.age.number, game.turn)


def test_a_bot_sees_its_own_zone_and_the_search_never_reads_the_others(bonus):
    import random
    from interpreter.bots.view import Memory, SeatView
    game = Game(bonus, 4, seed=8)
    for d in game.decisions():
        d.choose(0)
    view = SeatView(game, 1, "zone", Memory())
    assert view.zones == {"bonus": tuple(game.zones["bonus"][1])}
    deck = {c.index for c in bonus.cards if c.deck == "bonus"}
    for seed in range(5):
        world = view.sample_game(random.Random(seed))
        assert world.zones["bonus"][1] == game.zones["bonus"][1]                  # its own, as kept
        assert all(len(world.zones["bonus"][s]) == 1 and world.zones["bonus"][s][0] in deck for s in (0, 2, 3))


def test_moves_of_a_position_saved_in_a_draft_are_its_picks(bonus, tmp_path):
    game = Game(bonus, 3, seed=2)
    game.decisions()[0].choose(0)                         # seat 0 has picked; seats 1 and 2 not yet
    position = tmp_path / "draft.json"
    data = game_to_data(game)
    data["options"]["variants"] = [BONUS]                 # as `wonders play --variant` records it
    position.write_text(json.dumps(data))
    shown = call_cli("moves", str(position))
    assert shown.returncode == 0, shown.stderr
    picks = [line.strip() for line in shown.stdout.splitlines() if line.startswith("  ")]
    expected = sorted(f"keep {bonus.cards[i].name} (bonus)" for s in (1, 2) for i in dict.fromkeys(game.hands[s]))
    assert sorted(picks) == expected
