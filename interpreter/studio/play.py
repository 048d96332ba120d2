"""The Play part: a game kept on the server, one per page, one seat played in the browser.

The engine is asked, never called back (engine/decisions.py): the bots of the other seats
answer their decisions here, and the game waits at the page's player's decision.  Every
such decision point is a node holding a copy of the game (`Game.clone`), so stepping back
and forward is moving between nodes, and choosing another move at an earlier node starts a
new line beside the old one, which is kept (choosing the same move again follows it).
Positions are saved as `wonders play --load` reads them (engine/saves.py), inside the
opened folder only, atomically; the rule set a loaded save belongs to is found among the
folder's rule sets and their variants by the save's content digest.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections import OrderedDict
from pathlib import Path

from ..atomic import write_atomic
from ..check.rules import roman
from ..paths import DEFAULT_RULES, content_dir, is_rule_set, rule_sets
from .fields import BadRequest
from .guard import inside

MAX_GAMES = 8              # games kept at once; the least recently used goes first
MAX_PLAYERS = 8
MAX_SAVE_BYTES = 16 << 20  # a 7-player save is well under 1 MB
MAX_LISTED = 200           # saved positions offered in the page's list


class PlayError(BadRequest):
    """What the page asked cannot be done: said in words, a 400."""


class Exists(PlayError):
    """A save would replace a position already saved under that name: the page asks first (a 409)."""


def _is_position(path: Path) -> bool:
    from ..inputs import read_regular
    try:
        data = json.loads(read_regular(path, MAX_SAVE_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") in ("wonders-save/1", "wonders-save/2")


def editions(root: Path) -> list[Path]:
    """The folder's rule sets: the folder itself when its files hold a `rules` block, and
    every subfolder that holds one of its own (as interpreter/paths.py finds them)."""
    found = [root] if is_rule_set(root) else []
    found += sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink() and is_rule_set(p))
    return found


def variant_files(edition: Path) -> list[Path]:
    folder = edition / "variants"
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p for p in folder.glob("*.wonders") if p.is_file() and not p.is_symlink())


def _relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix() or "."


def compile_edition(root: Path, edition: Path, variants: list[Path]):
    """The compiled rules of one rule set of the folder with its variants, or PlayError
    saying how many errors keep it from being played."""
    from ..check.load import UsageError, check_paths
    from ..compile import compile_rules
    try:
        result = check_paths([str(edition)], [str(v) for v in variants])
    except UsageError as err:
        raise PlayError(str(err)) from None
    if result.ruleset is None:
        raise PlayError(f"{_relative(root, edition)} has {result.errors} error(s) with these variants: "
                        "fix them (the Problems list) before playing")
    return compile_rules(result.ruleset)


def _shipped_name(edition: Path) -> str | None:
    """The name `wonders play --rules` knows this folder by, when it is a shipped rule set."""
    try:
        if edition.resolve().is_relative_to(content_dir().resolve()):
            return next((n for n, p in rule_sets().items() if p.resolve() == edition.resolve()), None)
    except FileNotFoundError:
        return None
    return None


class Node:
    """A decision point of the page's player (or the game's end): the game there, the
    move that led to it, and the lines that go on from it."""

    def __init__(self, number: int, game, parent: "Node | None", move: str | None):
        self.number, self.game, self.parent, self.move = number, game, parent, move
        self.children: list[Node] = []
        self.forward: Node | None = None          # the line last followed from here


class Session:
    """One page's game: its rules, the seat played in the browser, the bots of the other
    seats, and every decision point reached."""

    def __init__(self, root: Path, edition: Path, variants: list[Path], tables, seat: int, bots: list[str]):
        from ..bots import make_bot
        self.id = secrets.token_urlsafe(12)
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
        time, then read from its cache), then run the game to the first decision of the seat."""
        from ..bots.registry import prepare_bots
        try:
            self.note = self._fitting_note(game.players)
            prepare_bots([b for s, b in enumerate(self.bots) if s != self.seat], self.tables, game.players)
            with self.lock:
                self._advance(game)
                self.current = self._node(game, None, None)
            self.status = "ready"
        except Exception as err:               # a bot's or the rules' failure, said on the page
            self.status, self.problem = "error", f"{type(err).__name__}: {err}"
        finally:
            self.started.set()

    def _fitting_note(self, players: int) -> str | None:
        """What the page says while the adaptive bot fits itself to rules it has not met."""
        from ..bots import parse_bot_spec
        from ..bots.fitcache import load
        if not any(parse_bot_spec(b)[0] == "adaptive" for b in self.bots if b != "human"):
            return None
        if load(self.tables, players) is not None:
            return None
        return (f"the adaptive bot is fitting itself to these rules for {players} players (the first time only: "
                "up to about 4 minutes; the fit is kept for the next games)")

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
        """Write the position as a file of the folder; an existing position is replaced only
        when asked, and a file that is not a position never."""
        from ..engine.saves import game_to_data
        node = self._ready()
        path = _position_path(self.root, relative)
        if not path.parent.is_dir():
            raise PlayError(f"{relative}: no folder {path.parent.relative_to(self.root).as_posix()} in the studio's folder")
        if path.exists():
            if not _is_position(path):
                raise PlayError(f"{relative} exists and is not a saved position: choose another name")
            if not replace:
                raise Exists(f"{relative} exists: replace it?")
        data = game_to_data(node.game)
        write_atomic(str(path), json.dumps(data, indent=1) + "\n")
        return path.relative_to(self.root).as_posix()

    # ---------------------------------------------------------------- the page's view
    def view(self) -> dict:
        answer = {"id": self.id, "status": self.status, "problem": self.problem, "note": self.note,
                  "edition": _relative(self.root, self.edition),
                  "variants": [_relative(self.root, v) for v in self.variants], "seat": self.seat,
                  "bots": self.bots}
        if self.status != "ready":
            return answer
        with self.lock:
            return {**answer, **self._position(self.current)}

    def _position(self, node: Node) -> dict:
        from ..tools.play import text_log
        game, t = node.game, self.tables
        decision = None if game.finished else self._mine(game)
        answer = {"node": node.number, "finished": game.finished, "age": roman(game.age.number),
                  "ages": len(t.rules.ages), "turn": game.turn, "turns": game.age.turns,
                  "cities": self._cities(game), "log": text_log(game).splitlines(),
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

    def _decision(self, game, decision) -> dict:
        t = self.tables
        options = decision.options
        moves = [{"index": i, "kind": o.kind, "card": o.card, "left": o.left, "right": o.right, "free": o.free,
                  "label": o.label(t)} for i, o in enumerate(options)]
        if decision.kind in ("discard", "neutral turn"):
            shown = list(dict.fromkeys(o.card for o in options if o.card >= 0))
        else:
            shown = list(dict.fromkeys(game.hands[decision.seat]))
        return {"kind": decision.kind, "city": game.cities[decision.seat].name, "neutral": decision.seat != self.seat,
                "moves": moves, "cards": [self._card(i) for i in shown]}

    def _card(self, index: int) -> dict:
        card = self.tables.cards[index]
        return {"index": index, "name": card.name, "age": card.age, "color": card.color,
                "svg": self._drawing(index)}

    def _drawing(self, index: int) -> str:
        """The card as `wonders render` draws it (drawn once per game's rules)."""
        if self._drawings is None:
            from ..render.build import card_views
            from ..render.card_svg import card_svg
            ruleset = self.tables.ruleset
            views = {(v.card.name, v.card.age): v for v in card_views(ruleset)}
            self._drawings = {c.index: card_svg(views[(c.name, c.age)], ruleset.vocabulary)
                              for c in self.tables.cards if (c.name, c.age) in views}
        return self._drawings.get(index, "")

    def _board(self, city) -> str:
        """The city's wonder side as `wonders render` draws it (its stages' costs and effects)."""
        from ..render.wonder_svg import wonder_side_svg
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
        name = _shipped_name(self.edition)
        where = "" if name is not None else f" --content {_relative(self.root, self.edition)}"
        return f"wonders play --load FILE{where}"


def _position_path(root: Path, relative: str) -> Path:
    if not relative.endswith(".json"):
        raise PlayError(f"{relative}: a saved position is a .json file")
    return inside(root, relative)


def saved_positions(root: Path) -> list[str]:
    """The .json files of the folder (the page offers them to load), the first MAX_LISTED;
    links and hidden folders are passed over."""
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and not os.path.islink(os.path.join(folder, d)))
        for name in sorted(names):
            path = Path(folder, name)
            if name.endswith(".json") and not path.is_symlink() and path.is_file():
                found.append(path.relative_to(root).as_posix())
                if len(found) >= MAX_LISTED:
                    return sorted(found)
    return sorted(found)


