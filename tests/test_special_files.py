"""Pipes, devices and sockets named like content are refused with a diagnostic naming
them, wherever content is read (a folder's files and subfolders, its `variants/`,
`--variant FILE`, a plug-in bot's file), never waited on and never passed over in silence."""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

pytestmark = [pytest.mark.skipif(os.name != "posix" or not hasattr(os, "mkfifo"), reason="POSIX special files"),
              pytest.mark.slow]        # (pyproject.toml: what `slow` means)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    return target


def _refused(result, path: Path, kind: str) -> None:
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f"error[E0007]: cannot read file: it is {kind}, not a regular file\n --> {path}:1:1" in result.stdout


def test_a_pipe_in_a_subfolder_is_refused_not_waited_on(folder):
    (folder / "extra").mkdir()
    fifo = folder / "extra" / "more.wonders"
    os.mkfifo(fifo)
    _refused(run_cli("check", str(folder), timeout=60), fifo, "a pipe (FIFO)")


def test_a_pipe_beside_the_content_is_named_not_skipped(folder):
    fifo = folder / "more.wonders"
    os.mkfifo(fifo)
    _refused(run_cli("check", str(folder), timeout=60), fifo, "a pipe (FIFO)")


def test_a_device_and_a_socket_in_the_folder_are_refused(folder):
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null")
    device = folder / "null.wonders"
    device.symlink_to("/dev/null")
    _refused(run_cli("check", str(folder), timeout=60), device, "a character device")
    device.unlink()
    sock = socket.socket(socket.AF_UNIX)
    path = folder / "s.wonders"
    try:
        sock.bind(str(path))
    except OSError as err:                     # a path too long for a socket address
        pytest.skip(f"cannot bind a socket here: {err}")
    try:
        _refused(run_cli("check", str(folder), timeout=60), path, "a socket")
    finally:
        sock.close()


def test_a_pipe_among_the_variants_is_refused(folder):
    fifo = folder / "variants" / "broken.wonders"
    os.mkfifo(fifo)
    _refused(run_cli("check", str(folder), timeout=60), fifo, "a pipe (FIFO)")
    # named with --variant, as a path or by name
    _refused(run_cli("check", str(folder), "--variant", str(fifo), timeout=60), fifo, "a pipe (FIFO)")
    _refused(run_cli("check", str(folder), "--variant", "broken", timeout=60), fifo, "a pipe (FIFO)")


def test_a_pipe_as_a_plug_in_bot_is_refused(tmp_path):
    fifo = tmp_path / "bot.py"
    os.mkfifo(fifo)
    result = run_cli("play", "--players", "3", "--bots", f"{fifo}:Bot,random,random", timeout=60)
    assert result.returncode == 2
    assert f"{fifo} is a pipe (FIFO), not a Python file" in result.stderr
