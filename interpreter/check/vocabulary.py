"""Declared names: resources (in groups), colours and science symbols."""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import Note
from ..syntax import ast
from ..syntax.parser import KEYWORDS
from .context import Context, what_word
from .model import Vocabulary
from ..i18n import _


def _declared_names(item: object) -> tuple[ast.Name, ...]:
    if isinstance(item, ast.ResourcesDecl):
        return (item.group,) + item.names
    if isinstance(item, (ast.ColorsDecl, ast.SymbolsDecl, ast.TokensDecl)):
        return item.names
    return ()


def collect_vocabulary(items: Iterable[object], ctx: Context) -> Vocabulary:
    resources: list[str] = []
    groups: dict[str, tuple[str, ...]] = {}
    colors: list[str] = []
    symbols: list[str] = []
    tokens: list[str] = []
    first_seen: dict[str, ast.Name] = {}

    def declare(name: ast.Name, into: list[str], what: str) -> None:
        earlier = first_seen.get(name.text)
        if earlier is not None:
            ctx.report("E1103", _("`{name}` is declared twice").format(name=name.text), name.span,
                       label=_("declared again as a {what}").format(what=what_word(what)),
                       notes=(Note(_("first declared here"), earlier.span),),
                       help=_("every resource, group, colour, symbol and token kind needs a name of its own"))
            # the name stays known as both kinds: its uses as either would only echo this error
            if name.text not in into:
                into.append(name.text)
            return
        first_seen[name.text] = name
        into.append(name.text)

    for item in items:
        if isinstance(item, ast.ResourcesDecl):
            declare(item.group, [], "resource group")
            members: list[str] = []
            for name in item.names:
                declare(name, members, "resource")
            resources.extend(members)
            groups[item.group.text] = tuple(members)
        elif isinstance(item, ast.ColorsDecl):
            for name in item.names:
                declare(name, colors, "colour")
        elif isinstance(item, ast.SymbolsDecl):
            for name in item.names:
                declare(name, symbols, "science symbol")
        elif isinstance(item, ast.TokensDecl):
            for name in item.names:
                declare(name, tokens, "token kind")

    for item in items:
        for name in _declared_names(item):
            if name.text in KEYWORDS:
                ctx.report("W1104", _("`{name}` is also a word of the language").format(name=name.text), name.span,
                           label=_("may be read as the word, not the name"),
                           help=_("choose another name; see the reserved words in docs/language.md"))
    ctx.resources, ctx.groups = tuple(resources), groups
    if not (resources or colors or symbols) and any(not isinstance(i, ast.Rules) for i in items):
        ctx.vocabulary_known = False
        ctx.report("E1211", _("no resources, colours or science symbols are declared"), None,
                   help=_("check this file together with the files that declare them, e.g. `wonders check "
                          "content/base.wonders my-cards.wonders`"))
    ctx.colors, ctx.symbols, ctx.tokens = tuple(colors), tuple(symbols), tuple(tokens)
    return Vocabulary(tuple(resources), tuple(groups.items()), tuple(colors), tuple(symbols), tuple(tokens))
