"""One module per kind (issue 34, item 1): a kind that has a module of its own
(interpreter/kinds/) is named by that module and by the builder that makes it, and by no
pass: every pass looks it up (`kinds.actions.kind_of`, `kinds.effects.effect_kind_of`).  The kinds not yet moved are listed
here by name, so the work left is in view; a kind added to the language must be either.

The interfaces (kinds/base.py `ActionKind`, kinds/effect_base.py `EffectKind`,
kinds/condition_base.py `ConditionKind`, kinds/event_base.py `EventKind`, ...) fail a kind
without one of its parts when its module is imported, never in a game."""

from __future__ import annotations

import functools
import io
import re
import tokenize
import typing

import pytest

from conftest import ROOT
from interpreter.kinds import (amount_base, among_base, base, condition_base, effect_base, event_base, expression_base, measure_base,
                               scope_base)
from interpreter.kinds.among import WAYS
from interpreter.kinds.conditions import CONDITIONS
from interpreter.kinds.events import EVENTS, FAMILIES
from interpreter.kinds.actions import ACTIONS, NODES, kind_modules
from interpreter.kinds.effects import EFFECTS
from interpreter.kinds.measures import MEASURES
from interpreter.kinds.expressions import EXPRESSIONS, VALUES
from interpreter.kinds.amounts import AMOUNTS
from interpreter.kinds.scopes import SCOPES
from interpreter.syntax import ast_effects
from interpreter.syntax.ast_base import Event

# The kinds still switched on by the passes, each waiting for its module in interpreter/kinds/
# (with the kinds of conditions, quantities, events and decisions, which are not classes of
# these unions yet).  Remove a name when its kind moves; the test fails on a stale name.
NOT_YET_MOVED_ACTIONS: frozenset[str] = frozenset()
# the effects of a card's (the `Effect` union) and those of a law's (`LAW_EFFECTS`)
NOT_YET_MOVED_EFFECTS: frozenset[str] = frozenset()

# The constructs of expressions and triggers that have no module of their own yet, still
# switched on by the passes: none (the measures have theirs: kinds/measures/; the ways a
# value is gathered over the table, kinds/among/; the conditions, kinds/conditions/; the
# events a trigger waits on, kinds/events/; the parts of a scope, kinds/scopes/).
NOT_YET_MOVED_CONSTRUCTS: frozenset[str] = frozenset()

# What a kind may be named by in the product, besides its own module: the builder that makes
# it from the grammar.  With the grammar's rule, the kind's docs and its test, five files.
MAY_NAME = re.compile(r"interpreter/syntax/builder/\w+\.py")
MOST_FILES = 5


@functools.cache
def product_modules() -> dict[str, str]:
    """Each module of the product, its text without its messages (`without_messages`)."""
    files = sorted((ROOT / "interpreter").rglob("*.py")) + [ROOT / "cli.py"]
    return {str(path.relative_to(ROOT)): without_messages(path.read_text(encoding="utf-8")) for path in files}


# the functions that mark a message for the catalog (interpreter/i18n, babel.cfg)
MARKERS = {"_", "N_", "ngettext"}
# a call of one of them, as text: a module without one has no message to leave out, and is not
# tokenized (246 of the product's 406 modules; product_modules 2.1 s to about 0.9 s)
MARKER_CALL = re.compile(r"\b(?:" + "|".join(sorted(MARKERS)) + r")\s*\(")


def without_messages(text: str) -> str:
    """The module's text with the string literals of its messages (`_("Score pad: ...")`,
    `N_(...)`, `ngettext(...)`) left out: a message is the user's words, in which "Score" is
    English, not the class; its code, comments and docstrings are kept."""
    if not MARKER_CALL.search(text):
        return text
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    lines = text.splitlines(keepends=True)
    spans, calls, previous = [], [], None       # calls: for each open bracket, whether it marks a message
    for token in tokens:
        if token.type == tokenize.OP and token.string in "([{":
            calls.append(token.string == "(" and previous is not None and previous.type == tokenize.NAME
                         and previous.string in MARKERS)
        elif token.type == tokenize.OP and token.string in ")]}" and calls:
            calls.pop()
        elif token.type == tokenize.STRING and calls and calls[-1]:
            spans.append((token.start, token.end))
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token
    for (row, col), (end_row, end_col) in reversed(spans):
        before, after = lines[row - 1][:col], lines[end_row - 1][end_col:]
        lines[row - 1:end_row] = [before + '""' + after]
    return "".join(lines)


