"""The tables of one studio: opened by the host, read back from the folder after a
restart, and the WebSockets of the pages at each.

Every change to a table (a choice, a seat handed to a bot or taken back, a new game) is
made under the table's own lock in a worker thread (the engine and the bots must not hold
up the server), then the table is saved, a finished game recorded, and every page at the
table sent its own view (views.py).  A page's messages are read within bounds: a message
larger than MAX_MESSAGE closes the socket (1009); one that is not JSON, or asks what its
role may not, gets an error and the page stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from pathlib import Path

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..play_packs import compile_edition
from ..play_rules import PlayError, as_shown, editions, variant_files
from . import store
from .table import Place, Table, TableError, installed_bot, new_token, place_name
from .views import public, view

MAX_MESSAGE = 16 * 1024       # bytes: a choice is a few dozen
MAX_TABLES = 64               # tables kept open by one studio
MAX_PLAYERS = 8


class Connection:
    def __init__(self, socket: WebSocket, role: str, place: int | None, host: bool):
        self.socket, self.role, self.place, self.host = socket, role, place, host


class Hub:
    def __init__(self, root: Path):
        self.root = root
        self.tables: dict[str, Table] = {}
        self.problems: dict[str, str] = {}
        self.saved = {k: v for k, v in store.saved_tables(root).items() if "problem" not in v} \
            if (root / store.STATE).is_dir() else {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.compiled: dict[tuple, object] = {}
        self.load_lock = threading.Lock()

    # ---------------------------------------------------------------- tokens (the guard asks)
    def grant(self, table_id: str, token: str) -> tuple[str, int | None] | None:
        """("seat", place) or ("spectator", None) when `token` is one of that table's, else None."""
        data = self.tables.get(table_id) or self.saved.get(table_id)
        if data is None or not token:
            return None
        if isinstance(data, Table):
            spectator, places = data.spectator, [(p.kind, p.token) for p in data.places]
        else:
            spectator, places = data["spectator"], [(p["kind"], p["token"]) for p in data["places"]]
        for i, (kind, known) in enumerate(places):
            if kind == "person" and secrets.compare_digest(known.encode(), token.encode()):
                return "seat", i
        if secrets.compare_digest(spectator.encode(), token.encode()):
            return "spectator", None
        return None

    # ---------------------------------------------------------------- tables
    def _compiled(self, edition: Path, variants: list[Path]):
        key = (str(edition), tuple(map(str, variants)))
        if key not in self.compiled:
            self.compiled[key] = compile_edition(self.root, edition, variants)
        return self.compiled[key]

    def table(self, table_id: str) -> Table:
        """The table, read back from the folder if the studio restarted since it was saved."""
        with self.load_lock:
            found = self.tables.get(table_id)
            if found is not None:
                return found
            data = self.saved.get(table_id)
            if data is None:
                raise TableError("no such table")
            try:
                edition = self.root if data["edition"] == "." else self.root / data["edition"]
                tables = self._compiled(edition, [self.root / v for v in data["variants"]])
                table = Table.from_data(data, tables)
            except PlayError as err:
                raise TableError(f"this table's rules cannot be played now: {err}") from None
            except Exception as err:  # noqa: BLE001  (a save the rules no longer read: said, not a crash)
                raise TableError(f"this table cannot be read back: {type(err).__name__}: {err}") from None
            self.tables[table_id] = table
            return table

    def open(self, settings) -> Table:
        """A new table from the host's settings (checked field by field)."""
        if not isinstance(settings, dict):
            raise TableError("the table's settings are a JSON object")
        if len(self.tables) + len(set(self.saved) - set(self.tables)) >= MAX_TABLES:
            raise TableError(f"the studio keeps at most {MAX_TABLES} tables")
        folder = settings.get("edition", ".")
        edition = next((e for e in editions(self.root) if as_shown(self.root, e) == folder), None)
        if edition is None:
            raise TableError(f"{folder!r}: not a rule set of the studio's folder")
        chosen = settings.get("variants", [])
        offered = {as_shown(self.root, v): v for v in variant_files(edition)}
        if not isinstance(chosen, list) or not all(isinstance(v, str) and v in offered for v in chosen):
            raise TableError(f"the field 'variants' lists variants of {folder} ({', '.join(offered) or 'none'})")
        seats = settings.get("seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_PLAYERS or not all(isinstance(s, dict) for s in seats):
            raise TableError(f"the field 'seats' lists 1 to {MAX_PLAYERS} seats, each a person or a bot")
        places = []
        for i, seat in enumerate(seats):
            if seat.get("kind") == "bot":
                bot = installed_bot(seat.get("bot"))
                places.append(Place("bot", place_name(seat.get("name"), f"{bot} {i + 1}"), bot, new_token()))
            elif seat.get("kind") == "person":
                places.append(Place("person", place_name(seat.get("name"), f"Player {i + 1}"), None, new_token()))
            else:
                raise TableError(f"seat {i + 1}: 'kind' is 'person' or 'bot'")
        sides, grace = settings.get("sides", "random"), settings.get("grace", 60)
        if not isinstance(sides, str):
            raise TableError("the field 'sides' is a side's name or 'random'")
        if not isinstance(grace, (int, float)) or isinstance(grace, bool) or not 0 <= grace <= 3600:
            raise TableError("the field 'grace' is the seconds (0 to 3600) before a seat away can go to a bot")
        variants = [offered[v] for v in chosen]
        tables = self._compiled(edition, variants)
        table = Table(secrets.token_urlsafe(9), folder, [as_shown(self.root, v) for v in variants], tables, places,
                      sides, float(grace))
        from ...bots.registry import prepare_bots
        prepare_bots([p.bot for p in places if p.bot], tables, len(places))
        table.start()
        self.tables[table.id] = table
        self._settle(table)
        return table

    def _settle(self, table: Table) -> None:
        """After a change: the finished game recorded (once), then the table saved."""
        if table.game.finished and table.recorded is None:
            from ...engine.saves import content_digest
            from ...sim.store import header
            digest = content_digest(table.tables)
            path = store.records_path(self.root, table.tables.rules.name, digest, table.players)
            head = header(digest, {"players": table.players, "bots": ["human"], "sides": table.sides, "seed": 0,
                                   "rotate_bots": False, "variants": table.variants,
                                   "content": [table.edition], "studio": "tables"})
            table.recorded = store.append_record(path, head, table.record)
        store.save_table(self.root, table.to_data())

    def listing(self) -> list[dict]:
        out = []
        for table_id in sorted(set(self.tables) | set(self.saved)):
            try:
                table = self.table(table_id)
            except TableError as err:
                out.append({"id": table_id, "problem": str(err)})
                continue
            out.append({"id": table.id, "rules": table.tables.rules.name, "edition": table.edition,
                        "variants": table.variants, "round": table.round + 1, "finished": table.game.finished,
                        "spectator": f"/table/{table.id}?invite={table.spectator}",
                        "places": [{"name": p.name, "kind": p.kind, "bot": p.playing_bot, "seat": table.seat_of(i),
                                    "connected": bool(p.connections),
                                    "invite": f"/table/{table.id}?invite={p.token}" if p.kind == "person" else None}
                                   for i, p in enumerate(table.places)]})
        return out

    # ---------------------------------------------------------------- pages
    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def change(self, table: Table, work) -> None:
        """`work()` under the table's lock in a worker thread, then the table settled and
        every page at it sent its view, all under the same lock: a view never reads a game
        another change is moving, and views reach a page in the order the changes were
        made (sent after the lock, a view made first could arrive last and leave a page
        showing a stale state)."""
        async with self.lock(table.id):
            def run():
                work()
                self._settle(table)
                return self._views(table)
            shown = await asyncio.to_thread(run)
            await self._send_views(shown)

    async def broadcast(self, table: Table) -> None:
        async with self.lock(table.id):
            shown = await asyncio.to_thread(self._views, table)
            await self._send_views(shown)

    def _views(self, table: Table) -> list[tuple[Connection, dict]]:
        """Each page's view, the public part made once for all of them."""
        connections = list(self.connections.get(table.id, ()))
        shared = public(table)
        return [(c, view(table, c.role, c.place, c.host, shared=shared)) for c in connections]

    @staticmethod
    async def _send_views(shown) -> None:
        for connection, message in shown:
            await _send(connection.socket, message)

    def view_of(self, table: Table, c: Connection) -> dict:
        return view(table, c.role, c.place, c.host)

    async def serve(self, socket: WebSocket, table_id: str, grant, owner: bool) -> None:
        """One page at a table: its role from its token (a seat, a spectator) or the
        studio's own token (the host)."""
        try:
            table = await asyncio.to_thread(self.table, table_id)
        except TableError as err:
            await socket.accept()
            await _send(socket, {"type": "error", "text": str(err), "fatal": True})
            await socket.close(1008)
            return
        role, place = grant if grant is not None else ("host", None)
        connection = Connection(socket, role, place, owner)
        await socket.accept()
        self.connections.setdefault(table.id, set()).add(connection)
        if place is not None:
            table.places[place].connections += 1
        try:
            await self.broadcast(table)
            await self._listen(table, connection)
        finally:
            self.connections[table.id].discard(connection)
            if place is not None:
                p = table.places[place]
                p.connections -= 1
                if not p.connections:
                    p.left_at = time.time()
                    asyncio.get_running_loop().call_later(table.grace + 0.5, self._later, table)
            with contextlib.suppress(Exception):
                await self.broadcast(table)

    def _later(self, table: Table) -> None:
        """A seat's grace period is over: the host's page learns it can hand the seat on."""
        asyncio.ensure_future(self.broadcast(table))

    async def _listen(self, table: Table, c: Connection) -> None:
        while True:
            message = await c.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw.encode("utf-8")) > MAX_MESSAGE:
                await _send(c.socket, {"type": "error", "text": f"a message is at most {MAX_MESSAGE} bytes"})
                await c.socket.close(1009)
                return
            try:
                data = json.loads(raw)
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                await self._handle(table, c, data)
            except (ValueError, RecursionError) as err:
                await _send(c.socket, {"type": "error", "text": f"a message is a JSON object with a 'type': {err}"})
            except TableError as err:
                await _send(c.socket, {"type": "error", "text": str(err), "to": data.get("type")})

    async def _handle(self, table: Table, c: Connection, data: dict) -> None:
        kind = data.get("type")
        if kind == "choose":
            if c.role != "seat":
                raise TableError("only a seat's page chooses: a spectator's or the host's page shows the table")
            if "seat" in data and data["seat"] != table.seat_of(c.place):
                raise TableError("your page chooses for your own seat only")
            number, option = data.get("decision"), data.get("option")
            await self.change(table, lambda: table.choose(c.place, number, option))
            await _send(c.socket, {"type": "chosen", "decision": number})
        elif kind == "take back":
            if c.role != "seat":
                raise TableError("only the seat's own page takes it back")
            await self.change(table, lambda: (table.take_back(c.place), table.run_bots()))
        elif kind == "hand":
            if not c.host:
                raise TableError("only the host hands a seat to a bot")
            bot = installed_bot(data.get("bot"))
            from ...bots.registry import prepare_bots
            await asyncio.to_thread(prepare_bots, [bot], table.tables, table.players)
            await self.change(table, lambda: table.hand_to_bot(data.get("seat"), bot))
        elif kind == "again":
            if not c.host:
                raise TableError("only the host starts the next game")
            await self.change(table, table.again)
        elif kind == "view":
            async with self.lock(table.id):
                shown = await asyncio.to_thread(self.view_of, table, c)
                await _send(c.socket, shown)
        else:
            raise TableError(f"unknown message type {kind!r} (choose, take back, hand, again, view)")

    async def lobby(self, socket: WebSocket) -> None:
        """The host's page of tables: the folder's rule sets and bots, the tables and their
        invite links, and a new table."""
        await socket.accept()
        while True:
            try:
                raw = await socket.receive_text()
            except (WebSocketDisconnect, RuntimeError, KeyError):
                return
            try:
                if len(raw) > MAX_MESSAGE:
                    raise TableError(f"a message is at most {MAX_MESSAGE} bytes")
                data = json.loads(raw)
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                if data.get("type") == "setup":
                    await _send(socket, {"type": "setup", **await asyncio.to_thread(self.setup)})
                elif data.get("type") == "open":
                    table = await asyncio.to_thread(self.open, data.get("table"))
                    await _send(socket, {"type": "opened", "id": table.id,
                                         "tables": await asyncio.to_thread(self.listing)})
                elif data.get("type") == "list":
                    await _send(socket, {"type": "tables", "tables": await asyncio.to_thread(self.listing)})
                else:
                    raise TableError("the lobby's messages: setup, list, open")
            except (ValueError, RecursionError) as err:
                await _send(socket, {"type": "error", "text": f"a message is a JSON object with a 'type': {err}"})
            except PlayError as err:
                await _send(socket, {"type": "error", "text": str(err)})

    def setup(self) -> dict:
        from ..play_games import Games
        found = Games(self.root).setup()
        return {"editions": found["editions"], "bots": found["bots"]}


async def _send(socket: WebSocket, message: dict) -> None:
    with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):
        await socket.send_json(message)