class Games:
    """The games of the studio's pages, at most MAX_GAMES (the least recently used first
    to go), each page holding its game's id."""

    def __init__(self, root: Path):
        self.root = root
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.lock = threading.Lock()

    def setup(self) -> dict:
        """What the page's form offers: the folder's rule sets with their variants, sides and
        player counts, the bots, and the positions saved in the folder."""
        from ..bots.registry import bot_names
        found = []
        for edition in editions(self.root):
            entry = {"folder": _relative(self.root, edition),
                     "variants": [_relative(self.root, v) for v in variant_files(edition)]}
            try:
                tables = compile_edition(self.root, edition, [])
                rules = tables.rules
                counts = sorted({*range(rules.min_players, rules.max_players + 1),
                                 *(tb.players for tb in tables.ruleset.tables)} & set(range(1, MAX_PLAYERS + 1)))
                entry.update(name=rules.name, sides=sorted({s.side for s in tables.sides}), players=counts)
            except PlayError as err:
                entry.update(name=entry["folder"], problem=str(err), sides=[], players=[])
            found.append(entry)
        return {"editions": found, "bots": [b for b in bot_names() if b != "human"],
                "positions": saved_positions(self.root)}

    def setup_positions(self) -> list[str]:
        return saved_positions(self.root)

    def get(self, game_id) -> Session:
        if not isinstance(game_id, str):
            raise PlayError("the field 'id' is not a game")
        with self.lock:
            session = self.sessions.get(game_id)
            if session is None:
                raise PlayError("no such game (the studio keeps the last few games only): start one")
            self.sessions.move_to_end(game_id)
            return session

    def _keep(self, session: Session) -> None:
        with self.lock:
            self.sessions[session.id] = session
            while len(self.sessions) > MAX_GAMES:
                self.sessions.popitem(last=False)

    def _edition(self, folder) -> Path:
        if not isinstance(folder, str):
            raise PlayError("the field 'edition' is not a folder")
        path = self.root if folder in ("", ".") else inside(self.root, folder)
        if path not in editions(self.root):
            raise PlayError(f"{folder}: not a rule set of the studio's folder")
        return path

    def _variants(self, edition: Path, chosen) -> list[Path]:
        if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
            raise PlayError("the field 'variants' is a list of variant files")
        offered = {_relative(self.root, v): v for v in variant_files(edition)}
        unknown = [v for v in chosen if v not in offered]
        if unknown:
            raise PlayError(f"{unknown[0]}: not a variant of {_relative(self.root, edition)}")
        return [offered[v] for v in chosen]

    def new(self, data: dict) -> Session:
        from ..bots import BotSpecError
        from ..engine.game import Game, RulesError
        edition = self._edition(data.get("edition", "."))
        variants = self._variants(edition, data.get("variants", []))
        players, seat, seed = data.get("players"), data.get("seat", 0), data.get("seed", 0)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (players, seat, seed)):
            raise PlayError("the fields 'players', 'seat' and 'seed' are whole numbers")
        if not 1 <= players <= MAX_PLAYERS or not 0 <= seat < players:
            raise PlayError(f"players: 1 to {MAX_PLAYERS}; your seat: one of theirs")
        bots = _bots(data.get("bots"), players, seat)
        sides = data.get("sides", "random")
        if not isinstance(sides, str):
            raise PlayError("the field 'sides' is a side's name or 'random'")
        tables = compile_edition(self.root, edition, variants)
        known = sorted({s.side for s in tables.sides})
        if sides != "random" and sides not in known:
            raise PlayError(f"{sides!r} is not a side of these rules' boards ({', '.join(known)}, or random)")
        try:
            game = Game(tables, players, seed, sides)
        except RulesError as err:
            raise PlayError(str(err)) from None
        self._record(game, edition, variants, bots)
        try:
            session = Session(self.root, edition, variants, tables, seat, bots)
        except BotSpecError as err:
            raise PlayError(str(err)) from None
        self._keep(session)
        threading.Thread(target=session.prepare_and_start, args=(game,), daemon=True).start()
        return session

    @staticmethod
    def _record(game, edition: Path, variants: list[Path], bots: list[str]) -> None:
        """What `wonders play --load` and the studio read back from a save's options."""
        from ..commands.common import variant_record
        game.options["variants"] = variant_record([str(v) for v in variants])
        name = _shipped_name(edition)
        if name is not None:
            game.options["rules"] = name
        game.options["names"] = [c.name for c in game.cities[:game.players]]
        game.options["bots"] = bots

    def load(self, data: dict) -> Session:
        """A game from a position saved in the folder, its rules found among the folder's rule
        sets (with the variants it records) by its content digest."""
        from ..engine.saves import SaveError, content_digest, game_from_data
        from ..inputs import FileTooLarge, NotRegularFile, read_regular
        relative = data.get("path")
        if not isinstance(relative, str):
            raise PlayError("the field 'path' is not a file of the folder")
        path = _position_path(self.root, relative)
        try:
            saved = json.loads(read_regular(path, MAX_SAVE_BYTES).decode("utf-8-sig"))
        except FileNotFoundError:
            raise PlayError(f"{relative}: no such file") from None
        except (NotRegularFile, FileTooLarge, OSError) as err:
            raise PlayError(f"{relative}: cannot be read: {err}") from None
        except (ValueError, RecursionError) as err:
            raise PlayError(f"{relative} is not a saved position: it is not JSON ({err})") from None
        if not isinstance(saved, dict) or saved.get("format") not in ("wonders-save/1", "wonders-save/2"):
            raise PlayError(f"{relative} is not a saved position (no \"format\": \"wonders-save/2\"; "
                            "`wonders replay LOG --save FILE` and the studio's Save make them)")
        options = saved.get("options") if isinstance(saved.get("options"), dict) else {}
        recorded = options.get("variants", [])
        if not isinstance(recorded, list) or not all(isinstance(v, str) for v in recorded):
            raise PlayError(f"{relative} is not a saved position: \"options\".\"variants\" is not a list of variants")
        last_problem = "the folder holds no rule set"
        for edition in editions(self.root):
            try:
                variants = self._recorded_variants(edition, recorded)
                tables = compile_edition(self.root, edition, variants)
            except PlayError as err:
                last_problem = str(err)
                continue
            if content_digest(tables) != saved.get("content"):
                last_problem = "it was made with other rules, cards or wonders than those of this folder"
                continue
            try:
                game = game_from_data(tables, saved)
            except SaveError as err:
                raise PlayError(f"{relative} is not a valid saved position: {err}") from None
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
                raise PlayError(f"{relative} is not a valid saved position: a field is missing or wrong ({err!r})") from None
            bots, seat = _loaded_seats(options, game.players, data)
            session = Session(self.root, edition, variants, tables, seat, bots)
            self._keep(session)
            threading.Thread(target=session.prepare_and_start, args=(game,), daemon=True).start()
            return session
        raise PlayError(f"{relative} cannot be played here: {last_problem}")

    def _recorded_variants(self, edition: Path, recorded: list[str]) -> list[Path]:
        offered = variant_files(edition)
        found = []
        for v in recorded:
            match = next((p for p in offered if str(p.resolve()) == v or p.stem == v), None)
            if match is None:
                raise PlayError(f"the save's variant {v} is not one of {_relative(self.root, edition)}/variants")
            found.append(match)
        return found


