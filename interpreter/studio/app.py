"""The studio's routes: the page, the folder's files, the drawings, a game played
(play_routes.py), and two WebSockets (the language server's messages and a comparison's
progress).  guard.py checks every
request before it gets here."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from . import files
from .guard import Outside, inside, set_cookie
from .lsp_bridge import Bridge
from .fields import BadRequest, field, read_body
from .play_routes import play_routes
from .preview import Previews
from .tables.access import TableGuard
from .tables.hub import Hub
from .tables.routes import table_routes
from .weigh_socket import serve_weighing
from .work import Cores

STATIC = Path(__file__).resolve().parent / "static"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _handled(handler):
    """A handler's failures as answers in words, never a traceback: 400 bad request (403
    read-only, 413 too large, 422 not UTF-8: fields.BadRequest's status), 403 outside the
    folder, 404 no such file, 409 changed on disk, 500 the file system's own refusal, or
    what nothing else caught (one line on the terminal)."""
    async def run(request: Request):
        try:
            return await handler(request)
        except BadRequest as err:
            return _error(err.status, str(err))
        except Outside as err:
            return _error(403, str(err))
        except files.Conflict as err:
            return JSONResponse({"error": "the file changed on disk since it was opened", "version": err.version,
                                 "text": err.text}, status_code=409)
        except FileNotFoundError as err:
            return _error(404, f"{err.filename or 'the file'}: no such file or folder")
        except (OSError, ValueError) as err:
            return _error(500 if isinstance(err, OSError) else 400, str(err))
        except RecursionError:
            return _error(400, "the request is nested too deeply to handle")
        except Exception as err:  # noqa: BLE001 - the last line of defence: said, not a traceback
            print(f"wonders studio: {request.method} {request.url.path}: {type(err).__name__}: {err}", file=sys.stderr)
            return _error(500, f"the studio failed: {type(err).__name__}: {err}")
    return run


def first_file(tree: list[dict]) -> str | None:
    """The file the page opens first: the first content file (sorted, so the folder's order),
    else the first variant."""
    return next((f["path"] for f in tree if not f["variant"]), None) or next((f["path"] for f in tree), None)


def create_app(root: Path, token: str, hosts: set[str] | None, port_box: list[int]):
    root = root.resolve()
    previews = Previews(root)
    cores = Cores()                 # the comparisons and fits of every page share them
    hub = Hub(root)

    def first() -> dict | None:
        path = first_file(files.tree(root))
        return None if path is None else files.read(root, path)
    bridge = Bridge(root, first)

    async def page(request: Request):
        response = FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})
        set_cookie(response, port_box[0], token)
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
        data = await read_body(request)
        base = data.get("base")
        if base is not None and not isinstance(base, str):
            raise BadRequest("the field 'base' is not a version")
        version = await asyncio.to_thread(files.save, root, field(data, "path", str), field(data, "text", str),
                                          base, bool(data.get("force")))
        return JSONResponse({"version": version})

    async def new_variant(request: Request):
        data = await read_body(request)
        folder = field(data, "folder", str, "")
        content = inside(root, folder) if folder else root
        if not content.is_dir():
            raise BadRequest(f"{folder}: not a folder of the studio's folder")
        rules = await asyncio.to_thread(previews.rules_name, content)
        path = await asyncio.to_thread(files.new_variant, root, folder, field(data, "name", str), rules)
        return JSONResponse({"path": path})

    async def preview(request: Request):
        data = await read_body(request)
        return JSONResponse(await asyncio.to_thread(previews.under_cursor, field(data, "path", str),
                                                    field(data, "text", str), field(data, "line", int)))

    async def gallery(request: Request):
        data = await read_body(request)
        overlays = field(data, "overlays", dict, {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in overlays.items()):
            raise BadRequest("the field 'overlays' maps paths to texts")
        variant = data.get("variant") or None
        if variant is not None and not isinstance(variant, str):
            raise BadRequest("the field 'variant' is not a path")
        return JSONResponse(await asyncio.to_thread(previews.gallery, field(data, "path", str), overlays, variant))

    async def lsp(socket: WebSocket):
        with contextlib.suppress(asyncio.CancelledError):     # the studio stopping: no traceback
            await bridge.serve(socket)

    async def weigh(socket: WebSocket):
        with contextlib.suppress(asyncio.CancelledError):     # (its worker ends with the studio)
            await serve_weighing(socket, root, cores)

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
              *play_routes(root, _handled, cores), *table_routes(hub),
              WebSocketRoute("/lsp", lsp), WebSocketRoute("/weigh", weigh),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan)
    return TableGuard(app, token, hosts, port_box, hub)     # Guard, also opening a table's routes to its invites