def test_messages_are_left_out_and_the_code_kept():
    text = 'x = _("Score pad: {n}") + N_(\n    "Score categories"\n    " (per city)")\n# Score\ny = ast.Score  # "Score"\n'
    kept = without_messages(text)
    assert kept == 'x = _("") + N_(\n    ""\n    "")\n# Score\ny = ast.Score  # "Score"\n'
    assert naming("Score", {"m.py": kept}) == ["m.py"] and naming("Score", {"m.py": 'f(_("Score"))'}) == ["m.py"]
    assert naming("Score", {"m.py": without_messages('f(_("Score"))')}) == []


def naming(name: str, modules: dict[str, str]) -> list[str]:
    """The modules whose text names `name` as a word (code, comments or docstrings)."""
    return _matching(re.compile(rf"\b{name}\b"), name, modules)


def _matching(word: re.Pattern, name: str, modules: dict[str, str]) -> list[str]:
    """The modules `word` (a pattern naming `name`) is found in, looked for only in those that
    hold each of the name's words as text: a plain search of the text is far quicker than the
    pattern's, which starts at a word boundary, and most modules name none of them (2.6 s
    to 0.1 s for the kinds' names over the product's 360 modules)."""
    parts = re.findall(r"\w+", name)
    return [path for path, text in modules.items() if all(part in text for part in parts) and word.search(text)]


def test_a_kind_with_a_module_is_named_by_it_and_its_builder_only():
    modules = product_modules()
    counts = {}
    for node, kind in {**ACTIONS, **EFFECTS}.items():
        own = type(kind).__module__.replace(".", "/") + ".py"
        found = naming(node.__name__, modules)
        counts[node.__name__] = len(found)
        others = [path for path in found if path != own and not MAY_NAME.fullmatch(path)]
        assert not others, f"{node.__name__} (its module: {own}) is still named by {others}: look it up instead"
        assert len(found) + 3 <= MOST_FILES          # + the grammar, the docs, the test
    assert counts and max(counts.values()) <= 2, counts


def test_every_kind_is_moved_or_listed_as_not_yet():
    actions = {cls.__name__ for cls in typing.get_args(ast_effects.Action)}
    effects = {cls.__name__ for cls in (*typing.get_args(ast_effects.Effect), *ast_effects.LAW_EFFECTS)}
    moved = {node.__name__ for node in NODES}
    assert moved <= actions
    assert actions - moved == NOT_YET_MOVED_ACTIONS, "moved a kind? take it off the list; added one? give it a module"
    moved_effects = {node.__name__ for node in EFFECTS}
    assert moved_effects <= effects
    assert effects - moved_effects == NOT_YET_MOVED_EFFECTS, "moved a kind? take it off the list"


def test_a_measure_with_a_module_is_named_by_it_and_its_builder_only():
    """A measure (`Measure.COINS`) is named by its module and the builder that makes it, and
    no pass compares a quantity's measure: each looks its kind up (`measure_kind`)."""
    modules = product_modules()
    counts = {}
    for name, kind in MEASURES.items():
        own = type(kind).__module__.replace(".", "/") + ".py"
        found = naming(f"Measure.{name.name}", modules)
        counts[name] = len(found)
        assert own in found, f"{own} does not name Measure.{name.name}"
        others = [path for path in found if path != own and not MAY_NAME.fullmatch(path)]
        assert not others, f"Measure.{name.name} (its module: {own}) is still named by {others}: look it up instead"
        assert len(found) + 3 <= MOST_FILES          # + the grammar, the docs, the test
    assert counts and max(counts.values()) <= 2, counts
    switching = re.compile(r"\.measure\s*(==|!=|in\b|not in\b)|(?<!MEASURES)\[\w+\.measure\]")
    switches = [path for path, text in modules.items() if switching.search(text)]
    assert not switches, f"these modules switch on a measure: {switches}"


def test_the_measures_are_the_registry():
    """`Measure` (the typed vocabulary) and the registry of kinds/measures/ hold the same
    measures; a Measure compares equal to its words, so saves and content read the same."""
    assert set(measure_base.Measure) == set(MEASURES)
    assert set(ast_effects.MEASURES) == set(MEASURES)
    assert measure_base.Measure.WONDER_STAGES == "wonder stages"
    assert all(kind.name == name for name, kind in MEASURES.items())


