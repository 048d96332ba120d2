"""A copy of the game as one player may imagine it: everything it has seen kept, everything
it cannot see sampled.  This is how the search bot uses the engine without peeking.

Known to the player: its own hand (and its partners', with teams), every city's public state, the hands it held earlier
in the age (each went on round the table losing one card a turn: the cards since built
in the open are crossed out, the others may still be there), the cards it sold, and the
sizes of every hand and pile.  Sampled: the rest of each other hand, the neutral cities'
draw piles, the discard pile's unknown cards, and the order of the decks still to be
dealt (the copy gets a random generator of its own)."""

from __future__ import annotations

from collections import Counter

from .. import decks
from ..engine.teams import partners
from .rulemodel import rule_model
from ..kinds.decisions import DECISIONS
from ..engine.moves import STAGE, SELL, USE


def age_deck(tables, players: int, age) -> Counter:
    """Every card that may be in this age's deal at this player count (a random addition's
    candidates all count: which of them were drawn is not known).  Kept per rule set."""
    return Counter(tables.cached(("age deck", players, age.number), lambda: _age_deck(tables, players, age)))


def _age_deck(tables, players: int, age) -> Counter:
    deck = Counter()
    plan = decks.age_deck(tables.cards, age, rule_model(tables, players).deal_as)
    for card, n in plan.dealt:
        if n:
            deck[card.index] += n
    for draw in plan.draws:
        for card in draw.pool:
            deck[card.index] = 1
    return deck


def sample_game(game, player: int, memory, rng, kind: str = "turn"):
    """A copy of `game` at this decision point, the choices others made at it taken back
    and hidden cards resampled (see above).  Choosing from the discard pile (`kind`), the
    player sees the pile: it is kept."""
    return sampler(game, player, memory, kind)(rng)


def sampler(game, player: int, memory, kind: str = "turn"):
    """`sample_game` of this decision as a function of the random generator: what the
    player knows (the cards each other hand may still hold, the pool of the others) is
    worked out once for all the imagined games of a search, which differ only in luck."""
    plan = None if DECISIONS[kind].phase_hands else _known(game, player, memory, kind)

    def sample(rng):
        copy = game.clone(seed=rng.getrandbits(64))
        copy.reopen(player)
        _hide_phase_cards(copy, player, rng, kind)
        if plan is None:                    # a draft: the hands hold a phase's deck, not the age's
            return copy
        known, pool, anything, discard_known = plan
        pool_list = list(pool)
        rng.shuffle(pool_list)

        def draw():
            return pool_list.pop() if pool_list else rng.choice(anything)

        for seat in range(len(copy.hands)):
            if seat == player:
                continue
            size = len(copy.hands[seat])
            cards = list(known.get(seat, ()))
            rng.shuffle(cards)              # cards another holder sold or used for a stage are unknown
            cards = cards[:size]
            copy.hands[seat] = cards + [draw() for _ in range(size - len(cards))]
        if not DECISIONS[kind].sees_pile:
            copy.discard = discard_known + [draw() for _ in range(len(game.discard) - len(discard_known))]
        copy.box = []
        return copy
    return sample


def _known(game, player: int, memory, kind: str):
    """What `player` knows at this decision: the cards each hand may hold (its own and its
    partners' in full), the pool the rest are drawn from, every card of the age's deal
    (the last resort when the pool runs out) and the discard pile's known cards."""
    copy = game.clone(seed=0)               # the hands as the sample sees them (others' choices taken back)
    copy.reopen(player)
    age, turn, players = game.age, game.turn, game.players
    steps = {t: 1 if game.passing(t) == "left" else -1 for t in range(1, turn)}   # the pass after turn t
    built_now = Counter(i for c in game.cities for i in c.built if game.tables.cards[i].age == age.number)
    own_sold = Counter(a.card for (ag, _t, s, kind_, a) in memory.choices
                       if ag == age.number and a.kind in (SELL, STAGE, USE) and kind_ != "discard")
    known: dict[int, list[int]] = {player: list(copy.hands[player])}
    for partner in partners(game.tables.rules, player, players):   # partners show their hands
        known[partner] = list(copy.hands[partner])
    for (ag, t), held in sorted(memory.hands.items(), reverse=True):   # the latest sight of each hand
        if ag != age.number or t >= turn:
            continue
        holder = (player + sum(steps[k] for k in range(t, turn))) % players
        if holder in known:
            continue
        mine = [a.card for (ag2, t2, s, kind_, a) in memory.choices
                if ag2 == ag and t2 == t and s == player and kind_ == "turn"]
        known[holder] = list((Counter(held) - Counter(mine[:1]) - built_now).elements())
    deck = age_deck(game.tables, players, age)
    pool = deck - built_now - own_sold
    for cards in known.values():
        pool -= Counter(cards)
    if DECISIONS[kind].sees_pile:           # the pile is in sight: its cards are not in hands
        pool -= Counter(game.discard) - own_sold
    discard_known = memory.discard_known[:len(game.discard)]        # its size is public
    return known, tuple(pool.elements()), list(deck), discard_known


def _hide_phase_cards(copy, player: int, rng, kind: str) -> None:
    """The cards others keep in zones (and, in a draft, hold) are hidden: each is replaced
    by a card drawn from its own deck (a phase's deck: docs/language.md, "Phases")."""
    cards = copy.tables.cards
    decks: dict[str, list[int]] = {}
    for card in cards:
        if card.deck:
            decks.setdefault(card.deck, []).append(card.index)
    if not decks:
        return

    def hidden(held):
        return [rng.choice(decks[cards[i].deck]) if cards[i].deck else i for i in held]
    for name, zone in copy.zones.items():
        if name in copy.tables.rules.table_zones:      # a zone for the table is in sight
            continue
        for seat in range(len(zone)):
            if seat != player:
                zone[seat] = hidden(zone[seat])
    if DECISIONS[kind].phase_hands:
        for seat in range(copy.players):
            if seat != player:
                copy.hands[seat] = hidden(copy.hands[seat])
