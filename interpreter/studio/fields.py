"""What the page sends: a JSON body read no further than its bound, and its fields checked,
each refusal saying which field is wrong."""

from __future__ import annotations

import json
from ..errors import WondersError

MAX_BODY = 4 * 1024 * 1024


class BadRequest(WondersError):
    """What the page sent cannot be done as sent: a 400 (or the `status` of a subclass), or
    an error message on a WebSocket."""
    status = 400


class TooLarge(BadRequest):
    """More than the studio takes in (a request) or reads back (a file): a 413."""
    status = 413


async def read_body(request) -> dict:
    """The request's JSON object, read no further than MAX_BODY bytes (whatever it claims)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY:,} bytes")
    return parse_object(bytes(body))


def parse_object(text: str | bytes) -> dict:
    """A JSON object from the page (a request's body, a WebSocket's message), or BadRequest
    saying what it is instead: not JSON, nested deeper than the parser goes, not an object."""
    try:
        data = json.loads(text)
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    except RecursionError:
        raise BadRequest("the request is JSON nested too deeply to read") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is not a JSON object")
    return data


def field(data: dict, name: str, kind, default=None):
    value = data.get(name, default)
    if not isinstance(value, kind):
        raise BadRequest(f"the field {name!r} is missing or not a {getattr(kind, '__name__', kind)}")
    return value