def test_the_ways_to_gather_are_the_registry():
    """`Among` and the registry of kinds/among/ hold the same ways (a rank's tie rule, a count,
    most and fewest over an expression), and no pass compares a way: each looks it up."""
    assert set(among_base.Among) == set(WAYS) == set(ast_effects.AMONG)
    switching = re.compile(r"\.how\s*(==|!=|in\b|not in\b)")
    switches = [path for path, text in product_modules().items() if switching.search(text)]
    assert not switches, f"these modules switch on a way to gather: {switches}"


# A word that starts a quoted message (`_('Revealed from "{deck}"')`) is words, not the class
def _naming_code(name: str, modules: dict[str, str]) -> list[str]:
    return _matching(re.compile(rf"(?<!['\"])\b{name}\b"), name, modules)


def test_a_condition_with_a_module_is_named_by_it_and_its_builder_only():
    """A condition (`Comparison`, `OnTop`, ...) and the class of a value gathered over the
    table are named by their module and the builder that makes them: each pass looks the
    kind up (`condition_kind`, `expression_kind`)."""
    modules = product_modules()
    counts = {}
    for node in (*CONDITIONS, among_base.NODE):
        own = node.__module__.replace(".", "/") + ".py"
        found = _naming_code(node.__name__, modules)
        counts[node.__name__] = len(found)
        assert own in found, f"{own} does not name {node.__name__}"
        others = [path for path in found if path != own and not MAY_NAME.fullmatch(path)]
        assert not others, f"{node.__name__} (its module: {own}) is still named by {others}: look it up instead"
        assert len(found) + 3 <= MOST_FILES          # + the grammar, the docs, the test
    assert counts and max(counts.values()) <= 2, counts


# What may name an event's member (`Event.AGE_END`) besides its module and the builder: the
# engine, which fires it where it happens, an action kind that says it causes it, and the
# bots' look-ahead of what a build would fire (bots/valuation.py `_offers_opened`).
MAY_FIRE = re.compile(r"interpreter/engine/[\w/]+\.py|interpreter/kinds/actions/\w+\.py|interpreter/bots/valuation\.py")


def test_an_event_with_a_module_is_named_by_it_its_builder_and_who_fires_it_only():
    """An event (`Event.AGE_END`) is named by its module, the builder that makes it and the
    engine that fires it; no pass that reads a trigger compares its event (or ends one with
    a family's words): each looks its kind up (`event_kind`)."""
    modules = product_modules()
    for name, kind in EVENTS.items():
        own = type(kind).__module__.replace(".", "/") + ".py"
        member = f"Event.{Event(name).name}"
        found = naming(member, modules)
        assert own in found, f"{own} does not name {member}"
        others = [path for path in found if path != own and not MAY_NAME.fullmatch(path) and not MAY_FIRE.fullmatch(path)]
        assert not others, f"{member} (its module: {own}) is still named by {others}: look it up instead"
    switching = re.compile(r"\.event\s*(==|!=|in\b|not in\b)|endswith\((ast\.)?(COLOR_BUILT|KEPT_TAKEN)\)|ast(_effects)?\.kept_kind\(")
    switches = [path for path, text in modules.items() if switching.search(text)]
    assert not switches, f"these modules switch on an event: {switches}"
    dutch = [path for path, text in modules.items() for kind in EVENTS.values()
             if path.startswith("interpreter/views/") and kind.dutch in text]
    assert not dutch, f"an event's words in a view, not in its module: {dutch}"


def test_the_events_are_the_registry():
    """`Event` (the typed vocabulary) and the registry of kinds/events/ hold the same events;
    the two families are found by their words."""
    assert set(Event) == set(EVENTS) == set(ast_effects.EVENTS)
    assert {family.name for family in FAMILIES} == {ast_effects.COLOR_BUILT, ast_effects.KEPT_TAKEN}


# What may read a scope's parts or name a part's member (`ScopePart.LEFT`): its module, the
# interface and the registry (kinds/scope_base.py, kinds/scopes/), and the builder that makes them.
SCOPE_HOME = re.compile(r"interpreter/kinds/(scope_base\.py|scopes/\w+\.py)|interpreter/syntax/builder/\w+\.py")


