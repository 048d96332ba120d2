"""What the rules say things are worth, derived once per rule set and player count from
the content itself: points per coin and per military token (by running the score lines),
the military triggers of each age, the resources the remaining cards ask for, and the
cards each card chains to.  Nothing here names a card or holds a rule number."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import Any

from ..decks import dealing
from ..engine.city import City
from ..compile.expressions import Where, evaluate, holds, per_value
from ..engine.scoring import score_city
from ..kinds.actions import kind_of
from ..kinds.effects import effect_kind_of, part_of
from ..kinds.conditions import values_compared
from ..kinds.measures import measure_kind
from ..compile.laws import law_force
from ..engine.tokens import worth_under_laws
from ..syntax import ast
from .reads import facts, quantities, reads
from ..kinds.events import event_kind
from ..kinds import scopes

_PROBE = 600            # coins or token value added to an empty city to read a score line's rate

def rule_model(tables, players: int) -> "RuleModel":
    """The model of these rules at this player count, made once (kept on the rules)."""
    return tables.cached(("rule model", players), lambda: RuleModel(tables, players))


class RuleModel:
    def __init__(self, tables, players: int):
        self.tables = tables
        rules = tables.rules
        table = tables.ruleset.table(players) if not rules.min_players <= players <= rules.max_players else None
        self.deal_as = table.deal_as if table else players
        self.ages = tuple(table.age(a) for a in rules.ages) if table else rules.ages   # as played here
        self.coin_rate = self._rate(lambda c: setattr(c, "coins", c.coins + _PROBE))
        self.token_rate = self._rate(lambda c: c.tokens.append(_PROBE))
        debt = rules.debt                     # points per token the rules make of coins not paid
        self.debt_rate = self._rate(lambda c: c.kept.update({debt: _PROBE})) if debt else 0.0
        # the rules' military tokens at an age's end: each trigger with the value it takes
        self.age_end_triggers = [(t, _given(t.action)[1]) for t in rules.triggers if event_kind(t.event).bots == "conflicts"
                                 and _given(t.action)[0] == "military token"]
        # the tokens depend on the shields of a city and its neighbours alone when the
        # triggers count nothing else (or the game's own numbers): then they are remembered by those shields
        self._tokens_memo: dict | None = {} if all(
            (measure_kind(q).reads == "shields" or measure_kind(q).counted_in == "game")
            and not scopes.names_every(q.scope)
            for t, value in self.age_end_triggers
            for expr in [value, *(side for c in t.conditions for side in values_compared(c))]
            for q in quantities(expr)) else None
        # ... and battle by battle, each neighbour's alone, when every trigger is fought with
        # each neighbour and reads no side by name: then a race sums two battles (race_tokens)
        self._battles = self._tokens_memo is not None and all(
            t.each_neighbour and not any(scopes.sides(q.scope)
                                         for expr in [value, *(side for c in t.conditions for side in values_compared(c))]
                                         for q in quantities(expr))
            for t, value in self.age_end_triggers)
        self.sell_coins = rules.sell_coins
        self.trade_price = rules.trade_price
        n = len(tables.resources)
        # the cards still to come from each age on: those dealt at this player count
        self.cards_from: list[list] = []
        for i in range(len(self.ages)):
            numbers = {a.number for a in self.ages[i:]}
            self.cards_from.append([c for c in tables.cards if c.age in numbers and self._dealt(c)])
        # each age's shield cards as dealt here: (their share of the age's cards, their mean shields)
        self.shield_cards = []
        for age in self.ages:
            dealt = [c for c in tables.cards if c.age == age.number and self._dealt(c)]
            shields = [facts(c, tables).shields for c in dealt if facts(c, tables).shields > 0]
            self.shield_cards.append((len(shields) / max(1, len(dealt)), sum(shields) / max(1, len(shields))))
        self._gains: dict[tuple[int, int, int], dict[int, float]] = {}
        self._race_memo: dict[tuple, float] = {}
        self._turns_after: dict[tuple[int, int], int] = {}
        self._battle_memo: dict[tuple, tuple] = {}     # race_tokens' terms, one battle's (`_battle`)
        self.symbol_share = [sum(1 for c in cards if facts(c, tables).science)
                             / max(1, len(cards)) for cards in self.cards_from]
        # demand[i][r][k]: the share of the cards from age i on whose cost asks for more than k units of r
        self.demand = []
        for cards in self.cards_from:
            total = max(1, len(cards))
            rows = []
            for r in range(n):
                most = max((c.cost[r] for c in cards), default=0)
                rows.append([sum(1 for c in cards if c.cost[r] > k) / total for k in range(most)])
            self.demand.append(rows)
        # what a card costs, in coins at the base trade price: a card is worth about its price
        self.price_of = {c.index: c.cost_coins + sum(c.cost) * self.trade_price for c in tables.cards}
        self.mean_price = [sum(self.price_of[c.index] for c in cards) / max(1, len(cards))
                           for cards in self.cards_from]
        # the score lines, and those reading science symbols: when they read nothing else,
        # their value for given symbol counts is the same in every city, and remembered
        self.score_lines = [s.value for s in rules.scores]
        # each score line's function of a Where, as the compile pass made it for the engine
        # (`value_fn(v)(where) == evaluate(v, where)`, without walking the tree at each call):
        # the rules' lines and every source's, by the line
        self.compiled: dict[int, Callable[[Any], int]] = {
            id(value): fn for value, (_c, fn) in zip(self.score_lines, tables.run.scores)}
        for source in tables.sources():
            self.compiled.update((id(value), fn) for (_c, value), (_c2, fn) in zip(source.scores, source.run.scores))
        self.score_reads = [reads(v) for v in self.score_lines]         # what each line reads
        self.science_lines = [v for v, read in zip(self.score_lines, self.score_reads) if "symbols" in read]
        self.science_pure = all(read <= {"symbols"} for read in self.score_reads if "symbols" in read)
        # the lines the variants added or replaced: their points are what the rule change pays
        # (the adaptive bot weighs them apart, valuation.Appraisal.novel)
        self.novel_lines = novel_lines(tables)
        self._lines_reading: dict[frozenset, list] = {}
        self.lines_for: dict[frozenset, tuple] = {}   # valuation's `_lines` of a city with no score lines of its own
        self.science_memo: dict[tuple[int, ...], int] = {}   # symbol counts -> their score lines' value
        self.expected_memo: dict[tuple, float] = {}          # (symbol counts, outlook) -> expected value
        self.symbol_index = tables.symbol_index
        self.outlooks: dict[tuple[int, int], list] = {}      # (symbols to come, kinds) -> their spreads
        self.memo: dict[tuple, tuple] = {}                    # builds_like, by age and colours
        self.chains_to: dict[str, list] = {}
        never_free = any(not law.conditions and (law_force(law.effect, tables) or {}).get("chains_paid")
                         for law in tables.rules.laws)
        for c in tables.cards if not never_free else ():      # a house rule `law: no free chains`: chains give nothing
            for name in c.chains:
                self.chains_to.setdefault(name, []).append(c)

    def lines_reading(self, changed: frozenset) -> list:
        """The rules' score lines that read any of `changed` (reads.changes)."""
        found = self._lines_reading.get(changed)
        if found is None:
            found = self._lines_reading[changed] = [v for v, read in zip(self.score_lines, self.score_reads)
                                                    if read & changed]
        return found

    def lines_read_all(self, changed: frozenset) -> bool:
        """Does one of the rules' score lines reading any of `changed` count over every city?"""
        return any("all" in read for read in self.score_reads if read & changed)

    def _dealt(self, card) -> bool:
        return not card.copies or any(t <= self.deal_as for t in card.copies)

    def kept_rate(self, kind: str) -> float:
        """The points per token of a kept kind (`take 2 glory tokens`), from the score lines,
        and from the triggers (the rules', the cards' and boards', the laws') whose action
        pays per token of the kind (`gain 4 coins per pawn token`): what one more token adds
        to the action, at half its worth when the trigger has conditions (it may not fire)."""
        key = ("kept rate", kind)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._rate(lambda c: c.kept.update({kind: _PROBE})) + self._paid_per(kind) \
                + self.spent_for(kind)
        return found

    def spent_for(self, kind: str) -> float:
        """The points per token of a kind that pays for a free build (`may build a card / a wonder
        stage for free for N KIND tokens`, anywhere in the rules): what such a build saves,
        the mean price of a card (of a wonder stage) at the coin rate, for each token it
        asks; the best of them.  0 for a kind no such build asks for."""
        key = ("spent for", kind)
        best = self.memo.get(key)
        if best is None:
            best = 0.0
            for what, of, count, _colour in free_token_builds(self.tables):
                if of == kind:
                    price = self.mean_price[0] if what == "card" else self._stage_price()
                    best = max(best, price * self.coin_rate / count)
            self.memo[key] = best
        return best

    def _stage_price(self) -> float:
        """The mean price of a wonder stage, in coins at the base trade price."""
        stages = [s for side in self.tables.sides for s in side.stages]
        return sum(s.cost_coins + sum(s.cost) * self.trade_price for s in stages) / max(1, len(stages))

    def _paid_per(self, kind: str) -> float:
        side = self.tables.sides[0]
        bare = City(self.tables, 0, "probe", side, 0)
        rich = City(self.tables, 0, "probe", side, 0)
        rich.kept[kind] = _PROBE
        at = [Where(c, c, c, None, (c,), 1, 1) for c in (bare, rich)]
        total = 0.0
        for trigger in _triggers(self.tables):
            gives, amount, per, sign, other = _given(trigger.action)
            if gives == "coins" and sign > 0:
                rate, fn = self.coin_rate, lambda w, a=amount, p=per: per_value(a, p, w)
            elif gives == "military token":
                rate, fn = self.token_rate, lambda w, a=amount: evaluate(a, w)
            elif gives == "kept tokens" and other != kind:
                rate = self._rate(lambda c: c.kept.update({other: _PROBE})) + self.spent_for(other)
                fn = lambda w, a=amount: evaluate(a, w)      # noqa: E731
            elif gives == "shields":
                rate, fn = self.shield_rate(), lambda w, a=amount, p=per: per_value(a, p, w)
            else:
                continue
            added = fn(at[1]) - fn(at[0])
            total += added * rate * (0.5 if trigger.conditions else 1.0)
        return total / _PROBE

    def shield_rate(self) -> float:
        """The points per lasting shield, without a city to read (a kept token's reward of
        shields): what one shield more changes in the conflicts of a city level with its
        neighbours, each age, taken as a quarter of it (a shield decides a conflict about one
        time in four), over the ages."""
        found = self.memo.get("shield rate")
        if found is None:
            probe = City(self.tables, 0, "probe", self.tables.sides[0], 0)
            ages = range(len(self.ages))
            gains = [self.tokens(probe, probe, probe, (probe,), i, probe.shields + 1) - self.tokens(probe, probe, probe,
                                                                                                     (probe,), i)
                     for i in ages]
            found = self.memo["shield rate"] = self.token_rate * sum(gains) / 4
        return found

    def _rate(self, change) -> float:
        """The points per unit of what `change` adds, read from the score lines on a bare city."""
        side = self.tables.sides[0]
        city = City(self.tables, 0, "probe", side, 0)
        before = sum(score_city(self.tables, city, city, city).values())
        change(city)
        after = sum(score_city(self.tables, city, city, city).values())
        return (after - before) / _PROBE

    def builds_like(self, age_index: int, colors: frozenset, builds_left: int, city) -> tuple[float, float, float]:
        """(how many of the builds still to come are like these: cards of `colors`, or
        wonder stages when none; their mean resource units; their mean coins).  Cards of a
        deck no age deals (a phase's) come one an age."""
        key = ("like", age_index, colors)
        found = self.memo.get(key)
        if found is None:
            if not colors:
                stages = [s for side in self.tables.sides for s in side.stages]
                found = (None, sum(sum(s.cost) for s in stages) / max(1, len(stages)),
                         sum(s.cost_coins for s in stages) / max(1, len(stages)))
            else:
                cards = self.cards_from[age_index]
                like = [c for c in cards if c.color in colors]
                numbers = {a.number for a in self.ages}
                other = [c for c in self.tables.cards if c.color in colors and c.age not in numbers]
                pool = like or other
                found = (len(like) / max(1, len(cards)), sum(sum(c.cost) for c in pool) / max(1, len(pool)),
                         sum(c.cost_coins for c in pool) / max(1, len(pool)), bool(other))
            self.memo[key] = found
        if not colors:
            return float(len(city.side.stages) - city.stages), found[1], found[2]
        share, units, coins, phased = found
        return share * builds_left + (len(self.ages) - age_index if phased else 0), units, coins

    def left_over(self, age_index: int, everyone, city) -> list[int]:
        """The cards of the ages before `age_index`, dealt at this player count, that no city
        has built, each once, but those `city` has built one of its name: what a player can
        tell of the discard pile, which lies face down (each such card is in the pile or
        under a wonder stage; the cards drawn at random for an age are not counted)."""
        key = ("dealt before", age_index)
        dealt = self.memo.get(key)
        if dealt is None:
            dealt = self.memo[key] = Counter(i for age in self.ages[:age_index]
                                             for i in dealing(self.tables, age, self.deal_as)[0])
        if not dealt:
            return []
        built = Counter(i for c in everyone for i in c.built)
        cards, names = self.tables.cards, city.names
        return [i for i, n in dealt.items() if n > built[i] and cards[i].name not in names]

    def turns_after(self, age_index: int, turn: int) -> int:
        """Turns left in the game after the current one."""
        found = self._turns_after.get((age_index, turn))
        if found is None:
            found = self._turns_after[age_index, turn] = \
                self.ages[age_index].turns - turn + sum(a.turns for a in self.ages[age_index + 1:])
        return found

    def shield_gain(self, age_index: int, turn: int, until: int) -> dict[int, float]:
        """The shields a city may still add from this turn (its own included) to the end of
        age `until`, as {shields: probability}: each build a shield card as often as the
        age's cards are (shield_cards), of the age's mean shields; chances under 0.5 % dropped."""
        key = (age_index, turn, until)
        found = self._gains.get(key)
        if found is None:
            found = {0: 1.0}
            for i in range(age_index, until + 1):
                builds = self.ages[i].turns - (turn - 1 if i == age_index else 0)
                share, mean = self.shield_cards[i]
                step = max(1, round(mean))
                for _ in range(max(0, builds) if share else 0):
                    grown: dict[int, float] = {}
                    for shields, p in found.items():
                        grown[shields] = grown.get(shields, 0.0) + p * (1 - share)
                        grown[shields + step] = grown.get(shields + step, 0.0) + p * share
                    found = {k: p for k, p in grown.items() if p >= 0.005}
            total = sum(found.values())
            found = self._gains[key] = {k: p / total for k, p in found.items()}
        return found

    def race_tokens(self, city, left, right, everyone, age_index: int, turn: int, until: int,
                    shields: int) -> float | None:
        """The military token value `city`, with `shields` now, may expect at the end of age
        `until`: its neighbours' shields as now plus what they may still add (shield_gain),
        its own plus what it may add after this turn, each outcome weighed by its chance (its
        rounded mean made an exact tie, and so a shield's worth, likelier than it is: the
        fitted players built nearly every shield card dealt; lab/fastfit.md, issue 38).  None
        when the rules' triggers read more than shields (then the race cannot be played out
        on shields alone)."""
        if self._tokens_memo is None:
            return None
        key = (age_index, turn, until, shields, left.shields, right.shields)
        laws = token_laws(city)               # a law changes the tokens' values (`... are worth 2 less`)
        if laws:
            key += (laws,)
        found = self._race_memo.get(key)
        if found is not None:
            return found
        mine = self.shield_gain(age_index, turn + 1, until)
        gains = self.shield_gain(age_index, turn, until)
        if self._battles:            # one battle a neighbour: half the tokens against it on both sides
            # summed term by term in the order of one sum over both battles (the same float)
            found = sum(chain(self._battle(city, left, everyone, age_index, turn, until, shields, laws, mine, gains),
                              self._battle(city, right, everyone, age_index, turn, until, shields, laws, mine, gains)))
        else:
            found = sum(po * pl * pr * self.tokens(city, left, right, everyone, until, shields + go, left.shields + gl,
                                                   right.shields + gr)
                        for go, po in mine.items() for gl, pl in gains.items() for gr, pr in gains.items())
        self._race_memo[key] = found
        return found

    def _battle(self, city, foe, everyone, age_index: int, turn: int, until: int, shields: int, laws: tuple,
                mine: dict, gains: dict) -> tuple:
        """The terms of `race_tokens`' sum for the battle against `foe` (each outcome's chance
        times half its tokens), remembered by the shields of the city and of that foe alone:
        the same foe's battle recurs beside many other neighbours, and the race is the
        adaptive bot's largest cost (lab/fastfit.md, issue 38)."""
        key = (age_index, turn, until, shields, foe.shields, laws)
        found = self._battle_memo.get(key)
        if found is None:
            memo, tail = self._tokens_memo, ((laws,) if laws else ())
            table = {}
            for go in mine:
                for gn in gains:
                    own, theirs = shields + go, foe.shields + gn
                    value = memo.get((until, own, theirs, theirs) + tail)
                    if value is None:
                        value = self.tokens(city, foe, foe, everyone, until, own, theirs, theirs)
                    table[go, gn] = value
            found = self._battle_memo[key] = tuple(po * pn * table[go, gn] / 2 for go, po in mine.items()
                                                   for gn, pn in gains.items())
        return found

    def tokens(self, city, left, right, everyone, age_index: int, shields: int | None = None,
               left_shields: int | None = None, right_shields: int | None = None) -> int:
        """The military token value `city` would take at the end of age `age_index` if the
        shields were as now (its own replaced by `shields` when given, its neighbours' by
        `left_shields` and `right_shields`), by the rules' triggers."""
        age = self.ages[age_index]
        own = city.shields if shields is None else shields
        if left_shields is not None and left_shields != left.shields:
            left = WithShields(left, left_shields)
        if right_shields is not None and right_shields != right.shields:
            right = WithShields(right, right_shields)
        memo = self._tokens_memo
        laws = token_laws(city)               # laws in force: `victory tokens taken are worth 2 less`
        if memo is not None:
            key = (age_index, own, left.shields, right.shields) if not laws else \
                (age_index, own, left.shields, right.shields, laws)
            found = memo.get(key)
            if found is not None:
                return found
        if own != city.shields:
            city = WithShields(city, own)
        total = 0
        for trigger, value in self.age_end_triggers:
            for neighbour in ((left, right) if trigger.each_neighbour else (None,)):
                where = Where(city, left, right, neighbour, everyone, age.number, age.victory)
                if holds(trigger.conditions, where):
                    worth = evaluate(value, where)
                    total += worth_under_laws(laws, worth, neighbour is not None) if laws and worth else worth
        if memo is not None:
            memo[key] = total
        return total


