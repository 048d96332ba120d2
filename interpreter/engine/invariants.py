"""What must hold after every turn of any game, whatever the rules: each card in exactly
one place, no city with two buildings of one name, coins never negative and moved only as
the chosen actions and the rules' effects move them.  Shared by the tests and the soak
test in bench/ (they must judge games the same way)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..decks import age_deck
from .discounts import coins_paid
from ..kinds.events import event_kind
from .moves import BUILD, STAGE, SELL, PASS, KEEP, COPY, COPY_STAGE, PAY, REMOVE, PUT

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .program import Hook, Operation


class Indexes(Protocol):
    """A decider that answers the index of an option (what `Recorder` wraps)."""

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Any]) -> int: ...


def expected_cards(game: Game) -> Counter[int]:
    """Every card of the ages dealt so far, at this player count (random pools whole), and
    of each phase's deck that has been dealt (docs/language.md, "Phases")."""
    t = game.tables
    wanted: Counter[int] = Counter()
    for age in t.rules.ages[: game.age_index + 1]:
        plan = age_deck(t.cards, age, 0)
        for (card, n), (_card, left) in zip(plan.dealt, plan.boxed):
            wanted[card.index] += n + left
        for draw in plan.draws:
            for card in draw.pool:
                wanted[card.index] = 1
    dealt = {t.cards[i].deck for i in where_cards_are(game) if t.cards[i].deck}
    players = game.table.deal_as if game.table else game.players
    for card in t.cards:
        if card.deck in dealt:
            wanted[card.index] += sum(1 for n in card.copies if n <= players) if card.copies else 1
    return wanted


def where_cards_are(game: Game) -> Counter[int]:
    places = Counter(game.discard) + Counter(game.box)
    for batch in game.revealed:
        places += Counter(batch)
    for hand in game.hands:
        places += Counter(hand)
    for zone in game.zones.values():
        for held in zone:
            places += Counter(held)
    for city in game.cities:
        places += Counter(city.built) + Counter(city.under_stages) + Counter(i for _n, i in city.entombed)
    return places


class Recorder:
    """Wraps a decider, keeping each decision as (age, seat decided for, kind, action), and
    beside it the coins the action costs the bank as the game stood when it was chosen
    (discounts then in play: a leader recruited at an age's start may owe its price to a
    card built at the end of the age before)."""

    def __init__(self, bot: Indexes) -> None:
        self.bot = bot
        self.taken: list[tuple[int, int, str, Action]] = []
        self.due: list[int] = []

    def decide(self, game: Game, seat: int, kind: str, options: Sequence[Action]) -> int:
        i = self.bot.decide(game, seat, kind, options)
        action = options[i]
        self.taken.append((game.age.number, seat, kind, action))
        self.due.append(_coins_due(game, seat, action))
        return i