def test_a_scope_is_read_by_its_kinds_only():
    """No pass compares a scope's parts (`"left"`, `ScopePart.OWN`) or makes a scope: each asks
    the registry what it names, its cities and its words (kinds/scopes/__init__.py)."""
    modules = product_modules()
    reading = re.compile(r"(\bscope|\bs)\.parts\b|\bScope\(|ScopePart\.")
    readers = [path for path, text in modules.items() if reading.search(text) and not SCOPE_HOME.fullmatch(path)]
    assert not readers, f"these modules read a scope's parts or make one: {readers}: ask kinds/scopes/ instead"
    for part, kind in SCOPES.items():
        own = type(kind).__module__.replace(".", "/") + ".py"
        assert own in naming(f"ScopePart.{part.name}", modules), f"{own} does not name ScopePart.{part.name}"


def test_the_scopes_are_the_registry():
    """`ScopePart` and the registry of kinds/scopes/ hold the same parts; a part is equal to
    its words, so content, saves and the engine's tables read the same."""
    assert set(scope_base.ScopePart) == set(SCOPES)
    assert scope_base.ScopePart.LEFT == "left" and ast_effects.Scope is scope_base.NODE
    assert all(kind.part == part for part, kind in SCOPES.items())


class _CompleteScope(scope_base.ScopeKind):
    part = scope_base.ScopePart.OWN
    field = "city"
    what = "one's own city"
    arrows = ("own",)

    def pick(self, own, left, right, neighbour=None): return own
    def written(self): return "own city"
    def words_en(self): return "own city"
    def words_nl(self): return "de eigen stad"


def test_a_complete_scope_is_made():
    assert _CompleteScope().one_city


@pytest.mark.parametrize("missing", ["pick", "written", "words_en", "words_nl"])
def test_a_scope_without_a_part_fails_when_made(missing):
    parts = {k: v for k, v in vars(_CompleteScope).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (scope_base.ScopeKind,), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"part": "own"}, "ScopePart"), ({"field": "town"}, "field"), ({"side": 2}, "side"),
    ({"what": None}, "what"), ({"arrows": "own"}, "arrows")])
def test_a_scope_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_CompleteScope,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_a_language_added_fails_every_scope_without_its_words(monkeypatch):
    monkeypatch.setattr(scope_base, "LANGUAGES", (*scope_base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _CompleteScope()


def test_the_constructs_not_yet_moved_are_still_in_the_tree():
    """The list of constructs waiting for a module names what is still there: one moved
    takes its name off."""
    for name in NOT_YET_MOVED_CONSTRUCTS:
        cls, _, field = name.partition(".")
        assert hasattr(ast_effects, cls), name
        assert not field or field in {f.name for f in __import__("attrs").fields(getattr(ast_effects, cls))}, name
    moved = {node.__name__ for node in (*CONDITIONS, among_base.NODE, scope_base.NODE)} | {"Trigger.event"}
    assert not moved & NOT_YET_MOVED_CONSTRUCTS, "moved: take it off the list"


def test_each_effect_kind_stands_where_it_says():
    """A kind's `places` make the unions the checker and the tests read: a card's effects
    (`Effect`) and a law's (`LAW_EFFECTS`)."""
    city, law = set(typing.get_args(ast_effects.Effect)), set(ast_effects.LAW_EFFECTS)
    for node, kind in EFFECTS.items():
        assert (node in city, node in law) == ("city" in kind.places, "law" in kind.places), node.__name__


def test_a_kind_module_imports_no_pass():
    """A kind lends nothing from the passes: it imports the tree's leaves, the messages'
    language and the interface only, so every pass (and every layer) may look it up; its
    types of what the passes lend it are the interface's too (kinds/lent.py)."""
    allowed = re.compile(r"import (operator|attrs)$|from (\.\.base|\.\.effect_base|\.\.statement_base|\.\.measure_base|\.\.among_base|"
                         r"\.\.condition_base|\.\.event_base|\.\.scope_base|\.\.expression_base|\.\.amount_base|\.\.conditions|\.\.scopes|"
                         r"\.\.measures|\.\.among|\.\w+|\.\.\.syntax\.ast_base|\.\.\.i18n) import|from __future__|"
                         r"from typing import|if TYPE_CHECKING|    from \.\.\.(diagnostics|syntax\.ast_base|syntax\.ast_effects) |"
                         r"    from \.\.lent import |    from \.\.(scope_base|expressions\.\w+|amounts\.\w+) import |    from \.\w+ import ")
    folders = [("actions", base.ActionKind), ("effects", effect_base.EffectKind), ("measures", measure_base.MeasureKind),
               ("among", among_base.AmongKind), ("conditions", condition_base.ConditionKind),
               ("events", event_base.EventKind), ("scopes", scope_base.ScopeKind),
               ("expressions", expression_base.ExpressionKind), ("amounts", amount_base.AmountKind)]
    for module in [m for folder, interface in folders
                   for m in kind_modules([str(ROOT / "interpreter/kinds" / folder)], f"interpreter.kinds.{folder}",
                                         interface)]:
        text = open(module.__file__, encoding="utf-8").read()
        imports = [line for line in text.splitlines() if re.match(r"\s*(from|import) ", line)]
        assert all(allowed.match(line) for line in imports), (module.__name__, imports)


class _Complete(base.ActionKind):
    node = ast_effects.Trigger          # any class: the interface reads only that it is one
    bots = "not weighed"
    gives = "build from discard"

    def check(self, action, c): return True
    def causes(self, action): return ()
    def run(self, events, action, seat, where, source): pass
    def written(self, action, p): return ""
    def words_en(self, action, w): return ""
    def words_nl(self, action, w): return "", ""
    def icons(self, action, kit, vocabulary): return []
    def notation(self, action, kit): return None


def _parts(but: str) -> dict:
    """The complete kind's own parts but one."""
    return {k: v for k, v in vars(_Complete).items() if not k.startswith("_") and k != but}


def test_a_complete_kind_is_made():
    assert _Complete().gives == "build from discard"


@pytest.mark.parametrize("missing", ["check", "causes", "run", "written", "words_en", "words_nl", "icons",
                                     "notation"])
def test_a_kind_without_a_part_fails_when_made(missing):
    lacking = type("Lacking", (base.ActionKind,), _parts(but=missing))
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"gives": "happiness"}, "happiness"), ({"sign": 2}, "not one of"),
    ({"gives": "coins"}, "counted"), ({"gives": "shields"}, "counted"), ({"node": "GainCoins"}, "not a class")])
