"""Shared helpers: the repository root and the `wonders` command run as a user runs it."""

from __future__ import annotations

import atexit
import gc
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

# Property tests explore new random examples on every run at a desk; under CI (CI=true) they
# draw the same examples every run (derandomize), so a landing is judged on the code, not on
# which rare example a run happened to draw. A failure found at a desk becomes a regression test.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    _hypothesis_settings.load_profile("ci")

# In-process imports (interpreter.*) come from this checkout, even if an older copy is installed;
# with WONDERS_TEST_INSTALLED set, from the installed package instead (the compiled engine's
# tests run the checkout's tests on it: tests/test_compiled_build.py).
if os.environ.get("WONDERS_TEST_INSTALLED"):
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))        # after site-packages: `tests.*` from here, `interpreter` installed
    import interpreter as _installed
    if Path(_installed.__file__).resolve().parent == ROOT / "interpreter":     # (.venv/ may be inside ROOT)
        raise SystemExit(f"WONDERS_TEST_INSTALLED: interpreter was imported from the checkout ({_installed.__file__})")
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _run_folder(variable: str, prefix: str) -> str:
    """A temporary folder for the whole test run, named in the environment variable
    `variable`: made (and deleted at its exit) by the first pytest process, handed down
    to every process it starts."""
    if variable not in os.environ:
        os.environ[variable] = tempfile.mkdtemp(prefix=prefix)
        atexit.register(shutil.rmtree, os.environ[variable], True)
    return os.environ[variable]


def _share_compiled_modules() -> None:
    """Every process the test run starts (`wonders`, the language server, the xdist
    workers), and this one, keeps the modules it compiles, in the usual `__pycache__`
    folders (ignored by git), kept from one run to the next.  With PYTHONDONTWRITEBYTECODE
    set (as on this project's machines), each process compiled the checkout's modules
    afresh: about 0.12 s of the 0.45 s of CPU a `wonders check` takes, in each of hundreds
    of runs; and pytest rewrote the asserts of every test module in each xdist worker of
    every run (about 8 s of processor time a worker).  No PYTHONPYCACHEPREFIX: a folder of
    its own would hold no compiled standard library or installed package, which every
    worker then compiled again in a clean clone (about 10 s of processor time each; the
    install compiled them where Python looks without a prefix).  An entry is used only
    while its source file keeps the modification time and size it was compiled from
    (Python's and pytest's own check); a clean clone starts with none of the checkout's."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


_share_compiled_modules()     # in the first pytest process, before it starts the xdist workers


def _shared_parsed_content() -> Path:
    """One folder of parsed content (interpreter/syntax/treecache.py) for the whole run,
    made like the compiled modules' folder.  Each test has a cache folder of its own
    (own_fit_cache), but its parsed content is kept in this one (WONDERS_PARSED_DIR: the
    parsed cache uses no `parsed` folder that is a link): an entry is keyed by the text it
    was parsed from and the code that parsed it, so sharing shows no test another's work,
    and hundreds of runs of `wonders` do not each parse the shipped content again.  Set for
    the whole run too, not only in each test (own_fit_cache): a module's or the session's
    fixture starts its studio, language server or runs before any test's environment is
    made, and otherwise parsed the shipped content afresh (about 0.5 s of processor time a
    process) in a cache folder of its own."""
    folder = _run_folder("WONDERS_TESTS_PARSED", "wonders-tests-parsed-")
    os.environ["WONDERS_PARSED_DIR"] = folder
    return Path(folder)


PARSED = _shared_parsed_content()


def _run_cache_folder() -> None:
    """A cache folder for the whole run (WONDERS_CACHE_DIR), under the one each test gets
    (own_fit_cache): a module's or the session's fixture starts its studio, server or
    `wonders` run before any test's environment is made, and would otherwise read and
    write the user's own fits."""
    os.environ["WONDERS_CACHE_DIR"] = _run_folder("WONDERS_TESTS_CACHE", "wonders-tests-cache-")
    # and no fit that comes with wonders (interpreter/bots/shipped_fits.py): the tests of fitting
    # see the first edition fitted on first use; tests/test_shipped_fits.py reads the shipped ones
    os.environ["WONDERS_SHIPPED_FITS"] = ""


