"""The structure docs/architecture.md describes, held by tests: no module of the interpreter
imports, even lazily inside a function, a module that imports it back; the engine imports
nothing from the bots; cli.py only registers the commands, each of which lives in
interpreter/commands/; no module keeps a cache in a dictionary keyed by id(); and nothing
the product runs imports the lab or the benches."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import ROOT

# Cycles known and reported, each waiting for the work that owns its modules (none today):
# the test fails on any other cycle, and on an entry here that is no longer a cycle.
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()


def module_files(root: Path) -> dict[str, Path]:
    """Every module of `root`'s interpreter package, and cli.py, by dotted name."""
    files = {}
    for path in sorted((root / "interpreter").rglob("*.py")) + [root / "cli.py"]:
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


def parsed(path: Path) -> ast.Module:
    """The syntax tree of a file, as its text is now (read it, do not change it): each of
    the product's 400 modules is parsed once a process, not again by each test here."""
    return _parsed_text(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _parsed_text(text: str) -> ast.Module:
    return ast.parse(text)


def _runs(node: ast.AST):
    """The nodes of `node` that run when it runs: `if TYPE_CHECKING:` blocks never do."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            yield from (n for other in child.orelse for n in [other, *_runs(other)])
            continue
        yield child
        yield from _runs(child)


def imports_of(name: str, path: Path, files: dict[str, Path], types: bool = False) -> dict[str, int]:
    """The project's modules that `name` imports anywhere in its file (a function's lazy
    import included; `types`: those imported for the type checker only too), each with the
    line of its first import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    tree = parsed(path)
    for node in (ast.walk(tree) if types else _runs(tree)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]   # `from pkg import mod`
        else:
            continue
        for target in targets:
            while target and target not in files:          # a name inside a module: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.setdefault(target, node.lineno)
    return found


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    files = module_files(root)
    return {name: imports_of(name, path, files) for name, path in files.items()}


