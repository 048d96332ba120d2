// Tokenises files with the extension's TextMate grammar (as VS Code does: vscode-textmate
// and Oniguruma) and prints, as JSON, every token scoped `invalid.*`: [file, line, text].
// Used by tests/test_tmgrammar.py on all shipped content.  Usage: node invalid-tokens.js FILE...
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

async function main(files) {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => {
      const file = path.join(__dirname, "..", "syntaxes", "wonders.tmLanguage.json");
      return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.wonders");
  const found = [];
  for (const file of files) {
    let stack = vsctm.INITIAL;
    fs.readFileSync(file, "utf8").split(/\r?\n/).forEach((line, index) => {
      const result = grammar.tokenizeLine(line, stack);
      for (const token of result.tokens) {
        if (token.scopes.some((scope) => scope.startsWith("invalid"))) {
          found.push([file, index + 1, line.slice(token.startIndex, token.endIndex)]);
        }
      }
      stack = result.ruleStack;
    });
  }
  process.stdout.write(JSON.stringify(found) + "\n");
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
