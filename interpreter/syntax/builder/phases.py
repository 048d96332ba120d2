"""Tree-builder methods for the game's structure: zones, phases and where they run, and their
statements (dealing, drafting, playing turns, playing from a zone, the ages' start and end)."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from .. import ast
from ...kinds.actions.draw_into import DrawInto
from ...kinds.actions.play_from import PlayFrom
from .base import BuilderBase, Kept
from .numbers import to_int


class PhaseBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`)."""

    @v_args(meta=True)
    def zone_decl(self, meta: Meta, c: Kept) -> ast.ZoneDecl:
        return ast.ZoneDecl(name=self._string(c[0]), span=self._span(meta), table=len(c) > 1)

    def for_table(self, c: Kept) -> bool:
        return True

    @v_args(meta=True)
    def phase(self, meta: Meta, c: Kept) -> ast.Phase:
        placed = len(c) > 1 and isinstance(c[1], ast.PhasePlace)
        return ast.Phase(name=self._string(c[0]), place=c[1] if placed else None,
                         body=tuple(c[2:] if placed else c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def deal_age(self, meta: Meta, c: Kept) -> ast.DealAge:
        return ast.DealAge(count=self._number(c[0]), age=c[1], draws=tuple(c[2:]), span=self._span(meta))

    @v_args(meta=True)
    def random_draw(self, meta: Meta, c: Kept) -> ast.AddRandom:
        return ast.AddRandom(count=c[0], colors=c[1], span=self._span(meta))

    @v_args(meta=True)
    def start_age(self, meta: Meta, c: Kept) -> ast.StartAge:
        return ast.StartAge(age=c[0], victory=self._number(c[1]) if len(c) > 1 else None, span=self._span(meta))

    @v_args(meta=True)
    def play_turns(self, meta: Meta, c: Kept) -> ast.PlayTurns:
        then = tuple(x[1] for x in c[2:] if isinstance(x, tuple))
        return ast.PlayTurns(count=self._number(c[0]), direction=c[1], discard_last=c[-1] is True,
                             span=self._span(meta), then=then)

    def then_direction(self, c: Kept) -> tuple[str, str]:
        return ("then", c[0])

    def discarding_last(self, c: Kept) -> bool: return True

    @v_args(meta=True)
    def end_age(self, meta: Meta, c: Kept) -> ast.EndAge:
        return ast.EndAge(age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def before_age(self, meta: Meta, c: Kept) -> ast.PhasePlace:
        return ast.PhasePlace(when="before", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def after_age(self, meta: Meta, c: Kept) -> ast.PhasePlace:
        return ast.PhasePlace(when="after", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def each_age_start(self, meta: Meta, c: Kept) -> ast.PhasePlace:
        return ast.PhasePlace(when="start", age=None, span=self._span(meta))

    @v_args(meta=True)
    def age_start_of(self, meta: Meta, c: Kept) -> ast.PhasePlace:
        return ast.PhasePlace(when="start", age=c[0], span=self._span(meta))

    @v_args(meta=True)
    def deal_stmt(self, meta: Meta, c: Kept) -> ast.Deal:
        return ast.Deal(count=self._number(c[0]), deck=self._string(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def draft_stmt(self, meta: Meta, c: Kept) -> ast.Draft:
        return ast.Draft(count=self._number(c[0]), zone=self._string(c[1]), direction=c[2], span=self._span(meta))

    @v_args(meta=True)
    def play_from(self, meta: Meta, c: Kept) -> PlayFrom:
        optional = bool(c) and c[0] == "optional"
        rest = c[1:] if optional else c
        return PlayFrom(optional=optional, build_only=rest[0] == "build", zone=self._string(rest[1]),
                            free=len(rest) > 2, span=self._span(meta))

    @v_args(meta=True)
    def draw_into(self, meta: Meta, c: Kept) -> DrawInto:
        return DrawInto(count=self._number(c[0]), deck=self._string(c[1]), zone=self._string(c[2]),
                            span=self._span(meta))

    @v_args(meta=True)
    def build_from_zone(self, meta: Meta, c: Kept) -> PlayFrom:
        return PlayFrom(optional=False, build_only=True, zone=self._string(c[0]), free=len(c) > 1,
                            span=self._span(meta))

    @v_args(meta=True)
    def play_from_zone(self, meta: Meta, c: Kept) -> PlayFrom:
        return PlayFrom(optional=False, build_only=False, zone=self._string(c[0]), free=False,
                            span=self._span(meta))

    @v_args(meta=True)
    def reveal_stmt(self, meta: Meta, c: Kept) -> ast.Reveal:
        return ast.Reveal(count=self._number(c[0]), deck=self._string(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def discard_zone(self, meta: Meta, c: Kept) -> ast.DiscardZone:
        return ast.DiscardZone(zone=self._string(c[0]), span=self._span(meta))

    def optional(self, c: Kept) -> str: return "optional"
    def plays(self, c: Kept) -> str: return "play"
    def builds_only(self, c: Kept) -> str: return "build"
    def for_free(self, c: Kept) -> str: return "free"

    @v_args(meta=True)
    def player_count(self, meta: Meta, c: Kept) -> ast.PlayerCount:
        tokens = [str(t) for t in c]
        if len(tokens) == 1 and tokens[0].isdigit():
            return ast.PlayerCount(per_player=False, offset=to_int(c[0]), span=self._span(meta))
        offset = 0
        if len(tokens) == 2:
            offset = to_int(c[1]) * (-1 if tokens[0] == "-" else 1)
        return ast.PlayerCount(per_player=True, offset=offset, span=self._span(meta))
