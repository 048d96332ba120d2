"""`wonders lsp` driven as an editor drives it: JSON-RPC over the server's stdin and stdout
(tests/lsp_client.py), on a copy of the shipped content.  One server for the module; each
test opens the files it needs and puts back what it changed."""

from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("pygls", reason="the `lsp` extra (pygls) is not installed")

from conftest import ROOT, call_cli  # noqa: E402
from interpreter.syntax.formatter import format_text  # noqa: E402
from lsp_client import Client, position_of, uri  # noqa: E402


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    target = tmp_path_factory.mktemp("lsp") / "content"
    shutil.copytree(ROOT / "content", target)
    return target


@pytest.fixture(scope="module")
def client(folder):
    c = Client(folder)
    yield c
    c.close()


def _open(client, path):
    file_uri = client.open(path)
    assert client.diagnostics(file_uri) == []
    return file_uri, path.read_text(encoding="utf-8")


def _restore(client, file_uri, text):
    client.change(file_uri, text)
    assert client.diagnostics(file_uri) == []


# ---------------------------------------------------------------- diagnostics
@pytest.mark.slow
def test_diagnostics_follow_the_edits_with_the_checks_codes_and_messages(client, folder, tmp_path):
    file_uri, text = _open(client, folder / "age1.wonders")
    typo = text.replace("produces ore / clay", "produces ore / clai", 1)
    client.change(file_uri, typo)
    found = client.diagnostics(file_uri)

    # `wonders check` on the same folder, with the edit saved, says the same
    copy = tmp_path / "content"
    shutil.copytree(folder, copy)
    (copy / "age1.wonders").write_text(typo, encoding="utf-8")
    checked = json.loads(call_cli("check", str(copy), "--format", "json").stdout)["diagnostics"]
    assert [(d["code"], d["message"]) for d in checked] == [("E1001", "unknown resource `clai`")]
    assert [(d["code"], d["message"].split(":")[0], d["severity"]) for d in found] == [
        ("E1001", "unknown resource `clai`", 1)]
    line, character = position_of(typo, "clai")
    assert found[0]["range"]["start"] == {"line": line, "character": character}
    assert "did you mean `clay`?" in found[0]["message"]

    # an incremental edit: the word fixed in place
    client.change(file_uri, "clay", (line, character), (line, character + 4))
    assert client.diagnostics(file_uri) == []


@pytest.mark.slow
def test_a_syntax_error_and_an_error_found_across_the_folder(client, folder):
    file_uri, text = _open(client, folder / "age2.wonders")
    client.change(file_uri, text.replace('card "Walls" {', 'card "Walls" {\n    colour red', 1))
    (found,) = client.diagnostics(file_uri)
    assert found["code"] == "E0001" and found["message"].startswith("unexpected `colour`")
    # a chain to a card of another file: renaming Baths in age1 breaks age2's chain
    client.change(file_uri, text.replace('free with "Baths"', 'free with "Bath"', 1))
    (found,) = client.diagnostics(file_uri)
    assert (found["code"], found["message"]) == ("E1004", 'unknown card "Bath": no card has this name\nhelp: did you mean "Baths"?')
    _restore(client, file_uri, text)


def test_a_variant_is_checked_applied_to_its_folder(client, folder):
    file_uri, text = _open(client, folder / "variants" / "colosseum.wonders")
    client.change(file_uri, text.replace('modify card "Walls"', 'modify card "Wals"'))
    (found,) = client.diagnostics(file_uri)
    assert found["code"].startswith("E14") and "Wals" in found["message"]
    _restore(client, file_uri, text)


def test_an_edit_to_the_content_shows_in_the_open_variants_it_breaks(client, folder):
    variant, vtext = _open(client, folder / "variants" / "colosseum.wonders")
    age2, text = _open(client, folder / "age2.wonders")
    assert client.diagnostics(variant) == []             # checked again, still clean
    client.change(age2, text.replace('card "Walls" {', 'card "Wall" {', 1))
    found = client.diagnostics(variant)
    assert found and all(d["code"].startswith("E14") for d in found)
    assert any("Walls" in d["message"] for d in found)
    line, character = position_of(vtext, '"Walls"')
    assert any(d["range"]["start"] == {"line": line, "character": character} for d in found)
    client.change(age2, text)
    assert client.diagnostics(age2) == []                 # the content first, then its variants
    assert client.diagnostics(variant) == []


