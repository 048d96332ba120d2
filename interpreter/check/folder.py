"""`wonders check` of a folder: the folder is the base, checked as it is; then each
variant of its `variants/` subfolder is checked applied to that base alone, so a broken
variant kept beside the content is never called clean (docs/cli.md, "Variants beside
the content").  The shipped rule set's check does the same with its own `variants/`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from ..diagnostics import Diagnostic, Span, sort_key
from ..paths import DEFAULT_RULES, content_dir, join_rules, shown_path, split_rules
from ..syntax.parser import read_source
from ..syntax.treecache import parse_cached
from .load import CheckResult, Parse, check_paths, check_sources, read_sources, same_fault, stray_item, with_variant_notes
from .locate import nested_rule_sets, pack_files_shown, pack_folders, rules_folder
from .notation import check_notation_table, notation_tables
from .translations import check_pack_translations, check_rule_set_translations, check_variant_translations
from ..i18n import _
from .model import RuleSet
from ..syntax import ast

Paths = Sequence["str | Path"] | None      # --content folders and files (None: the shipped rule set)


def check_folder(paths: Paths = None, variants: Sequence[str] = (), rules: str | None = None) -> CheckResult:
    """check_paths, then (when no variant is given: that combination is what was asked)
    each variant beside the checked folders on its own, then each rule set found in a
    subfolder of a folder checked, on its own with its own variants (never skipped
    without a word: a broken rule set there must not check clean)."""
    result = _check_one(paths, variants, rules)
    for folder in [f for raw in paths or () if Path(raw).is_dir() for f in nested_rule_sets(Path(raw))]:
        nested = check_folder([str(folder)])
        result.sources.update(nested.sources)
        result = attrs.evolve(
            result, diagnostics=tuple(sorted(result.diagnostics + nested.diagnostics, key=sort_key)),
            files=result.files + nested.files,
            variants_checked=result.variants_checked + nested.variants_checked,
            variants_waiting=result.variants_waiting + nested.variants_waiting,
            rule_sets_checked=result.rule_sets_checked + (str(folder),) + nested.rule_sets_checked)
    return result


def _check_one(paths: Paths, variants: Sequence[str], rules: str | None) -> CheckResult:
    """One rule set, then each of its folder's variants on its own.  Variants are checked
    only on a base without errors; the base's own diagnostics are not repeated for each."""
    sources, given = read_sources(paths, variants, rules)
    parse = _parse_once()
    packs = pack_files_shown(None if paths else rules)
    result = attrs.evolve(with_variant_notes(check_sources(sources, parse, given, packs), sources, given, parse),
                          rules=None if paths else (rules or DEFAULT_RULES))
    # a variant given (with --variant, or among the paths) makes that combination the
    # thing checked: the folder's variants are not stacked on it
    found = [] if variants or result.variants else folder_variant_files(paths, rules)
    result = _with_notation(result, notation_tables(paths, rules))
    if not (variants or result.variants):            # the rule set as it is: its translations too
        result = _with_translations(result, base_folders(paths, rules), rules)
    if not found:
        return result
    if result.errors:
        return attrs.evolve(result, variants_waiting=tuple(shown for _path, shown in found))
    base = {same_fault(d) for d in result.diagnostics}
    extra: list[Diagnostic] = []
    variant_rulesets: list[RuleSet] = []
    for path, shown in found:
        text, problems = read_source(path, shown)
        if text is not None:
            result.sources.add(shown, text)
            stray = _stray(parse, text, shown)
            if stray is not None:
                extra.append(stray)
                continue
        run = check_sources(sources + [(shown, text, problems)], parse, {shown}, packs)
        if text is None:                       # unreadable: its reading error says so
            extra += [d for d in run.diagnostics if same_fault(d) not in base]
            continue
        run = with_variant_notes(run, sources + [(shown, text, problems)], {shown}, parse, base=result)
        extra += [d for d in run.diagnostics if same_fault(d) not in base]
        if run.ruleset is not None:
            variant_rulesets.append(run.ruleset)
    extra += _variant_translations(result, found, variant_rulesets, base_folders(paths, rules))
    return attrs.evolve(result, diagnostics=tuple(sorted(result.diagnostics + tuple(extra), key=sort_key)),
                        variants_checked=tuple(shown for _path, shown in found))


def base_folders(paths: Paths, rules: str | None) -> list[tuple[Path, str]]:
    """(folder, name shown) of the rule set folders checked: each folder given, or the
    shipped rule set's."""
    if paths:
        return [(Path(raw), str(Path(raw))) for raw in paths if Path(raw).is_dir()]
    folder = rules_folder(rules)
    return [(folder, "content" + ("" if folder == content_dir() else
                                  "/" + folder.relative_to(content_dir()).as_posix()))]


