"""The tables' routes: the host's page of tables and its WebSocket (the studio's own token
only), and each table's page, card drawings and WebSocket (the host's token, or one of the
table's invite tokens: access.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from .access import GRANT, OWNER
from .hub import Hub
from .store import TABLE_ID
from .table import TableError

STATIC = Path(__file__).resolve().parent.parent / "static"
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def table_routes(hub: Hub) -> list:
    drawings: dict[int, dict[int, str]] = {}

    async def lobby_page(request: Request):
        return HTMLResponse((STATIC / "tables.html").read_text(encoding="utf-8"), headers=NO_STORE)

    async def lobby(socket: WebSocket):
        await hub.lobby(socket)

    async def table_page(request: Request):
        table_id = request.path_params["table"]
        if not TABLE_ID.match(table_id):
            return PlainTextResponse("no such table", status_code=404)
        invite = request.query_params.get("invite", "") if request.scope.get(GRANT) else ""
        query = f"?invite={invite}" if invite else ""       # a token of the table (access.py): [A-Za-z0-9_-]
        page = (STATIC / "table.html").read_text(encoding="utf-8").replace("__QUERY__", query)
        page = page.replace("__TABLE__", table_id)
        return HTMLResponse(page, headers=NO_STORE)

    async def asset(request: Request):
        name = request.url.path.rsplit("/", 1)[1]
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return Response((STATIC / name).read_text(encoding="utf-8"), media_type=kind, headers=NO_STORE)

    async def card(request: Request):
        try:
            table = await asyncio.to_thread(hub.table, request.path_params["table"])
        except TableError as err:
            return PlainTextResponse(str(err), status_code=404)
        index = int(request.path_params["index"])
        svg = await asyncio.to_thread(_drawing, drawings, table.tables, index)
        if svg is None:
            return PlainTextResponse("no such card", status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})

    async def table_socket(socket: WebSocket):
        await hub.serve(socket, socket.path_params["table"], socket.scope.get(GRANT), bool(socket.scope.get(OWNER)))

    return [Route("/tables", lobby_page), WebSocketRoute("/tables/ws", lobby),
            Route("/table/{table}", table_page), Route("/table/{table}/table.js", asset),
            Route("/table/{table}/table.css", asset),
            Route("/table/{table}/card/{index:int}.svg", card), WebSocketRoute("/table/{table}/ws", table_socket)]


def _drawing(drawings: dict, tables, index: int) -> str | None:
    """A card as `wonders render` draws it, drawn once per rule set."""
    key = id(tables)
    if key not in drawings:
        from ...views.render.build import card_views
        from ...views.render.card_svg import card_svg
        ruleset = tables.ruleset
        views = {(v.card.name, v.card.age): v for v in card_views(ruleset)}
        drawings[key] = {c.index: card_svg(views[(c.name, c.age)], ruleset.vocabulary)
                         for c in tables.cards if (c.name, c.age) in views}
    return drawings[key].get(index)
