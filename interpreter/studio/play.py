"""The Play part: a game kept on the server, one per page, one seat played in the browser.

The engine is asked, never called back (engine/decisions.py): the bots of the other seats
answer their decisions here, and the game waits at the page's player's decision.  Every
such decision point is a node holding a copy of the game (`Game.clone`), so stepping back
and forward is moving between nodes, and choosing another move at an earlier node starts a
new line beside the old one, which is kept (choosing the same move again follows it).
The games of the pages are kept in play_games.py, the rule sets they are played with
found by play_rules.py, and positions saved and read by play_files.py.
"""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

from ..check.model import written_cost
from ..check.rules import roman
from ..kinds.decisions import DECISIONS
from ..views.describe import action_text, cost_text
from .play_files import write_position
from .play_rules import PlayError, as_shown, shipped_name
from .work import Cores


class Node:
    """A decision point of the page's player (or the game's end): the game there, the
    move that led to it, and the lines that go on from it."""

    def __init__(self, number: int, game, parent: Node | None, move: str | None):
        self.number, self.game, self.parent, self.move = number, game, parent, move
        self.children: list[Node] = []
        self.forward: Node | None = None          # the line last followed from here


class Session:
    """One page's game: its rules, the seat played in the browser, the bots of the other
    seats, and every decision point reached."""

    def __init__(self, root: Path, edition: Path, variants: list[Path], tables, seat: int, bots: list[str],
                 cores: Cores | None = None):
        from ..bots import make_bot
        self.id = secrets.token_urlsafe(12)
        self.cores = cores or Cores()
        self.root, self.edition, self.variants, self.tables = root, edition, variants, tables
        self.seat, self.bots = seat, bots
        self.deciders = {s: make_bot(b, 1000 + s) for s, b in enumerate(bots) if s != seat}
        self.lock = threading.Lock()
        self.status, self.problem, self.note = "preparing", None, None
        self.nodes: list[Node] = []
        self.current: Node | None = None
        self._drawings: dict[int, str] | None = None
        self._boards: dict[tuple[str, str], str] = {}
        self.started = threading.Event()          # set when the game is ready (or could not start)

    # ---------------------------------------------------------------- playing
    def prepare_and_start(self, game) -> None:
        """Fit the bots that fit themselves to the rules (the adaptive one: minutes the first
        time, then read from its cache; in turn with the other pages' comparisons and fits),
        then run the game to the first decision of the seat."""
        from ..bots import registry
        ticket = None
        try:
            fitting = self._fitting_note(game.players)
            if fitting is not None:           # a fit runs a worker per core: it waits for them all
                ahead = self.cores.ahead(self.cores.size)
                if ahead:
                    self.note = (f"waiting for the studio's cores: {ahead} comparison(s) or fit(s) of its pages "
                                 f"first; then {fitting}")
                ticket = self.cores.take(self.cores.size)
            self.note = fitting
            registry.prepare_bots(self._playing(), self.tables, game.players)
            with self.lock:
                self._open(game)
            self.status = "ready"
        except Exception as err:  # noqa: BLE001  (a bot plug-in may raise anything: said on the page)
            self.status, self.problem = "error", f"{type(err).__name__}: {err}"
        finally:
            if ticket is not None:
                ticket.release()
            self.started.set()

    def _playing(self) -> list[str]:
        """The bots that play this game (each fitted to its rules before the first move)."""
        return [b for s, b in enumerate(self.bots) if s != self.seat]

    def _open(self, game) -> None:
        """Run the game to the first decision of the seat: its first point."""
        self._advance(game)
        self.current = self._node(game, None, None)

    def _fitting_note(self, players: int) -> str | None:
        """What the page says while the adaptive bot fits itself to rules it has not met."""
        from ..bots import parse_bot_spec
        from ..bots.fitcache import load
        if not any(parse_bot_spec(b)[0] == "adaptive" for b in self._playing()):
            return None
        if load(self.tables, players) is not None:
            return None
        return (f"the adaptive bot is fitting itself to these rules for {players} players (the first time only: "
                "about a minute; the fit is kept for the next games)")

    def _node(self, game, parent: Node | None, move: str | None) -> Node:
        node = Node(len(self.nodes), game, parent, move)
        self.nodes.append(node)
        if parent is not None:
            parent.children.append(node)
            parent.forward = node
        return node

    def _advance(self, game) -> None:
        """The bots answer every decision that is not the seat's, until the seat must choose
        or the game is over."""
        while True:
            open_ = game.decisions()
            if not open_:
                decision = game.decision()
                if decision is None:
                    return
                open_ = [decision]
            bot = next((d for d in open_ if d.by != self.seat), None)
            if bot is None:
                return
            bot.choose(self.deciders[bot.by].decide(game, bot.seat, bot.kind, bot))

    def _mine(self, game):
        return next((d for d in game.decisions() or [game.decision()] if d is not None and d.by == self.seat), None)

    def choose(self, option: int) -> None:
        node = self._ready()
        decision = self._mine(node.game)
        if decision is None:
            raise PlayError("the game is over: step back to try another move")
        if not 0 <= option < len(decision.options):
            raise PlayError(f"there is no move {option} here ({len(decision.options)} moves)")
        move = decision.options[option].label(self.tables)
        kept = next((c for c in node.children if c.move == move), None)
        if kept is not None:                  # the same move again: follow the line already played
            node.forward = self.current = kept
            return
        game = node.game.clone(log=True)
        self._mine(game).choose(option)
        self._advance(game)
        self.current = self._node(game, node, move)

    def go(self, to) -> None:
        node = self._ready()
        if to == "back":
            target = node.parent
        elif to == "forward":
            target = node.forward
        elif isinstance(to, int) and not isinstance(to, bool) and 0 <= to < len(self.nodes):
            target = self.nodes[to]
        else:
            raise PlayError("the field 'to' is 'back', 'forward' or a point of the game")
        if target is None:
            raise PlayError("nothing further that way")
        walk = target                         # the lines followed lead to the point chosen
        while walk.parent is not None:
            walk.parent.forward = walk
            walk = walk.parent
        self.current = target

    def _ready(self) -> Node:
        if self.status == "preparing":
            raise PlayError("the bots are still getting ready")
        if self.status == "error" or self.current is None:
            raise PlayError(f"this game could not start: {self.problem}")
        return self.current

    # ---------------------------------------------------------------- saving
    def save(self, relative: str, replace: bool = False) -> str:
        from ..engine.saves import game_to_data
        return write_position(self.root, relative, game_to_data(self._ready().game), replace)

    # ---------------------------------------------------------------- the page's view
    def view(self) -> dict:
        answer = {"id": self.id, "status": self.status, "problem": self.problem, "note": self.note,
                  "edition": as_shown(self.root, self.edition),
                  "variants": [as_shown(self.root, v) for v in self.variants], "seat": self.seat,
                  "bots": self.bots}
        if self.status != "ready":
            return answer
        with self.lock:
            return {**answer, **self._position(self.current)}

    def _position(self, node: Node) -> dict:
        game, t = node.game, self.tables
        decision = None if game.finished else self._mine(game)
        answer = {"node": node.number, "finished": game.finished, "age": roman(game.age.number),
                  "ages": len(t.rules.ages), "turn": game.turn, "turns": game.age.turns,
                  "cities": self._cities(game), "log": self._log(game),
                  "line": self._line(node), "lines": [{"node": c.number, "move": c.move, "followed": c is node.forward}
                                                      for c in node.children],
                  "back": node.parent is not None, "forward": node.forward is not None,
                  "command": self._command()}
        if decision is not None:
            answer["decision"] = self._decision(game, decision)
        if game.finished:
            pads = game.scores()
            answer["scores"] = {"categories": list(t.rules.score_pad),
                                "players": [{"name": c.name, "pad": pad, "total": sum(pad.values())}
                                            for c, pad in zip(game.cities, pads)],
                                "winners": [game.cities[i].name for i in game.winners(pads)]}
        return answer

    @staticmethod
    def _log(game) -> list[str]:
        """The game's log as `wonders play` writes it (a loaded save's own log may lack what
        the writing needs, such as the age it began in: said, not a failure of the page)."""
        from ..views.play_log import text_log
        try:
            return text_log(game).splitlines()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, NameError) as err:
            return [f"(the log of this position cannot be written: {err!r})"]

    def _decision(self, game, decision) -> dict:
        t = self.tables
        options = decision.options
        moves = [{"index": i, "kind": o.kind, "card": o.card, "left": o.left, "right": o.right, "bank": o.bank, "free": o.free,
                  "label": o.label(t)} for i, o in enumerate(options)]
        shows = DECISIONS[decision.kind].shows          # (kinds/decisions/)
        if shows in ("options", "pile", "offer"):       # a zone's cards: those it may play
            shown = list(dict.fromkeys(o.card for o in options if o.card >= 0))
        else:
            shown = list(dict.fromkeys(game.hands[decision.seat]))
        found = {"kind": decision.kind, "city": game.cities[decision.seat].name, "neutral": decision.seat != self.seat,
                 "moves": moves, "cards": [self._card(i) for i in shown]}
        if shows == "offer":                  # `may pay PRICE to ACTION`: what is offered, in words
            offer = game.stack[-1][1].node    # (the step holds the offer's operation: engine/program.py)
            found["offer"] = f"{cost_text(written_cost(offer.items))} and then {action_text(offer.action)}"
        return found

    def _card(self, index: int) -> dict:
        card = self.tables.cards[index]
        return {"index": index, "name": card.name, "age": card.age, "color": card.color,
                "svg": self._drawing(index)}

    def _drawing(self, index: int) -> str:
        """The card as `wonders render` draws it (drawn once per game's rules)."""
        if self._drawings is None:
            from ..views.render.build import card_views
            from ..views.render.card_svg import card_svg
            ruleset = self.tables.ruleset
            views = {(v.card.name, v.card.age): v for v in card_views(ruleset)}
            self._drawings = {c.index: card_svg(views[(c.name, c.age)], ruleset.vocabulary)
                              for c in self.tables.cards if (c.name, c.age) in views}
        return self._drawings.get(index, "")

    def _board(self, city) -> str:
        """The city's wonder side as `wonders render` draws it (its stages' costs and effects)."""
        from ..views.render.wonder_svg import wonder_side_svg
        key = (city.side.wonder, city.side.side)
        if key not in self._boards:
            ruleset = self.tables.ruleset
            wonder = next((w for w in ruleset.wonders if w.name == key[0]), None)
            side = next((x for x in wonder.sides if x.name == key[1]), None) if wonder is not None else None
            self._boards[key] = "" if side is None else wonder_side_svg(wonder, side, ruleset.vocabulary)
        return self._boards[key]

    def _cities(self, game) -> list[dict]:
        t = self.tables
        count = len(game.cities)
        left, right = (self.seat + 1) % count, (self.seat - 1) % count
        out = []
        for c in game.cities:
            where = ("you" if c.seat == self.seat else "left" if c.seat == left else
                     "right" if c.seat == right else "neutral" if c.seat in game.neutrals else "other")
            out.append({"seat": c.seat, "name": c.name, "wonder": c.side.wonder, "side": c.side.side,
                        "where": where, "neutral": c.seat in game.neutrals, "coins": c.coins, "shields": c.shields, "tokens": list(c.tokens),
                        "kept": dict(sorted(c.kept.items())),
                        "stages": c.stages, "stages_total": len(c.side.stages),
                        "built": [{"name": t.cards[i].name, "color": t.cards[i].color} for i in c.built],
                        "board": self._board(c) if where == "you" else None})
        return out

    def _line(self, node: Node) -> list[dict]:
        """The points of the line through `node`: from the start to the last point reached
        by following the lines last followed."""
        back = []
        walk = node
        while walk is not None:
            back.append(walk)
            walk = walk.parent
        line = back[::-1]
        walk = node.forward
        while walk is not None:
            line.append(walk)
            walk = walk.forward
        return [{"node": n.number, "move": n.move, "age": roman(n.game.age.number), "turn": n.game.turn,
                 "finished": n.game.finished} for n in line]

    def _command(self) -> str:
        """The terminal command that goes on from a position saved in this game."""
        from .play_packs import is_pack, pack_base
        name = shipped_name(self.edition)
        where = "" if name is not None else f" --content {as_shown(self.root, self.edition)}"
        if is_pack(self.root, self.edition):        # on shipped rules the save records the pack's folder
            base = pack_base(self.root, self.edition)[0]
            where = "" if base is None else f" --content {as_shown(self.root, base)}{where}"
        return f"wonders play --load FILE{where}"
