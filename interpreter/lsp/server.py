"""`wonders lsp`: the language server (pygls) over standard input and output.

Each feature is a thin handler: it turns LSP positions into the 1-based line and column
of the checker's spans, asks analysis.py, names.py, hover.py or complete.py, and turns
the answer back.  Diagnostics are published on open and on every change, for every file
of the folder the edited file belongs to (an open buffer replaces its file on disk); an
edit to the content checks again each variant open beside it, applied to the edited
content, so a variant that an edit breaks shows it at once.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..diagnostics import Diagnostic, Span
from ..syntax import ast
from ..syntax.formatter import format_text
from . import names as names_
from .analysis import Analyzer
from .complete import suggestions
from .hover import hover_text

SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}
KINDS = {"keyword": lsp.CompletionItemKind.Keyword, "card": lsp.CompletionItemKind.Class,
         "wonder": lsp.CompletionItemKind.Module, "color": lsp.CompletionItemKind.Color,
         "resource": lsp.CompletionItemKind.Value, "group": lsp.CompletionItemKind.Enum,
         "symbol": lsp.CompletionItemKind.Constant, "category": lsp.CompletionItemKind.Field}


class WondersServer(LanguageServer):
    def __init__(self):
        super().__init__("wonders", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.analyzer = Analyzer()
        self.published: dict[Path, set[str]] = {}      # per folder: files given diagnostics

    # ---------------------------------------------------------------- documents and positions
    def overlays(self) -> dict[Path, str]:
        found = {}
        for uri, doc in self.workspace.text_documents.items():
            path = to_fs_path(uri)
            if path:
                found[Path(path)] = doc.source
        return found

    def lines(self, path: Path) -> list[str]:
        text = self.analyzer.text(path, self.overlays())
        return (text or "").split("\n")

    def to_range(self, span: Span) -> lsp.Range:
        lines = self.lines(Path(span.file))
        codec = self.workspace.position_codec

        def position(line: int, column: int) -> lsp.Position:
            return codec.position_to_client_units(lines, lsp.Position(line=max(0, line - 1),
                                                                      character=max(0, column - 1)))
        return lsp.Range(start=position(span.line, span.column), end=position(span.end_line, span.end_column))

    def from_position(self, uri: str, position: lsp.Position) -> tuple[Path, int, int]:
        doc = self.workspace.get_text_document(uri)
        server = self.workspace.position_codec.position_from_client_units(list(doc.lines) or [""], position)
        return Path(to_fs_path(uri)), server.line + 1, server.character + 1

    def location(self, span: Span) -> lsp.Location:
        return lsp.Location(uri=from_fs_path(span.file), range=self.to_range(span))

    # ---------------------------------------------------------------- diagnostics
    def publish(self, uri: str) -> None:
        if not uri.startswith("file:"):      # an unsaved buffer has no folder to check it in
            return
        path = Path(to_fs_path(uri))
        overlays = self.overlays()
        result = self.analyzer.check(path, overlays)
        by_file: dict[str, list[lsp.Diagnostic]] = {}
        for d in result.diagnostics:
            file = d.span.file if d.span else str(path)
            by_file.setdefault(file, []).append(self.diagnostic(d, path))
        folder, variant = self.analyzer.folder_of(path)
        # an edit to the content may break a variant beside it: the open ones are checked again
        variants = [] if variant is not None else \
            [p for p in overlays if p.parent == folder / "variants" and p.suffix == ".wonders"]
        before = self.published.get(folder, set())
        for file in sorted(before | set(by_file) | {str(path)}):
            if Path(file) not in variants:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                    uri=from_fs_path(file), diagnostics=by_file.get(file, [])))
        self.published[folder] = set(by_file) - {str(v) for v in variants}
        for other in sorted(variants):
            self.publish_variant(other, overlays, set(result.diagnostics))

    def publish_variant(self, path: Path, overlays: dict[Path, str], base: set) -> None:
        """The diagnostics of a variant checked applied to its folder: those in its own file,
        and those it causes elsewhere (a deck that no longer adds up) shown on its first line."""
        result = self.analyzer.check(path, overlays)
        found = []
        for d in result.diagnostics:
            if d.span is not None and d.span.file == str(path):
                found.append(self.diagnostic(d, path))
            elif d not in base:
                where = f" (at {d.span.file}:{d.span.line}:{d.span.column})" if d.span else ""
                found.append(self.diagnostic(attrs.evolve(d, span=Span(str(path), 1, 1, 1, 1),
                                                          message=f"with this variant applied: {d.message}{where}"),
                                             path))
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=from_fs_path(str(path)),
                                                                            diagnostics=found))

    def diagnostic(self, d: Diagnostic, path: Path) -> lsp.Diagnostic:
        span = d.span or Span(str(path), 1, 1, 1, 1)
        message = d.message + (f": {d.label}" if d.label else "") + (f"\nhelp: {d.help}" if d.help else "")
        related = [lsp.DiagnosticRelatedInformation(location=self.location(n.span), message=n.message)
                   for n in d.notes if n.span is not None]
        return lsp.Diagnostic(range=self.to_range(span), message=message, code=d.code, source="wonders",
                              severity=SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Information),
                              related_information=related or None)

    # ---------------------------------------------------------------- names
    def occurrences(self, path: Path) -> list[names_.Occurrence]:
        return names_.occurrences(self.analyzer.all_trees(path, self.overlays()))

    def occurrence_at(self, uri: str, position: lsp.Position):
        path, line, column = self.from_position(uri, position)
        found = self.occurrences(path)
        return found, names_.at(found, str(path), line, column)


server = WondersServer()


@server.feature(lsp.INITIALIZED)
def initialized(ls: WondersServer, params: lsp.InitializedParams):
    """Build both parsers now, so the first edit and the first formatting answer fast."""
    from ..syntax.comments import parse_with_comments
    parse_with_comments("")


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: WondersServer, params: lsp.DidOpenTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: WondersServer, params: lsp.DidChangeTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: WondersServer, params: lsp.DidSaveTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: WondersServer, params: lsp.DidCloseTextDocumentParams):
    path = Path(to_fs_path(params.text_document.uri))
    if path.exists():                       # the file on disk is what counts again
        ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: WondersServer, params: lsp.HoverParams):
    uri = params.text_document.uri
    path, line, column = ls.from_position(uri, params.position)
    tree = ls.analyzer.tree(path, ls.overlays())
    if tree is None:
        return None
    occurrence = names_.at(ls.occurrences(path), str(path), line, column)
    ruleset = ls.analyzer.ruleset(path)
    if ruleset is None:
        ls.analyzer.check(path, ls.overlays())
        ruleset = ls.analyzer.ruleset(path)
    text = hover_text(ruleset, tree, line, column, occurrence)
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: WondersServer, params: lsp.DefinitionParams):
    found, here = ls.occurrence_at(params.text_document.uri, params.position)
    if here is None:
        return None
    targets = [o for o in found if o.kind == here.kind and o.name == here.name and o.definition]
    outside = [o for o in targets if Path(o.span.file).parent.name != "variants"]
    return [ls.location(o.span) for o in (outside or targets)] or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def references(ls: WondersServer, params: lsp.ReferenceParams):
    found, here = ls.occurrence_at(params.text_document.uri, params.position)
    if here is None:
        return None
    keep_definitions = params.context.include_declaration
    return [ls.location(o.span) for o in found if o.kind == here.kind and o.name == here.name
            and (keep_definitions or not o.definition)]


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=['"', " "]))
def completion(ls: WondersServer, params: lsp.CompletionParams):
    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    path, line, column = ls.from_position(uri, params.position)
    offset = sum(len(x) + 1 for x in doc.source.split("\n")[: line - 1]) + column - 1
    known: dict[str, list[str]] = {}
    for o in ls.occurrences(path):
        if o.definition and o.name not in known.setdefault(o.kind, []):
            known[o.kind].append(o.name)
    items = [lsp.CompletionItem(label=s.label, kind=KINDS.get(s.kind), detail=s.kind, insert_text=s.insert)
             for s in suggestions(doc.source, offset, known)]
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: WondersServer, params: lsp.DocumentSymbolParams):
    path = Path(to_fs_path(params.text_document.uri))
    tree = ls.analyzer.tree(path, ls.overlays())
    return [] if tree is None else [s for s in (_symbol(ls, item) for item in tree.items) if s]


def _symbol(ls: WondersServer, node) -> lsp.DocumentSymbol | None:
    def make(name, kind, span, selection, children=()):
        return lsp.DocumentSymbol(name=name, kind=kind, range=ls.to_range(span),
                                  selection_range=ls.to_range(selection), children=list(children) or None)
    if isinstance(node, ast.Card):
        return make(node.name.text, lsp.SymbolKind.Class, node.span, node.name.span)
    if isinstance(node, ast.Wonder):
        sides = []
        for side in node.sides:
            stages = [make(f"stage {i}", lsp.SymbolKind.Method, s.span, s.span)
                      for i, s in enumerate((x for x in side.body if isinstance(x, ast.Stage)), 1)]
            sides.append(make(f"side {side.name.text}", lsp.SymbolKind.Namespace, side.span, side.name.span, stages))
        return make(node.name.text, lsp.SymbolKind.Module, node.span, node.name.span, sides)
    if isinstance(node, ast.Rules):
        triggers = [make(f'trigger "{t.name.text}"', lsp.SymbolKind.Event, t.span, t.name.span)
                    for t in node.body if isinstance(t, ast.Trigger) and t.name is not None]
        return make(f'rules "{node.name.text}"', lsp.SymbolKind.Namespace, node.span, node.name.span, triggers)
    if isinstance(node, ast.Variant):
        changes = [make(f"{c.verb} {c.what}", lsp.SymbolKind.Property, c.span, c.span) for c in node.body]
        return make(f'variant "{node.name.text}"', lsp.SymbolKind.Package, node.span, node.name.span, changes)
    if isinstance(node, ast.Table):
        return make(f"table for {node.players.value} players", lsp.SymbolKind.Struct, node.span, node.players.span)
    if isinstance(node, (ast.ResourcesDecl, ast.ColorsDecl, ast.SymbolsDecl)):
        word = {ast.ResourcesDecl: "resources", ast.ColorsDecl: "colors", ast.SymbolsDecl: "symbols"}[type(node)]
        return make(word + ": " + ", ".join(n.text for n in node.names), lsp.SymbolKind.Enum, node.span, node.span)
    return None


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: WondersServer, params: lsp.DocumentFormattingParams):
    doc = ls.workspace.get_text_document(params.text_document.uri)
    formatted, problems = format_text(doc.source, to_fs_path(params.text_document.uri) or "<buffer>")
    if problems or formatted == doc.source:
        return []                                   # the diagnostics already say what is wrong
    lines = doc.source.split("\n")
    end = ls.workspace.position_codec.position_to_client_units(
        lines, lsp.Position(line=len(lines) - 1, character=len(lines[-1])))
    return [lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=0, character=0), end=end), new_text=formatted)]


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: WondersServer, params: lsp.PrepareRenameParams):
    _, here = ls.occurrence_at(params.text_document.uri, params.position)
    if here is None or here.kind not in ("card", "wonder", "trigger"):
        return None
    return ls.to_range(here.span)


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
def rename(ls: WondersServer, params: lsp.RenameParams):
    found, here = ls.occurrence_at(params.text_document.uri, params.position)
    if here is None or here.kind not in ("card", "wonder", "trigger"):
        return None
    new = params.new_name.strip().strip('"')
    if not new or '"' in new or "\n" in new:
        raise ValueError(f"{params.new_name!r} cannot be a quoted name (no quotes, no line breaks)")
    changes: dict[str, list[lsp.TextEdit]] = {}
    for o in found:
        if o.kind == here.kind and o.name == here.name:
            changes.setdefault(from_fs_path(o.span.file), []).append(
                lsp.TextEdit(range=ls.to_range(o.span), new_text=f'"{new}"'))
    return lsp.WorkspaceEdit(changes=changes)


def run() -> None:
    server.start_io()