def test_a_kind_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_Complete,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_a_kind_without_a_declared_value_fails_when_made():
    bare = type("Bare", (base.ActionKind,), _parts(but="bots"))
    with pytest.raises(TypeError, match="bots"):
        bare()


def test_a_language_added_fails_every_kind_without_its_words(monkeypatch):
    monkeypatch.setattr(base, "LANGUAGES", (*base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _Complete()


def test_a_kind_module_without_its_kind_fails_the_import(tmp_path, monkeypatch):
    package = tmp_path / "somekinds"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "half_done.py").write_text("NODE = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match="half_done has no KIND"):
        kind_modules([str(package)], "somekinds")


class _CompleteEffect(effect_base.EffectKind):
    node = ast_effects.Trigger          # any class: the interface reads only that it is one
    places = ("city",)
    bots = "not weighed"
    part = "triggers"

    def check(self, effect, c): return effect
    def written(self, effect, p): return ""
    def words_en(self, effect, w): return ""
    def words_nl(self, effect, w): return ""
    def icons(self, effect, kit, vocabulary): return []
    def notation(self, effect, kit): return None


def test_a_complete_effect_kind_is_made():
    assert _CompleteEffect().places == ("city",)


@pytest.mark.parametrize("missing", ["check", "written", "words_en", "words_nl", "icons", "notation"])
def test_an_effect_kind_without_a_part_fails_when_made(missing):
    parts = {k: v for k, v in vars(_CompleteEffect).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (effect_base.EffectKind,), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"places": ("table",)}, "not some of"), ({"places": ()}, "not some of"), ({"static": True}, "hold"),
    ({"places": ("law",)}, "in_force"), ({"bots": "powers"}, "power_worth"), ({"node": "Coinage"}, "not a class"),
    ({"part": "somewhere"}, "not one of"), ({"part": "static"}, "part"), ({"bots": "shields"}, "counted"),
    ({"part": "laws"}, "held")])