class TurnWatch:
    """Takes the game's measure before a turn; `problems()` after it lists what broke."""

    def __init__(self, game: Game, recorders: Sequence[Recorder]) -> None:
        self.game, self.recorders = game, recorders
        self.coins = [c.coins for c in game.cities]
        self.stages = [c.stages for c in game.cities]
        self.marks = [len(r.taken) for r in recorders]

    def problems(self) -> list[str]:
        game = self.game
        found: list[str] = []
        where, wanted = where_cards_are(game), expected_cards(game)
        if where != wanted:
            found.append(f"cards not each in one place: {dict((where - wanted) + (wanted - where))}")
        for city in game.cities:
            if len(city.names) != len(city.built):
                found.append(f"{city.name} has two buildings of one name")
            if city.coins < 0:
                found.append(f"{city.name} has {city.coins} coins")
        found += self._coin_flow()
        return found

    def _coin_flow(self) -> list[str]:
        """Coins after = before - costs - trade paid + trade received + sales + changes, where
        a change comes only with a `when built` action or a trigger in play that gains coins
        (or loses them, for a negative change), the city's own or another city's acting in
        every city of a group (`each neighbour: gain 1 coin`); trade is paid from the coins
        held before."""
        game, t = self.game, self.game.tables
        flow = [0] * len(game.cities)
        rules_hooks = t.run.triggers                 # the rules' own hooks (compile/tables.py `Tables.run`)
        rules_moves = _coin_signs(rules_hooks)
        in_play = [[entry[2] for entries in c.listening.values() for entry in entries] for c in game.cities]
        on_others = set().union(*(_group_coin_signs(h.operation for h in hooks) for hooks in in_play))
        moves = [rules_moves | on_others | _coin_signs(hooks) for hooks in in_play]
        may_gain = [1 in m for m in moves]
        # coins gained at an age's or a turn's start come before the step's turn is paid
        early = [any(_before_turn(h.node.event) for h in (*rules_hooks, *hooks)) for hooks in in_play]
        stages = list(self.stages)
        found: list[str] = []
        taken = [entry + (due,) for rec, mark in zip(self.recorders, self.marks)
                 for entry, due in zip(rec.taken[mark:], rec.due[mark:])]
        # a last card is played after the turn's actions are resolved, a phase's card
        # (`zone`) at the start of the next age, and a turn after that: paid from the coins
        # held then (the step's flow so far, plus any gains, which only a bound can allow for)
        later = {"zone": -1, "last card": 1}
        phase_played = [False] * len(game.cities)
        for _age, seat, kind, action, due in sorted(taken, key=lambda entry: (entry[0], later.get(entry[2], 0))):
            after = kind in later or phase_played[seat]     # a phase's card came before it
            phase_played[seat] |= kind == "zone"
            if action.kind == SELL:
                flow[seat] += t.rules.sell_coins
                continue
            if action.kind in (PASS, KEEP, COPY, REMOVE, PUT, COPY_STAGE):    # a pick, a copy or a removal moves no coin
                continue
            if action.kind == PAY:                # a loss settled: the coins go to the bank
                flow[seat] -= action.left
                continue
            left, right = game.neighbours(seat)
            if kind != "discard":
                held = self.coins[seat] + (flow[seat] if after else 0)
                if action.left + action.right + action.bank > held and not ((after or early[seat]) and may_gain[seat]):
                    found.append(f"seat {seat} paid {action.left + action.right + action.bank} with {held} coins")
                flow[seat] -= action.left + action.right + action.bank
                flow[left.seat] += action.left
                flow[right.seat] += action.right
            if action.kind == BUILD:
                source = t.cards[action.card]
                flow[seat] -= due
            else:
                source = game.cities[seat].side.stages[stages[seat] if action.stage < 0 else action.stage]
                stages[seat] += 1
                flow[seat] -= due
            may_gain[seat] |= bool(source.run.when_built)
            for other, city_moves in enumerate(moves):
                if other != seat:
                    city_moves |= _group_coin_signs(source.run.when_built)
                    may_gain[other] |= 1 in city_moves
        for seat, city in enumerate(game.cities):
            gained = city.coins - self.coins[seat] - flow[seat]
            if (gained > 0 and not may_gain[seat]) or (gained < 0 and -1 not in moves[seat]):
                found.append(f"{city.name}'s coins changed by {gained} more than its actions explain")
        return found


def _before_turn(event: str) -> bool:
    """The event happens before a turn's first choice (its kind says: kinds/events/)."""
    kind = event_kind(event)
    return kind is not None and kind.before_turn


def _coins_due(game: Game, seat: int, action: Action) -> int:
    """The coins a chosen action pays the bank (trade aside): a card's or a stage's price
    after the discounts, nothing for a free build, a sale or a pick."""
    if action.kind == BUILD and not action.free:
        return coins_paid(game, seat, game.tables.cards[action.card])
    if action.kind == STAGE and not action.free:          # (a stage paid by tokens pays no coins)
        return coins_paid(game, seat, game.cities[seat].stage_of(action.stage))
    return 0


def _group_coin_signs(operations: Iterable[Operation]) -> set[int]:
    """The signs (1 a gain, -1 a loss) of the coin operations among `operations` that act in
    other cities (`each other city: ...`, also at a turn's end)."""
    found: set[int] = set()
    for op in operations:
        while op.kind.at_turn_end and op.inner is not None:
            op = op.inner
        if op.kind.each_city and op.inner is not None and op.inner.coins:
            found.add(op.inner.kind.sign)
    return found


def _coin_signs(hooks: Iterable[Hook]) -> set[int]:
    """The signs (1 a gain, -1 a loss) of the hooks' coin operations (kinds/ `gives` coins)."""
    return {h.operation.kind.sign for h in hooks if h.operation.coins}
