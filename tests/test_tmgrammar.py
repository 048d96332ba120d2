"""The TextMate grammar and the VS Code extension (editors/vscode/).

The grammar is generated from the grammar's words (interpreter/editor/textmate.py): the
committed file must be what the generator prints.  Its scopes are checked on sample files
with vscode-tmgrammar-test from the npm registry (pinned in editors/vscode/package.json,
installed by `npm ci` there, as .ci/run does), and all shipped content must tokenise with
no `invalid` scope, as VS Code itself tokenises it (vscode-textmate and Oniguruma).  The
extension's client is tested with node's test runner.  Tests that need node or the npm
packages are skipped with the reason when those are missing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from conftest import ROOT
from interpreter.editor.grammar_words import grammar_words
from interpreter.editor.textmate import grammar, grammar_json

VSCODE = ROOT / "editors" / "vscode"
GRAMMAR_FILE = VSCODE / "syntaxes" / "wonders.tmLanguage.json"
RUNNER = VSCODE / "node_modules" / ".bin" / "vscode-tmgrammar-test"
SAMPLES = sorted((VSCODE / "tests").glob("*.test.wonders"))
CONTENT_FILES = sorted((ROOT / "content").rglob("*.wonders"))


def needs_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (apt-get install nodejs npm): the VS Code parts are not tested")
    return node


def needs_npm_packages():
    needs_node()
    if not RUNNER.exists():
        pytest.skip(f"the npm packages are not installed: run `npm ci` in {VSCODE.relative_to(ROOT)}")


def test_the_committed_grammar_is_the_generated_one():
    assert GRAMMAR_FILE.read_text(encoding="utf-8") == grammar_json(), \
        "regenerate: python -m interpreter.editor.textmate > editors/vscode/syntaxes/wonders.tmLanguage.json"


def test_every_word_of_the_grammar_has_its_keyword_scope():
    """Statement words one scope, other words another; declaration words are declarations
    first on a line or before a name, an ordinary word elsewhere (`per wonder stage`)."""
    repository = grammar()["repository"]
    patterns = {key: re.compile(repository[key]["match"])
                for key in ("declaration", "declaration-word", "statement", "keyword")}
    g = grammar_words()
    expected = {**{w: {"statement"} for w in g.statements}, **{w: {"keyword"} for w in g.others},
                **{w: {"declaration", "declaration-word", "keyword"} for w in g.declarations}}
    assert set(expected) == set(g.keywords)
    for word, scopes in expected.items():
        assert {key for key, regex in patterns.items() if regex.fullmatch(word)} == scopes, word
        assert not any(regex.search(word + "x") for regex in patterns.values()), word   # whole names only
    assert patterns["declaration"].match("    card") and not patterns["declaration"].search("per card")


def test_the_manifest_pins_its_packages():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    pinned = {**manifest["dependencies"], **manifest["devDependencies"]}
    assert "vscode-tmgrammar-test" in pinned and "vscode-languageclient" in pinned
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", version) for version in pinned.values()), pinned
    lock = json.loads((VSCODE / "package-lock.json").read_text(encoding="utf-8"))
    for name, version in pinned.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name
    assert "node_modules/" in (VSCODE / ".gitignore").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_sample_files_have_the_scopes_they_assert():
    needs_npm_packages()
    assert len(SAMPLES) >= 2
    result = subprocess.run([str(RUNNER), "-g", str(GRAMMAR_FILE.relative_to(VSCODE)), "tests/*.test.wonders"],
                            cwd=VSCODE, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("run successfuly") == len(SAMPLES), result.stdout


@pytest.mark.slow
def test_a_wrong_scope_assertion_fails(tmp_path):
    needs_npm_packages()
    wrong = tmp_path / "wrong.test.wonders"
    wrong.write_text('# SYNTAX TEST "source.wonders" "a deliberate mistake"\ncard "X" {}\n'
                     "# <---- keyword.control.wonders\n", encoding="utf-8")
    result = subprocess.run([str(RUNNER), "-g", str(GRAMMAR_FILE), str(wrong)],
                            cwd=VSCODE, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "missing required scopes: keyword.control.wonders" in result.stdout + result.stderr


@pytest.mark.slow
def test_shipped_content_has_no_invalid_token():
    needs_npm_packages()
    bad_sample = VSCODE / "tests" / "rules.test.wonders"
    result = subprocess.run(["node", "test/invalid-tokens.js", *map(str, CONTENT_FILES), str(bad_sample)],
                            cwd=VSCODE, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert [f for f in found if not f[0].endswith("rules.test.wonders")] == []
    assert [text for _, _, text in found] == ["'", "'", "@", '"open']     # the sample's deliberate errors


def test_the_extension_starts_the_language_server():
    needs_node()
    result = subprocess.run(["node", "--test", "test/extension.test.js"], cwd=VSCODE,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^# pass [1-9]", result.stdout, re.M) and re.search(r"^# fail 0", result.stdout, re.M)


def _lsp_message(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def _read_lsp_message(stream) -> dict:
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise AssertionError("the server closed its output before answering")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


@pytest.mark.slow
def test_the_extension_default_command_starts_a_language_server():
    """What the extension runs by default (`wonders` with the arguments of package.json)
    answers an LSP `initialize` on stdio: the two ends of the VS Code set-up meet."""
    import os
    import sys
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    settings = manifest["contributes"]["configuration"]["properties"]
    assert settings["wonders.server.command"]["default"] == "wonders"
    args = settings["wonders.server.args"]["default"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    probe = subprocess.run([sys.executable, "-c", "import cli; cli.run()", args[0], "--help"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip(f"`wonders {args[0]}` is not available here: {probe.stderr.strip().splitlines()[-1:]}")
    server = subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", *args], cwd=ROOT, env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        server.stdin.write(_lsp_message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                         "params": {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}}))
        server.stdin.flush()
        answer = _read_lsp_message(server.stdout)
        while "id" not in answer:                      # notifications (logs) may come first
            answer = _read_lsp_message(server.stdout)
        assert answer["id"] == 1 and "capabilities" in answer["result"], answer
        for message in ({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}):
            server.stdin.write(_lsp_message(message))
        server.stdin.flush()
        assert server.wait(timeout=120) == 0          # a bound on a hang, not a speed
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