def token_laws(city) -> tuple:
    """The laws in force in `city` that change the value of the military tokens taken
    (engine/laws.py `InForce.tokens`), usually none."""
    laws = city.laws
    return tuple(law for law in laws if law.tokens) if laws else ()


def novel_lines(tables) -> frozenset[int]:
    """The ids of the score lines' values that the rules without their variants do not have
    (a line a variant added, or the new text of one it replaced), by where they are written."""
    ruleset = tables.ruleset
    if not ruleset.variants:
        return frozenset()
    before = {s.span for item in ruleset.unchanged if isinstance(item, ast.Rules)
              for s in item.body if part_of(s) == "scores"}
    return frozenset(id(s.value) for s in tables.rules.scores if s.span not in before)


class WithShields:
    """A city as it would be with other shields (the city itself is left alone)."""

    __slots__ = ("_city", "shields")

    def __init__(self, city, shields: int):
        self._city, self.shields = city, shields

    def __getattr__(self, name):
        return getattr(self._city, name)


def _given(action) -> tuple:
    """(what it gives, the amount it counts, its per, its sign, its kept kind) of an action
    of kinds/actions/ (kinds/base.py `gives`); ("", None, None, 1, "") for any other."""
    kind = kind_of(action)
    if kind is None:
        return "", None, None, 1, ""
    return (kind.gives, *kind.counted(action), kind.sign, kind.kept_kind(action))


def free_token_builds(tables) -> tuple:
    """Every `may build ... for free for N KIND tokens` of the rules, as (what, kind, N,
    colour) (kinds/effect_base.py `token_builds`): the rules' laws', the cards', boards' and
    stages' own and their laws' (worked out once per rule set)."""
    def found():
        sources = [*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))]
        laws = [*tables.rules.laws, *(law for s in sources for law in s.laws)]
        effects = [e for s in sources for e in s.static] + [law.effect for law in laws]
        return tuple(build for e in effects if (kind := effect_kind_of(e)) is not None
                     for build in kind.token_builds(e))
    return tables.cached("free token builds", found)


def _triggers(tables) -> list:
    """Every trigger of the rule set: the rules', the cards', the boards' and stages', and
    the laws' (a law's trigger is every city's while the law is in force)."""
    sources = [*tables.cards, *(s for side in tables.sides for s in (side.board, *side.stages))]
    return [*tables.rules.triggers, *(t for source in sources for t in source.triggers),
            *(law.effect for source in sources for law in source.laws if part_of(law.effect) == "triggers")]