def cycles(graph: dict[str, dict[str, int]]) -> dict[frozenset[str], list[str]]:
    """Each group of modules that import one another (a strongly connected component of
    more than one module), with one cycle through it: [a, b, ..., a]."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(start: str) -> None:              # Tarjan's algorithm, iteratively
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return {frozenset(group): _cycle_through(group, graph) for group in groups}


def _cycle_through(group: set[str], graph) -> list[str]:
    """A shortest cycle from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node]):
                if child == start:
                    return paths[node] + [start]
                if child in group and child not in paths:
                    paths[child] = paths[node] + [child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {sorted(group)}")


def described(cycle: list[str], graph) -> str:
    return " -> ".join(f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"


@pytest.mark.slow
def test_no_module_imports_a_module_that_imports_it_back():
    graph = import_graph(ROOT)
    found = cycles(graph)
    new = [f"{described(cycle, graph)}\n  (all of {', '.join(sorted(group))} import one another)"
           for group, cycle in found.items() if group not in KNOWN_CYCLES]
    assert not new, "import cycles:\n" + "\n".join(new)
    stale = KNOWN_CYCLES - found.keys()
    assert not stale, f"no longer a cycle, remove it from KNOWN_CYCLES: {[sorted(s) for s in stale]}"


@pytest.mark.slow
def test_the_engine_imports_nothing_from_the_bots():
    """Bots decide through the engine's decision points; the engine never calls into them."""
    graph = import_graph(ROOT)
    bad = {name: sorted(m for m in imported if m.startswith("interpreter.bots"))
           for name, imported in graph.items() if name.startswith("interpreter.engine")}
    assert not any(bad.values()), {name: found for name, found in bad.items() if found}


# The engine runs the compiled program (issue 34 item 2): it imports nothing of the checker
# nor of the syntax tree, not even for its types (what it reads of a rule object is a kind's
# run-time form, kinds/actions `Action`, kinds/effects `Effect`, or a Protocol,
# engine/written.py).

def engine_imports(root: Path, prefix: str) -> dict[str, str]:
    """Each module of the engine that imports a module under `prefix`: "run" when it does
    so at run time, "types" when only for the type checker."""
    files = module_files(root)
    found = {}
    for name, path in files.items():
        if not name.startswith("interpreter.engine"):
            continue
        if any(m.startswith(prefix) for m in imports_of(name, path, files)):
            found[name] = "run"
        elif any(m.startswith(prefix) for m in imports_of(name, path, files, types=True)):
            found[name] = "types"
    return found


def test_the_engine_imports_nothing_from_the_checker():
    """The rules the engine runs are compile/tables.py's tables and the plain data below the
    checker (interpreter/rulesdata.py): no module of the engine imports check/, even for types."""
    found = engine_imports(ROOT, "interpreter.check")
    assert not found, f"the engine imports the checker: {found}"


def test_the_engine_imports_nothing_from_the_syntax_tree():
    found = engine_imports(ROOT, "interpreter.syntax")
    assert not found, f"the engine imports the syntax tree: {found}"


# Nor does it look a kind up from a rule object as it plays: an operation and a hook hold
# their kind (engine/program.py), and a source's static effects are numbers in its `Held`
# (compile/held.py), so the engine reads neither an effect nor an action by its type.
LOOK_UPS = frozenset({"kind_of", "effect_kind_of", "production_of", "condition_kind", "EFFECTS"})


def kind_look_ups(root: Path) -> dict[str, list[str]]:
    """Each module of the engine that imports one of the registries' look-ups by type."""
    found: dict[str, list[str]] = {}
    for name, path in module_files(root).items():
        if name.startswith("interpreter.engine"):
            names = sorted({alias.name for node in ast.walk(parsed(path)) if isinstance(node, ast.ImportFrom)
                            for alias in node.names if alias.name in LOOK_UPS})
            if names:
                found[name] = names
    return found


def test_the_engine_looks_no_kind_up_as_it_plays():
    found = kind_look_ups(ROOT)
    assert not found, f"the engine looks kinds up from rule objects: {found}"


def test_a_look_up_in_the_engine_is_found(tmp_path):
    (tmp_path / "interpreter" / "engine").mkdir(parents=True)
    (tmp_path / "interpreter" / "engine" / "scoring.py").write_text(
        "def f(e):\n    from ..kinds.effects import effect_kind_of\n    return effect_kind_of(e)\n")
    assert kind_look_ups(tmp_path) == {"interpreter.engine.scoring": ["effect_kind_of"]}


def test_an_engine_import_for_types_only_is_found(tmp_path):
    (tmp_path / "interpreter" / "engine").mkdir(parents=True)
    (tmp_path / "interpreter" / "check").mkdir()
    for folder in ("interpreter", "interpreter/engine", "interpreter/check"):
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "interpreter" / "check" / "model.py").write_text("")
    (tmp_path / "cli.py").write_text("")
    (tmp_path / "interpreter" / "engine" / "game.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..check.model import RulesDef\n")
    assert engine_imports(tmp_path, "interpreter.check") == {"interpreter.engine.game": "types"}
    (tmp_path / "interpreter" / "engine" / "game.py").write_text("def f():\n    from ..check import model\n")
    assert engine_imports(tmp_path, "interpreter.check") == {"interpreter.engine.game": "run"}


# The four layers, lowest first (docs/architecture.md, "Four layers"): a module may import
# its own layer and those below it, never one above, not even lazily inside a function.
LAYERS: dict[str, tuple[str, ...]] = {
    "core": ("interpreter", "interpreter.api", "interpreter.syntax", "interpreter.kinds", "interpreter.check",
             "interpreter.compile",
             "interpreter.engine", "interpreter.errors", "interpreter.diagnostics", "interpreter.paths",
             "interpreter.inputs", "interpreter.atomic", "interpreter.decks", "interpreter.marked",
             "interpreter.cachefiles", "interpreter.printable", "interpreter.plainmode", "interpreter.processes",
             "interpreter.fitdefaults", "interpreter.i18n"),
    "players": ("interpreter.bots", "interpreter.sim"),
    "views": ("interpreter.views",),
    "front ends": ("interpreter.commands", "interpreter.lsp", "interpreter.studio", "interpreter.editor", "cli"),
}
# Imports against the order, each waiting for the work that moves it (none, and none may be added).
KNOWN_UPWARD: frozenset[tuple[str, str]] = frozenset()


def layer_of(module: str) -> int:
    """The layer of a module: its longest prefix in LAYERS (a module in none is an error)."""
    found = [(len(prefix), rank) for rank, prefixes in enumerate(LAYERS.values()) for prefix in prefixes
             if module == prefix or module.startswith(prefix + ".")]
    assert found, f"{module} is in no layer: add it to LAYERS (docs/architecture.md)"
    return max(found)[1]


def upward_imports(graph: dict[str, dict[str, int]]) -> list[str]:
    """Each import of a higher layer, as `module (line N, layer) -> imported (layer)`."""
    names = list(LAYERS)
    return [f"{name} (line {line}, {names[layer_of(name)]}) -> {imported} ({names[layer_of(imported)]})"
            for name, imported_lines in sorted(graph.items()) for imported, line in sorted(imported_lines.items())
            if layer_of(imported) > layer_of(name) and (name, imported) not in KNOWN_UPWARD]


@pytest.mark.slow
def test_no_module_imports_a_higher_layer():
    """Core < players < views < front ends: the engine does not know who plays, the players
    do not know how they are shown, and only the front ends know the user."""
    assert KNOWN_UPWARD == frozenset()
    found = upward_imports(import_graph(ROOT))
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_every_module_is_in_a_layer():
    for name in module_files(ROOT):
        layer_of(name)


def test_an_upward_import_is_found_even_inside_a_function(tmp_path):
    package = tmp_path / "interpreter"
    for sub in ("engine", "views", "bots"):
        (package / sub).mkdir(parents=True)
        (package / sub / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "views" / "words.py").write_text("from ..engine import game\n")
    (package / "engine" / "game.py").write_text("import os\n\n\ndef shown():\n    from ..views.words import text\n")
    (package / "bots" / "simple.py").write_text("from interpreter.engine.game import shown\n")
    (tmp_path / "cli.py").write_text("from interpreter.views import words\n")
    assert upward_imports(import_graph(tmp_path)) == [
        "interpreter.engine.game (line 5, core) -> interpreter.views.words (views)"]


def outside_imports(path: Path, outside: frozenset[str]) -> list[int]:
    """The lines of `path` that import one of the `outside` top-level names."""
    lines = []
    for node in _runs(parsed(path)):
        if isinstance(node, ast.Import):
            roots = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            roots = {(node.module or "").split(".")[0]}
        else:
            continue
        if roots & outside:
            lines.append(node.lineno)
    return lines


@pytest.mark.slow
def test_the_product_imports_nothing_from_the_lab_or_the_benches():
    """lab/ (the measurements, lab/README.md) and bench/ use the product, never the reverse:
    an experiment's apparatus stays out of what users run."""
    outside = frozenset({"lab", "bench"})
    bad = {name: lines for name, path in module_files(ROOT).items() if (lines := outside_imports(path, outside))}
    assert not bad, bad


def test_an_import_from_the_lab_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import os\n\ndef f():\n    from lab.adaptive import measures\n    import bench.bots\n")
    assert outside_imports(module, frozenset({"lab", "bench"})) == [4, 5]


def test_a_cycle_through_a_lazy_import_is_found_and_named(tmp_path):
    package = tmp_path / "interpreter"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("from . import b\n")
    (package / "sub" / "b.py").write_text("import os\n\n\ndef f():\n    from ..top import g\n")
    (package / "top.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import cli\n"
                                    "from interpreter.sub.a import x\n")
    (tmp_path / "cli.py").write_text("from interpreter import top\n")
    graph = import_graph(tmp_path)
    assert "cli" not in graph["interpreter.top"]          # a TYPE_CHECKING import never runs
    found = cycles(graph)
    cycle = ["interpreter.sub.a", "interpreter.sub.b", "interpreter.top", "interpreter.sub.a"]
    assert found == {frozenset(cycle): cycle}
    assert described(cycle, graph) == ("interpreter.sub.a (line 1) -> interpreter.sub.b (line 5) -> "
                                          "interpreter.top (line 4) -> interpreter.sub.a")


def _decorated_commands(tree: ast.Module) -> list[str]:
    """Functions of a module made into click commands or groups by a decorator."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                call = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(call, ast.Attribute) and call.attr in ("command", "group"):
                    names.append(node.name)
    return names


def test_cli_py_defines_no_command_but_the_group_that_holds_them():
    tree = ast.parse((ROOT / "cli.py").read_text(encoding="utf-8"))
    assert _decorated_commands(tree) == ["main"]


@pytest.mark.parametrize("name", sorted(__import__("cli").main.commands))
def test_each_command_lives_in_interpreter_commands(name):
    import cli
    command = cli.main.commands[name]
    module = command.callback.__module__
    assert module.startswith("interpreter.commands."), f"`wonders {name}` is defined in {module}"
    assert (ROOT / (module.replace(".", "/") + ".py")).exists()


# Module caches keyed by id() known and reported, each waiting for the work that owns its
# module (issue 17: per-rule-set caches live on the compiled rules); the test fails on any
# other, and on an entry here that no longer holds one (remove it then).
KNOWN_ID_CACHES: dict[str, set[str]] = {}


def _calls_id(node: ast.AST, derived: set[str]) -> bool:
    return any((isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "id")
               or (isinstance(n, ast.Name) and n.id in derived) for n in ast.walk(node))


def id_keyed_caches(path: Path) -> set[str]:
    """The module-level dictionaries of a file that are read or written with a key made from
    id() (directly, or through a local name assigned from id())."""
    tree = parsed(path)
    module_names = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(target, ast.Name)}
    found = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        derived = {t.id for n in ast.walk(function) if isinstance(n, ast.Assign) and _calls_id(n.value, set())
                   for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(function):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
                name, key = node.value.id, node.slice
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args
                  and isinstance(node.func.value, ast.Name) and node.func.attr in ("get", "setdefault", "pop")):
                name, key = node.func.value.id, node.args[0]
            else:
                continue
            if name in module_names and _calls_id(key, derived):
                found.add(name)
    return found


@pytest.mark.slow
def test_no_module_keeps_a_cache_keyed_by_id():
    """A cache keyed by id() in a module dictionary outlives what it describes (a new object
    may get the old id) and hides per-rule-set state from the rules it belongs to."""
    found = {name: caches for name, path in module_files(ROOT).items() if (caches := id_keyed_caches(path))}
    new = {name: caches - KNOWN_ID_CACHES.get(name, set()) for name, caches in found.items()}
    assert not {n: c for n, c in new.items() if c}, f"module caches keyed by id(): {new}"
    stale = {name: caches - found.get(name, set()) for name, caches in KNOWN_ID_CACHES.items()}
    assert not {n: c for n, c in stale.items() if c}, f"no longer keyed by id(), remove from KNOWN_ID_CACHES: {stale}"


def test_an_id_keyed_cache_is_found_through_a_local_key(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("_memo = {}\n_plain = {}\n\n\ndef f(x, n):\n    key = (id(x), n)\n    _plain[n] = 1\n"
                      "    return _memo.get(key) or _plain.get(n)\n\n\ndef g(x):\n    _plain[id(x)] = 2\n")
    assert id_keyed_caches(source) == {"_memo", "_plain"}
    source.write_text("_memo = {}\n\n\ndef f(x):\n    return _memo.setdefault(x.name, x)\n")
    assert id_keyed_caches(source) == set()


def _names_used_before_a_local_import(tree: ast.AST) -> list[tuple[str, int]]:
    """(function, line) where a function reads a name before a later `import` in the same
    function binds it: Python then treats the name as local everywhere in the function, so
    the read fails with UnboundLocalError (a message shown before the import never shows)."""
    found = []
    for f in ast.walk(tree):
        if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        imported = {}
        for node in ast.walk(f):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    name = alias.asname or alias.name.split(".")[0]
                    imported[name] = min(imported.get(name, node.lineno), node.lineno)
        found += [(f.name, n.lineno) for n in ast.walk(f) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                  and n.id in imported and n.lineno < imported[n.id]]
    return found


@pytest.mark.slow
def test_no_function_reads_a_name_before_its_own_import_of_it():
    found = {str(path.relative_to(ROOT)): _names_used_before_a_local_import(parsed(path))
             for path in (ROOT / "interpreter").rglob("*.py")}
    assert {path: places for path, places in found.items() if places} == {}


def test_a_read_before_a_local_import_is_found():
    tree = ast.parse("from x import _\ndef f():\n    print(_('a'))\n    from x import _\n    return _('b')\n")
    assert _names_used_before_a_local_import(tree) == [("f", 3)]
