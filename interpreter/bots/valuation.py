"""A move's worth, read from the rule set: the real score function run on the city with
the move hypothetically made, coins and military tokens turned into points by the score
lines, the military triggers of each age, trade prices and the resources and chains of
the cards still to come (rulemodel.py).  Bots weigh these parts; none of them knows a
card, a wonder or a rule number.  The Appraiser's parts that reason apart are its mixins:
science_worth.py, powers_worth.py, trade_worth.py (production and trade), others_worth.py
(kept tokens, other cities, buildings removed)."""

from __future__ import annotations

from operator import add, mul
from typing import NamedTuple

from ..check.model import written_cost
from ..engine.actions import token_price
from ..engine.options import copy_options
from ..engine.city_tables import ruling
from ..engine.discounts import coins_paid
from ..compile.expressions import Where, evaluate
from ..engine.scoring import score_city
from ..engine.teams import faced, partners
from ..engine.program import FIXED_EVENTS
from ..kinds.actions import ACTIONS, GAINS, kind_of
from ..syntax import ast
from .hypothesis import Hypothesis
from .offers import action_worth, offer_worth, tokens_worth
from .reads import facts, under_law
from .rulemodel import rule_model
from .powers_worth import PowersWorth, once
from .science_worth import ScienceWorth
from .trade_worth import TradeWorth
from .others_worth import OthersWorth
from ..syntax.ast_base import Event
from ..engine.moves import BUILD, STAGE, SELL, PASS, KEEP, COPY, COPY_STAGE, REMOVE, PUT, USE, Move


class Appraisal(NamedTuple):
    """The parts of a move's worth, each in points."""
    points: float = 0.0          # the score pad now, coins held aside (science, blue, stages, guilds...)
    coins: float = 0.0           # coins paid, gained or kept, at the score lines' points per coin
    military: float = 0.0        # military tokens at this age's end (shields of the others as now)
    military_later: float = 0.0  # the same at the later ages' ends
    production: float = 0.0      # trade coins saved on the cards still to come
    trade: float = 0.0           # trade discounts on those purchases
    chains: float = 0.0          # the price of later cards this one makes free
    powers: float = 0.0          # free builds, an extra card, a card from the discard pile
    science: float = 0.0         # science symbols at the game's end, with the symbols still likely to come
    race: float = 0.0            # military tokens at this age's end, the shields as they are likely to be then
    race_later: float = 0.0      # the same at the later ages' ends (rulemodel.race_tokens)
    novel: float = 0.0           # the share of `points` from score lines a variant added or replaced
    science_now: float = 0.0     # the share of `science` that `points` counts too: what the symbols add now
    opened: float = 0.0          # a wonder stage's share of the stage it opens (`_opened`), in points


ZERO = Appraisal()
OPENED = 0.5        # the share of the next wonder stage's worth that the stage before it counts (`_opened`)


