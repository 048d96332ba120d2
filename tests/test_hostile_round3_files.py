"""Issue 36, the third hostile round: what `wonders` writes and keeps never harms the user's
files.  A writer given a FIFO or a device writes into it in place and replaces only regular
files (items 3); the two caches keep to regular files of the user's own in folders no one
else can write, read no more than a bound, follow no link and delete only what they wrote
(item 4); processes, seeds and budgets are bounded before any work starts (item 6).

The tests run as root here: a device is made with mknod (a copy of /dev/null's, 1:3), and
a fit "planted by another user" is a file chowned to another uid."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, cli_env, run_cli

ROOT_ONLY = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                               reason="making a device (mknod) and chowning to another user need root")


# ---------------------------------------------------------------- item 3: writers
def null_device(folder: Path) -> Path:
    """A character device of our own that acts as /dev/null (major 1, minor 3)."""
    path = folder / "null"
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


class FifoReader:
    """A FIFO at `path` with a thread reading it to the end.  A hard link to the FIFO lets the
    test release the reader even if a writer renamed a file over the FIFO's name."""

    def __init__(self, folder: Path, name: str = "pipe"):
        self.path, self.keep = folder / name, folder / f".{name}.kept"
        os.mkfifo(self.path)
        os.link(self.path, self.keep)
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with open(self.keep, "rb") as stream:
            self.data = stream.read()

    def received(self) -> bytes:
        """What the reader got, once it is done (released with nothing if no one wrote)."""
        self.thread.join(60)
        if self.thread.is_alive():
            os.close(os.open(self.keep, os.O_WRONLY | os.O_NONBLOCK))
            self.thread.join(10)
        return self.data


def a_log(tmp_path: Path) -> Path:
    log = tmp_path / "game.json"
    result = call_cli("play", "--players", "3", "--seed", "1", "--log", str(log))
    assert result.returncode == 0, result.stderr
    return log


def writer_commands(tmp_path: Path) -> dict[str, list[str]]:
    """Each writer, by the option that names its output (TARGET stands for it)."""
    return {
        "play --log": ["play", "--players", "3", "--seed", "1", "--log", "TARGET"],
        "replay --save": ["replay", str(a_log(tmp_path)), "--save", "TARGET"],
        "render --braille": ["render", "--braille", "TARGET"],
        "simulate --report": ["simulate", "--bots", "random", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                              "--report", "TARGET"],
        "compare --report": ["compare", "--bots", "random", "--variant", "selling-gives-2", "--players", "3", "--games", "2",
                             "--workers", "1", "--quiet", "--report", "TARGET"],
    }


WRITERS = ["play --log", "replay --save", "render --braille", "simulate --report", "compare --report"]


def run_writer(tmp_path: Path, which: str, target: Path) -> subprocess.CompletedProcess:
    args = [str(target) if a == "TARGET" else a for a in writer_commands(tmp_path)[which]]
    return run_cli(*args)


@ROOT_ONLY
@pytest.mark.slow
@pytest.mark.parametrize("which", WRITERS)
def test_a_writer_writes_into_a_device_in_place(which, tmp_path):
    device = null_device(tmp_path)
    result = run_writer(tmp_path, which, device)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode) and os.stat(device).st_rdev == os.makedev(1, 3)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".null")] == []      # no temporary left


@pytest.mark.slow
@pytest.mark.parametrize("which", WRITERS)
def test_a_writer_writes_into_a_fifo_in_place_for_its_reader(which, tmp_path):
    fifo = FifoReader(tmp_path)
    result = run_writer(tmp_path, which, fifo.path)
    got = fifo.received()
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo.path).st_mode)
    assert got
    if which in ("play --log", "replay --save"):          # one whole JSON document: what a file gets
        regular = tmp_path / "regular.json"
        assert run_writer(tmp_path, which, regular).returncode == 0
        assert json.loads(got) == json.loads(regular.read_text(encoding="utf-8"))


