"""The phases, as steps of the game's machine (machine.py).

A phase (docs/language.md, "Phases") is a list of statements run in order: `deal` (each
player's hand from a shuffled deck of its own), `draft` (rounds in which every player
keeps one card of the hand in a zone, the hands then passing; the cards left go back to
the box), `play a card from` a zone (every player plays one card of the zone at once:
built, paid or free, used for a wonder stage, sold, or, when the phase says `may`, none),
and an age's statements: its deal (every city's hand from the age's deck), its start, its
turns (`play N turns passing D`: between two of them the game stands still, machine.py) and
its end.  The game runs the rules' sequence of phases (`RulesDef.sequence`: machine.py
`go_on` pushes one `("phase_step", phase, statement)` at a time); the phases placed at the
start of an age are pushed whole by the age's start (`("phase", number)`).  A phase's own
statements (deal, draft, play from a zone) involve the players only: a neutral city is
never dealt to by a deck and keeps no zone cards.

A draft pick and a play from a zone are decisions like a turn's card: every player's is
asked for at once (`game.waiting`), kept in `game.chosen`, and the step left on the stack
under them (`draft_picks`, `zone_done`) carries them out when the last has arrived.  Each
step holds plain numbers (the phase's number in the rules, the statement's, the round),
so a game waiting in a phase can be copied and saved like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sys

from ...compile.phases import PhaseOp
from ..actions import Action, card_builds, legal_actions
from ..placed import put_card
from ..moves import BUILD, PASS, KEEP

if TYPE_CHECKING:
    from ...rulesdata import RulesDef
    from ...compile import Tables
    from ..written import FromDeck, OfZone
    from ..decisions import DecisionKind
    from ..game import Game
    from .machine import Step, Steps

# the operations read where a game is set up and at every age (a member is a slow look-up)
_AGE_DEAL, _PLAY_TURNS = PhaseOp.AGE_DEAL, PhaseOp.PLAY_TURNS


def phase_steps(rules: RulesDef, when: str, age: int) -> list[Step]:
    """The steps that run the phases placed `when` age number `age`, to push on the
    stack (the first to run last)."""
    return [("phase", rules.phases.index(p)) for p in reversed(rules.phases_at(when, age))]


def _statement(game: Game, p: int, i: int) -> Any:
    return game.tables.rules.phases[p].steps[i]


def _phase(game: Game, p: int) -> None:
    phase = game.tables.rules.phases[p]
    game.stack += [("phase_step", p, i) for i in reversed(range(len(phase.steps)))]
    log_phase(game, p)


def log_phase(game: Game, p: int) -> None:
    """A phase's start, in the log; an age's own phase is logged by its deal."""
    phase = game.tables.rules.phases[p]
    if phase.when or phase.age is None:
        game.log.append({"event": "phase", "phase": phase.name, "age": game.age.number})


def dealt_at_setup(tables: Tables) -> bool:
    """The game's first statement deals an age: the table is set with those hands."""
    first: PhaseOp = tables.phase_ops[tables.rules.sequence[0]][0]
    return first == _AGE_DEAL


def first_turns(tables: Tables) -> tuple[int, int, int]:
    """Where a new game stands: (the place in the sequence, the phase, the statement) of
    its first `play N turns`."""
    return next((k, p, i) for k, p in enumerate(tables.rules.sequence)
                for i, op in enumerate(tables.phase_ops[p]) if op == _PLAY_TURNS)