class Appraiser(ScienceWorth, PowersWorth, TradeWorth, OthersWorth):
    """Appraises the options of one seat in one position (of a live game or a search copy;
    it never changes the game: hypotheses are made on copies of the city)."""

    def __init__(self, game, seat: int):
        self.game, self.seat = game, seat
        self.tables = game.tables
        self.model = rule_model(game.tables, game.players)
        self._facts = game.tables.cached("facts", dict)     # reads.facts' memo, read first
        self.city = game.cities[seat]
        self.left, self.right = game.neighbours(seat)
        # whom the city fights at the age's end: its neighbours, or with teams whose partners
        # face their other neighbour instead, that neighbour twice
        foes = faced(game, seat, FIXED_EVENTS[Event.AGE_END], None, None) if game.tables.rules.partners_face_other \
            else ()
        self.foes = tuple(foes) if len(foes) == 2 else (self.left, self.right)
        self.everyone = tuple(game.cities)
        # with teams (`teams of N ...`) a team scores its players summed: what a move gives
        # or takes from a partner is the team's too
        self.partners = self.model.memo.get(("partners", seat))
        if self.partners is None:
            self.partners = self.model.memo["partners", seat] = frozenset(partners(game.tables.rules, seat, game.players))
        self.age_index = game.age_index
        self._age = game.age
        self.turn = game.turn
        self.builds_left = self.model.turns_after(game.age_index, game.turn) + 1
        self._base = None
        self._effects: dict[tuple[str, int], tuple] = {}
        self._copying: set[int] = set()          # the cards whose copy is being valued (_copy_worth)
        # the quick way scores a hypothesis by the same score lines, skipping sources that
        # cannot change; a city with end-of-game choices (a wild symbol, a copy) is scored in full
        owned = list(self.city.owned_sources())
        self._scored = [s for s in owned if s.scores]
        self._copies = any(s.game_end for s in owned)
        self._symbol = self.model.symbol_index
        self._outlook = None
        self._own_lines = [(v, read) for s in self._scored   # (line, what it reads)
                           for (_c, v), read in zip(s.scores, facts(s, self.tables).score_reads)]
        self._now: dict[int, int] = {}          # id(line) -> its value for the city as it is
        # what a source changes -> the lines reading it (`_lines`): the same in every position
        # of a city with no score lines of its own, so remembered by the rules' model then
        self._lines_for: dict[frozenset, tuple] = {} if self._own_lines else self.model.lines_for
        self._where_now = None
        self._tokens: dict[tuple[int, int | None], int] = {}
        self._units: dict[tuple[int, int], float] = {}      # (resource, units) -> their worth
        pure = self.model.science_pure
        self._science_memo = self.model.science_memo if pure else {}
        self._expected_memo = self.model.expected_memo if pure else {}

    @property
    def base_score(self) -> int:
        if self._base is None:
            self._base = self._score(self.city)
        return self._base

    def _quick_delta(self, source, known):
        """(the score lines' change, its share from the variants' lines, the city as it would
        be) when `source` joins the city: only the lines reading what the source changes are
        evaluated, on a Hypothesis."""
        found = self._lines_for.get(known.changes)
        if found is None:
            found = self._lines_for[known.changes] = self._lines(known.changes)
        lines, lines_read_all, novel, fns = found
        total = source.points if source.points and source.points_category else 0
        if not lines and not source.scores and not known.coin_actions:
            return total, 0, None
        after = Hypothesis(self.city, source, known, self._symbol)
        age = self._age
        if self._where_now is None:
            self._where_now = Where(self.city, self.left, self.right, None, self.everyone, age.number, age.victory)
        everyone = self.everyone
        if lines_read_all or (source.scores and any("all" in read for read in known.score_reads)):
            everyone = tuple(after if c.seat == self.seat else c for c in everyone)
        where = Where(after, self.left, self.right, None, everyone, age.number, age.victory)
        changed = 0
        for k, value in enumerate(lines):           # (each line's compiled function: `fns`)
            fn = fns[k]
            now = self._now.get(id(value))
            if now is None:
                now = self._now[id(value)] = fn(self._where_now)
            delta = fn(where) - now
            total += delta
            if novel and novel[k]:
                changed += delta
        if source.scores:
            total += sum(fn(where) for _c, fn in source.run.scores)
        return total, changed, after

    def _lines(self, changes: frozenset) -> tuple:
        """(the score lines reading any of `changes`: the rules' and the city's own, whether
        one of them counts over every city, which are the variants' (or None), their compiled
        functions)."""
        model = self.model
        own = [(v, read) for v, read in self._own_lines if read & changes]
        lines = model.lines_reading(changes) + [v for v, _read in own]
        novel = model.novel_lines
        compiled = model.compiled
        return (lines, model.lines_read_all(changes) or any("all" in read for _v, read in own),
                [id(v) in novel for v in lines] if novel else None, [compiled[id(v)] for v in lines])

    def _novel_delta(self, after) -> int:
        """The change of the variants' score lines (rulemodel.novel_lines) from the city as it
        is to `after`, every city as it would then be."""
        age = self._age
        everyone = tuple(after if c.seat == self.seat else c for c in self.everyone)
        now = Where(self.city, self.left, self.right, None, self.everyone, age.number, age.victory)
        then = Where(after, self.left, self.right, None, everyone, age.number, age.victory)
        novel = self.model.novel_lines
        return sum(evaluate(v, then) - evaluate(v, now) for v in self.model.score_lines if id(v) in novel)

    def _score(self, city) -> int:
        everyone = tuple(city if c.seat == city.seat else c for c in self.everyone)
        age = self._age
        return sum(score_city(self.tables, city, self.left, self.right, everyone, age.number, age.victory).values())

    def appraise(self, option) -> Appraisal:
        if option.kind == PASS:
            return ZERO
        effects, coins = self.parts(option)
        return effects._replace(coins=coins * self.model.coin_rate)

    def parts(self, option) -> tuple[Appraisal, int]:
        """(the option's worth but its coins, the coins it gains less what it pays): the
        worth is the same for every payment of one card, so a bot may weigh it once."""
        if option.kind == SELL:
            return ZERO, self.model.sell_coins
        if option.kind in (KEEP, COPY, PUT):   # a draft's pick, a copy, a card put: what it would bring if built
            return self._part(BUILD, option.card)[0], 0
        if option.kind == REMOVE and option.stage >= 0:   # a building put under a stage: the score then
            return self._moved_under(option), 0
        if option.kind == REMOVE:               # a building given up: what it brings, lost
            return Appraisal(*(-part for part in self._part(BUILD, option.card)[0])), 0
        if option.kind == USE:                  # `use a card for ...`: its action, less the price
            tokens = self.tables.rules.card_uses[option.stage].price
            return self._use_part(option.stage), -(option.left + option.right + option.bank) \
                - self._tokens_coins(written_cost(tokens).tokens)
        if option.kind == COPY_STAGE:           # a neighbour's stage: what it would bring
            return self._stage_copy_worth(option)
        effects, gained, cost_coins = self._part(option.kind, option.card, option.stage)
        if option.free.startswith("token"):       # paid by giving up kept tokens: their worth, in coins
            return effects, gained - self._tokens_coins((token_price(option.free),))
        if option.free:
            return effects, gained
        paid = cost_coins + option.left + option.right + option.bank
        if self.partners:                              # coins paid to a partner stay in the team
            paid -= (option.left if self.left.seat in self.partners else 0) + \
                (option.right if self.right.seat in self.partners else 0)
        return effects, gained - paid

    def _tokens_coins(self, tokens) -> float:
        """What giving up kept tokens ((kind, count)) costs the city, in coins (offers.py
        `tokens_worth`)."""
        points = tokens_worth(self.model, self.game, tokens)
        return points / self.model.coin_rate if self.model.coin_rate else 0.0

    def _use_part(self, number: int) -> Appraisal:
        """What the rules' use `number` of a turn's card brings (`use a card for ...`): its
        action's worth as an offer's (bots/offers.py), in points; whichever card is used."""
        key = (USE, number)
        part = self._effects.get(key)
        if part is None:
            action = self.tables.rules.card_uses[number].action
            worth = action_worth(self.model, self.game, self.seat, None, action,
                                 lambda card: sum(self.card_worth(card)), self.model.coin_rate)
            part = self._effects[key] = Appraisal(points=worth)
        return part

    def card_worth(self, card_index: int) -> Appraisal:
        """What building this card (paid for by others, as if free) would bring this city."""
        return self._part(BUILD, card_index)[0]

    def _part(self, kind: Move, card_index: int, stage: int = -1):
        """The move's worth, remembered per card built (a wonder stage is the same whichever
        card goes under it; on a side of `stages in any order`, one worth per `stage`)."""
        key = (kind, card_index if kind == BUILD else stage)
        part = self._effects.get(key)
        if part is None:
            part = self._effects[key] = self._effects_of(kind, card_index, stage)
        return part

    def _effects_of(self, kind: Move, card_index: int, stage: int = -1):
        city, model = self.city, self.model
        source = self.tables.cards[card_index] if kind == BUILD else city.stage_of(stage)
        known = self._facts.get(source)
        if known is None:
            known = facts(source, self.tables)
        if kind == BUILD and city.laws:     # a law over cards in force reaches this card in the city
            change = ruling(card_index, city.laws)
            if change is not None:
                known = under_law(known, source, change, self.tables)
        # the quick way (score lines on a Hypothesis) unless an end-of-game choice (a copy, a
        # symbol of one's choice) could be made differently with the source, or its shields
        # follow a count of the city (`shields N per ...`: the city with it counts them)
        if not (self._copies or source.game_end or known.wild_science or known.shields_per
                or (city.wild_symbols and "symbols" in known.changes)):
            points, novel, after = self._quick_delta(source, known)
        else:
            after = city.copy()
            after.add_card(source) if kind == BUILD else after.add_stage(stage)
            points = self._score(after) - self.base_score
            novel = self._novel_delta(after) if model.novel_lines else 0
        gained = 0
        if known.coin_actions:
            where = Where(after, self.left, self.right, None, self.everyone, self._age.number, self._age.victory)
            operation_of = self.tables.operation_of
            for action in known.coin_actions:         # kinds that give coins (kinds/ `gives`), compiled
                op = operation_of(action)
                gained += op.value(where) * op.kind.sign
        military = later = race = race_later = 0.0
        shields = after.shields if known.shields_per else city.shields + known.shields
        if shields != city.shields:
            rate = model.token_rate
            for i in range(self.age_index, len(model.ages)):
                gain = (self._tokens_at(i, shields) - self._tokens_at(i, None)) * rate
                raced = self._race_at(i, shields)
                raced = gain if raced is None else (raced - self._race_at(i, city.shields)) * rate
                if i == self.age_index:
                    military, race = gain, raced
                else:
                    later += gain
                    race_later += raced
        production = self._production(known) if known.produces else 0.0
        trade = self._trade(known) if known.trades else 0.0
        chains = 0.0
        if kind == BUILD:
            number = self._age.number
            for target in model.chains_to.get(source.name, ()):
                if target.age > number and target.name not in city.names:
                    chains += model.price_of[target.index] * model.coin_rate / 2
        powers = self._powers(known) if known.powers else 0.0
        events = self.tables.events
        powers += self._offers_opened(events.colour_built.get(source.color, -1) if kind == BUILD
                                      else FIXED_EVENTS[Event.STAGE_BUILT])
        if known.discounts:
            powers += self._discounts(known)
        if known.gives_defeats:
            later += self._defeats_given()
            race_later += self._defeats_given()
        if known.kept or known.others or known.city_powers:
            points += self._city_effects(known, source, kind == BUILD)
        for action in known.removals:
            points += self._removal(action)
        for action in known.given_back:
            points += self._given_back(action)
        science, science_now = self._science(known) if known.science else (0.0, 0.0)
        worth = Appraisal(points, 0.0, military, later, production, trade, chains, powers, science, race,
                          race_later, novel, science_now)
        if known.copies:
            worth = Appraisal(*map(add, worth, self._copy_worth(known.copies)))
        if kind == STAGE:
            worth = worth._replace(opened=self._opened(stage))
        return worth, gained, coins_paid(self.game, self.seat, source)

    def _opened(self, stage: int) -> float:
        """On a side whose stages are built in order, a stage opens the one after it: that
        stage's worth in points (each part once, with what it opens in turn) at OPENED of it,
        as a chain counts half the price of the card it makes free, while a turn is left to
        build it.  Why: the fitted players built about half the stages of the boards whose
        middle stage gives a power, and left the last stage's points with it; a seat made to
        prefer those stages scored more (lab/fastfit.md, issue 38)."""
        city = self.city
        number = (city.stages if stage < 0 else stage) + 1
        if city.side.any_order or number >= len(city.side.stages) or self.builds_left <= 1:
            return 0.0
        return OPENED * once(self._part(STAGE, -1, number)[0])

    def _offers_opened(self, event: int) -> float:
        """The offers that building a card of a colour, or a wonder stage, opens (`on red
        card built if ...: may pay PRICE to ACTION`, `on stage built ...`: Armada's ships
        moved along their tracks): each worth what the bot would answer it with as the city
        stands (bots/offers.py).  `event`: its number (engine/program.py `Events`; -1, none)."""
        events = self.game.events
        if event not in events.heard:
            return 0.0
        value, where = 0.0, events.where(self.seat)
        for _key, trigger, check in events.listeners(self.seat, event):
            kind = kind_of(trigger.action)
            if kind is not None and kind.gives == "offer" and not trigger.each_neighbour and \
                    (check is None or check(where)):
                value += offer_worth(self.model, self.game, self.seat, trigger.action,
                                     lambda card: sum(self.card_worth(card)), self.model.coin_rate)
        return value

    def _copy_worth(self, copies) -> Appraisal:
        """`when built: copy a COLOURS card from SCOPE`: the best of the cards it may copy
        now (copy_options, as the rules say), each worth what its effects would bring the
        city (as if built: the copy's score lines, production, science...; a copy makes no
        later card free, and its own `when built` does not run).  A copy of a card that
        copies is not followed round in a circle."""
        best, best_total = ZERO, 0.0
        for action in copies:
            for option in copy_options(self.game, self.seat, self.game.tables.operation_of(action)):
                if option.kind == COPY_STAGE:
                    worth, coins = self._stage_copy_worth(option)
                    worth = worth._replace(coins=coins * self.model.coin_rate)
                    if sum(worth) > best_total:
                        best, best_total = worth, sum(worth)
                    continue
                if option.card in self._copying:
                    continue
                self._copying.add(option.card)
                try:
                    worth = self._part(BUILD, option.card)[0]._replace(chains=0.0)
                finally:
                    self._copying.discard(option.card)
                if sum(worth) > best_total:
                    best, best_total = worth, sum(worth)
        return best

    # ------------------------------------------------------------ military tokens
    def _tokens_at(self, age_index: int, shields: int | None) -> int:
        key = (age_index, shields)
        found = self._tokens.get(key)
        if found is None:
            found = self._tokens[key] = self.model.tokens(self.city, *self.foes, self.everyone,
                                                          age_index, shields)
        return found

    def _race_at(self, age_index: int, shields: int) -> float | None:
        """The token value expected at the end of age `age_index` with `shields` now, the
        foes' and the city's own shields still to come counted (rulemodel.race_tokens); the
        foes are its neighbours, or with teams its other neighbour twice, never a partner."""
        return self.model.race_tokens(self.city, *self.foes, self.everyone, self.age_index, self.turn,
                                      age_index, shields)

    # ------------------------------------------------------------ a stage copied, a card put under a stage
    def _stage_copy_worth(self, option) -> tuple[Appraisal, int]:
        """A neighbour's stage copied (`copy stage N of ...`): the points the city's score pad
        gains with it now, and the coins its `when built` gains give."""
        after = self.city.copy()
        stage = after.add_stage_copy(option.card, option.stage)
        coins = sum(amount.value for a in stage.when_built if isinstance(a, GAINS)
                    for amount, per in [ACTIONS[type(a)].counted(a)] if per is None and isinstance(amount, ast.Number))
        return ZERO._replace(points=float(self._score(after) - self._score(self.city))), coins

    def _moved_under(self, option) -> Appraisal:
        """A building put under a stage (`put a ... card from own city under this stage`): the
        score pad with the card under the stage, less the score pad now (its effects lost, what
        the stage counts of it gained)."""
        after = self.city.copy()
        after.remove_card(option.card)
        after.entombed.append((option.stage, option.card))
        return ZERO._replace(points=float(self._score(after) - self._score(self.city)))


