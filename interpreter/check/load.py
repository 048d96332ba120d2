"""Check content: files and folders in, a rule set (or None) and every diagnostic out."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

import attrs

from ..diagnostics import Diagnostic, Note, SourceCache, sort_key
from ..paths import DEFAULT_RULES, is_pack_file, split_rules
from ..syntax import ast
from ..syntax.parser import read_source
from ..syntax.treecache import parse_cached
from .cards import check_card, check_wonder
from .context import Context
from .cycles import all_triggers, check_cycles, check_never_fire
from .locate import UsageError, content_files, default_files, is_variant_path, pack_files_shown, variant_files
from .decks import check_ages_exist, check_boards, check_chains, check_decks, check_duplicates
from .model import RuleSet
from .ages import check_ages, desugared
from .card_laws import check_card_laws
from .phases import check_phase_decks, check_zone_actions, with_phases
from .rules import check_rules, declare_categories, find_rules
from .tables import check_tables
from .variants import apply_variants
from .vocabulary import collect_vocabulary
from ..i18n import _, ngettext

# a file to check: (the name shown, its text or None when unreadable, the problems reading it)
SourceFile = tuple[str, "str | None", list[Diagnostic]]
# what parses a text shown by a name: its tree and the syntax errors (treecache.parse_cached)
Parse = Callable[[str, str], tuple[ast.File, list[Diagnostic]]]


@attrs.frozen
class CheckResult:
    ruleset: RuleSet | None
    diagnostics: tuple[Diagnostic, ...]
    sources: SourceCache
    files: tuple[str, ...]
    variants: tuple[str, ...] = ()        # the variants applied, in order, by name
    rules: str | None = None              # the shipped rule set's name (None: --content files)
    # the files of the folder's `variants/` checked each on top of the base (check/folder.py),
    # and those left unchecked because the base itself has errors
    variants_checked: tuple[str, ...] = ()
    variants_waiting: tuple[str, ...] = ()
    # the rule sets found in subfolders of the folders checked, each checked on its own
    rule_sets_checked: tuple[str, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)


# what a variant file may declare beside its variants: the vocabulary its cards use (a
# colour, a token kind, ...), as a pack's files do; a name declared twice is E1103
VOCABULARY_ITEMS = (ast.ResourcesDecl, ast.ColorsDecl, ast.SymbolsDecl, ast.TokensDecl)


def stray_item(tree: ast.File) -> tuple[str, object] | None:
    """(what, item) for the first thing of a variant file that is neither a `variant` block
    nor a vocabulary declaration (item None: the file holds no variant), or None when the
    file holds variant blocks and vocabulary only."""
    for item in tree.items:
        if not isinstance(item, (ast.Variant, *VOCABULARY_ITEMS)):
            kind = {ast.Card: "a card", ast.Wonder: "a wonder", ast.Rules: "a rules block"}.get(type(item), "a declaration")
            return kind, item
    if not any(isinstance(item, ast.Variant) for item in tree.items):
        return "nothing", None
    return None


def _not_a_variant(tree: ast.File, shown: str) -> str | None:
    """Why a `--variant` file is not a variant (None when it is one): it must hold
    `variant` blocks and nothing else, or its cards and rules would join the base unseen."""
    stray = stray_item(tree)
    if stray is None:
        return None
    kind, item = stray
    if item is None:
        return (f"{shown}: the variant file is empty; a variant file holds a `variant \"Name\" {{ ... }}` block"
                if not tree.items else f"{shown}: the variant file holds no `variant \"Name\" {{ ... }}` block")
    where = f"line {item.span.line}" if getattr(item, "span", None) else "the file"   # type: ignore[attr-defined]  # (getattr: it has one)
    return (f"{shown}: a variant file holds only `variant` blocks, but {where} has {kind} "
            "outside one; move it into the variant (`add card ...`) or give the file with --content")


def check_paths(paths: Sequence[str | Path] | None = None, variants: Sequence[str] = (),
                rules: str | None = None) -> CheckResult:
    """Check the given files and folders, or the shipped rule set `rules` (default: the
    top-level content), with the variants applied."""
    sources, given = read_sources(paths, variants, rules)
    result = with_variant_notes(check_sources(sources, variant_files_shown=given,
                                              pack_files=pack_files_shown(None if paths else rules)),
                                sources, given)
    return attrs.evolve(result, rules=None if paths else (rules or DEFAULT_RULES))


def read_sources(paths: Sequence[str | Path] | None = None, variants: Sequence[str] = (),
                 rules: str | None = None) -> tuple[list[SourceFile], set[str]]:
    """The (name shown, text, reading problems) of every file check_paths checks, and the
    names shown of those that came from --variant."""
    if paths and split_rules(rules)[1]:
        raise UsageError(_("--expansion puts a shipped pack on the shipped rules, not on --content files; "
                           "give the pack's folder among the content instead"))
    if paths and rules is not None:
        raise UsageError(_("give --rules (a shipped rule set) or --content (files), not both"))
    files = content_files(paths) if paths else default_files(rules)
    variant_paths = variant_files(variants, paths, rules)
    files += variant_paths
    return [(shown, *read_source(path, shown)) for path, shown in files], {shown for _path, shown in variant_paths}


def check_sources(sources: Sequence[SourceFile], parse: Parse = parse_cached,
                  variant_files_shown: Collection[str] = frozenset(), pack_files: Collection[str] = frozenset()) -> CheckResult:
    """Check (name shown, text or None, reading problems) triples as one rule set, the
    variants among them applied.  `parse` gives a text's tree and diagnostics: by default
    parse_cached (treecache.py, trees kept between runs); the language server passes one
    that keeps the trees of files that did not change.  The files named in
    `variant_files_shown` came from --variant and must hold variant blocks only (and
    vocabulary); those in `pack_files` are a designer's packs', read as a shipped pack's."""
    cache = SourceCache()
    parsed: list[ast.File] = []
    diagnostics: list[Diagnostic] = []
    unparsed_cards: set[str] = set()
    for shown, text, problems in sources:
        diagnostics += problems
        if text is None:
            continue
        cache.add(shown, text)
        tree, problems = parse(text, shown)
        diagnostics += problems
        if not problems and shown in variant_files_shown:
            reason = _not_a_variant(tree, shown)
            if reason:
                raise UsageError(reason)
        parsed.append(tree)
        if problems:
            unparsed_cards |= _card_names(text) - {i.name.text for i in tree.items if isinstance(i, ast.Card)}
    ruleset, problems = check_files(parsed, complete=not diagnostics, unparsed_cards=unparsed_cards,
                                    pack_files=pack_files)
    diagnostics += problems
    applied = tuple(i.name.text for f in parsed for i in f.items
                    if isinstance(i, ast.Variant) and not is_pack_file(i.name.span.file, pack_files))
    if any(d.is_error for d in diagnostics):
        ruleset = None
    return CheckResult(ruleset, tuple(sorted(diagnostics, key=sort_key)), cache,
                       tuple(shown for shown, _text, _tree in sources), applied)