def _bots(given, players: int, seat: int) -> list[str]:
    """One bot name per seat ("human" at the page's seat); a shorter list's last name fills
    the rest, as `wonders play --bots` does."""
    from ..bots import BotSpecError, make_bot
    if not isinstance(given, list) or not given or not all(isinstance(b, str) and b.strip() for b in given):
        raise PlayError("the field 'bots' is a list of bot names")
    others = [b.strip() for b in given]
    bots = [others[min(i, len(others) - 1)] for i in range(players)]
    bots[seat] = "human"
    if bots.count("human") > 1:
        raise PlayError("one seat is played in the page; the others are bots")
    for b in set(bots) - {"human"}:
        if ":" in b and ("/" in b or b.endswith(".py") or "\\" in b):
            raise PlayError(f"bot {b!r}: the studio plays with the installed bots only")
        try:
            make_bot(b, 0)
        except BotSpecError as err:
            raise PlayError(str(err)) from None
    return bots


def _loaded_seats(options: dict, players: int, data: dict) -> tuple[list[str], int]:
    """The seats of a loaded game: those the save records (a studio's save), else the page's
    seat and bots."""
    recorded = options.get("bots")
    if isinstance(recorded, list) and len(recorded) == players and recorded.count("human") == 1 \
            and all(isinstance(b, str) for b in recorded):
        seat = recorded.index("human")
        return _bots([b if b != "human" else "random" for b in recorded], players, seat), seat
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        seat = 0
    given = data.get("bots") if isinstance(data.get("bots"), list) else []
    others = [b for b in given if b != "human"] or ["greedy"]      # the page's seats need not fit the save's
    return _bots(others, players, seat), seat
