"""What a card is worth, by restricted play (`--value`, `--prefer`): the restriction
wrapper, the draft figures, the paired statistics, and the command as a user runs it."""

from __future__ import annotations

import json
import random

import pytest

from conftest import call_cli

from interpreter.sim.records import RunOptions, play_game
from interpreter.sim.restrict import Restricted, UnknownTarget, from_key, give_side, resolve, restrict
from interpreter.sim.study import DraftWatch, study_game
from interpreter.sim.values import ValuePairs, ValueTally
from interpreter.sim.worker import load_tables

GREEDY4 = RunOptions(4, ("greedy",))


@pytest.fixture(scope="module")
def tables():
    return load_tables(GREEDY4)[0]


# ---------------------------------------------------------------- naming a target
def test_targets_are_cards_colours_and_sides_read_with_any_case(tables):
    card = resolve(tables, "arsenal")
    assert (card.mode, card.kind, card.name, card.card_names) == ("forbid", "card", "Arsenal", ("Arsenal",))
    assert {tables.cards[i].name for i in card.cards} == {"Arsenal"}
    red = resolve(tables, "red", "prefer")
    assert red.key == "prefer:red" and all(tables.cards[i].color == "red" for i in red.cards) and len(red.card_names) > 5
    side = resolve(tables, "Rhodos A")
    assert (side.key, side.wonder, side.side, side.label) == ("side:Rhodos A", "Rhodos", "A", "given Rhodos A")
    assert from_key(tables, card.key) == card and from_key(tables, side.key) == side


def test_an_unknown_target_is_refused_with_the_closest_name(tables):
    with pytest.raises(UnknownTarget, match="did you mean 'Arsenal'"):
        resolve(tables, "Arsenl")
    with pytest.raises(UnknownTarget, match="is not a card, a colour or a wonder side"):
        resolve(tables, "zzzz")
    with pytest.raises(UnknownTarget, match="wonder side"):
        resolve(tables, "Rhodos A", "prefer")


# ---------------------------------------------------------------- the restriction
def test_a_restriction_that_never_bites_plays_the_game_as_dealt(tables):
    target = resolve(tables, "Arsenal")
    for index in range(6):
        plain = play_game(tables, GREEDY4, index)
        seat = index % 4
        if any(name == "Arsenal" for name, _ in plain["seats"][seat]["built"]):
            continue
        again = play_game(tables, GREEDY4, index, adjust=restrict(target, seat))
        watched = play_game(tables, GREEDY4, index, adjust=DraftWatch().adjust)
        assert again == plain == watched


def test_a_forbidden_colour_is_never_built_and_a_preferred_one_whenever_it_can_be(tables):
    red = resolve(tables, "red")
    prefer = resolve(tables, "red", "prefer")
    reds = set(red.card_names)
    for index in range(8):
        seat = index % 4
        forbidden = play_game(tables, GREEDY4, index, adjust=restrict(red, seat))["seats"][seat]
        assert not [n for n, _ in forbidden["built"] if n in reds]
        preferred = play_game(tables, GREEDY4, index, adjust=restrict(prefer, seat))["seats"]
        plain = play_game(tables, GREEDY4, index)["seats"]
        count = sum(n in reds for n, _ in preferred[seat]["built"])
        assert count >= sum(n in reds for n, _ in plain[seat]["built"])


class _Options:
    """A decider that records what it was offered and takes the first."""

    def __init__(self):
        self.offered = []

    def decide(self, game, seat, kind, options):
        self.offered.append(list(options))
        return 0


def test_the_wrapper_filters_only_its_seats_builds_and_maps_the_answer_back():
    from interpreter.engine.actions import Action
    from interpreter.engine.moves import Move
    options = [Action(Move.BUILD, 3), Action(Move.BUILD, 5), Action(Move.SELL, 3), Action(Move.STAGE, 3)]
    inner = _Options()
    forbid = Restricted(inner, 1, frozenset({3}), prefer=False)
    assert forbid.decide(None, 1, "turn", options) == 1          # the first left is option 1
    assert inner.offered[-1] == options[1:]                       # selling and staging it stay
    assert forbid.decide(None, 0, "turn", options) == 0           # another city: untouched
    assert inner.offered[-1] == options
    prefer = Restricted(inner, 1, frozenset({5}), prefer=True)
    assert prefer.decide(None, 1, "turn", options) == 1 and inner.offered[-1] == [options[1]]
    only = [Action(Move.BUILD, 3)]
    assert forbid.kept(only) is None                              # no other choice: the rules decide