@ROOT_ONLY
@pytest.mark.slow
def test_play_log_dev_null_leaves_dev_null_a_device(tmp_path):
    """As root, `play --log /dev/null` renamed a regular file over /dev/null.  Only tried on
    /dev/null once the same command has left a device of our own a device."""
    device = null_device(tmp_path)
    assert run_cli("play", "--players", "3", "--log", str(device)).returncode == 0
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    before = os.lstat("/dev/null")
    result = run_cli("play", "--players", "3", "--log", "/dev/null")
    after = os.lstat("/dev/null")
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@ROOT_ONLY
def test_the_shared_writer_writes_a_device_or_fifo_in_place_and_replaces_a_regular_file(tmp_path):
    from interpreter.atomic import write_atomic
    device = null_device(tmp_path)
    write_atomic(device, "text\n")
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    link = tmp_path / "link-to-device"
    link.symlink_to(device)
    write_atomic(link, "text\n")
    assert link.is_symlink() and stat.S_ISCHR(os.lstat(device).st_mode)
    fifo = FifoReader(tmp_path)
    write_atomic(fifo.path, "through the pipe\n")
    assert fifo.received() == b"through the pipe\n" and stat.S_ISFIFO(os.lstat(fifo.path).st_mode)
    regular = tmp_path / "plain.txt"
    regular.write_text("old", encoding="utf-8")
    inode = os.stat(regular).st_ino
    write_atomic(regular, "new")
    assert regular.read_text(encoding="utf-8") == "new" and os.stat(regular).st_ino != inode    # replaced whole


def test_the_shared_writer_refuses_a_socket_in_words(tmp_path):
    import socket
    from interpreter.atomic import write_atomic
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        with pytest.raises(OSError, match="socket"):
            write_atomic(path, "x")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()


@ROOT_ONLY
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_simulate_out_refuses_a_device_or_fifo_in_words(kind, tmp_path):
    target = null_device(tmp_path) if kind == "device" else tmp_path / "pipe"
    if kind == "fifo":
        os.mkfifo(target)
    result = run_cli("simulate", "--bots", "random", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                     "--out", str(target))
    assert result.returncode == 2 and "not a regular file" in result.stderr
    assert (stat.S_ISCHR if kind == "device" else stat.S_ISFIFO)(os.lstat(target).st_mode)


# ---------------------------------------------------------------- item 4: the parsed-tree cache
def own_cache_env(cache_root: Path) -> dict:
    """The environment of a `wonders` run whose whole cache, parsed content included, is
    `cache_root` (not the test run's shared parsed folder)."""
    env = cli_env({"WONDERS_CACHE_DIR": str(cache_root)})
    env.pop("WONDERS_PARSED_DIR", None)
    return env


