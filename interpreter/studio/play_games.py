"""The games of the studio's pages: a new one from the page's settings, or one loaded from
a position saved in the folder; at most MAX_GAMES kept, each page holding its game's id."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from .guard import inside
from .play import Session
from .play_files import read_position, readable_log, saved_positions
from .play_packs import compile_edition, playable
from .play_rules import PlayError, as_shown, installed_bot, shipped_name, variant_files
from .work import Cores

MAX_GAMES = 8              # games kept at once; the least recently used goes first
MAX_PLAYERS = 8


class Games:
    """The games of the studio's pages, at most MAX_GAMES (the least recently used first
    to go), each page holding its game's id."""

    def __init__(self, root: Path, cores: Cores | None = None):
        self.root = root
        self.cores = cores or Cores()             # a bot's fit waits for them (work.py)
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.lock = threading.Lock()

    def setup(self) -> dict:
        """What the page's form offers: the folder's rule sets and packs with their variants,
        sides and player counts, the bots, and the positions saved in the folder."""
        from ..bots.registry import bot_names
        from .play_packs import is_pack, label
        found = []
        for edition in playable(self.root):
            entry = {"folder": as_shown(self.root, edition),
                     "variants": [as_shown(self.root, v) for v in variant_files(edition)]}
            if is_pack(self.root, edition):
                entry["pack"] = label(self.root, edition)
            try:
                tables = compile_edition(self.root, edition, [])
                rules = tables.rules
                counts = sorted({*range(rules.min_players, rules.max_players + 1),
                                 *(tb.players for tb in tables.ruleset.tables)} & set(range(1, MAX_PLAYERS + 1)))
                entry.update(name=entry.get("pack", rules.name), sides=sorted({s.side for s in tables.sides}), players=counts)
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
        if path not in playable(self.root):
            raise PlayError(f"{folder}: not a rule set or a pack of the studio's folder")
        return path

    def _variants(self, edition: Path, chosen) -> list[Path]:
        if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
            raise PlayError("the field 'variants' is a list of variant files")
        offered = {as_shown(self.root, v): v for v in variant_files(edition)}
        unknown = [v for v in chosen if v not in offered]
        if unknown:
            raise PlayError(f"{unknown[0]}: not a variant of {as_shown(self.root, edition)}")
        return [offered[v] for v in chosen]

    def new(self, data: dict) -> Session:
        edition, variants, players, seat, seed = self._settings(data)
        bots = _bots(data.get("bots"), players, seat)
        tables, game = self._deal(data, edition, variants, players, seed)
        return self._begin(game, edition, variants, bots,
                           lambda: Session(self.root, edition, variants, tables, seat, bots, self.cores))

    def replay(self, data: dict) -> Session:
        """An example game of Weigh played again from its seed by its bots, every seat's
        (play_replay.py), opened at the turn where its figure shows; `seat` is the city
        the example follows, the one the page may then play."""
        from .play_replay import ReplaySession, replay_request
        edition, variants, players, seat, _seed = self._settings(data)
        seed, at = replay_request(data, players)
        given = data.get("bots")
        if not isinstance(given, list) or not given or not all(isinstance(b, str) for b in given):
            raise PlayError("the field 'bots' is a list of bot names")
        bots = [installed_bot(given[min(i, len(given) - 1)].strip()) for i in range(players)]
        tables, game = self._deal(data, edition, variants, players, seed)
        return self._begin(game, edition, variants, bots, lambda: ReplaySession(
            self.root, edition, variants, tables, seat, bots, self.cores, seed=seed, at=at))

    def _begin(self, game, edition: Path, variants: list[Path], bots: list[str], make) -> Session:
        """Keep the session `make()` gives and start it in a thread of its own."""
        from ..bots import BotSpecError
        self._record(game, edition, variants, bots)
        try:
            session = make()
        except BotSpecError as err:
            raise PlayError(str(err)) from None
        self._keep(session)
        threading.Thread(target=session.prepare_and_start, args=(game,), daemon=True).start()
        return session

    def _settings(self, data: dict) -> tuple:
        """(edition, variants, players, seat, seed) of a new game's settings, checked."""
        edition = self._edition(data.get("edition", "."))
        variants = self._variants(edition, data.get("variants", []))
        players, seat, seed = data.get("players"), data.get("seat", 0), data.get("seed", 0)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (players, seat, seed)):
            raise PlayError("the fields 'players', 'seat' and 'seed' are whole numbers")
        if not 1 <= players <= MAX_PLAYERS or not 0 <= seat < players:
            raise PlayError(f"players: 1 to {MAX_PLAYERS}; your seat: one of theirs")
        return edition, variants, players, seat, seed

    def _deal(self, data: dict, edition: Path, variants: list[Path], players: int, seed: int):
        """The compiled rules and the game dealt from `seed` with the settings' sides."""
        from ..engine.game import Game, RulesError
        sides = data.get("sides", "random")
        if not isinstance(sides, str):
            raise PlayError("the field 'sides' is a side's name or 'random'")
        tables = compile_edition(self.root, edition, variants)
        known = sorted({s.side for s in tables.sides})
        if sides != "random" and sides not in known:
            raise PlayError(f"{sides!r} is not a side of these rules' boards ({', '.join(known)}, or random)")
        try:
            return tables, Game(tables, players, seed, sides)
        except RulesError as err:
            raise PlayError(str(err)) from None

    def _record(self, game, edition: Path, variants: list[Path], bots: list[str]) -> None:
        """What `wonders play --load` and the studio read back from a save's options: a pack
        on shipped rules as `--expansion` records it (by its folder's absolute path)."""
        from ..commands.common import rules_record, variant_record
        from .play_packs import check_inputs, is_pack
        game.options["variants"] = variant_record([str(v) for v in variants])
        name = shipped_name(edition)
        if name is not None:
            game.options["rules"] = name
        elif is_pack(self.root, edition):
            rules = check_inputs(self.root, edition)[1]
            if rules is not None:
                game.options.update(rules_record(rules))
        game.options["names"] = [c.name for c in game.cities[:game.players]]
        game.options["bots"] = bots

    def load(self, data: dict) -> Session:
        """A game from a position saved in the folder, its rules found among the folder's rule
        sets (with the variants it records) by its content digest."""
        from ..engine.save_fields import SaveError
        from ..engine.saves import content_digest, game_from_data
        relative = data.get("path")
        if not isinstance(relative, str):
            raise PlayError("the field 'path' is not a file of the folder")
        saved = read_position(self.root, relative)
        options = saved.get("options") if isinstance(saved.get("options"), dict) else {}
        recorded = options.get("variants", [])
        if not isinstance(recorded, list) or not all(isinstance(v, str) for v in recorded):
            raise PlayError(f"{relative} is not a saved position: \"options\".\"variants\" is not a list of variants")
        last_problem = "the folder holds no rule set"
        for edition in playable(self.root):
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
            readable_log(game, relative)
            bots, seat = _loaded_seats(options, game.players, data)
            session = Session(self.root, edition, variants, tables, seat, bots, self.cores)
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
                raise PlayError(f"the save's variant {v} is not one of {as_shown(self.root, edition)}/variants")
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
        installed_bot(b)
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
