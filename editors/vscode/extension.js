// The Wonders extension: .wonders files get the TextMate grammar (package.json) and the
// `wonders lsp` language server over stdio, started here with vscode-languageclient.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function serverOptions(config) {
  const command = config.get("server.command", "wonders");
  const args = config.get("server.args", ["lsp"]);
  return { command, args, transport: TransportKind.stdio };
}

function activate(context) {
  const config = vscode.workspace.getConfiguration("wonders");
  const server = serverOptions(config);
  client = new LanguageClient("wonders", "Wonders language server", server, {
    documentSelector: [{ scheme: "file", language: "wonders" }, { scheme: "untitled", language: "wonders" }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.wonders") },
  });
  context.subscriptions.push({ dispose: () => (client ? client.stop() : undefined) });
  return client.start().catch((err) => {
    vscode.window.showErrorMessage(
      `Wonders: could not start "${[server.command, ...server.args].join(" ")}" (${err.message}). ` +
        "Install wonders with its language server (pip install 'wonders[lsp]') or set wonders.server.command."
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverOptions };
