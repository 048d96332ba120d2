"""`wonders lsp`: the language server (pygls) over standard input and output.

Each feature is a thin handler: it turns LSP positions into the 1-based line and column
of the checker's spans, asks analysis.py, names.py, hover.py or complete.py, and turns
the answer back.  Diagnostics are published on open and on every change, for every file
of the folder the edited file belongs to (an open buffer replaces its file on disk); an
edit to the content checks again each variant open beside it, applied to the edited
content, so a variant that an edit breaks shows it at once.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote

import attrs

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..diagnostics import Diagnostic, Span
from ..i18n import _
from ..kinds.effects import part_of
from ..syntax import ast
from ..syntax.formatter import format_text
from ..syntax.parser import bounded_text
from . import names as names_
from .analysis import Analyzer
from .complete import suggestions
from .hover import hover_text
from ..errors import WondersError

SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}
KINDS = {"keyword": lsp.CompletionItemKind.Keyword, "card": lsp.CompletionItemKind.Class,
         "wonder": lsp.CompletionItemKind.Module, "color": lsp.CompletionItemKind.Color,
         "resource": lsp.CompletionItemKind.Value, "group": lsp.CompletionItemKind.Enum,
         "symbol": lsp.CompletionItemKind.Constant, "category": lsp.CompletionItemKind.Field}


class RequestFailed(JsonRpcException, WondersError):
    """A request the server understood but refuses (LSP's RequestFailed): the editor shows
    the message, as for a rename to a name already taken."""
    CODE = -32803


def path_of(uri: str) -> Path | None:
    """The file of a `file:` URI; None for an unsaved buffer (`untitled:Untitled-1`), which
    has no folder and is analysed on its own."""
    if not uri.startswith("file:"):
        return None
    found = to_fs_path(uri)
    return Path(found) if found else None


def shown_of(uri: str) -> str:
    """The file name the checker's spans carry for a document: its path, or its URI."""
    path = path_of(uri)
    return uri if path is None else str(path)


class WondersServer(LanguageServer):
    def __init__(self):
        super().__init__("wonders", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.analyzer = Analyzer()
        self.language_given = False           # `wonders lsp --lang`: the editor's locale does not change it
        self.published: dict[Path, set[str]] = {}      # per folder: files given diagnostics
        self._lines: dict[str, tuple[str, list[str]]] = {}   # per file: its text cut in lines
        self.lines_cut = 0                                   # texts cut so far (the work done)

    # ---------------------------------------------------------------- documents and positions
    def overlays(self) -> dict[Path, str]:
        found = {}
        for uri, doc in self.workspace.text_documents.items():
            path = path_of(uri)
            if path is not None:
                found[path] = doc.source
        return found

    @staticmethod
    @lru_cache(maxsize=1024)                 # thousands of spans name a handful of files
    def uri_of(shown: str) -> str:
        """The URI of a span's file: a path, or already an unsaved buffer's URI."""
        return from_fs_path(shown) if Path(shown).is_absolute() else shown

    def open_document(self, shown: str):
        """The open document of a span's file, or None."""
        return self.workspace.text_documents.get(unquote(self.uri_of(shown)))

    def lines(self, shown: str) -> list[str]:
        """The lines of a file as the editor has it, cut once per text (a large file has
        thousands of spans to convert)."""
        doc = self.open_document(shown)
        text = doc.source if doc is not None else self.analyzer.known_text(shown)
        if text is None:                     # a file on disk (a closed buffer has no text left)
            text = (self.analyzer.text(Path(shown), {}) if Path(shown).is_absolute() else None) or ""
        known = self._lines.get(shown)
        if known is None or known[0] is not text:
            known = self._lines[shown] = (text, text.split("\n"))
            self.lines_cut += 1
        return known[1]

    def to_range(self, span: Span) -> lsp.Range:
        lines = self.lines(span.file)
        codec = self.workspace.position_codec

        def position(line: int, column: int) -> lsp.Position:
            return codec.position_to_client_units(lines, lsp.Position(line=max(0, line - 1),
                                                                      character=max(0, column - 1)))
        return lsp.Range(start=position(span.line, span.column), end=position(span.end_line, span.end_column))

    def from_position(self, uri: str, position: lsp.Position) -> tuple[str, int, int]:
        """(the file name spans carry, 1-based line, 1-based column) of an editor position."""
        shown = shown_of(uri)
        server = self.workspace.position_codec.position_from_client_units(self.lines(shown), position)
        return shown, server.line + 1, server.character + 1

    def location(self, span: Span) -> lsp.Location:
        return lsp.Location(uri=self.uri_of(span.file), range=self.to_range(span))

    def tree(self, uri: str) -> ast.File | None:
        """The syntax tree of a document: an open buffer's text, or the file on disk."""
        path = path_of(uri)
        if path is not None:
            return self.analyzer.tree(path, self.overlays())
        doc = self.workspace.text_documents.get(unquote(uri))
        text = None if doc is None else bounded_text(doc.source, uri)[0]
        return None if text is None else self.analyzer.parse(text, uri)[0]

    def ruleset(self, uri: str):
        """The last rule set the document's folder checked into (None for an unsaved buffer)."""
        path = path_of(uri)
        if path is None:
            return None
        if self.analyzer.ruleset(path) is None:
            self.analyzer.check(path, self.overlays())
        return self.analyzer.ruleset(path)

    def forget_closed(self) -> None:
        """Release what only closed documents needed (their trees, rule sets and lines)."""
        uris = set(self.workspace.text_documents)
        files = {p for p in map(path_of, uris) if p is not None}
        buffers = {u for u in uris if path_of(u) is None}
        self.analyzer.forget(files, buffers)
        self._lines = {k: v for k, v in self._lines.items() if self.open_document(k) is not None}

    # ---------------------------------------------------------------- diagnostics
    async def settled(self, uri: str, version: int | None) -> None:
        """Publish after SETTLE_SECONDS, unless the document has changed again meanwhile
        (the newer version publishes) or has been closed."""
        await asyncio.sleep(SETTLE_SECONDS)
        doc = self.workspace.text_documents.get(unquote(uri))
        if doc is not None and (version is None or doc.version == version):
            self.publish(uri)

    def publish(self, uri: str) -> None:
        path = path_of(uri)
        if path is None:                     # an unsaved buffer has no folder: its syntax only
            doc = self.workspace.text_documents.get(unquote(uri))
            text, problems = bounded_text(doc.source, uri) if doc is not None else (None, [])
            if text is not None:
                problems = self.analyzer.parse(text, uri)[1]
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=uri, diagnostics=[self.diagnostic(d, uri) for d in problems]))
            return
        overlays = self.overlays()
        result = self.analyzer.check(path, overlays)
        by_file: dict[str, list[lsp.Diagnostic]] = {}
        for d in result.diagnostics:
            file = d.span.file if d.span else str(path)
            by_file.setdefault(file, []).append(self.diagnostic(d, str(path)))
        folder, variant = self.analyzer.folder_of(path)
        # an edit to the content may break a variant beside it: the open ones are checked again
        variants = [] if variant is not None else \
            [p for p in overlays if p.parent == folder / "variants" and p.suffix == ".wonders"]
        before = self.published.get(folder, set())
        for file in sorted(before | set(by_file) | {str(path)}):
            if Path(file) not in variants:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                    uri=self.uri_of(file), diagnostics=by_file.get(file, [])))
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
                found.append(self.diagnostic(d, str(path)))
            elif d not in base:
                where = _(" (at {file}:{line}:{column})").format(file=d.span.file, line=d.span.line,
                                                                 column=d.span.column) if d.span else ""
                found.append(self.diagnostic(attrs.evolve(d, span=Span(str(path), 1, 1, 1, 1),
                                                          message=_("with this variant applied: {message}{where}").format(
                                                              message=d.message, where=where)),
                                             str(path)))
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=from_fs_path(str(path)),
                                                                            diagnostics=found))

    def diagnostic(self, d: Diagnostic, shown: str) -> lsp.Diagnostic:
        span = d.span or Span(shown, 1, 1, 1, 1)
        message = d.message + (f": {d.label}" if d.label else "") + (
            "\n" + _("help: {help}").format(help=d.help) if d.help else "")
        related = [lsp.DiagnosticRelatedInformation(location=self.location(n.span), message=n.message)
                   for n in d.notes if n.span is not None]
        return lsp.Diagnostic(range=self.to_range(span), message=message, code=d.code, source="wonders",
                              severity=SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Information),
                              related_information=related or None)

    # ---------------------------------------------------------------- names
    def occurrences(self, uri: str) -> list[names_.Occurrence]:
        """The names of the document's folder, or of the buffer alone when it is unsaved."""
        path = path_of(uri)
        if path is not None:
            return names_.occurrences(self.analyzer.all_trees(path, self.overlays()))
        tree = self.tree(uri)
        return names_.occurrences([] if tree is None else [tree])

    def occurrence_at(self, uri: str, position: lsp.Position):
        shown, line, column = self.from_position(uri, position)
        found = self.occurrences(uri)
        return found, names_.at(found, shown, line, column)


