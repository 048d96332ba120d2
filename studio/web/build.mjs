// Build the studio's browser code: src/ bundled and minified by esbuild into
// interpreter/studio/static/studio.js.  The bundle's first line records a hash of every
// source (src/, package-lock.json, this file), so tests/test_studio_bundle.py fails when
// the bundle is older than its sources.  Run: npm ci && npm run build
import {build} from "esbuild"
import {createHash} from "node:crypto"
import {readFileSync, readdirSync, writeFileSync} from "node:fs"
import {join} from "node:path"

const here = new URL(".", import.meta.url).pathname
const out = join(here, "..", "..", "interpreter", "studio", "static", "studio.js")

export function sourcesHash() {
  const files = readdirSync(join(here, "src")).sort().map(f => join("src", f)).concat(["package-lock.json", "build.mjs"])
  const hash = createHash("sha256")
  for (const file of files) {
    hash.update(file + "\0")
    hash.update(readFileSync(join(here, file)).toString("utf8").replace(/\r\n/g, "\n"))
    hash.update("\0")
  }
  return hash.digest("hex")
}

const result = await build({
  entryPoints: [join(here, "src", "main.js")], bundle: true, minify: !process.env.DEBUG, format: "esm",
  target: ["es2020"], write: false, legalComments: "none",
})
const code = result.outputFiles[0].text
writeFileSync(out, `/* wonders studio bundle; sources sha256 ${sourcesHash()}; built from studio/web by npm run build */\n` + code)
console.log(`${out}: ${(code.length / 1024).toFixed(0)} KiB`)
