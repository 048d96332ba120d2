"""The Weigh WebSocket: one comparison per socket, started, followed and cancelled by the
page (the games themselves: weigh.py)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from starlette.websockets import WebSocket, WebSocketDisconnect

from .fields import BadRequest, field, parse_object
from .guard import Outside, inside
from .play_rules import installed_bot
from .weigh import Weighing
from .work import Cores


async def serve_weighing(socket: WebSocket, root: Path, cores: Cores) -> None:
    """One comparison per socket: {"start": {...}} begins it, {"cancel": true} stops it after
    the games under way; the page gets status, figures, then done (or error).  Whatever
    else the page sends is answered in words, never with a traceback."""
    await socket.accept()

    async def send(message: dict) -> None:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await socket.send_json(message)
    try:
        start = parse_object(await socket.receive_text()).get("start")
        if not isinstance(start, dict):
            raise BadRequest('the first message is {"start": {...}}: the comparison to run')
        *options, tiers = weighing_options(root, start)
        weighing = Weighing(*options, cores=cores, tiers=tiers, arc=arc_rollouts(start))
    except (BadRequest, Outside, ValueError) as err:
        await send({"type": "error", "text": str(err)})
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await socket.close()
        return
    except (WebSocketDisconnect, RuntimeError, KeyError):
        return
    running = asyncio.ensure_future(weighing.run(send))

    async def listen():
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, KeyError):
            while True:
                try:
                    message = parse_object(await socket.receive_text())
                except BadRequest:
                    continue                    # not a message of the page's: passed over
                if message.get("cancel"):
                    weighing.cancel()
        weighing.cancel(gone=True)              # the page went away: stop the games
    listener = asyncio.ensure_future(listen())
    try:
        await running
    finally:
        listener.cancel()
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await socket.close()


def weighing_options(root: Path, start: dict):
    """What the page asks to weigh: a variant file of a `variants/` folder against its base
    rules or another variant beside it, or a pack of the folder (play_packs.py) against
    the rules it changes."""
    from .play_packs import is_pack
    variant = inside(root, field(start, "variant", str))
    against = start.get("against") or None
    against_path = inside(root, against) if isinstance(against, str) else None
    if is_pack(root, variant) and against_path is not None:
        raise BadRequest("a pack is weighed against the rules it changes: leave 'against' empty")
    for path in filter(None, (variant, against_path)):
        if is_pack(root, path):
            continue
        if path.parent.name != "variants" or not path.is_file():
            raise BadRequest(f"{path.relative_to(root).as_posix()} is not a file of a variants/ folder "
                             "nor a pack of the studio's folder")
    if against_path is not None and against_path.parent != variant.parent:
        raise BadRequest("the two variants belong to different content folders")
    if against_path == variant:
        raise BadRequest("the two sides are the same rules: there is nothing to compare")
    players = field(start, "players", int, 4)
    games = field(start, "games", int, 200)
    bots = field(start, "bots", list, ["adaptive"])           # players fitted to each side's rules (issue 38)
    if not 1 <= games <= 100000 or not all(isinstance(b, str) and b for b in bots):
        raise BadRequest("games: from 1 to 100,000; bots: names")
    for bot in bots:
        installed_bot(bot)
    return (root, variant, against_path, players, games, tuple(bots), field(start, "seed", int, 0),
            skill_tiers(start))


def arc_rollouts(start: dict) -> int:
    """The rollouts a turn of the arc of a game (`"arc": N`, 0 for none: sim/arc.py)."""
    arc = field(start, "arc", int, 0)
    if not 0 <= arc <= 64:
        raise BadRequest("arc: from 0 to 64 rollouts a turn")
    return arc


def skill_tiers(start: dict) -> tuple[str, ...]:
    """The tiers of a skill-tier weighing (`"skill": true`, and `"tiers"` or the default
    ones), or () for the usual figures."""
    if not field(start, "skill", bool, False):
        return ()
    from ..sim.skill import DEFAULT_TIERS
    tiers = field(start, "tiers", list, list(DEFAULT_TIERS))
    if len(tiers) < 2 or len(set(map(str, tiers))) != len(tiers) or not all(isinstance(t, str) and t for t in tiers):
        raise BadRequest("tiers: at least two different bots")
    for tier in tiers:
        installed_bot(tier)
    return tuple(tiers)
