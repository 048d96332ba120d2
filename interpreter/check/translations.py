"""Checking a rule set's translations (`locales/LANG.po`, read by i18n/content_names.py): each
entry must translate a name the content has (E1601), the file must be a readable
catalog (E1603), and every name the content has should be translated (W1602, one warning
a file, listing what is left to do)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..i18n import _, ngettext, pgettext
from ..i18n.content_names import KINDS, MAX_TRANSLATION_BYTES, TranslationError, read_entries
from ..inputs import read_regular
from .model import RuleSet

# (diagnostics, [(name shown, text)]) of the translation files checked
Checked = tuple[list[Diagnostic], list[tuple[str, str]]]


def kind_word(kind: str) -> str:
    """A kind of name (a msgctxt) as the reader says it: `kaart (card)` in Dutch, where the
    msgctxt to write stays visible."""
    word = {"card": pgettext("kind of name", "card"), "wonder": pgettext("kind of name", "wonder"),
            "city": pgettext("kind of name", "city"), "resource": pgettext("kind of name", "resource"),
            "color": pgettext("kind of name", "color"), "kind": pgettext("kind of name", "kind"),
            "symbol": pgettext("kind of name", "symbol"), "score": pgettext("kind of name", "score"),
            "neutral": pgettext("kind of name", "neutral"), "token": pgettext("kind of name", "token"),
            "notation": pgettext("kind of name", "notation")}.get(kind, kind)
    return kind if word == kind else f"{word} ({kind})"


def known_names(ruleset: RuleSet) -> dict[str, set[str]]:
    """The names of each kind a translation may translate, as the content spells them."""
    from .notation_table import SECTIONS
    v = ruleset.vocabulary
    wonders = {w.name for w in ruleset.wonders}
    return {"card": {c.name for c in ruleset.cards}, "wonder": wonders, "city": set(wonders),
            "resource": set(v.resources), "color": set(v.colors), "kind": set(v.colors),
            "symbol": set(v.symbols), "score": set(ruleset.rules.score_pad),
            "neutral": {n.name for t in ruleset.tables for n in t.neutrals},
            "token": set(v.tokens), "notation": set(SECTIONS["words"] or ())}


def locale_files(folder: Path, shown: str) -> list[tuple[Path, str]]:
    place = folder / "locales"
    if not place.is_dir() or place.is_symlink():
        return []
    # a pipe or device named *.po is listed too: reading it reports it (E1603), it is not passed over
    return [(p, f"{shown}/locales/{p.name}") for p in sorted(place.glob("*.po")) if not p.is_dir()]


def check_translation_file(path: Path, shown: str, known: dict[str, set[str]],
                           to_translate: dict[str, set[str]],
                           also_translated: Collection[tuple[str | None, str]] = frozenset()) -> list[Diagnostic]:
    """The diagnostics of one translation file: `known` is every name it may translate,
    `to_translate` the names it should (those in `also_translated`, (kind, name) pairs
    another file translates, excepted)."""
    try:
        entries = read_entries(path, _)
    except TranslationError as err:
        return [Diagnostic("E1603", _("the translation file cannot be read: {reason}").format(reason=err),
                           Span(shown, err.line, 1, err.line, 2),
                           help=_("a translation file is a gettext catalog (.po): msgctxt, msgid and msgstr lines"))]
    found: list[Diagnostic] = []
    done = set(also_translated)
    for entry in entries:
        span = Span(shown, entry.line, entry.column, entry.line, entry.column + len(entry.english) + 2)
        if entry.kind not in KINDS:
            guess = did_you_mean(entry.kind or "", KINDS)
            message = _("a translation of {name!r} says no known kind of name (msgctxt {kind!r})") if entry.kind \
                else _("a translation of {name!r} has no msgctxt saying what kind of name it is")
            hint = _("did you mean msgctxt \"{kind}\"? ").format(kind=guess) if guess else ""
            found.append(Diagnostic(
                "E1601", message.format(name=entry.english, kind=entry.kind), span, label=_("kind unknown"),
                help=hint + _("kinds: {kinds}").format(kinds=", ".join(KINDS))))
            continue
        if entry.english not in known[entry.kind]:
            guess = did_you_mean(entry.english, known[entry.kind])
            found.append(Diagnostic(
                "E1601", _("unknown {kind} {name!r}: the content has no {kind} of that name").format(
                    kind=kind_word(entry.kind), name=entry.english),
                span, label=_("not a {kind} of the content").format(kind=kind_word(entry.kind)),
                help=_("did you mean {name!r}?").format(name=guess) if guess
                else _("translate a name as the content spells it")))
            continue
        if entry.text:
            done.add((entry.kind, entry.english))
    missing = {kind: sorted(n for n in names if (kind, n) not in done) for kind, names in to_translate.items()}
    missing = {kind: names for kind, names in missing.items() if names}
    if missing:
        count = sum(len(n) for n in missing.values())
        listed = "; ".join(f"{kind_word(kind)}: {', '.join(names)}" for kind, names in missing.items())
        found.append(Diagnostic(
            "W1602", ngettext("{count} name without a translation (it stays English): {names}",
                              "{count} names without a translation (they stay English): {names}", count).format(
                count=count, names=listed),
            Span(shown, 1, 1, 1, 2), severity="warning",
            help=_("add a msgctxt/msgid/msgstr entry for each (docs/localisation.md)")))
    return found


def check_rule_set_translations(folder: Path, shown: str, ruleset: RuleSet) -> Checked:
    """(diagnostics, [(name shown, text)]) of the translation files of a rule set folder."""
    known = known_names(ruleset)
    return _check_files(locale_files(folder, shown), known, known)


def check_pack_translations(folder: Path, shown: str, base: RuleSet, with_pack: RuleSet | None,
                            combined: RuleSet) -> Checked:
    """The translation files of an expansion pack's folder: they may translate any name of
    the rules with every pack given, and should translate the names the pack adds to its base."""
    known = known_names(combined)
    base_known = known_names(base)
    added = {kind: names - base_known[kind] for kind, names in known_names(with_pack or combined).items()}
    return _check_files(locale_files(folder, shown), known, added)


def check_variant_translations(folder: Path, shown: str, base: RuleSet, variants: list[RuleSet],
                               base_folder: Path, base_shown: str) -> Checked:
    """The translation files of a variants folder: they may translate any name of the base
    or of a variant there, and should translate what the variants add (unless the base's
    translation file of that language has it)."""
    base_known = known_names(base)
    known = {k: set(v) for k, v in base_known.items()}
    for ruleset in variants:
        for kind, names in known_names(ruleset).items():
            known[kind] |= names
    added = {kind: known[kind] - base_known[kind] for kind in known}
    results: list[Diagnostic] = []
    texts: list[tuple[str, str]] = []
    for path, file_shown in locale_files(folder, shown):
        base_file = base_folder / "locales" / path.name
        already: set[tuple[str | None, str]] = set()
        if base_file.is_file():
            try:
                already = {(e.kind, e.english) for e in read_entries(base_file) if e.text}
            except TranslationError:
                pass
        diagnostics, read = _check_files([(path, file_shown)], known, added, already)
        results += diagnostics
        texts += read
    return results, texts


def _check_files(files: Sequence[tuple[Path, str]], known: dict[str, set[str]], to_translate: dict[str, set[str]],
                 already: Collection[tuple[str | None, str]] = frozenset()) -> Checked:
    diagnostics: list[Diagnostic] = []
    texts: list[tuple[str, str]] = []
    for path, file_shown in files:
        diagnostics += check_translation_file(path, file_shown, known, to_translate, already)
        try:
            texts.append((file_shown, read_regular(path, MAX_TRANSLATION_BYTES).decode("utf-8", errors="replace")))
        except OSError:                        # (a pipe, a device: E1603 above says so)
            pass
    return diagnostics, texts


def translation_files(paths: Sequence[str | Path] | None, variants: Sequence[str], rules: str | None,
                      language: str) -> list[tuple[Path, str]]:
    """(path, name shown) of the translation files for `language` of the content loaded:
    the rule set's folder (or each folder given) and each applied variant's folder."""
    from .locate import pack_folders, rules_folder, variant_files
    from ..paths import content_dir, shown_path
    found: list[tuple[Path, str]] = []
    if paths:
        folders = [(Path(p), str(Path(p))) for p in paths if Path(p).is_dir()]
    else:
        folder = rules_folder(rules)
        folders = [(folder, "content" + ("" if folder == content_dir() else
                                         "/" + folder.relative_to(content_dir()).as_posix()))]
        folders += [(pack, shown_path(pack)) for pack in pack_folders(rules)]
    for path, _shown in variant_files(variants, paths, rules):
        folder = path.parent
        try:
            shown = "content/" + folder.resolve().relative_to(content_dir().resolve()).as_posix()
        except ValueError:
            shown = str(folder)
        folders.append((folder, shown))
    for folder, shown in dict.fromkeys(folders):
        found.append((folder / "locales" / f"{language}.po", f"{shown}/locales/{language}.po"))
    return found
