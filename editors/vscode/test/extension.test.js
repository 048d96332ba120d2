// The extension starts `wonders lsp` over stdio for .wonders documents, honours the
// settings, and says what to do when the server cannot start.  `vscode` is only there
// inside the editor, so it is replaced here by a stand-in that records what is asked.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const Module = require("node:module");
const path = require("node:path");

function loadExtension(settings, startError) {
  const seen = { clients: [], errors: [], watchers: [] };
  const vscode = {
    workspace: {
      getConfiguration: (section) => ({
        get: (key, fallback) => (settings[`${section}.${key}`] !== undefined ? settings[`${section}.${key}`] : fallback),
      }),
      createFileSystemWatcher: (glob) => (seen.watchers.push(glob), { glob }),
    },
    window: { showErrorMessage: (message) => seen.errors.push(message) },
  };
  class LanguageClient {
    constructor(id, name, server, client) {
      Object.assign(this, { id, name, server, client, stopped: false });
      seen.clients.push(this);
    }
    start() { return startError ? Promise.reject(startError) : Promise.resolve(); }
    stop() { this.stopped = true; return Promise.resolve(); }
  }
  const languageClient = { LanguageClient, TransportKind: { stdio: 0, ipc: 1 } };
  const original = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === "vscode") return vscode;
    if (request === "vscode-languageclient/node") return languageClient;
    return original.call(this, request, parent, isMain);
  };
  const file = path.join(__dirname, "..", "extension.js");
  delete require.cache[file];
  try {
    return { extension: require(file), seen };
  } finally {
    Module._load = original;
  }
}

test("starts `wonders lsp` over stdio for wonders documents", async () => {
  const { extension, seen } = loadExtension({});
  const context = { subscriptions: [] };
  await extension.activate(context);
  assert.strictEqual(seen.clients.length, 1);
  const client = seen.clients[0];
  assert.deepStrictEqual(client.server, { command: "wonders", args: ["lsp"], transport: 0 });
  assert.deepStrictEqual(client.client.documentSelector.map((s) => s.language), ["wonders", "wonders"]);
  assert.deepStrictEqual(seen.watchers, ["**/*.wonders"]);
  await extension.deactivate();
  assert.ok(client.stopped);
  assert.strictEqual(context.subscriptions.length, 1);
});

test("the server command comes from the settings", async () => {
  const { extension, seen } = loadExtension({ "wonders.server.command": "/venv/bin/wonders", "wonders.server.args": ["lsp", "-v"] });
  await extension.activate({ subscriptions: [] });
  assert.strictEqual(seen.clients[0].server.command, "/venv/bin/wonders");
  assert.deepStrictEqual(seen.clients[0].server.args, ["lsp", "-v"]);
});

test("a server that cannot start is explained, not thrown", async () => {
  const { extension, seen } = loadExtension({}, new Error("spawn wonders ENOENT"));
  await extension.activate({ subscriptions: [] });
  assert.strictEqual(seen.errors.length, 1);
  assert.match(seen.errors[0], /could not start "wonders lsp" \(spawn wonders ENOENT\)/);
  assert.match(seen.errors[0], /pip install 'wonders\[lsp\]'/);
});

test("package.json ties the language, the grammar and the settings together", () => {
  const manifest = require("../package.json");
  const language = manifest.contributes.languages[0];
  assert.strictEqual(language.id, "wonders");
  assert.deepStrictEqual(language.extensions, [".wonders"]);
  const grammar = require(path.join("..", manifest.contributes.grammars[0].path));
  assert.strictEqual(grammar.scopeName, manifest.contributes.grammars[0].scopeName);
  const configuration = require(path.join("..", language.configuration));
  assert.strictEqual(configuration.comments.lineComment, "#");
  assert.deepStrictEqual(configuration.brackets, [["{", "}"], ["(", ")"]]);
  assert.ok(manifest.activationEvents.includes("onLanguage:wonders"));
});