_run_cache_folder()


def cli_env(extra: dict | None = None) -> dict:
    """The environment a test runs `wonders` in: this checkout's cli.py (not an installed
    copy), UTF-8 output, wide help pages, no WONDERS_DEBUG of the caller's."""
    env = dict(os.environ)
    env.pop("WONDERS_DEBUG", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"
    env["COLUMNS"] = "200"
    env.update(extra or {})
    return env


def run_cli(*args: str, cwd: Path | str = ROOT, timeout: float = 120, input: str | None = None,
            env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `wonders ARGS...` in a fresh Python process, from `cwd` (the repository root
    unless told otherwise), `input` on its stdin, `env` added to cli_env (None: unset);
    `timeout` only bounds a hang, it is no measure of speed."""
    environment = {name: value for name, value in cli_env(env).items() if value is not None}
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", *args],
                          cwd=str(cwd), env=environment, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout, input=input)


def call_cli(*args: str, cwd: Path | str = ROOT, timeout: float = 120, input: str | None = None,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """`wonders ARGS...` run in this process through the very entry point a user's process
    runs (cli.run: the language chosen from the arguments, Click, the exit statuses, the
    last line of defence), with run_cli's arguments and environment, stdin `input` (else
    empty), stdout and stderr as pipes that are not terminals; returns what run_cli returns.
    About a tenth of run_cli's processor time: no interpreter to start, nothing to import
    again, the shipped content checked once a process.  For tests about what a command says and
    how it ends; a test about the process itself (signals, pipes, the start-up, a hang's
    bound) uses run_cli, and each command and exit status keeps at least one test that runs
    it as a user does (docs/performance.md, "The test suite").  `timeout` is not enforced.

    The run sees one core (`one_core`): a study or an adaptive player's first fit that names
    no `--workers` plays its games in this process, as on a one-core machine, instead of
    forking a pool from this test process (with its threads and captured streams, not the
    pool a user's process starts).  A run that asks for more workers, or a cluster, runs in
    a process of its own all the same (run_cli).  The pool's own behaviour (its Ctrl-C, its
    cap, the same games and fits on any number of workers) is asked by tests that start one
    in a process of their own."""
    if _names_a_pool(args):
        return run_cli(*args, cwd=cwd, timeout=timeout, input=input, env=env)
    import io
    import cli
    from interpreter import i18n, plainmode
    environment = {name: value for name, value in (cli_env(env) | {"PWD": str(cwd)}).items()
                   if value is not None}
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True) for _ in range(2)]
    given = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, dict(os.environ), os.getcwd(),
             {name: signal.getsignal(getattr(signal, name)) for name in ("SIGTERM", "SIGHUP")},
             i18n.language(), plainmode.is_plain())
    os.environ.clear()
    os.environ.update(environment)
    sys.argv, sys.stdin, (sys.stdout, sys.stderr) = ["-c", *args], given, streams
    os.chdir(cwd)
    kept = _as_in_a_new_process(cli)
    try:
        with one_core():
            cli.run()
        status = 0                                         # (run always ends with sys.exit)
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else (0 if ended.code is None else 1)
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr, environ, cwd_before, handlers, language, plain = saved
        i18n.choose(language)                              # the test's own calls keep their language
        plainmode._plain = plain
        os.environ.clear()
        os.environ.update(environ)
        os.chdir(cwd_before)
        for name, handler in handlers.items():
            signal.signal(getattr(signal, name), handler)
        for memo, before in kept:
            memo.clear()
            memo.update(before)
    out, err = (_text_mode(stream.buffer.getvalue()) for stream in streams)
    return subprocess.CompletedProcess(["wonders", *args], status, out, err)


def _as_in_a_new_process(cli) -> list[tuple[dict, dict]]:
    """What a user's new process starts without, which a run in this one would otherwise
    inherit from the tests before it: the fits this process read, made and played (which
    `compare` reports), the tables compiled per content path (a test may change a file
    between two runs), the folders known to be rule sets, and Click's help option, worded
    on first use in that run's language.  Returns the per-process memos emptied, with what
    they held, for call_cli to give back after the run."""
    from interpreter import paths
    from interpreter.bots import fitcache
    from interpreter.sim import worker
    paths.is_rule_set.cache_clear()
    paths.shipped_rules_names.cache_clear()
    for command in (cli.main, *cli.main.commands.values()):
        command._help_option = None
    kept = []
    for memo in (fitcache._memo, fitcache._records, fitcache._played, worker._TABLES):
        kept.append((memo, dict(memo)))
        memo.clear()
    return kept


def _names_a_pool(args) -> bool:
    """The run asks for more than one worker (`--workers N`, N > 1) or a Dask cluster."""
    words = list(args)
    asked = [b for a, b in zip(words, words[1:]) if a == "--workers"]
    asked += [w.split("=", 1)[1] for w in words if w.startswith("--workers=")]
    return any(not n.isdigit() or int(n) > 1 for n in asked) or any(w.startswith("--cluster") for w in words)


@contextmanager
def one_core():
    """While it lasts, `wonders` in this process sees one core (interpreter/processes.py's
    `default_workers` is 1 in every module that took it): a study or a fit that names no
    `--workers` runs in this process rather than in a pool."""
    from interpreter import processes
    original = processes.default_workers

    def one() -> int:
        return 1

    def holding(function) -> list:
        return [module for name, module in list(sys.modules.items())
                if (name == "interpreter" or name.startswith("interpreter."))
                and getattr(module, "default_workers", None) is function]
    for module in holding(original):
        module.default_workers = one
    try:
        yield
    finally:
        for module in holding(one):          # with those that imported it meanwhile
            module.default_workers = original


def _text_mode(data: bytes) -> str:
    """Bytes as subprocess.run(text=True) reads them: UTF-8, universal newlines."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def start_cli(*args: str, env: dict | None = None, preexec_fn=None, **popen) -> subprocess.Popen:
    """`wonders ARGS...` started in its own process for a test that talks to it or signals
    it, with the signals' default actions (default_signals) and `env` added to cli_env."""
    def prepare():
        default_signals()
        if preexec_fn is not None:
            preexec_fn()
    return subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", *args], cwd=str(ROOT),
                            env=cli_env(env), preexec_fn=prepare, **popen)