def in_age(tables: Tables, number: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The position (`at`, `rounds`) between two turns of age `number`'s phase."""
    rules = tables.rules
    k = next((k for k, p in enumerate(rules.sequence)
              if not rules.phases[p].when and rules.phases[p].age == number), None)
    if k is None:
        return None
    p = rules.sequence[k]
    i = tables.phase_ops[p].index(_PLAY_TURNS)
    return (k, i + 1), (p, i)


def turns_run(tables: Tables, p: int, i: int) -> tuple[int, bool]:
    """Of phase p's `play N turns` statement i: the turns the `play` statements before it
    played from the same hands, whether another `play` follows from them (compiled:
    compile/tables.py `turn_runs`)."""
    found: tuple[int, bool] = tables.turn_runs[p, i]
    return found


def _phase_step(game: Game, p: int, i: int) -> None:
    """Carry out phase p's statement i: its operation's (compile/tables.py `PhaseOp`)."""
    statement = _statement(game, p, i)
    op = game.tables.phase_ops[p][i]
    if op == _AGE_DEAL:
        game.deal_age(statement)
    elif op == PhaseOp.AGE_START:
        game.stack.append(("start_age", statement.number))
    elif op == _PLAY_TURNS:                   # the game now stands between two turns
        game.rounds, game.turn = (p, i), 1 + turns_run(game.tables, p, i)[0]
    elif op == PhaseOp.AGE_END:
        game.stack.append(("end_age",))
    elif op == PhaseOp.DEAL:
        _deal(game, statement)
    elif op == PhaseOp.DRAFT:
        game.stack.append(("draft_round", p, i, 1))
    elif op == PhaseOp.DISCARD_ZONE:
        _discard_zone(game, statement)
    elif op == PhaseOp.REVEAL:
        _reveal(game, statement)
    else:                                     # a statement of kinds/actions/ (kinds/statement_base.py), its kind
        game.tables.phase_statements[p, i].step(statement, game, p, i, _MACHINE)   # found by the compile pass


def phase_draw(game: Game, statement: Any) -> None:
    """`draw N cards from deck "D" into "Z"` in a phase: for the table's pile once, else
    for each player."""
    for seat in [None] if statement.zone.text in game.stacked else range(game.players):
        draw_into(game, statement, seat)


def ask_zone(game: Game, p: int, i: int, statement: Any) -> None:
    """`play a card from "Z"` in a phase: a zone's card asked of each player who may play
    one, the step that plays them (`zone_done`) left under the decisions."""
    game.stack.append(("zone_done", p, i))
    _ask(game, "zone", [seat for seat in range(game.players) if zone_options(game, seat, statement)])


def _ask(game: Game, kind: DecisionKind, seats: list[int]) -> None:
    if seats:
        game.chosen = [None] * len(game.cities)
        game.waiting = [(seat, kind) for seat in seats]


# ------------------------------------------------------------------------- dealing and drafting
def _deal(game: Game, statement: FromDeck) -> None:
    """Each player's hand: `count` cards of the deck, shuffled; the rest go to the box."""
    deck = unused_cards(game, statement.deck.text)
    game.rng.shuffle(deck)
    n = statement.count.value
    for seat in range(game.players):
        game.box += game.hands[seat]
        game.hands[seat] = deck[seat * n:(seat + 1) * n]
    game.box += deck[game.players * n:]
    game.log.append({"event": "deal", "deck": statement.deck.text,
                     "hands": [[game.tables.cards[i].name for i in h] for h in game.hands[:game.players]]})


def unused_cards(game: Game, deck: str) -> list[int]:
    """The cards of a deck that nobody has been dealt or has drawn, taken out of the box:
    once a card of the deck is in the game, those its deal or draws left in the box; before,
    the whole deck, a card's `copies` counting as in an age's deck (at a table's `cards as
    for` count).  So a card's `draw ... from deck "D"` draws from a deck no phase deals."""
    cards = game.tables.cards
    if _in_game(game, deck):
        unused = [i for i in game.box if cards[i].deck == deck]
        game.box = [i for i in game.box if cards[i].deck != deck]
        return unused
    players = game.table.deal_as if game.table else game.players
    return [card.index for card in cards if card.deck == deck
            for _copy in range(sum(1 for t in card.copies if t <= players) if card.copies else 1)]


def _in_game(game: Game, deck: str) -> bool:
    """Whether a card of the deck is anywhere in the game (dealt or drawn before)."""
    cards = game.tables.cards
    places = [game.box, game.discard, *game.hands, *(held for zone in game.zones.values() for held in zone),
              *game.revealed,
              *(city.built for city in game.cities), *(city.under_stages for city in game.cities),
              *([i for _n, i in city.entombed] for city in game.cities)]
    return any(cards[i].deck == deck for place in places for i in place)


def _reveal(game: Game, statement: FromDeck) -> None:
    """Cards of the deck face up on the table, in play in every city, covering those
    revealed from it before (which stay on the table, covered and out of play: never dealt
    again)."""
    deck = unused_cards(game, statement.deck.text)
    game.rng.shuffle(deck)
    n = statement.count.value
    game.box += deck[n:]
    if deck[:n]:
        game.revealed = [*game.revealed, deck[:n]]
        game.show_revealed()
        game.log.append({"event": "reveal", "deck": statement.deck.text,
                         "cards": [game.tables.cards[i].name for i in deck[:n]]})


def _discard_zone(game: Game, statement: OfZone) -> None:
    """Every player's cards of the zone go to the discard pile."""
    zone = game.zones[statement.zone.text]
    for seat in range(game.players):
        if zone[seat]:
            game.log.append({"event": "discard", "seat": seat, "zone": statement.zone.text,
                             "cards": [game.tables.cards[i].name for i in zone[seat]]})
            game.discard += zone[seat]
            zone[seat] = []


def _draft_round(game: Game, p: int, i: int, round_: int) -> None:
    game.stack.append(("draft_picks", p, i, round_))
    _ask(game, "draft", [seat for seat in range(game.players) if game.hands[seat]])


def _draft_picks(game: Game, p: int, i: int, round_: int) -> None:
    """Each pick goes to its player's zone; then the hands pass for the next round, or,
    after the last, what is left of them goes back to the box."""
    statement = _statement(game, p, i)
    zone = game.zones[statement.zone.text]
    chosen, game.chosen = game.chosen, []
    hands = game.hands
    for seat, action in enumerate(chosen):
        if action is not None:
            hands[seat].remove(action.card)
            zone[seat].append(action.card)
    if round_ < statement.count.value and any(hands[:game.players]):
        held = hands[:game.players]
        held = [held[-1]] + held[:-1] if statement.direction == "left" else held[1:] + [held[0]]
        hands[:game.players] = held
        game.stack.append(("draft_round", p, i, round_ + 1))
        return
    for seat in range(game.players):
        game.box += hands[seat]
        hands[seat] = []


def draft_options(game: Game, seat: int) -> list[Action]:
    return [Action(KEEP, card) for card in dict.fromkeys(game.hands[seat])]


# ------------------------------------------------------------------------- playing from a zone
def zone_options(game: Game, seat: int, statement: Any) -> list[Action]:
    """What `seat` may do with a card of the zone: build it (paying, or free when the
    phase says `for free`), and unless the phase says `build`, use it for a wonder stage
    or sell it; `may` adds doing nothing."""
    cards = list(dict.fromkeys(game.zones[statement.zone.text][seat]))
    if not cards:
        return []
    if statement.free:
        names = game.cities[seat].names
        builds = [Action(BUILD, card, free="phase") for card in cards
                  if game.tables.cards[card].name not in names]
    else:
        builds = [a for card in cards for a in card_builds(game, seat, card)]
    if statement.build_only:
        options = builds
    else:
        options = builds + [a for a in legal_actions(game, seat, cards) if a.kind != BUILD]
    if statement.optional:
        options.append(Action(PASS, -1))
    return options


def _zone_done(game: Game, p: int, i: int) -> None:
    """The cards played leave the zone and are placed as a turn's cards are (resolve.py's
    `resolve`, through the hand), then what they set aside for the turn's end runs."""
    statement = _statement(game, p, i)
    zone = game.zones[statement.zone.text]
    chosen, game.chosen = game.chosen, []
    played: list[Action | None] = [None] * len(game.cities)
    for seat, action in enumerate(chosen):
        if action is not None and action.kind != PASS:
            zone[seat].remove(action.card)
            game.hands[seat].append(action.card)
            played[seat] = action
    if any(played):
        game.stack += [("run_pending",), ("resolve", tuple(played))]


def open_statement(game: Game) -> Any:
    """The phase statement whose decisions are open now (its step is on top of the stack),
    or the card's action that asked for a play from a zone (`zone_play`)."""
    step = game.stack[-1]
    return step[1].node if step[0] == "zone_play" else _statement(game, step[1], step[2])


# ------------------------------------------------------------------------- the same, as a card's action
def draw_into(game: Game, action: Any, seat: int | None) -> None:
    """`draw N cards from deck "D" into "Z"`: N cards of the deck that nobody holds, at
    random (the rest stay in the box); `seat` None: a phase's draw onto a zone for the
    table, which no city put there (engine/placed.py)."""
    unused = unused_cards(game, action.deck.text)
    drawn = game.rng.sample(unused, min(action.count.value, len(unused)))
    for index in drawn:
        unused.remove(index)
    game.box += unused
    for card in drawn:
        put_card(game, seat, action.zone.text, card)
    names = [game.tables.cards[i].name for i in drawn]
    if seat is None:                          # in sight of every player
        game.log.append({"event": "reveal", "zone": action.zone.text, "cards": names})
    else:
        game.log.append({"event": "draw", "seat": seat, "zone": action.zone.text, "cards": names})


def ask_zone_play(game: Game, op: Any, seat: int) -> None:
    """`when built: build a card from "Z"` (`op`, its operation): the owner plays one card of
    the zone at once, a decision (kind `zone`) like a phase's; `zone_play` carries it out."""
    if seat < game.players and zone_options(game, seat, op.node):
        game.stack.append(("zone_play", op, seat))
        game.chosen = [None] * len(game.cities)
        game.waiting = [(seat, "zone")]


def _zone_play(game: Game, op: Any, seat: int) -> None:
    chosen, game.chosen = game.chosen, []
    played: list[Action | None] = [None] * len(game.cities)
    choice = chosen[seat] if seat < len(chosen) else None
    if choice is not None and choice.kind != PASS:
        game.zones[op.node.zone.text][seat].remove(choice.card)
        game.hands[seat].append(choice.card)
        played[seat] = choice
        game.stack.append(("resolve", tuple(played)))


PHASE_STEPS: Steps = {
    "phase": _phase, "phase_log": log_phase, "phase_step": _phase_step, "draft_round": _draft_round,
    "draft_picks": _draft_picks, "zone_done": _zone_done, "zone_play": _zone_play,
}
# what each step holds, for saves.py: all whole numbers
PHASE_STEP_ARGS = {"phase": 1, "phase_log": 1, "phase_step": 2, "draft_round": 3, "draft_picks": 3, "zone_done": 2}
_MACHINE = sys.modules[__name__]      # what a statement kind's `step` is lent: `phase_draw`, `ask_zone`