def with_variant_notes(result: CheckResult, sources: Sequence[SourceFile], variant_shown: Collection[str],
                       parse: Parse = parse_cached,
                       base: CheckResult | None = None) -> CheckResult:
    """The result, each fault found in a file other than the variants' that no change of
    theirs explains (check/provenance.py) but that the content without them does not have
    noted as found with the variants applied, where each is written: no error caused by a
    variant points only at a file the designer did not write.  `base`: the content checked
    without the variants, when already known."""
    def unexplained(d: Diagnostic) -> bool:
        return (d.span is None or d.span.file not in variant_shown) and \
            not any(n.span is not None and n.span.file in variant_shown for n in d.notes)
    if not variant_shown or not any(unexplained(d) for d in result.diagnostics):
        return result
    if base is None:
        base = check_sources([s for s in sources if s[0] not in variant_shown], parse)
    seen = {same_fault(d) for d in base.diagnostics}
    notes = tuple(Note(_('found with the variant "{item}" applied').format(item=item.name.text), item.name.span)
                  for shown, text, _tree in sources if shown in variant_shown and text is not None
                  for item in parse(text, shown)[0].items if isinstance(item, ast.Variant))
    noted = tuple(attrs.evolve(d, notes=d.notes + notes) if unexplained(d) and same_fault(d) not in seen else d
                  for d in result.diagnostics)
    return attrs.evolve(result, diagnostics=noted)


def same_fault(d: Diagnostic) -> tuple[str, str, object]:
    """What makes two diagnostics the same fault, whatever notes they carry."""
    return d.code, d.message, d.span