def test_a_side_given_swaps_boards_and_keeps_the_deal(tables):
    from interpreter.engine.game import Game
    for seed in range(6):
        game = Game(tables, 4, seed)
        hands = [list(h) for h in game.hands]
        boards = sorted((c.side.wonder, c.side.side) for c in game.cities)
        had = (game.cities[2].side.wonder, game.cities[2].side.side)
        give_side(game, 2, "Rhodos", "A")
        assert (game.cities[2].side.wonder, game.cities[2].side.side) == ("Rhodos", "A")
        now = [(c.side.wonder, c.side.side) for c in game.cities]
        assert len({w for w, _ in now}) == 4 and game.hands == hands
        if any(w == "Rhodos" for w, _ in boards) and had[0] != "Rhodos":
            assert had in now                            # the city dealt Rhodos took the seat's board


# ---------------------------------------------------------------- the draft
def test_draft_counts_follow_the_hands_round_the_table(tables):
    """At 4 players with hands of 7, a hand comes back to its first city at pick 5, with 3
    cards: 3 a hand, 4 hands, 3 ages; 18 picks a city, each taken at its turn."""
    watch = DraftWatch()
    record = play_game(tables, GREEDY4, 2, adjust=watch.adjust)
    counts = list(watch.cards.values())
    assert sum(c[2] for c in counts) == 4 * 7 * 3                 # every card dealt into a hand
    assert sum(c[1] for c in counts) == 4 * 18                    # one taken a turn a city
    assert sum(c[3] for c in counts) == 3 * 4 * 3
    assert sum(c[0] for c in counts) == 4 * 3 * sum(range(1, 7))  # picks 1..6 of each age
    assert record["turns"] == 18


# ---------------------------------------------------------------- the statistics
def _record(game: int, before: tuple, after: tuple, built=(1, 0)) -> dict:
    seats = [{"total": 30, "win": 0.0, "built": []} for _ in range(4)]
    seat = game % 4
    seats[seat] = {"total": before[0], "win": before[1], "built": []}
    return {"game": game, "seed": 1000 + game, "seats": seats,
            "value": [{"value": "forbid:Arsenal", "seat": seat + 1, "total": after[0], "win": after[1],
                       "built_before": built[0], "built": built[1]}],
            "draft": {"Arsenal": [3, 1, 2, 1]}}


def test_the_change_is_the_paired_mean_with_its_interval_in_any_order(tables):
    target = resolve(tables, "Arsenal")
    pairs = [(40, 30), (50, 41), (30, 22), (60, 49), (45, 37)]         # each loses 8 to 11 points
    records = [_record(i, (a, 1.0 if i % 2 else 0.0), (b, 0.0)) for i, (a, b) in enumerate(pairs)]
    figures = []
    for order in (records, list(reversed(records)), random.Random(3).sample(records, 5)):
        tally = ValueTally()
        for record in order:
            tally.add(record)
        figures.append(tally.figures([target])[0])
    assert figures[0] == figures[1] == figures[2]
    score = figures[0]["score"]
    diffs = [b - a for a, b in pairs]
    mean = sum(diffs) / 5
    sd = (sum((d - mean) ** 2 for d in diffs) / 4) ** 0.5
    assert score["change"] == pytest.approx(-9.2) and score["as_dealt"] == 45 and score["restricted"] == 35.8
    assert score["ci"] == pytest.approx(1.959963984540054 * sd / 5 ** 0.5)
    assert score["ci"] < 2          # paired: far narrower than the spread of the scores (sd 11)
    assert figures[0]["win"]["change"] == pytest.approx(-0.4)
    assert figures[0]["per_bite"] == pytest.approx(9.2)
    examples = figures[0]["examples"]
    assert (examples["cost_most"]["game"], examples["gained_most"]["game"]) == (3, 2)   # -8 in games 2 and 4: the first
    assert examples["cost_most"]["seed"] == 1003 and examples["cost_most"]["seat"] == 4
    assert figures[0]["draft"] == {"mean_pick": 3.0, "taken": 5, "dealt": 10, "came_back": 0.5}


def test_compare_pairs_the_effect_under_both_rule_sets(tables):
    target = resolve(tables, "Arsenal")
    pairs = ValuePairs()
    for i in range(6):
        pairs.add(_record(i, (40 + i, 0.0), (30 + i, 0.0)), _record(i, (40 + i, 0.0), (36 + i, 0.0)))
    figure = pairs.figures([target])[0]["score"]
    assert (figure["a"], figure["b"], figure["change"], figure["ci"]) == (-10, -4, 6, 0)
    assert pairs.side_a.figures([target])[0]["score"]["change"] == -10