def _with_translations(result: CheckResult, folders: Sequence[tuple[Path, str]], rules: str | None = None) -> CheckResult:
    """The rule set's translation files checked against it (check/translations.py); with
    expansion packs, the base's files against the base and each pack's against what it adds."""
    if result.ruleset is None:
        return result
    found: list[Diagnostic] = []
    files: list[str] = []
    base, packs = split_rules(rules)
    base_ruleset = check_paths(None, (), base).ruleset if packs else result.ruleset
    if base_ruleset is None:
        return result
    for folder, shown in folders:
        diagnostics, texts = check_rule_set_translations(folder, shown, base_ruleset)
        found += diagnostics
        for name, text in texts:
            result.sources.add(name, text)
            files.append(name)
    for pack, folder in zip(packs, pack_folders(rules)):
        with_pack = check_paths(None, (), join_rules(base, (pack,))).ruleset
        shown = shown_path(folder)
        diagnostics, texts = check_pack_translations(folder, shown, base_ruleset, with_pack, result.ruleset)
        found += diagnostics
        for name, text in texts:
            result.sources.add(name, text)
            files.append(name)
    if not files and not found:                # (a file that could not be read is in `found`, not `files`)
        return result
    return attrs.evolve(result, diagnostics=tuple(sorted(result.diagnostics + tuple(found), key=sort_key)),
                        files=result.files + tuple(files))


def _with_notation(result: CheckResult, tables: Sequence[tuple[Path, str]]) -> CheckResult:
    """The notation table of the rule set (with any variant given) checked against it
    (check/notation.py); shown in diagnostics, but not counted among the files checked."""
    if result.ruleset is None or not tables:
        return result
    found: list[Diagnostic] = []
    for path, shown in tables:
        diagnostics, text = check_notation_table(path, shown, result.ruleset)
        found += diagnostics
        if text is not None:
            result.sources.add(shown, text)
    return attrs.evolve(result, diagnostics=tuple(sorted(result.diagnostics + tuple(found), key=sort_key)))


def _variant_translations(result: CheckResult, found: Sequence[tuple[Path, str]], variant_rulesets: list[RuleSet],
                          folders: Sequence[tuple[Path, str]]) -> list[Diagnostic]:
    """The translation files of the variants folders, for the names their variants add."""
    out: list[Diagnostic] = []
    variant_folders = dict.fromkeys((path.parent, shown.rsplit("/", 1)[0]) for path, shown in found)
    for folder, shown in variant_folders:
        base_folder = folder.parent
        base_shown = next((s for f, s in folders if f == base_folder), str(base_folder))
        diagnostics, texts = check_variant_translations(folder, shown, result.ruleset, variant_rulesets,  # type: ignore[arg-type]  # (no base error)
                                                        base_folder, base_shown)
        out += diagnostics
        for name, text in texts:
            result.sources.add(name, text)
    return out


def folder_variant_files(paths: Paths, rules: str | None) -> list[tuple[Path, str]]:
    """(path, name shown) of the `variants/*.wonders` files beside the content checked:
    of each folder given, or of the shipped rule set's folder and its packs' when none is."""
    if paths:
        folders = [(Path(raw) / "variants", str(Path(raw) / "variants")) for raw in paths if Path(raw).is_dir()]
    else:
        shipped = [rules_folder(rules) / "variants"] + [pack / "variants" for pack in pack_folders(rules)]
        folders = [(folder, shown_path(folder)) for folder in shipped]
    found: list[tuple[Path, str]] = []
    for folder, shown in folders:
        if folder.is_dir() and not folder.is_symlink():
            # a pipe or device among them is read (and refused, E0007) like any other
            found += [(f, f"{shown}/{f.name}") for f in sorted(folder.glob("*.wonders")) if not f.is_dir()]
    return found


def _stray(parse: Parse, text: str, shown: str) -> Diagnostic | None:
    """E1408 for a file of `variants/` that holds something besides variant blocks: it
    would join the base unseen if applied, so it is reported, not applied."""
    tree, problems = parse(text, shown)
    found = None if problems else stray_item(tree)
    if found is None:
        return None
    kind, item = found
    if item is None:
        return Diagnostic("E1408", _("a file of a variants folder holds no variant"), Span(shown, 1, 1, 1, 1),
                          help=_('write a `variant "Name" { changes "..." ... }` block, or remove the file'))
    name = getattr(item, "name", None)
    span = name.span if name is not None and hasattr(name, "span") else item.span   # type: ignore[attr-defined]  # (an item: it has a span)
    return Diagnostic("E1408", _("a file of a variants folder has {kind} outside a variant").format(kind=kind), span,
                      label=_("not inside a `variant` block"),
                      help=_("move it into a variant (`add card ...`), or the file out of the variants folder"))


def _parse_once() -> Parse:
    """parse_cached remembering each file's tree (its diagnostics too): the base is parsed
    once for all variants."""
    trees: dict[tuple[str, str], tuple[ast.File, list[Diagnostic]]] = {}

    def parse(text: str, shown: str) -> tuple[ast.File, list[Diagnostic]]:
        key = (shown, text)
        if key not in trees:
            trees[key] = parse_cached(text, shown)
        return trees[key]
    return parse
