"""The Play part's routes: the form's choices, a new or loaded game, an example game of Weigh replayed (play_replay.py), its position, a move,
a step through its points, and a save (a 409 when it would replace a position saved before).  Each page holds its game's id (play.py keeps the
games); the work runs in a worker thread, so the server keeps answering meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .fields import field, read_body
from .play_files import Exists
from .play_games import Games
from .work import Cores

FIRST_LOOK = 2.0           # seconds a new game's first answer waits for it to be ready


def play_routes(root: Path, handled, cores: Cores) -> list[Route]:
    games = Games(root, cores)

    async def setup(request: Request):
        return JSONResponse(await asyncio.to_thread(games.setup))

    async def started(session):
        await asyncio.to_thread(session.started.wait, FIRST_LOOK)
        return JSONResponse(await asyncio.to_thread(session.view))

    async def new(request: Request):
        data = await read_body(request)
        return await started(await asyncio.to_thread(games.new, data))

    async def replay(request: Request):
        data = await read_body(request)
        return await started(await asyncio.to_thread(games.replay, data))

    async def load(request: Request):
        data = await read_body(request)
        return await started(await asyncio.to_thread(games.load, data))

    async def position(request: Request):
        session = games.get(request.query_params.get("id"))
        if request.query_params.get("wait"):
            await asyncio.to_thread(session.started.wait, FIRST_LOOK)
        return JSONResponse(await asyncio.to_thread(session.view))

    async def moved(request: Request, move) -> JSONResponse:
        """`move(session, data)` under the game's lock, off the event loop; then the position."""
        data = await read_body(request)
        session = games.get(data.get("id"))

        def run():
            with session.lock:
                move(session, data)
            return session.view()
        return JSONResponse(await asyncio.to_thread(run))

    async def choose(request: Request):
        return await moved(request, lambda session, data: session.choose(field(data, "option", int)))

    async def go(request: Request):
        return await moved(request, lambda session, data: session.go(data.get("to")))

    async def save(request: Request):
        data = await read_body(request)
        session = games.get(data.get("id"))

        def run():
            with session.lock:
                return session.save(field(data, "path", str), data.get("replace") is True)
        try:
            saved = await asyncio.to_thread(run)
        except Exists as err:
            return JSONResponse({"error": str(err), "exists": True}, status_code=409)
        return JSONResponse({"path": saved, "positions": await asyncio.to_thread(games.setup_positions)})

    return [Route("/api/play/setup", handled(setup)), Route("/api/play/new", handled(new), methods=["POST"]),
            Route("/api/play/load", handled(load), methods=["POST"]),
            Route("/api/play/replay", handled(replay), methods=["POST"]),
            Route("/api/play/position", handled(position)), Route("/api/play/choose", handled(choose), methods=["POST"]),
            Route("/api/play/go", handled(go), methods=["POST"]), Route("/api/play/save", handled(save), methods=["POST"])]
