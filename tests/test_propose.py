"""A decider may name its turn's action (`propose`) instead of choosing an index among
every legal action; the engine checks the action against the rules and logs it as it logs
a choice.  The search's rollout player uses this to price only the cards it weighs."""

from __future__ import annotations

import pytest

from interpreter.bots.rollout import FastPolicy
from interpreter.engine.actions import Action, card_builds, is_legal, legal_actions, stage_payments
from interpreter.engine.game import Game
from tests.scenario import tables


class Proposer:
    """Proposes the first legal action, as a list-chooser choosing index 0 would."""

    def propose(self, game, seat, kind):
        return legal_actions(game, seat)[0]

    def decide(self, game, seat, kind, options):
        return 0


class FirstChoice:
    def decide(self, game, seat, kind, options):
        return 0


def test_a_proposed_action_plays_and_logs_as_the_same_choice_would():
    proposed, chosen = Game(tables(), 4, seed=3), Game(tables(), 4, seed=3)
    proposed.play([Proposer()] * 4)
    chosen.play([FirstChoice()] * 4)
    assert proposed.log == chosen.log


@pytest.mark.parametrize("action", [
    Action("build", 10 ** 6),                                # not a card of the hand
    Action("sell", 0, 1, 0),                                 # selling pays no one
])
def test_an_illegal_proposal_stops_the_game_naming_it(action):
    game = Game(tables(), 3, seed=1)

    class Cheat(Proposer):
        def propose(self, game, seat, kind):
            return action._replace(card=game.hands[seat][0]) if action.card == 0 else action

    with pytest.raises(ValueError, match="proposed .* not a legal action"):
        game.step([Cheat()] * 3)


def test_is_legal_agrees_with_the_list_of_legal_actions():
    game = Game(tables(), 4, seed=8)
    bots = [Proposer()] * 4
    for _ in range(12):
        for seat in range(4):
            legal = set(legal_actions(game, seat))
            for card in game.hands[seat]:
                for action in card_builds(game, seat, card) + [Action("stage", card, *p) for p in stage_payments(game, seat)]:
                    assert action in legal and is_legal(game, seat, action)
                for wrong in (Action("build", card, 99, 0), Action("stage", card, 0, 99), Action("sell", card, 0, 1)):
                    assert not is_legal(game, seat, wrong)
            assert all(is_legal(game, seat, a) for a in legal)
        game.step(bots)


def test_the_rollout_policy_proposes_only_legal_actions():
    import random
    policy = FastPolicy(tables(), 5, random.Random(2))
    for seed in range(5):
        game = Game(tables(), 5, seed=seed)
        game.play([policy] * 5)              # the engine would raise on an illegal proposal
        assert game.finished


def _every_rule_set():
    """(rule set, variant) for every shipped rule set alone and with each of its variants."""
    from interpreter.paths import rule_sets
    for name, folder in rule_sets().items():
        yield name, None
        for variant in sorted((folder / "variants").glob("*.wonders")) if (folder / "variants").is_dir() else ():
            yield name, variant.stem


@pytest.mark.slow
@pytest.mark.parametrize("rules, variant", list(_every_rule_set()))
def test_rollouts_propose_legal_moves_under_every_rule_set_and_variant(rules, variant):
    """The engine refuses an illegal proposal, so whole games at every seatable player count
    (the 2-player neutral cities included) show that every proposal was legal."""
    import random

    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    compiled = compile_rules(check_paths(None, [variant] if variant else [], rules=rules).ruleset)
    counts = sorted({*range(compiled.rules.min_players, compiled.rules.max_players + 1),
                     *(t.players for t in compiled.ruleset.tables)})
    for players in counts:
        policy = FastPolicy(compiled, players, random.Random(players))
        game = Game(compiled, players, seed=players)
        game.play([policy] * players)
        assert game.finished