server = WondersServer()


@server.feature(lsp.INITIALIZE)
def initialize(ls: WondersServer, params: lsp.InitializeParams):
    """The diagnostics speak the editor's language (its `locale`, `nl-NL`), unless
    `wonders lsp --lang` chose one; a language we do not have is the environment's."""
    from .. import i18n
    if params.locale and not ls.language_given:
        i18n.choose(i18n.from_environment({"LANG": params.locale.replace("-", "_")}, i18n.from_environment()))


@server.feature(lsp.INITIALIZED)
def initialized(ls: WondersServer, params: lsp.InitializedParams):
    """Build both parsers now, so the first edit and the first formatting answer fast."""
    from ..syntax.comments import parse_with_comments
    parse_with_comments("")


# How long an open or an edit waits before the folder is checked: the requests an editor
# sends with it (the outline of a file just opened) are answered first, from the parse
# alone, and edits that queued up while a long check ran are checked once, at the last.
SETTLE_SECONDS = 0.02


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: WondersServer, params: lsp.DidOpenTextDocumentParams):
    uri = params.text_document.uri
    ls.tree(uri)                                # parsed once, now: what the outline needs
    await ls.settled(uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: WondersServer, params: lsp.DidChangeTextDocumentParams):
    await ls.settled(params.text_document.uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: WondersServer, params: lsp.DidSaveTextDocumentParams):
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: WondersServer, params: lsp.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    path = path_of(uri)
    if path is not None and path.exists():  # the file on disk is what counts again
        ls.publish(uri)
    elif path is None:                      # a closed unsaved buffer is gone: so are its diagnostics
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    ls.forget_closed()