def run_in(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", *args], cwd=str(ROOT), env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout)


def users_files(folder: Path, count: int = 300) -> dict[str, str]:
    """`count` JSON files of the user's own in `folder` (as a user's data folder holds)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for n in range(count):
        name = f"{n:064x}.json" if n % 5 == 0 else f"note-{n}.json"     # some named as entries are
        text = json.dumps({"mine": n})
        (folder / name).write_text(text, encoding="utf-8")
        files[name] = text
    return files


def unchanged(folder: Path, files: dict[str, str]) -> bool:
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} == files


@pytest.mark.slow
def test_a_parsed_folder_that_is_a_link_is_not_used_and_nothing_where_it_points_is_touched(tmp_path):
    mine = tmp_path / "my-data"
    files = users_files(mine)
    root = tmp_path / "cache"
    root.mkdir()
    (root / "parsed").symlink_to(mine, target_is_directory=True)
    result = run_in(own_cache_env(root), "check")
    assert result.returncode == 0, result.stderr
    assert unchanged(mine, files)
    assert result.stderr.count("is not used") == 1 and "symbolic link" in result.stderr
    assert (root / "parsed").is_symlink()


def test_pruning_deletes_only_entries_the_cache_wrote(tmp_path, monkeypatch):
    from collections import OrderedDict
    from interpreter.syntax import treecache
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WONDERS_PARSED_DIR", raising=False)
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    monkeypatch.setattr(treecache, "MAX_ENTRIES", 2)
    folder = treecache.cache_folder()
    folder.mkdir(parents=True, mode=0o700)
    files = users_files(folder, 30)
    for n in range(4):
        text = f'variant "V{n}" {{\n    changes "7 Wonders, first edition"\n    set sell for {n} coins\n}}\n'
        treecache.parse_cached(text, "v.wonders")
    ours = {p.name for p in folder.iterdir()} - set(files)
    assert len(ours) == 2
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name in files} == files


@pytest.mark.slow
def test_a_fifo_among_the_parsed_entries_hangs_no_command(tmp_path):
    from interpreter.syntax import treecache
    root = tmp_path / "cache"
    (root / "parsed").mkdir(parents=True, mode=0o700)
    fifos = [root / "parsed" / f"{treecache.entry_key(path.read_text(encoding='utf-8'))}.json"
             for path in sorted((ROOT / "content").glob("*.wonders"))]     # where each file's entry goes
    for fifo in fifos:
        os.mkfifo(fifo, 0o600)
    result = run_in(own_cache_env(root), "check", timeout=60)
    assert result.returncode == 0, result.stderr
    assert all(stat.S_ISFIFO(fifo.lstat().st_mode) for fifo in fifos)


@ROOT_ONLY
def test_a_parsed_entry_or_folder_of_another_user_is_not_used(tmp_path, monkeypatch, capsys):
    from collections import OrderedDict
    from interpreter.syntax import parser, treecache
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WONDERS_PARSED_DIR", raising=False)
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    text = (ROOT / "content" / "variants" / "selling-gives-2.wonders").read_text(encoding="utf-8")
    treecache.parse_cached(text, "kept.wonders")
    entry = treecache.entry_path(treecache.entry_key(text))
    os.chown(entry, 4242, 4242)
    calls = []
    original = parser.parse_text
    monkeypatch.setattr(parser, "parse_text", lambda *a: calls.append(a) or original(*a))
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    assert treecache.parse_cached(text, "kept.wonders")[1] == [] and calls          # parsed, not read
    assert os.stat(entry).st_uid == 4242                                             # and left as it is
    os.chown(entry.parent, 4242, 4242)
    assert treecache.entry_path(treecache.entry_key(text)) is None
    assert "belongs to another user" in capsys.readouterr().err


def test_a_parsed_entry_above_the_bound_is_not_read(tmp_path, monkeypatch):
    from collections import OrderedDict
    from interpreter.syntax import parser, treecache
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WONDERS_PARSED_DIR", raising=False)
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    text = (ROOT / "content" / "variants" / "selling-gives-2.wonders").read_text(encoding="utf-8")
    treecache.parse_cached(text, "kept.wonders")
    entry = treecache.entry_path(treecache.entry_key(text))
    with open(entry, "ab") as handle:
        handle.truncate(treecache.MAX_ENTRY_BYTES + 1)          # a sparse file past the bound
    calls = []
    original = parser.parse_text
    monkeypatch.setattr(parser, "parse_text", lambda *a: calls.append(a) or original(*a))
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    assert treecache.parse_cached(text, "kept.wonders")[1] == [] and calls


# ---------------------------------------------------------------- item 4: the adaptive bot's fit cache
TINY = ("--generations", "1", "--games", "2", "--workers", "1")     # train with these runs in-process (call_cli)
TINY_BOT = "adaptive:generations=1,games=2"


def fits_folder() -> Path:
    return Path(os.environ["WONDERS_CACHE_DIR"]) / "adaptive"


def trained() -> Path:
    """A fit kept by `train` (3 players, tiny): its file."""
    result = call_cli("train", "--players", "3", *TINY, "--format", "json")
    assert result.returncode == 0, result.stderr
    return Path(json.loads(result.stdout)["file"])


def play_adaptive(timeout: float | None = None) -> subprocess.CompletedProcess:
    """A game of tiny adaptive players: in this process (call_cli: a first use's fit on one
    core), or, given a `timeout` (a file that could hang or exhaust the run), in a process
    of its own (run_cli)."""
    args = ("play", "--players", "3", "--seed", "1", "--bots", TINY_BOT)
    return call_cli(*args) if timeout is None else run_cli(*args, timeout=timeout)


@pytest.mark.slow
def test_an_adaptive_folder_that_is_a_link_is_not_used_and_nothing_where_it_points_is_touched(tmp_path):
    mine = tmp_path / "my-data"
    files = users_files(mine)
    fits_folder().parent.mkdir(parents=True, exist_ok=True)
    fits_folder().symlink_to(mine, target_is_directory=True)
    result = call_cli("train", "--players", "3", *TINY, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["file"] is None
    assert result.stderr.count("is not used") == 1 and "symbolic link" in result.stderr
    played = play_adaptive()
    assert played.returncode == 0, played.stderr
    assert unchanged(mine, files) and fits_folder().is_symlink()


@pytest.mark.slow
def test_a_fit_file_that_is_a_link_is_neither_read_nor_written_through(tmp_path):
    path = trained()
    mine = tmp_path / "mine.json"
    mine.write_bytes(path.read_bytes())                  # a fit, even: still not read through a link
    before = mine.read_bytes()
    path.unlink()
    path.symlink_to(mine)
    result = play_adaptive()
    assert result.returncode == 0, result.stderr
    assert "symbolic link" in result.stderr and "fitting" in result.stderr
    again = call_cli("train", "--players", "3", *TINY)
    assert again.returncode == 0 and "left as it is" in again.stderr and "not kept" in again.stdout
    assert path.is_symlink() and mine.read_bytes() == before


@pytest.mark.slow
def test_a_fifo_as_a_fit_file_hangs_no_command():
    fits_folder().mkdir(parents=True, mode=0o700)
    path = trained()
    path.unlink()
    os.mkfifo(path, 0o600)
    result = play_adaptive(timeout=60)
    assert result.returncode == 0, result.stderr
    assert "not a regular file" in result.stderr and stat.S_ISFIFO(os.lstat(path).st_mode)


@pytest.mark.slow
def test_a_huge_fit_file_is_refused_in_words_not_read():
    path = trained()
    with open(path, "r+b") as handle:
        handle.truncate(4 << 30)                         # 4 GiB, sparse: read whole, exit 70
    result = play_adaptive(timeout=120)
    assert result.returncode == 0, result.stderr
    assert "larger than the bound" in result.stderr and "fitting" in result.stderr


@ROOT_ONLY
@pytest.mark.slow
def test_a_fit_planted_by_another_user_is_not_trusted():
    path = trained()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["weights"] = [5.0] * len(data["weights"])       # what the planter wants played
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.chown(path, 4242, 4242)
    result = play_adaptive()
    assert result.returncode == 0, result.stderr
    assert "belongs to another user" in result.stderr and "fitting" in result.stderr
    assert os.stat(path).st_uid == 4242 and json.loads(path.read_text(encoding="utf-8")) == data


@pytest.mark.slow
def test_a_fits_text_is_shown_with_its_control_characters_escaped():
    path = trained()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"] = "\x1b]0;pwned\x07\x1b[2J\u009b31m rules"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    result = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                      "--bots", "adaptive")
    assert result.returncode == 0, result.stderr
    assert "\\x1b]0;pwned\\x07" in result.stdout
    assert not any(c in result.stdout + result.stderr for c in "\x1b\x07\u009b")


# ---------------------------------------------------------------- item 6: bounded processes, seeds, budgets
def test_workers_are_capped_by_the_work_and_the_cores_in_one_place():
    from interpreter.processes import MAX_WORKERS, worker_count
    from interpreter.sim import runner
    assert MAX_WORKERS == 4 * (os.cpu_count() or 1)
    assert worker_count(100_000, 10 ** 12) == MAX_WORKERS
    assert worker_count(100_000, 3) == min(3, MAX_WORKERS) and worker_count(2, 10 ** 6) == min(2, MAX_WORKERS)
    assert worker_count(None, 10 ** 6) == min(os.cpu_count() or 1, MAX_WORKERS) and worker_count(5, 0) == 1
    assert runner.worker_count is worker_count          # simulate, compare and ladder: the same cap


class _NoPool(Exception):
    pass


def test_a_fit_asked_for_100000_workers_starts_no_more_than_its_work_and_the_cores(monkeypatch, shipped_ruleset):
    """The cap is decided before any process starts: the pool is asked for at most a
    generation's tasks and four per core (the pool here starts nothing: it says what it was
    asked and stops the fit)."""
    from interpreter.bots import fitting
    from interpreter.compile import compile_rules
    from interpreter.processes import MAX_WORKERS
    asked = []

    def pool(max_workers, **_kwargs):
        asked.append(max_workers)
        raise _NoPool
    monkeypatch.setattr(fitting, "ProcessPoolExecutor", pool)
    with pytest.raises(_NoPool):
        fitting.fit(compile_rules(shipped_ruleset), 3, workers=100_000, generations=1, games=2, budget=1)
    assert asked and asked[0] <= min(MAX_WORKERS, 24)


@pytest.mark.slow
def test_train_with_100000_workers_finishes_within_the_cap():
    result = run_cli("train", "--players", "3", "--generations", "1", "--games", "2", "--budget", "5",
                     "--workers", "100000", "--quiet", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["generations"] == 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", ["4294967296", "-1", "99999999999999999999"])
def test_a_fit_seed_out_of_32_bits_is_a_usage_error_naming_it(seed):
    result = call_cli("train", "--players", "3", *TINY, "--seed", seed)
    assert result.returncode == 2 and "--seed" in result.stderr and "4294967295" in result.stderr
    for command in (("play", "--players", "3"), ("simulate", "--bots", "random", "--players", "3", "--games", "1", "--workers", "1")):
        result = call_cli(*command, "--bots", f"adaptive:fit_seed={seed}")
        assert result.returncode == 2 and "fit_seed" in result.stderr and "4294967295" in result.stderr
        assert "internal error" not in result.stderr


@pytest.mark.slow
def test_the_largest_fit_seed_fits_and_plays():
    result = call_cli("train", "--players", "3", *TINY, "--seed", "4294967295", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["seed"] == 4294967295
    played = call_cli("play", "--players", "3", "--bots", "adaptive:fit_seed=4294967295")
    assert played.returncode == 0 and "fitting" not in played.stderr, played.stderr


def test_the_largest_fit_seed_has_a_search_seed_of_its_own_within_32_bits():
    from interpreter.bots.fitting import cma_seed
    from interpreter.fitdefaults import SEED_MAX
    assert [cma_seed(s) for s in (0, 1, 7)] == [1, 2, 8]         # as before: every kept fit stays the same
    assert 1 <= cma_seed(SEED_MAX) <= SEED_MAX and cma_seed(SEED_MAX - 1) == SEED_MAX


@pytest.mark.slow
@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "NaN", "0", "-1"])
def test_a_budget_that_is_not_a_finite_positive_number_is_refused_and_the_kept_fit_stays(budget):
    path = trained()
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    result = call_cli("train", "--players", "3", *TINY, "--budget", budget)
    assert result.returncode == 2 and "--budget" in result.stderr, result.stderr
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    played = call_cli("play", "--players", "3", "--bots", f"adaptive:budget={budget}")
    assert played.returncode == 2 and "budget" in played.stderr


def test_bot_parameters_refuse_nan_and_infinity():
    from interpreter.bots import BotSpecError, make_bot
    for spec in ("adaptive:budget=nan", "adaptive:budget=inf", "mcts:seconds=inf", "mcts:explore=nan"):
        with pytest.raises(BotSpecError):
            make_bot(spec, 0)


@pytest.mark.slow
@pytest.mark.parametrize("command", [
    ("simulate", "--bots", "random", "--players", "3", "--games", "3", "--quiet"),
    ("compare", "--bots", "random", "--variant", "selling-gives-2", "--players", "3", "--games", "2", "--quiet"),
    ("ladder", "--bots", "random,greedy", "--games", "2", "--quiet"),
])
def test_studies_with_100000_workers_start_no_more_than_their_games(command):
    """(The games bound the processes here: two or three, whatever --workers asks.)"""
    result = run_cli(*command, "--workers", "100000")
    assert result.returncode == 0, result.stderr
