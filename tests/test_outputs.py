"""No command writes over a file it reads or over another of its outputs: the run is
refused (exit status 2) before anything is written, and the user's file is left as it
was.  Issue 21: `--report` equal to `--out` replaced the records with the report."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

SIM = ("--quiet", "--players", "3", "--workers", "1")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(result, option: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert option in result.stderr and "Traceback" not in result.stderr


@pytest.fixture
def records(tmp_path) -> Path:
    out = tmp_path / "runs.jsonl"
    made = call_cli("simulate", "--workers", "1", "--bots", "random", *SIM, "--games", "2", "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


@pytest.mark.parametrize("how", ["--resume", "--force"])
def test_a_report_on_the_records_file_is_refused(records, how):
    before = records.read_bytes()
    result = call_cli("simulate", "--workers", "1", "--bots", "random", *SIM, "--games", "3", "--out", str(records), how, "--report", str(records))
    refused(result, "--report")
    assert "--out" in result.stderr
    assert records.read_bytes() == before


def test_a_compare_report_on_its_own_records_is_refused(tmp_path):
    folder = tmp_path / "cmp"
    made = call_cli("compare", "--workers", "1", "--bots", "random", *SIM, "--games", "2", "--variant", "cheap-trade", "--out", str(folder))
    assert made.returncode == 0, made.stderr
    before = snapshot(folder)
    result = call_cli("compare", "--workers", "1", "--bots", "random", *SIM, "--games", "3", "--variant", "cheap-trade", "--out", str(folder),
                     "--resume", "--report", str(folder / "a.jsonl"))
    refused(result, "--report")
    assert snapshot(folder) == before


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_outputs_on_content_or_variant_files_are_refused(tmp_path, content_copy, command):
    before = snapshot(content_copy)
    variant = content_copy / "variants" / "cheap-trade.wonders"
    for target, what in [(content_copy / "age1.wonders", "a content file"), (variant, "a variant file")]:
        result = call_cli(command, "--bots", "random", *SIM, "--games", "2", "--content", str(content_copy), "--variant", str(variant),
                         "--report", str(target))
        refused(result, "--report")
        assert what in result.stderr
    result = call_cli("simulate", "--workers", "1", "--bots", "random", *SIM, "--games", "2", "--content", str(content_copy), "--force",
                     "--out", str(content_copy / "base.wonders"))
    refused(result, "--out")
    assert snapshot(content_copy) == before


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_an_empty_report_path_is_a_usage_error(command, tmp_path):
    result = call_cli(command, "--bots", "random", *SIM, "--games", "2", "--variant", "cheap-trade", "--report", "", cwd=tmp_path)
    refused(result, "--report")
    assert "empty" in result.stderr and list(tmp_path.iterdir()) == []


def test_an_empty_render_folder_is_a_usage_error(tmp_path):
    result = call_cli("render", "--out", "", cwd=tmp_path)
    refused(result, "--out")
    assert list(tmp_path.iterdir()) == []


def test_a_play_log_over_its_content_save_or_bot_is_refused(tmp_path, content_copy):
    before = snapshot(content_copy)
    result = call_cli("play", "--players", "3", "--content", str(content_copy),
                     "--log", str(content_copy / "age2.wonders"))
    refused(result, "--log")
    assert snapshot(content_copy) == before
    bot = tmp_path / "mybot.py"
    shutil.copy(ROOT / "tests" / "scenario.py", bot)
    text = bot.read_bytes()
    result = call_cli("play", "--players", "3", "--bots", f"{bot}:Anything", "--log", str(bot))
    refused(result, "--log")
    assert bot.read_bytes() == text
    log, save = tmp_path / "game.json", tmp_path / "position.json"
    made = call_cli("play", "--players", "3", "--log", str(log))
    assert made.returncode == 0, made.stderr
    saved = call_cli("replay", str(log), "--to", "4", "--save", str(save))
    assert saved.returncode == 0, saved.stderr
    position = save.read_bytes()
    result = call_cli("play", "--load", str(save), "--log", str(save))
    refused(result, "--log")
    assert save.read_bytes() == position


def test_a_replay_save_over_a_content_file_is_refused(tmp_path, content_copy):
    log = tmp_path / "game.json"
    made = call_cli("play", "--players", "3", "--content", str(content_copy), "--log", str(log))
    assert made.returncode == 0, made.stderr
    before = snapshot(content_copy)
    result = call_cli("replay", str(log), "--content", str(content_copy), "--save",
                     str(content_copy / "guilds.wonders"))
    refused(result, "--save")
    assert snapshot(content_copy) == before


def test_fmt_leaves_a_read_only_file_alone(tmp_path):
    source = tmp_path / "messy.wonders"
    shutil.copy(ROOT / "docs" / "examples" / "unformatted.wonders", source)
    before = source.read_bytes()
    source.chmod(0o444)
    try:
        result = call_cli("fmt", str(source))
        assert result.returncode == 1, result.stderr
        assert "read-only" in result.stderr and "Traceback" not in result.stderr
        assert source.read_bytes() == before and source.stat().st_mode & 0o777 == 0o444
    finally:
        source.chmod(0o644)
    assert call_cli("fmt", str(source)).returncode == 0 and source.read_bytes() != before