def settle_worth(model, option, coin: float | None = None) -> float:
    """A way to settle a loss (`pay N coins and take M debt tokens`), in points: the coins
    at `coin` points each (default: the coin rate), the tokens as the score lines count them."""
    return -option.left * (model.coin_rate if coin is None else coin) + option.right * model.debt_rate


def weigh_options(appraiser: Appraiser, options, weights, cash: float, stage: float = 0.0) -> list[float]:
    """Each option's worth in points: its parts (Appraisal order) times `weights`, plus
    `stage` for a wonder stage, plus its coins at `cash` points each; a pass is -100.  The
    parts are weighed once per card and kind of move, whatever the payment."""
    worth: dict[tuple[str, int], float] = {}
    values = []
    # a card built or a stage, paid in coins without a partner: `parts` done here, as it does
    # it (most options are these: the valuation's largest cost is its calls; lab/fastfit.md)
    part, plain = appraiser._part, not appraiser.partners
    for option in options:
        kind = option.kind
        if kind == PASS:
            values.append(-100.0)
            continue
        if plain and (kind == BUILD or kind == STAGE) and not option.free:
            effects, gained, cost_coins = part(kind, option.card, option.stage)
            coins = gained - (cost_coins + option.left + option.right + option.bank)
        else:
            effects, coins = appraiser.parts(option)
        key = (kind, option.card, option.stage)
        value = worth.get(key)
        if value is None:
            value = worth[key] = sum(map(mul, weights, effects)) + (stage if kind == STAGE else 0.0)
        values.append(value + coins * cash)
    return values