def test_an_effect_kind_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_CompleteEffect,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_a_language_added_fails_every_effect_kind_without_its_words(monkeypatch):
    monkeypatch.setattr(effect_base, "LANGUAGES", (*effect_base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _CompleteEffect()


class _CompleteMeasure(measure_base.MeasureKind):
    name = measure_base.Measure.COINS
    counted_in = "city"
    reads = "coins"

    def check(self, q, c): return True
    def count(self, q, e): return lambda city: 0
    def written(self, q, p, one): return ""
    def words_en(self, q, w, singular): return ""
    def words_nl(self, q, w, singular): return ""
    def icons(self, q, kit, vocabulary, title): return []


def test_a_complete_measure_is_made():
    assert _CompleteMeasure().reads == "coins"


@pytest.mark.parametrize("missing", ["check", "written", "words_en", "words_nl", "icons", "count"])
def test_a_measure_without_a_part_fails_when_made(missing):
    parts = {k: v for k, v in vars(_CompleteMeasure).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (measure_base.MeasureKind,), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"name": "coins"}, "not a member of Measure"), ({"counted_in": "table"}, "counted_in"),
    ({"reads": "luck"}, "reads"), ({"names": "colour"}, "names"), ({"counted_in": "game"}, "value"),
    ({"follows": True, "counted_in": "game", "value": lambda self, q, e: None}, "follow")])
def test_a_measure_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_CompleteMeasure,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_a_measure_without_a_declared_value_fails_when_made():
    parts = {k: v for k, v in vars(_CompleteMeasure).items() if not k.startswith("_") and k != "reads"}
    bare = type("Bare", (measure_base.MeasureKind,), parts)
    with pytest.raises(TypeError, match="reads"):
        bare()


def test_a_language_added_fails_every_measure_without_its_words(monkeypatch):
    monkeypatch.setattr(measure_base, "LANGUAGES", (*measure_base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _CompleteMeasure()


class _CompleteCondition(condition_base.ConditionKind):
    node = ast_effects.Trigger          # any class: the interface reads only that it is one
    place = "city"

    def check(self, c, checks): return True
    def holds(self, c, where, e): return True
    def holds_fn(self, c, e): return lambda where: True
    def written(self, c, p): return ""
    def words_en(self, c, w): return ""
    def words_nl(self, c, w): return ""
    def notation(self, c, kit): return None


def _condition_parts(but: str) -> dict:
    return {k: v for k, v in vars(_CompleteCondition).items() if not k.startswith("_") and k != but}


def test_a_complete_condition_is_made():
    assert _CompleteCondition().place == "city"


@pytest.mark.parametrize("missing", ["check", "written", "words_en", "words_nl", "notation", "holds", "holds_fn"])
def test_a_condition_without_a_part_fails_when_made(missing):
    lacking = type("Lacking", (condition_base.ConditionKind,), _condition_parts(but=missing))
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"place": "table top"}, "not one of"), ({"node": "Comparison"}, "not a class"), ({"place": "zone"}, "depth")])
def test_a_condition_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_CompleteCondition,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_a_language_added_fails_every_condition_without_its_words(monkeypatch):
    monkeypatch.setattr(condition_base, "LANGUAGES", (*condition_base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _CompleteCondition()


class _CompleteEvent(event_base.EventKind):
    name = Event.AGE_END

    def check(self, event, span, c): return True
    def written(self, event): return event
    def words_en(self, event, w): return ""
    def words_nl(self, event, w): return ""
    def chip(self, event, kit): return event


def test_a_complete_event_is_made():
    assert _CompleteEvent().name == "age end"


@pytest.mark.parametrize("missing", ["check", "written", "words_en", "words_nl", "chip"])
def test_an_event_without_a_part_fails_when_made(missing):
    parts = {k: v for k, v in vars(_CompleteEvent).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (event_base.EventKind,), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"name": "age end"}, "not a member of Event"), ({"bots": "luck"}, "bots"), ({"name": 3}, "name")])
def test_an_event_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_CompleteEvent,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_an_event_of_its_own_without_its_dutch_fails_when_made():
    bare = type("Bare", (event_base.FixedEvent,), {"name": Event.AGE_END})
    with pytest.raises(TypeError, match="dutch"):
        bare()


def test_a_language_added_fails_every_event_without_its_words(monkeypatch):
    monkeypatch.setattr(event_base, "LANGUAGES", (*event_base.LANGUAGES, "fr"))
    with pytest.raises(TypeError, match="no words in fr"):
        _CompleteEvent()


# What may name an expression node's class besides its module and its builder: the other
# kinds (interpreter/kinds/: a kind whose node holds one, as its field's type, and the
# Protocols of what a kind is lent), which are core and switch on nothing.  A pass that still
# tested a node's class would be listed below until it looked the kind up (the registry has
# `quantity_of`, `conditions_of`, `says_this_stage`); the list is empty and stays so.
KINDS_HOME = re.compile(r"interpreter/kinds/[\w/]+\.py")
NOT_YET_LOOKED_UP: dict[str, set[str]] = {}


