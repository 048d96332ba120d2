"""The wheel's build hook: the engine's busiest modules compiled to C by mypyc when the
machine can (a C compiler and Python's headers), the same modules as Python otherwise.

Why: a game is a great many small steps through the engine's flow, payments and
resolution; compiled, random games run about 1.6x and the search bot's imagined games
about 1.75x as fast (docs/performance.md, "The compiled engine"), and play the same games
(tests/test_compiled_build.py).
Why mypyc: it compiles the modules as they are written, from the type annotations the
strict type check of the tests already holds them to, so there is one source and no second
language to keep in step.  The modules are listed in pyproject.toml
(`[tool.hatch.build.targets.wheel.hooks.custom] modules`); the wheel keeps their Python
beside the compiled ones (which Python imports first).

    WONDERS_COMPILE=auto   (the default) compile when the machine can, else ship Python
    WONDERS_COMPILE=no     ship Python
    WONDERS_COMPILE=yes    compile, and fail the build rather than ship Python

An editable install (`pip install -e .`) runs the checkout's Python and is never compiled:
a compiled copy beside a source being edited would hide the edits.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODES = ("auto", "yes", "no")

# Run in a scratch copy of the package (nothing is written into the checkout): mypyc's
# C for the listed modules, one shared library, built in place there.
SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--inplace", "--parallel", "{jobs}"]
setup(name="wonders-compiled", packages=[], py_modules=[],
      ext_modules=mypycify(["--config-file", "mypy.ini", *modules], opt_level="3", multi_file={multi_file},
                           group_name="wonders_engine"))
"""

# What mypy reads while mypyc compiles: the other modules' types silently (they are
# checked strictly by the tests, tests/test_typed_interfaces.py), libraries that are not
# in the build's environment as unknown.
MYPY_INI = "[mypy]\nfollow_imports = silent\nignore_missing_imports = True\n"


class CompileError(Exception):
    """mypyc or the C compiler failed; the message ends with their last words."""


def missing_for_compiling() -> str | None:
    """Why this Python cannot build C extensions here (None: it can)."""
    if sys.implementation.name != "cpython":
        return f"mypyc compiles for CPython only (this is {sys.implementation.name})"
    # the compiler setuptools will call: $CC, else the one Python was built with
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r}; on Debian or Ubuntu: apt install gcc python3-dev)"
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").is_file():
        return f"no Python headers ({include}/Python.h; on Debian or Ubuntu: apt install python3-dev)"
    return None


def mode() -> str:
    chosen = os.environ.get("WONDERS_COMPILE", "auto").strip().lower() or "auto"
    if chosen not in MODES:
        raise ValueError(f"WONDERS_COMPILE={chosen!r}: expected one of {', '.join(MODES)}")
    return chosen


def compile_modules(root: Path, scratch: Path, modules: list[str]) -> dict[str, str]:
    """Compile `modules` (paths under the checkout `root`) in a copy of the package in
    `scratch`; the built libraries, as {their path: their place in the wheel}."""
    package = root / "interpreter"
    for source in package.rglob("*.py"):
        target = scratch / source.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    (scratch / "mypy.ini").write_text(MYPY_INI, encoding="utf-8")
    jobs = max(1, min(4, os.cpu_count() or 1))
    (scratch / "setup_mypyc.py").write_text(SETUP.format(jobs=jobs, multi_file=jobs > 1), encoding="utf-8")
    run = subprocess.run([sys.executable, "setup_mypyc.py", *modules], cwd=scratch, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    if run.returncode != 0:
        raise CompileError("\n".join(run.stdout.splitlines()[-15:]))
    doubled = doubly_visited(scratch / "build")
    if doubled:
        raise CompileError("mypyc's collector would count these references twice (an attribute annotated again "
                           "in a subclass), and the garbage collector free what is still held: " + "; ".join(doubled))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = {str(path): path.relative_to(scratch).as_posix()
             for path in scratch.rglob(f"*{suffix}") if path.relative_to(scratch).parts[0] != "build"}
    expected = {m[: -len(".py")] + suffix for m in modules}
    missing = expected - set(built.values())
    if missing:
        raise CompileError(f"mypyc built no {', '.join(sorted(missing))}")
    return built


def doubly_visited(c_folder: Path) -> list[str]:
    """The references a generated `tp_traverse` visits more than once.  mypyc (2.4) emits a
    visit for each class of the MRO that annotates an attribute, so an attribute annotated
    again in a subclass is counted twice, and the cyclic garbage collector can then clear an
    object that is still referenced (seen: a rule set's tables emptied under a cache)."""
    found = []
    for source in sorted(c_folder.rglob("*.c")):
        text = source.read_text(encoding="utf-8", errors="replace")
        for function in re.finditer(r"\n\s*(\w+_traverse)\([^)]*\)\s*\{(.*?)\n\s*return 0;", text, re.S):
            visits = Counter(re.findall(r"Py_VISIT\(([^;]*)\);", function.group(2)))
            found += [f"{function.group(1)}: {what}" for what, times in sorted(visits.items()) if times > 1]
    return found


class CompiledEngine(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def _why_not(self) -> str | None:
        return "WONDERS_COMPILE=no" if mode() == "no" else missing_for_compiling()

    def dependencies(self) -> list[str]:
        """mypyc and what it reads, only when it will run (a machine without a compiler
        downloads none of it)."""
        return [] if self._why_not() else list(self.config.get("compile-requires", []))

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._scratch: Path | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        why = self._why_not()
        if why is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="wonders-mypyc-"))
            modules = [str(m) for m in self.config.get("modules", [])]
            self.app.display_info(f"wonders: compiling {len(modules)} of the engine's modules with mypyc ...")
            try:
                built = compile_modules(Path(self.root), self._scratch, modules)
            except CompileError as failed:
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None
                why = f"mypyc failed:\n{failed}"
            else:
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
                build_data["force_include"].update(built)
                self.app.display_info(f"wonders: the engine is compiled ({len(built)} libraries)")
                return
        if mode() == "yes":
            raise RuntimeError(f"WONDERS_COMPILE=yes, but the engine cannot be compiled: {why}")
        self.app.display_warning(f"wonders: the engine ships as Python, which plays about 40 % slower than "
                                 f"compiled ({why})")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_scratch", None) is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