def wait_until(condition, what: str, deadline: float = 120) -> None:
    """Wait until `condition()` holds, looking again every 50 ms; fail naming `what` after a
    generous deadline (a loaded machine is slow, a hang is not), never after a fixed sleep."""
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"waited {deadline} s for {what}")
        time.sleep(0.05)


def default_signals() -> None:
    """Popen's preexec_fn for a command a test sends signals to: Ctrl-C, SIGTERM and SIGHUP
    reach it with their default action even when the test run itself ignores them (a run
    under `nohup` ignores SIGHUP, a background job of a script SIGINT), which the command,
    as documented, would otherwise go on ignoring."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def run_json(*args: str, run=run_cli, **kwargs) -> tuple[subprocess.CompletedProcess, dict]:
    """Run the command with `--format json` (in a process of its own, or as `run` runs it:
    call_json) and return the process and the parsed output."""
    result = run(*args, "--format", "json", **kwargs)
    try:
        data = json.loads(result.stdout)
    except json.JSONDecodeError as err:  # pragma: no cover - reported as a test failure
        raise AssertionError(f"not JSON ({err}):\n{result.stdout}\n{result.stderr}") from None
    return result, data


def call_json(*args: str, **kwargs) -> tuple[subprocess.CompletedProcess, dict]:
    """run_json in this process (call_cli)."""
    return run_json(*args, run=call_cli, **kwargs)


def check_variant(tmp_path: Path, *statements: str, options=(), run=run_cli) -> subprocess.CompletedProcess:
    """`wonders check --variant FILE [options]` for a variant of the first edition saying
    `statements`, one a line (run in a process of its own, or as `run` runs it)."""
    variant = tmp_path / "variant.wonders"
    body = "".join(f"    {line}\n" for line in ('changes "7 Wonders, first edition"', *statements))
    variant.write_text('variant "Tried" {\n' + body + "}\n", encoding="utf-8")
    return run("check", *options, "--variant", str(variant))


def call_variant(tmp_path: Path, *statements: str, options=()) -> subprocess.CompletedProcess:
    """check_variant in this process (call_cli)."""
    return check_variant(tmp_path, *statements, options=options, run=call_cli)


def pytest_configure(config) -> None:
    """The collector of cycles runs less often in the test processes: its youngest
    generation is collected after 50,000 new containers, not CPython's 700.  The tests make
    and drop parse trees, rule sets and games by the thousand, few of them in cycles (the
    engine makes none: tests/test_no_cycles.py), and the default threshold spent about a
    tenth of the quick loop's processor time walking them (77 against 69 s of user time
    for the quick loop, two runs each, 2026-11-30).  What the collector frees is the same;
    it frees it later.  The commands the tests start keep CPython's own thresholds (the
    product's processes: no measurable gain there)."""
    gc.set_threshold(50_000, 20, 50)


