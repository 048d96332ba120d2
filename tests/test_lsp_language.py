"""The language server's diagnostics in the editor's language: `wonders lsp --lang`, else
the `locale` the editor sends in `initialize`, else the locale environment, else English
(docs/editors.md, docs/localisation.md)."""

from __future__ import annotations

import pytest

pytest.importorskip("pygls", reason="the `lsp` extra (pygls) is not installed")

from lsp_client import Client  # noqa: E402
from test_lsp import folder  # noqa: E402,F401  (a copy of the shipped content, for this module)


def _typo_message(folder, **client) -> str:
    """The message of the diagnostic for an unknown resource, as the editor shows it."""
    c = Client(folder, **client)
    try:
        path = folder / "age1.wonders"
        file_uri = c.open(path)
        assert c.diagnostics(file_uri) == []
        c.change(file_uri, path.read_text(encoding="utf-8").replace("produces ore / clay", "produces ore / clai", 1))
        (found,) = c.diagnostics(file_uri)
        assert found["code"] == "E1001"
        return found["message"]
    finally:
        c.close()


@pytest.mark.slow
@pytest.mark.parametrize("client, dutch", [
    ({}, False),
    ({"locale": "nl-NL"}, True),
    ({"locale": "nl"}, True),
    ({"locale": "de-DE"}, False),
    ({"environ": {"LANG": "nl_NL.UTF-8"}}, True),
    ({"locale": "en-US", "environ": {"LANG": "nl_NL.UTF-8"}}, False),
    ({"args": ("--lang", "en"), "locale": "nl-NL"}, False),
    ({"args": ("--lang", "nl"), "locale": "en-GB"}, True),
], ids=["none", "editor nl-NL", "editor nl", "editor de-DE", "LANG nl", "editor en over LANG nl",
        "--lang en over the editor", "--lang nl over the editor"])
def test_the_diagnostics_speak_the_editors_language(folder, client, dutch):
    message = _typo_message(folder, **client)
    assert message.startswith("onbekende grondstof" if dutch else "unknown resource"), message
