"""The language server of `wonders lsp` (needs the `lsp` extra: pygls and lsprotocol)."""
