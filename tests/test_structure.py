"""The architecture stays visible (issue 17, item 4): the engine imports nothing from the
bots, and no module of the interpreter imports itself round a cycle at import time (an
import inside a function, made when it runs, does not count)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(name: str, path: Path, modules, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + [node.module] if node.module else base)
            for alias in node.names:
                full = f"{target}.{alias.name}"
                out.add(full if full in modules else target)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in modules}


def test_the_engine_imports_nothing_from_the_bots():
    modules = _modules()
    for name, path in modules.items():
        if name.startswith("interpreter.engine"):
            bad = [m for m in _imports(name, path, modules, False) if m.startswith("interpreter.bots")]
            assert not bad, f"{path.name} imports {bad}"


def test_no_module_imports_itself_round_a_cycle():
    modules = _modules()
    graph = {name: _imports(name, path, modules, True) for name, path in modules.items()}
    done, cycles = set(), []

    def visit(node, trail):
        if node in trail:
            cycles.append(trail[trail.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in graph[node]:
            visit(nxt, trail + [node])
        done.add(node)

    for name in graph:
        visit(name, [])
    assert not cycles, " -> ".join(cycles[0])