# ---------------------------------------------------------------- hover
def test_hover_on_cards_effects_stages_and_vocabulary(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    hover = client.at("textDocument/hover", age1, *position_of(text, "Clay Pit"))["contents"]["value"]
    assert hover.splitlines() == ["**Clay Pit**: age I, brown card", "", "- cost: 1 coin", "- free with: -",
                                  "- copies: 3+", "- produces ore or clay"]
    hover = client.at("textDocument/hover", age1, *position_of(text, "buy raw"))["contents"]["value"]
    assert hover == "effect: buys wood, stone, clay and ore from the right neighbour for 1 coin each"

    wonders, wtext = _open(client, folder / "wonders.wonders")
    hover = client.at("textDocument/hover", wonders, *position_of(wtext, "stage {"))["contents"]["value"]
    assert hover.startswith("**stage 1**: cost 2 stone")
    hover = client.at("textDocument/hover", wonders, *position_of(wtext, "Alexandria", offset=2))
    assert "side A: produces glass" in hover["contents"]["value"]

    base, btext = _open(client, folder / "base.wonders")
    hover = client.at("textDocument/hover", base, *position_of(btext, "glass"))["contents"]["value"]
    assert hover == "**glass**: a resource (manufactured)"
    assert client.at("textDocument/hover", base, 0, 0) is None        # a comment


# ---------------------------------------------------------------- definitions and references
def test_definition_and_references_of_a_card(client, folder):
    age2, text2 = _open(client, folder / "age2.wonders")
    (found,) = client.at("textDocument/definition", age2, *position_of(text2, '"Baths"', offset=2))
    age1_text = (folder / "age1.wonders").read_text(encoding="utf-8")
    assert found["uri"] == uri(folder / "age1.wonders")
    assert found["range"]["start"] == dict(zip(("line", "character"), position_of(age1_text, '"Baths"')))

    variant, vtext = _open(client, folder / "variants" / "colosseum.wonders")
    (found,) = client.at("textDocument/definition", variant, *position_of(vtext, '"Walls"', offset=1))
    assert found["uri"] == age2

    refs = client.at("textDocument/references", age2, *position_of(text2, '"Walls"', offset=1),
                     context={"includeDeclaration": True})
    assert sorted(r["uri"].rsplit("/", 1)[1] for r in refs) == ["age2.wonders", "age3.wonders", "colosseum.wonders"]
    refs = client.at("textDocument/references", age2, *position_of(text2, '"Walls"', offset=1),
                     context={"includeDeclaration": False})
    assert len(refs) == 2


def test_definition_of_a_resource_and_a_wonder(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    (found,) = client.at("textDocument/definition", age1, *position_of(text, "produces wood", offset=10))
    assert found["uri"] == uri(folder / "base.wonders")
    variant, vtext = _open(client, folder / "variants" / "age-stipend.wonders")
    refs = client.at("textDocument/references", variant, *position_of(vtext, '"age stipend"', offset=1),
                     context={"includeDeclaration": True})
    assert [r["uri"] for r in refs] == [variant]


# ---------------------------------------------------------------- completion
def _labels(client, file_uri, line, character):
    return {i["label"]: i.get("detail") for i in client.at("textDocument/completion", file_uri, line, character)["items"]}


def test_completion_of_keywords_and_names(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    line, character = position_of(text, "    cost 1 coin")
    edited = text.replace("    cost 1 coin", "    pro\n    cost 1 coin", 1)
    client.change(age1, edited)
    client.diagnostics(age1)
    assert _labels(client, age1, line, 7) == {"produces": "keyword"}

    client.change(age1, text.replace("age I  color brown  copies 3+", "age I  color ", 1))
    client.diagnostics(age1)
    labels = _labels(client, age1, *position_of(text, "age I  color brown", offset=len("age I  color ")))
    assert {"brown", "grey", "purple"} <= set(labels) and labels["brown"] == "color"
    assert set(labels.values()) == {"color"}, labels          # after `color`, colours only

    client.change(age1, text.replace("    cost 1 coin", "    cost 2 \n    cost 1 coin", 1))
    client.diagnostics(age1)
    labels = _labels(client, age1, line, len("    cost 2 "))
    assert {"wood", "glass"} <= set(labels) and "brown" not in labels     # a cost takes resources

    client.change(age1, text.replace("    cost 1 coin", "    free with \n    cost 1 coin", 1))
    client.diagnostics(age1)
    labels = _labels(client, age1, line, len("    free with "))
    assert labels.get('Baths') == "card" and "Alexandria" in labels

    client.change(age1, text.replace("    cost 1 coin", "    \n    cost 1 coin", 1))
    client.diagnostics(age1)
    labels = _labels(client, age1, line, 4)
    assert {"produces", "points", "cost", "free", "when", "on", "trigger"} <= set(labels)
    assert "wonder" not in labels and "brown" not in labels
    _restore(client, age1, text)


# ---------------------------------------------------------------- outline, formatting, rename
def test_document_symbols(client, folder):
    wonders, _ = _open(client, folder / "wonders.wonders")
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": wonders}})
    assert [s["name"] for s in symbols][:2] == ["Alexandria", "Babylon"]
    assert [c["name"] for c in symbols[0]["children"]] == ["side A", "side B"]
    assert [c["name"] for c in symbols[0]["children"][0]["children"]] == ["stage 1", "stage 2", "stage 3"]
    base, _ = _open(client, folder / "base.wonders")
    names = [s["name"] for s in client.request("textDocument/documentSymbol", {"textDocument": {"uri": base}})]
    assert names[-1] == 'rules "7 Wonders, first edition"' and names[0].startswith("resources:")


def test_formatting_through_fmt(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    messy = text.replace("    age I  color brown  copies 3+\n", "  age I; color brown;copies 3+\n", 1)
    client.change(age1, messy)
    client.diagnostics(age1)
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": age1},
                                                       "options": {"tabSize": 4, "insertSpaces": True}})
    (edit,) = edits
    assert edit["range"]["start"] == {"line": 0, "character": 0}
    assert edit["newText"] == format_text(messy)[0] == text
    client.change(age1, text)
    client.diagnostics(age1)
    assert client.request("textDocument/formatting", {"textDocument": {"uri": age1},
                                                      "options": {"tabSize": 4, "insertSpaces": True}}) == []


def test_rename_a_card_updates_its_chains_and_the_variants(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    position = position_of(text, '"Theater"', offset=3)
    assert client.at("textDocument/prepareRename", age1, *position) is not None
    edit = client.at("textDocument/rename", age1, *position, newName="Playhouse")
    files = {u.rsplit("/", 1)[1]: [e["newText"] for e in edits] for u, edits in edit["changes"].items()}
    assert files == {"age1.wonders": ['"Playhouse"'], "age2.wonders": ['"Playhouse"'],
                     "colosseum.wonders": ['"Playhouse"']}
    # nothing to rename on a keyword
    assert client.at("textDocument/rename", age1, *position_of(text, "produces"), newName="x") is None


@pytest.mark.slow
def test_the_server_needs_the_extra_named_when_missing(tmp_path):
    # without pygls importable the command says what to install (exit 2), never a traceback
    blocker = tmp_path / "pygls"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('no pygls here', name='pygls')\n")
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "lsp"], env=env, cwd=str(ROOT),
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "pip install 'wonders[lsp]'" in result.stderr


# ---------------------------------------------------------------- issue 21: the words after a scope
@pytest.mark.parametrize("before, present, absent", [
    ("    buy wood from left neighbour ", {"and", "for"}, set()),
    ("    buy wood from left neighbour and ", {"right", "neighbours", "own", "all"}, {"coins"}),
    ("    on turn end if coins <= coins of left neighbour and ", {"right", "coins", "most", "fewest", "brown"}, set()),
    ("    on turn end if coins <= ", {"most", "fewest", "max", "min", "the", "coins"}, set()),
    ("    on turn end if coins <= most ", {"coins", "shields", "brown"}, {"most"}),
])
def test_completion_after_a_scope_offers_both_readings_of_and(before, present, absent):
    """`and` after a scope continues the scope or starts the next comparison; at the cursor
    nothing follows it yet, so completion offers the words of both."""
    from interpreter.lsp.complete import suggestions
    text = 'card "X" {\n    age I\n    color blue\n' + before
    labels = {s.label for s in suggestions(text, len(text), {"color": ["brown"], "resource": ["wood"]})}
    assert present <= labels and not absent & labels, sorted(labels)


def test_hover_reads_most_and_fewest_in_words():
    from interpreter.lsp.hover import hover_text
    from interpreter.syntax.parser import parse_text
    text = 'card "X" {\n    age I\n    color blue\n    on age end if coins = fewest coins of all cities: gain 2 coins\n}\n'
    tree, _ = parse_text(text, "x.wonders")
    shown = hover_text(None, tree, 4, 30, None)
    assert "the fewest coins that one of all cities has" in shown, shown


# ---------------------------------------------------------------- unsaved buffers
UNSAVED = '''card "Baths" {
    age I  color blue
    cost 1 stone
    points 3
}

card "Aqueduct" {
    age II  color blue
    cost 3 stone
    free with "Baths"
    points 5
}
'''


def test_an_unsaved_buffer_gets_outline_hover_completion_definition_and_its_syntax_errors(client):
    buffer = "untitled:Untitled-1"
    client.notify("textDocument/didOpen", {"textDocument": {"uri": buffer, "languageId": "wonders",
                                                            "version": 1, "text": UNSAVED}})
    client.versions[buffer] = 1
    assert client.diagnostics(buffer) == []
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": buffer}})
    assert [s["name"] for s in symbols] == ["Baths", "Aqueduct"]
    hover = client.at("textDocument/hover", buffer, *position_of(UNSAVED, "points 5"))
    assert hover["contents"]["value"] == "effect: 5 victory points"
    (found,) = client.at("textDocument/definition", buffer, *position_of(UNSAVED, '"Baths"', nth=1, offset=1))
    assert found["uri"] == buffer and found["range"]["start"] == dict(zip(("line", "character"),
                                                                          position_of(UNSAVED, '"Baths"')))
    refs = client.at("textDocument/references", buffer, *position_of(UNSAVED, '"Baths"', offset=1),
                     context={"includeDeclaration": True})
    assert [r["uri"] for r in refs] == [buffer, buffer]
    edit = client.at("textDocument/rename", buffer, *position_of(UNSAVED, '"Baths"', offset=1), newName="Spa")
    assert list(edit["changes"]) == [buffer] and len(edit["changes"][buffer]) == 2
    client.change(buffer, UNSAVED.replace("    points 5\n", "    pro\n", 1))
    (problem,) = client.diagnostics(buffer)
    assert problem["code"] == "E0001"
    labels = _labels(client, buffer, *position_of(UNSAVED, "points 5", offset=3))
    assert labels == {"produces": "keyword"}
    client.notify("textDocument/didClose", {"textDocument": {"uri": buffer}})
    assert client.diagnostics(buffer) == []             # a closed buffer leaves no diagnostics behind


# ---------------------------------------------------------------- rename refused
def test_a_rename_to_a_name_already_taken_is_refused(client, folder):
    age1, text = _open(client, folder / "age1.wonders")
    with pytest.raises(RuntimeError) as refused:
        client.at("textDocument/rename", age1, *position_of(text, '"Theater"', offset=3), newName="Baths")
    error = refused.value.args[0]
    assert error["code"] == -32803
    assert error["message"] == ('cannot rename card "Theater" to "Baths": a card of that name already exists '
                                '(age1.wonders:99:6); choose another name')          # as docs/workbench.md shows
    wonders, wtext = _open(client, folder / "wonders.wonders")
    with pytest.raises(RuntimeError, match='wonder "Alexandria" to "Babylon"'):
        client.at("textDocument/rename", wonders, *position_of(wtext, "Alexandria"), newName='"Babylon"')
    base, btext = _open(client, folder / "base.wonders")
    with pytest.raises(RuntimeError, match='trigger "military victory" to "military defeat"'):
        client.at("textDocument/rename", base, *position_of(btext, '"military victory"', offset=1),
                  newName="military defeat")
    # a name no card has is still accepted, and renaming to itself changes nothing
    assert client.at("textDocument/rename", age1, *position_of(text, '"Theater"', offset=3), newName="Playhouse")
    assert client.at("textDocument/rename", age1, *position_of(text, '"Theater"', offset=3), newName="Theater")


# ---------------------------------------------------------------- what the server keeps
def state(client) -> dict:
    return client.request("wonders/state", {})


@pytest.mark.slow
def test_closed_documents_leave_nothing_behind(tmp_path):
    folders = []
    for n in range(6):
        folders.append(tmp_path / f"copy{n}")
        shutil.copytree(ROOT / "content", folders[-1], ignore=shutil.ignore_patterns("second-edition"))
    c = Client(tmp_path)
    try:
        kept = c.open(folders[0] / "age2.wonders")
        assert c.diagnostics(kept) == []
        for folder in folders[1:]:
            file_uri = c.open(folder / "age1.wonders")
            assert c.diagnostics(file_uri) == []
            assert c.at("textDocument/hover", file_uri, 2, 8)
            c.request("textDocument/documentSymbol", {"textDocument": {"uri": file_uri}})
            c.notify("textDocument/didClose", {"textDocument": {"uri": file_uri}})
            assert c.diagnostics(file_uri) == []
        c.notify("textDocument/didOpen", {"textDocument": {"uri": "untitled:Untitled-2", "languageId": "wonders",
                                                           "version": 1, "text": UNSAVED}})
        c.diagnostics("untitled:Untitled-2")
        c.notify("textDocument/didClose", {"textDocument": {"uri": "untitled:Untitled-2"}})
        c.diagnostics("untitled:Untitled-2")
        held = state(c)
        # only the open file's folder is kept: its files' trees, its rule set, its lines
        assert held["documents"] == [kept]
        assert held["parsed"] and all(p.startswith(str(folders[0].resolve()) + "/") or
                                      p.startswith(str(folders[0]) + "/") for p in held["parsed"])
        assert len(held["ruleSets"]) == 1 and held["ruleSets"][0].endswith("copy0/age2.wonders")
        assert all("copy0" in f for f in held["lines"])
        c.notify("textDocument/didClose", {"textDocument": {"uri": kept}})
        c.diagnostics(kept)
        held = state(c)
        assert (held["documents"], held["parsed"], held["ruleSets"], held["lines"]) == ([], [], [], [])
    finally:
        c.close()


# ---------------------------------------------------------------- a large file
@pytest.mark.slow
def test_a_large_file_is_parsed_once_and_cut_in_lines_once(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("second-edition"))
    card = 'card "Yard {n}" {{\n    age I  color brown\n    cost 1 coin\n    produces wood / ore\n    points 1\n}}\n\n'
    big = folder / "big.wonders"
    big.write_text("".join(card.format(n=n) for n in range(400)), encoding="utf-8")
    c = Client(folder)
    try:
        file_uri = c.open(big)
        assert len(c.diagnostics(file_uri)) == 400               # each card's points count nowhere
        symbols = c.request("textDocument/documentSymbol", {"textDocument": {"uri": file_uri}})
        assert len(symbols) == 400
        c.at("textDocument/hover", file_uri, 3, 6)
        c.at("textDocument/definition", file_uri, 0, 7)
        held = state(c)
        files = len(held["parsed"])
        assert files == len(list(folder.glob("*.wonders")) + list(folder.glob("variants/*.wonders")))
        assert held["parses"] == files                          # each file parsed once
        assert held["linesCut"] <= files                        # each text cut in lines once
    finally:
        c.close()


# ---------------------------------------------------------------- special files and bounds
@pytest.mark.slow
@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="POSIX pipes")
def test_a_pipe_in_the_folder_is_reported_not_waited_on(tmp_path):
    import os
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("second-edition"))
    (folder / "extra").mkdir()
    os.mkfifo(folder / "extra" / "more.wonders")
    os.mkfifo(folder / "variants" / "pipe.wonders")
    c = Client(folder)
    try:
        age1 = c.open(folder / "age1.wonders")
        assert c.diagnostics(age1) == []                     # published first (files in order)
        (found,) = c.diagnostics(uri(folder / "extra" / "more.wonders"))
        assert (found["code"], found["message"].split("\n")[0]) == (
            "E0007", "cannot read file: it is a pipe (FIFO), not a regular file")
        refs = c.at("textDocument/references", age1, *position_of((folder / "age1.wonders").read_text(), '"Baths"', offset=1),
                    context={"includeDeclaration": True})
        assert refs
    finally:
        c.close()


def test_a_buffer_over_the_files_bound_is_refused_as_a_file_is(client, folder):
    from interpreter.syntax.parser import MAX_FILE_BYTES
    huge = folder / "huge.wonders"
    text = "# filler\n" * (MAX_FILE_BYTES // 9 + 1)
    file_uri = client.open(huge, text=text)
    (found,) = client.diagnostics(file_uri)
    assert found["code"] == "E0005" and found["message"].startswith("file is too large (2.0 MB)")
    assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": file_uri}}) == []
    client.notify("textDocument/didClose", {"textDocument": {"uri": file_uri}})
    buffer = "untitled:Untitled-9"
    client.notify("textDocument/didOpen", {"textDocument": {"uri": buffer, "languageId": "wonders",
                                                            "version": 1, "text": text}})
    (found,) = client.diagnostics(buffer)
    assert found["code"] == "E0005"
    client.notify("textDocument/didClose", {"textDocument": {"uri": buffer}})