@server.feature("wonders/state")
def state(ls: WondersServer, params):
    """What the server keeps, by document and file: for finding what holds memory."""
    return {"documents": sorted(ls.workspace.text_documents), "lines": sorted(ls._lines),
            "linesCut": ls.lines_cut,
            "folders": sorted(str(f) for f in ls.published), **ls.analyzer.state()}


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: WondersServer, params: lsp.HoverParams):
    uri = params.text_document.uri
    shown, line, column = ls.from_position(uri, params.position)
    tree = ls.tree(uri)
    if tree is None:
        return None
    occurrence = names_.at(ls.occurrences(uri), shown, line, column)
    text = hover_text(ls.ruleset(uri), tree, line, column, occurrence)
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
    _, line, column = ls.from_position(uri, params.position)
    offset = sum(len(x) + 1 for x in doc.source.split("\n")[: line - 1]) + column - 1
    known: dict[str, list[str]] = {}
    for o in ls.occurrences(uri):
        if o.definition and o.name not in known.setdefault(o.kind, []):
            known[o.kind].append(o.name)
    items = [lsp.CompletionItem(label=s.label, kind=KINDS.get(s.kind), detail=s.kind, insert_text=s.insert)
             for s in suggestions(doc.source, offset, known)]
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: WondersServer, params: lsp.DocumentSymbolParams):
    tree = ls.tree(params.text_document.uri)
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
                    for t in node.body if part_of(t) == "triggers" and t.name is not None]
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
    if bounded_text(doc.source, "")[0] is None:
        return []                                   # too large: the diagnostics say so (E0005)
    formatted, problems = format_text(doc.source, shown_of(params.text_document.uri))
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
        raise RequestFailed(_("{name!r} cannot be a quoted name (no quotes, no line breaks)").format(name=params.new_name))
    taken = next((o for o in found if o.kind == here.kind and o.name == new and o.definition), None)
    if taken is not None and new != here.name:
        where = f"{Path(taken.span.file).name}:{taken.span.line}:{taken.span.column}"
        raise RequestFailed(_('cannot rename {kind} "{name}" to "{new}": a {kind} of that name already exists '
                              '({where}); choose another name').format(kind=here.kind, name=here.name, new=new,
                                                                       where=where))
    changes: dict[str, list[lsp.TextEdit]] = {}
    for o in found:
        if o.kind == here.kind and o.name == here.name:
            changes.setdefault(ls.uri_of(o.span.file), []).append(
                lsp.TextEdit(range=ls.to_range(o.span), new_text=f'"{new}"'))
    return lsp.WorkspaceEdit(changes=changes)


def run(language_given: bool = False) -> None:
    """Serve over stdin and stdout; `language_given`: `--lang` chose the language, not the editor."""
    server.language_given = language_given
    server.start_io()