# ---------------------------------------------------------------- the scenario
@pytest.mark.slow
def test_forbidding_a_strong_card_lowers_that_seats_score_on_the_same_deals(tmp_path):
    """A Lumber Yard worth 15 points is built by greedy players whenever they can: the seat
    forbidden it builds none and scores less, on the same deals, by a clear interval."""
    variant = tmp_path / "strong-yard.wonders"
    variant.write_text('variant "Strong yard" {\n    changes "7 Wonders, first edition"\n'
                       '    modify card "Lumber Yard" { score civilian: 15 }\n}\n', encoding="utf-8")
    options = RunOptions(4, ("greedy",), variants=(str(variant),), values=("forbid:Lumber Yard",))
    strong, fingerprint = load_tables(options)
    tally = ValueTally()
    for index in range(24):
        tally.add(study_game(strong, options, index, fingerprint))
    figure = tally.figures([from_key(strong, "forbid:Lumber Yard")])[0]
    assert figure["built"]["as_dealt"] > 0.3 and figure["built"]["restricted"] == 0
    assert figure["score"]["change"] + figure["score"]["ci"] < 0, figure["score"]
    assert figure["score"]["change"] < -4


# ---------------------------------------------------------------- as a user runs it
@pytest.mark.slow
def test_simulate_value_as_a_user_runs_it(tmp_path):
    out = tmp_path / "run.jsonl"
    args = ("simulate", "--players", "4", "--games", "12", "--bots", "greedy", "--quiet", "--workers", "1",
            "--value", "Arsenal", "--prefer", "red", "--value", "Rhodos A")
    result = call_cli(*args, "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "What a card is worth (restricted play)" in text
    for label in ("forbid Arsenal", "prefer red", "given Rhodos A"):
        assert f"\n{label} " in text
    assert text.index("What a card is worth") < text.index("Cards: win rate") and "(biased" in text
    data = json.loads(call_cli(*args, "--out", str(out), "--resume", "--format", "json").stdout)
    assert [v["value"] for v in data["values"]] == ["forbid:Arsenal", "side:Rhodos A", "prefer:red"]
    assert all(v["games"] == 12 for v in data["values"]) and data["draft"]
    assert data["options"]["values"] == ["forbid:Arsenal", "side:Rhodos A", "prefer:red"]
    lines = out.read_text().splitlines()
    damaged = json.loads(lines[1])
    damaged["value"][0]["win"] = 3
    out.write_text("\n".join([lines[0], json.dumps(damaged)] + lines[2:]) + "\n")
    refused = call_cli(*args, "--out", str(out), "--resume")
    assert refused.returncode == 1 and '"value"[0]."win" must be a share of a win' in refused.stderr


@pytest.mark.slow
def test_an_unknown_value_is_a_usage_error_naming_the_closest():
    result = call_cli("simulate", "--players", "4", "--games", "2", "--value", "Arsenl")
    assert result.returncode == 2 and "did you mean 'Arsenal'?" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    result = call_cli("compare", "--variant", "cheap-trade", "--players", "4", "--games", "2", "--prefer", "Rhodos A")
    assert result.returncode == 2 and "wonder side" in result.stderr
    result = call_cli("compare", "--records", "any.jsonl", "--players", "4", "--value", "red")
    assert result.returncode == 2 and "do not go with --records" in result.stderr, result.stderr


@pytest.mark.slow
def test_compare_value_shows_the_effect_under_both_rule_sets(tmp_path):
    report = tmp_path / "compare.html"
    result = call_cli("compare", "--variant", "cheap-trade", "--players", "3", "--games", "6", "--bots", "greedy",
                     "--quiet", "--workers", "1", "--value", "brown", "--report", str(report))
    assert result.returncode == 0, result.stderr
    assert "What a card is worth under each rule set" in result.stdout and "\nforbid brown " in result.stdout
    assert 'id="values"' in report.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_value_section_of_the_report_renders_in_a_browser(tmp_path):
    from browser import chromium, skip_reason
    from test_report import open_report
    if skip_reason() is not None:
        pytest.skip(str(skip_reason()))
    report = tmp_path / "report.html"
    result = call_cli("simulate", "--quiet", "--players", "4", "--games", "8", "--bots", "greedy", "--workers", "1",
                     "--value", "red", "--value", "Gizah A", "--report", str(report))
    assert result.returncode == 0, result.stderr
    with chromium() as launched:                        # (one test: a browser of its own)
        seen = open_report(launched, report, None, ["chart-values", "chart-wonders"])
    assert seen["errors"] == [] and seen["charts"] == 7
    assert [url for url in seen["requests"] if not url.startswith("file:")] == []
    html = report.read_text(encoding="utf-8")
    assert html.index('id="values"') < html.index('id="cards"') and "biased" in html
    ascending, descending = seen["sorted"]              # the values table sorts by its example games
    assert ascending <= descending