def test_an_expression_node_is_named_by_the_kinds_and_its_builder_only():
    """An expression node (`Quantity`, `Per`, `BinOp`, a card by its place, ...) and an item of
    a cost or a price (`ResourceAmount`, ...) is named by its module of kinds/expressions/ or
    kinds/amounts/, the builder that makes it and the kinds that hold one: no pass tests its
    class, each looks its kind up (`expression_kind`, `quantity_of`, `amount_kind`)."""
    modules = product_modules()
    leaves = {"Number", "Negative"}        # the tree's leaves (syntax/ast_base.py), read by every kind's amount
    counts = {}
    for node in (*EXPRESSIONS, *AMOUNTS):
        if node.__name__ in leaves:
            continue
        own = node.__module__.replace(".", "/") + ".py"
        found = _naming_code(node.__name__, modules)
        assert own in found, f"{own} does not name {node.__name__}"
        others = [path for path in found if path != own and not MAY_NAME.fullmatch(path) and not KINDS_HOME.fullmatch(path)
                  and path not in NOT_YET_LOOKED_UP.get(node.__name__, ())]
        assert not others, f"{node.__name__} (its module: {own}) is still named by {others}: look it up instead"
        passes = [path for path in found if not KINDS_HOME.fullmatch(path)]
        counts[node.__name__] = len(passes)
        assert len([p for p in passes if p not in NOT_YET_LOOKED_UP.get(node.__name__, ())]) <= 2, passes
    assert set(counts) >= {"Quantity", "Per", "PerAmount", "BinOp", "Conditional", "WhichCard", "AmongCities",
                           "ResourceAmount", "CoinAmount", "TokenAmount"}, counts
    stale = {name: files - set(_naming_code(name, modules)) for name, files in NOT_YET_LOOKED_UP.items()}
    assert not any(stale.values()), f"looks the kind up now: take it off NOT_YET_LOOKED_UP: {stale}"


def test_the_values_are_the_expression_union():
    """`ast_effects.Expr` is the classes of the kinds that are a value, not a part."""
    assert set(typing.get_args(ast_effects.Expr)) == set(VALUES)
    assert {node.__name__ for node in set(EXPRESSIONS) - set(VALUES)} == {"Per", "WhichCard"}


class _CompleteExpression(expression_base.ExpressionKind):
    node = ast_effects.Trigger          # any class: the interface reads only that it is one

    def check(self, e, c): return True
    def counted(self, e): return iter(())
    def measures(self, e): return False
    def value(self, e, where, r): return 0
    def compiled(self, e, r): return lambda where: 0
    def written(self, e, p): return ""
    def words_en(self, e, w): return ""
    def words_nl(self, e, w): return ""


def test_an_expression_kind_without_a_part_fails_when_made():
    """An abstract part left out, or a `node` not declared, fails when the kind is made (its
    module's `KIND = ...`), never in a game."""
    _CompleteExpression()
    for part in ("check", "counted", "measures", "value", "compiled", "written", "words_en", "words_nl"):
        incomplete = type("Incomplete", (_CompleteExpression,), {part: None})
        incomplete.__abstractmethods__ = frozenset({part})
        with pytest.raises(TypeError):
            incomplete()
    with pytest.raises(TypeError, match="node"):
        type("NoNode", (_CompleteExpression,), {"node": None})()


class _CompleteAmount(amount_base.AmountKind):
    node = ast_effects.Trigger
    field = "coins"

    def check_cost(self, item, c): return True
    def check_price(self, item, c): return True
    def written(self, item, p): return ""
    def icons(self, item, kit, v): return []


def test_an_amount_kind_without_a_part_fails_when_made():
    """An item of a cost or a price without its checks, its words or its icons, or with a
    `field` a cost has not, fails when its kind is made."""
    _CompleteAmount()
    for part in ("check_cost", "check_price", "written", "icons"):
        incomplete = type("Incomplete", (_CompleteAmount,), {part: None})
        incomplete.__abstractmethods__ = frozenset({part})
        with pytest.raises(TypeError):
            incomplete()
    with pytest.raises(TypeError, match="field"):
        type("NoField", (_CompleteAmount,), {"field": "gems"})()