def pytest_collection_finish(session) -> None:
    """What is alive once the tests are collected (the modules imported, the content
    parsed at import) lives to the end: frozen out of the collector's reach, so that no
    collection walks it again."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(config, items) -> None:
    """The files with the most tests marked slow first, then those with the most tests (each
    file's tests in their order).  `--dist loadfile` hands the files to the xdist workers in
    this order (pyproject.toml: --no-loadscope-reorder; xdist's own order is by the number of
    tests alone, which put the few long tests of a browser, a cluster or the fuzzers last, one
    core working alone on them while the other had nothing left): the run ends on many short
    files, which even out the two cores' ends."""
    def file_of(item) -> str:
        return item.nodeid.split("::")[0]
    slow = Counter(file_of(item) for item in items if item.get_closest_marker("slow"))
    tests = Counter(file_of(item) for item in items)
    items.sort(key=lambda item: (-slow[file_of(item)], -tests[file_of(item)], file_of(item)))


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A scratch copy of the shipped content folder, safe to edit."""
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target)
    return target


@pytest.fixture(scope="session")
def shipped_ruleset():
    """The shipped content, loaded and checked in this process."""
    from interpreter.check.load import check_paths
    result = check_paths(None)
    assert result.ruleset is not None, [d.message for d in result.diagnostics]
    return result.ruleset


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """Every test runs in English, whatever the locale of the machine running the suite
    (`LANG=nl_NL.UTF-8` would make the program speak Dutch); a test of another language
    asks for it (tests/test_localisation.py)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    from interpreter import i18n
    i18n.choose(i18n.ENGLISH)          # a test before it in this process may have chosen Dutch
    yield
    i18n.choose(i18n.ENGLISH)


@pytest.fixture(scope="session")
def _fit_caches(tmp_path_factory) -> Iterator[Path]:
    """The folder of this process's tests' cache folders (own_fit_cache), numbered in it."""
    yield tmp_path_factory.mktemp("fit-caches")


_NUMBERS = itertools.count()


@pytest.fixture(autouse=True)
def own_fit_cache(_fit_caches, monkeypatch):
    """Each test its own cache folder (WONDERS_CACHE_DIR): no test reads or writes the
    user's fits, and no test sees another's; parsed content is the run's (PARSED).  A new
    numbered folder of _fit_caches: a fifth of the time of tmp_path_factory.mktemp, which
    lists the folders it numbers, in each of the suite's 5,000 tests."""
    folder = _fit_caches / str(next(_NUMBERS))
    folder.mkdir()
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(folder))
    monkeypatch.setenv("WONDERS_PARSED_DIR", str(PARSED))
