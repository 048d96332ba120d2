"""Tree-builder methods for a file's top level: the list of its items and the vocabulary
declarations (resources, colours, symbols, tokens)."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from .. import ast
from .base import BuilderBase, Kept


class VocabularyBuilder(BuilderBase):
    """Mixed into TreeBuilder (`builder/__init__.py`), which gives `_span`, `_name` and the rest."""

    def start(self, children: Kept) -> list[object]:
        return list(children)

    @v_args(meta=True)
    def name_list(self, meta: Meta, children: Kept) -> tuple[ast.Name, ...]:
        return tuple(self._name(t) for t in children)

    @v_args(meta=True)
    def resources_decl(self, meta: Meta, c: Kept) -> ast.ResourcesDecl:
        return ast.ResourcesDecl(group=self._name(c[0]), names=c[1], span=self._span(meta))

    @v_args(meta=True)
    def colors_decl(self, meta: Meta, c: Kept) -> ast.ColorsDecl:
        return ast.ColorsDecl(names=c[0], span=self._span(meta))

    @v_args(meta=True)
    def symbols_decl(self, meta: Meta, c: Kept) -> ast.SymbolsDecl:
        return ast.SymbolsDecl(names=c[0], span=self._span(meta))

    @v_args(meta=True)
    def tokens_decl(self, meta: Meta, c: Kept) -> ast.TokensDecl:
        return ast.TokensDecl(names=c[0], span=self._span(meta))