def _only_variants(variants: Sequence[ast.Variant], ctx: Context) -> None:
    """E1208 for files holding variants and nothing else, checked as content: the rules
    they change are missing because a variant is meant to be given with --variant."""
    files = list(dict.fromkeys(v.name.span.file for v in variants))
    command = "wonders check" + "".join(f" --variant {f if is_variant_path(f) else './' + f}" for f in files)
    ctx.report("E1208", ngettext("{names} holds only variants, no rules to apply them to",
                                 "{names} hold only variants, no rules to apply them to", len(files)).format(
                                     names=", ".join(files)),
               variants[0].name.span, label=_("a variant, not content"),
               help=_("check a variant applied to the rules it changes: `{command}`").format(command=command))


_CARD_HEAD = re.compile(r'\bcard\s+"([^"\n]*)"')


def _card_names(text: str) -> set[str]:
    """Card names written in a file, found even in items that do not parse."""
    return set(_CARD_HEAD.findall(text))


def check_files(files: list[ast.File], complete: bool = True, unparsed_cards: Collection[str] = frozenset(),
                pack_files: Collection[str] = frozenset()) -> tuple[RuleSet | None, list[Diagnostic]]:
    """Resolve and validate parsed files as one rule set.  `complete=False` (after syntax
    errors) skips the whole-set checks, whose findings would only echo the syntax errors;
    `unparsed_cards` are names of cards that failed to parse, so chains to them are not
    reported as unknown; `pack_files`, the files of a designer's packs (as shown)."""
    ctx = Context()
    ctx.pack_files = frozenset(pack_files)
    given = [item for f in files for item in f.items]
    if given and all(isinstance(i, ast.Variant) for i in given):
        _only_variants(given, ctx)     # type: ignore[arg-type]  # (all of them variants: above)
        return None, ctx.diagnostics
    items = apply_variants(given, ctx)
    vocabulary = collect_vocabulary(items, ctx)
    rules_ast = find_rules(items, ctx) if complete else next(
        (i for i in items if isinstance(i, ast.Rules)), None)
    declare_categories(rules_ast, ctx)
    ctx.rules_known = rules_ast is not None and bool(ctx.categories)
    rules = None
    if rules_ast is not None:
        rules_ast = desugared(rules_ast, ctx)          # the `age` blocks, as the phases they stand for
        ages = check_ages([s for s in rules_ast.body if isinstance(s, ast.Phase)], ctx)
        rules = with_phases(check_rules(rules_ast, ages, ctx), rules_ast, ctx)
    points_categories = dict(rules.color_points_categories) if rules else {}
    if rules_ast is not None:
        for stmt in rules_ast.body:
            if isinstance(stmt, ast.PointsCategory):
                for color in stmt.colors:
                    points_categories.setdefault(color.text, stmt.category.text)
    # without checked rules, stage points are not judged (the rules' own errors say why)
    stage_category = rules.stage_points_category if rules else "?"

    check_duplicates(items, ctx)
    cards, wonders = [], []
    for item in items:
        if isinstance(item, ast.Card):
            card = check_card(item, ctx, points_categories)
            if card is not None:
                cards.append(card)
        elif isinstance(item, ast.Wonder):
            wonder = check_wonder(item, ctx, stage_category)
            if wonder is not None:
                wonders.append(wonder)
    check_chains([i for i in items if isinstance(i, ast.Card)], unparsed_cards, ctx)
    if rules is not None:
        cards = check_ages_exist(cards, rules, ctx)
        tables = check_tables(items, rules, ctx)
        if complete and not any(d.is_error for d in ctx.diagnostics):
            check_decks(cards, rules, ctx, tables)
            check_phase_decks(cards, rules, ctx, tables)
            check_zone_actions(cards, wonders, rules, ctx)
            check_card_laws(cards, wonders, rules, ctx)
            check_boards(wonders, rules, ctx, tables)
            check_cycles(all_triggers(rules, cards, wonders), ctx)
            check_never_fire(cards, wonders, ctx)
    if rules is None or any(d.is_error for d in ctx.diagnostics):
        return None, ctx.diagnostics
    variants = tuple(i.name.text for i in given if isinstance(i, ast.Variant))
    unchanged = tuple(i for i in given if not isinstance(i, ast.Variant)) if variants else ()
    return (RuleSet(vocabulary, tuple(cards), tuple(wonders), rules, tuple(items), tables, variants, unchanged),
            ctx.diagnostics)
