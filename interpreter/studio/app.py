"""The studio's routes: the page, the folder's files, the drawings, and two WebSockets
(the language server's messages and a comparison's progress).  guard.py checks every
request before it gets here."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import files
from .guard import Guard, Outside, cookie_name, inside
from .lsp_bridge import Bridge
from .preview import Previews

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 4 * 1024 * 1024
# The seam for the Play part (issue: the engine as a machine of decision points): its routes
# join ROUTES here and its panel joins the page's tabs (studio/web/src/main.js, PANELS).


class BadRequest(Exception):
    pass


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict:
    """The request's JSON object, read no further than MAX_BODY bytes (whatever it claims)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY} bytes")
    try:
        data = json.loads(bytes(body))
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is not a JSON object")
    return data


def _field(data: dict, name: str, kind, default=None):
    value = data.get(name, default)
    if not isinstance(value, kind):
        raise BadRequest(f"the field {name!r} is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def _handled(handler):
    """A handler's expected failures as answers: 400 bad request, 403 outside the folder,
    404 no such file, 409 changed on disk, 500 the file system's own refusal."""
    async def run(request: Request):
        try:
            return await handler(request)
        except BadRequest as err:
            return _error(400, str(err))
        except Outside as err:
            return _error(403, str(err))
        except files.Conflict as err:
            return JSONResponse({"error": "the file changed on disk since it was opened", "version": err.version,
                                 "text": err.text}, status_code=409)
        except FileNotFoundError as err:
            return _error(404, f"{err.filename or 'the file'}: no such file or folder")
        except (OSError, ValueError) as err:
            return _error(500 if isinstance(err, OSError) else 400, str(err))
    return run


def first_file(tree: list[dict]) -> str | None:
    """The file the page opens first: the first age's cards if there are, else the first
    content file, else the first variant."""
    content = [f["path"] for f in tree if not f["variant"]]
    return next((p for p in content if p.rsplit("/", 1)[-1] == "age1.wonders"), None) or \
        next(iter(content), None) or next((f["path"] for f in tree), None)


def create_app(root: Path, token: str, hosts: set[str] | None, port_box: list[int]):
    root = root.resolve()
    previews = Previews(root)

    def first() -> dict | None:
        path = first_file(files.tree(root))
        return None if path is None else files.read(root, path)
    bridge = Bridge(root, first)

    async def page(request: Request):
        response = FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})
        response.set_cookie(cookie_name(port_box[0]), token, httponly=True, samesite="strict")
        return response

    async def info(request: Request):
        from ..editor.grammar_words import grammar_words
        from ..bots.registry import bot_names
        words = grammar_words()
        tree = files.tree(root)
        first = first_file(tree)
        return JSONResponse({
            "folder": root.name, "rootUri": root.as_uri(), "files": tree,
            "first": None if first is None else files.read(root, first),    # the page shows it at once
            "words": {"declarations": sorted(words.declarations), "statements": sorted(words.statements),
                      "others": sorted(words.others)},
            "bots": bot_names()})

    async def tree(request: Request):
        return JSONResponse({"files": await asyncio.to_thread(files.tree, root)})

    async def read(request: Request):
        relative = request.query_params.get("path", "")
        return JSONResponse(await asyncio.to_thread(files.read, root, relative))

    async def save(request: Request):
        data = await _body(request)
        base = data.get("base")
        if base is not None and not isinstance(base, str):
            raise BadRequest("the field 'base' is not a version")
        version = await asyncio.to_thread(files.save, root, _field(data, "path", str), _field(data, "text", str),
                                          base, bool(data.get("force")))
        return JSONResponse({"version": version})

    async def new_variant(request: Request):
        data = await _body(request)
        folder = _field(data, "folder", str, "")
        content = inside(root, folder) if folder else root
        if not content.is_dir():
            raise BadRequest(f"{folder}: not a folder of the studio's folder")
        rules = await asyncio.to_thread(previews.rules_name, content)
        path = await asyncio.to_thread(files.new_variant, root, folder, _field(data, "name", str), rules)
        return JSONResponse({"path": path})

    async def preview(request: Request):
        data = await _body(request)
        return JSONResponse(await asyncio.to_thread(previews.under_cursor, _field(data, "path", str),
                                                    _field(data, "text", str), _field(data, "line", int)))

    async def gallery(request: Request):
        data = await _body(request)
        overlays = _field(data, "overlays", dict, {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in overlays.items()):
            raise BadRequest("the field 'overlays' maps paths to texts")
        variant = data.get("variant") or None
        if variant is not None and not isinstance(variant, str):
            raise BadRequest("the field 'variant' is not a path")
        return JSONResponse(await asyncio.to_thread(previews.gallery, _field(data, "path", str), overlays, variant))

    async def lsp(socket: WebSocket):
        await bridge.serve(socket)

    async def weigh(socket: WebSocket):
        await _weigh(socket, root)

    def warm() -> None:
        """What the first page needs, made before it asks: the grammar's words, the bots'
        names, and the folder's rule set for the first drawing."""
        from ..bots.registry import bot_names
        from ..editor.grammar_words import grammar_words
        grammar_words()
        bot_names()
        first = first_file(files.tree(root))
        if first is not None:
            with previews.lock:
                previews.analyzer.check(root / first, {})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        bridge.warm()
        warming = asyncio.get_running_loop().run_in_executor(None, warm)
        yield
        with contextlib.suppress(Exception):
            await warming
        await bridge.close()

    routes = [Route("/", page), Route("/api/info", _handled(info)), Route("/api/tree", _handled(tree)),
              Route("/api/file", _handled(read), methods=["GET"]), Route("/api/file", _handled(save), methods=["PUT"]),
              Route("/api/variant", _handled(new_variant), methods=["POST"]),
              Route("/api/preview", _handled(preview), methods=["POST"]),
              Route("/api/gallery", _handled(gallery), methods=["POST"]),
              WebSocketRoute("/lsp", lsp), WebSocketRoute("/weigh", weigh),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan)
    return Guard(app, token, hosts, port_box)


async def _weigh(socket: WebSocket, root: Path) -> None:
    """One comparison per socket: {"start": {...}} begins it, {"cancel": true} stops it after
    the games under way; the page gets status, figures, then done (or error)."""
    from .weigh import Weighing
    await socket.accept()

    async def send(message: dict) -> None:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await socket.send_json(message)
    try:
        start = (await socket.receive_json()).get("start") or {}
        weighing = Weighing(*_weigh_options(root, start))
    except (BadRequest, Outside, ValueError) as err:
        await send({"type": "error", "text": str(err)})
        await socket.close()
        return
    except WebSocketDisconnect:
        return
    running = asyncio.ensure_future(weighing.run(send))

    async def listen():
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, ValueError):
            while True:
                message = await socket.receive_json()
                if isinstance(message, dict) and message.get("cancel"):
                    weighing.cancel()
        weighing.cancel()                       # the page went away: stop the games
    listener = asyncio.ensure_future(listen())
    try:
        await running
    finally:
        listener.cancel()
        with contextlib.suppress(RuntimeError):
            await socket.close()


def _weigh_options(root: Path, start: dict):
    variant = inside(root, _field(start, "variant", str))
    against = start.get("against") or None
    against_path = inside(root, against) if isinstance(against, str) else None
    for path in filter(None, (variant, against_path)):
        if path.parent.name != "variants" or not path.is_file():
            raise BadRequest(f"{path.relative_to(root).as_posix()} is not a file of a variants/ folder")
    if against_path is not None and against_path.parent != variant.parent:
        raise BadRequest("the two variants belong to different content folders")
    if against_path == variant:
        raise BadRequest("the two sides are the same rules: there is nothing to compare")
    players = _field(start, "players", int, 4)
    games = _field(start, "games", int, 200)
    bots = _field(start, "bots", list, ["greedy"])
    if not 1 <= games <= 100000 or not all(isinstance(b, str) and b for b in bots):
        raise BadRequest("games: from 1 to 100,000; bots: names")
    from ..bots.registry import bot_names
    unknown = [b for b in bots if b.split(":")[0] not in bot_names()]
    if unknown:
        raise BadRequest(f"unknown bot {unknown[0]!r} (bots: {', '.join(bot_names())})")
    return root, variant, against_path, players, games, tuple(bots), _field(start, "seed", int, 0)
