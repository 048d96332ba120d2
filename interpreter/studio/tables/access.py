"""The studio's guard, also opening a table's own routes to that table's invite tokens.

guard.Guard checks every request: the Host, a WebSocket's Origin, and the studio's access
token.  A person invited to a table does not hold that token: their link carries a token
of the table (`/table/ID?invite=TOKEN`), which this guard accepts instead, and only for
the routes of that table (its page, its drawings, its WebSocket).  Every other check of the
guard still applies to them, unchanged: this subclass replaces only the question "is the
token right?", and says in the request's scope which it was (the host's, or a place's).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

from ..guard import Guard

TABLE_PAGE = re.compile(r"^/table/[A-Za-z0-9_-]{8,40}$")
TABLE_ROUTE = re.compile(r"^/table/([A-Za-z0-9_-]{8,40})(?:/ws|/card/\d{1,5}\.svg|/table\.(?:js|css))?$")
OWNER = "wonders.owner"          # scope keys: the studio's own token was given
GRANT = "wonders.grant"          # ("seat", place) or ("spectator", None) at the table of the route


class TableGuard(Guard):
    def __init__(self, app, token: str, hosts, port_box, hub):
        super().__init__(app, token, hosts, port_box)
        self.hub = hub

    def is_page(self, path: str) -> bool:
        """An invite link is followed from wherever it was sent: a table's page opens too."""
        return super().is_page(path) or TABLE_PAGE.match(path) is not None

    def has_token(self, scope, headers, port: int) -> bool:
        owner = super().has_token(scope, headers, port)
        scope[OWNER] = owner
        match = TABLE_ROUTE.match(scope.get("path", ""))
        if match is None:
            return owner
        invite = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("invite", [""])[0]
        grant = self.hub.grant(match.group(1), invite) if invite else None
        scope[GRANT] = grant
        return owner or grant is not None
