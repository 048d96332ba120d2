// The editor: one CodeMirror view per open file, all speaking to `wonders lsp` through the
// studio's WebSocket bridge (interpreter/studio/lsp_bridge.py): diagnostics, hover,
// completion, go to definition, rename and format all come from the language server.
import {EditorView, keymap, ViewPlugin, showDialog} from "@codemirror/view"
import {basicSetup} from "codemirror"
import {setDiagnostics} from "@codemirror/lint"
import {indentWithTab} from "@codemirror/commands"
import {LSPClient, LSPPlugin, Workspace, serverCompletion, hoverTooltips, formatDocument,
        jumpToDefinition} from "@codemirror/lsp-client"
import {api, ApiError, socketUrl} from "./api.js"
import {wondersLanguage, wondersHighlight} from "./language.js"

const SYNC_DELAY = 0           // ms after a keystroke before the server hears of it (0: the next task, so
                               // the keys of one burst of events go together)

// The changes of the active view reach the server almost at once (the client's own sync
// waits half a second, too long for diagnostics within 150 ms of a keystroke).
const quickSync = ViewPlugin.fromClass(class {
  constructor() { this.pending = -1 }
  update(update) {
    if (!update.docChanged) return
    window.__studio.lastChangeAt = performance.now()
    if (this.pending > -1) clearTimeout(this.pending)
    this.pending = setTimeout(() => {
      this.pending = -1
      const plugin = LSPPlugin.get(update.view)
      if (plugin) plugin.client.sync()
    }, SYNC_DELAY)
  }
  destroy() { if (this.pending > -1) clearTimeout(this.pending) }
})

function severity(n) { return n == 1 ? "error" : n == 2 ? "warning" : n == 3 ? "info" : "hint" }

// The server's diagnostics, shown as `wonders check` words them: the code, then the message.
export function diagnosticText(item) {
  return (item.code ? item.code + ": " : "") + item.message
}

function webSocketTransport(url) {
  let handlers = []
  const socket = new WebSocket(url)
  socket.onmessage = event => { for (const handler of handlers) handler(String(event.data)) }
  return new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error("the language server could not be reached"))
    socket.onopen = () => resolve({
      socket,
      send(message) { socket.send(message) },
      subscribe(handler) { handlers.push(handler) },
      unsubscribe(handler) { handlers = handlers.filter(h => h !== handler) },
    })
  })
}

// Hover text is Markdown made into HTML by the client: only plain formatting is kept, every
// other element becomes its text (names from the content are never markup).
const KEPT = new Set(["P", "CODE", "PRE", "EM", "STRONG", "UL", "OL", "LI", "BR", "HR", "H1", "H2", "H3", "H4", "SPAN", "DIV"])
export function sanitize(html) {
  const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html")
  const clean = node => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        if (!KEPT.has(child.tagName)) { child.replaceWith(document.createTextNode(child.textContent)); continue }
        for (const attr of [...child.attributes]) if (attr.name !== "class") child.removeAttribute(attr.name)
        clean(child)
      } else if (child.nodeType !== Node.TEXT_NODE) child.remove()
    }
  }
  clean(doc.body)
  return doc.body.innerHTML
}

class StudioWorkspace extends Workspace {
  constructor(client, editors) {
    super(client)
    this.files = []
    this.editors = editors
    this.versions = Object.create(null)
  }
  nextVersion(uri) { return this.versions[uri] = (this.versions[uri] ?? -1) + 1 }
  syncFiles() {
    const result = []
    for (const file of this.files) {
      const plugin = LSPPlugin.get(file.view)
      if (!plugin) continue
      const changes = plugin.unsyncedChanges
      if (!changes.empty) {
        result.push({changes, file, prevDoc: file.doc})
        file.doc = file.view.state.doc
        file.version = this.nextVersion(file.uri)
        plugin.clear()
      }
    }
    return result
  }
  openFile(uri, languageId, view) {
    if (this.getFile(uri)) return
    const file = {uri, languageId, version: this.nextVersion(uri), doc: view.state.doc, view, getView: () => view}
    this.files.push(file)
    this.client.didOpen(file)
  }
  closeFile(uri) {
    const file = this.getFile(uri)
    if (file) {
      this.files = this.files.filter(f => f !== file)
      this.client.didClose(uri)
    }
  }
  async requestFile(uri) {
    const path = this.editors.pathOf(uri)
    if (path == null) return null
    await this.editors.open(path, false)
    return this.getFile(uri)
  }
  async displayFile(uri) {
    const path = this.editors.pathOf(uri)
    if (path == null) return null
    const doc = await this.editors.open(path, true)
    return doc.view
  }
}

export class Editors {
  constructor({container, rootUri, words, onActive, onCursor, onProblems, onDirty, onStatus}) {
    this.container = container
    this.rootUri = rootUri.endsWith("/") ? rootUri : rootUri + "/"
    this.language = wondersLanguage(words)
    this.docs = new Map()           // path -> {path, uri, view, base, saved, conflict}
    this.active = null
    this.problems = new Map()       // uri -> the server's diagnostics
    Object.assign(this, {onActive, onCursor, onProblems, onDirty, onStatus})
    const editors = this
    this.client = new LSPClient({
      rootUri: this.rootUri.slice(0, -1),
      timeout: 10000,
      sanitizeHTML: sanitize,
      workspace: client => new StudioWorkspace(client, editors),
      notificationHandlers: {
        "textDocument/publishDiagnostics": (client, params) => { editors.diagnostics(params); return true },
      },
      extensions: [serverCompletion(), hoverTooltips(), {clientCapabilities: {textDocument: {publishDiagnostics: {}}}}],
    })
  }

  async connect() {
    const transport = await webSocketTransport(socketUrl("/lsp"))
    transport.socket.addEventListener("close", () => this.onStatus("the language server disconnected: reload the page"))
    this.client.connect(transport)
    await this.client.initializing
  }

  uriOf(path) { return this.rootUri + path.split("/").map(encodeURIComponent).join("/") }
  pathOf(uri) {
    if (!uri.startsWith(this.rootUri)) return null
    return uri.slice(this.rootUri.length).split("/").map(decodeURIComponent).join("/")
  }

  diagnostics(params) {
    this.problems.set(params.uri, params.diagnostics)
    const path = this.pathOf(params.uri)
    const doc = path != null ? this.docs.get(path) : null
    if (doc) {
      const view = doc.view, plugin = LSPPlugin.get(view)
      if (plugin) {
        const doc_ = view.state.doc
        const clip = n => Math.max(0, Math.min(n, doc_.length))
        view.dispatch(setDiagnostics(view.state, params.diagnostics.map(item => ({
          from: clip(plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.start, plugin.syncedDoc))),
          to: clip(plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.end, plugin.syncedDoc))),
          severity: severity(item.severity ?? 1),
          message: diagnosticText(item),
          source: "wonders",
        }))))
        if (path === this.active) {
          window.__studio.lastDiagnosticsAt = performance.now()
          window.__studio.diagnosticsLog.push({at: window.__studio.lastDiagnosticsAt, count: params.diagnostics.length})
        }
      }
    }
    this.onProblems(this.problems)
  }

  extensions(path, uri) {
    return [
      basicSetup,
      this.language,
      wondersHighlight,
      LSPPlugin.create(this.client, uri, "wonders"),
      quickSync,
      keymap.of([
        {key: "Mod-s", run: () => { this.save(path); return true }, preventDefault: true},
        {key: "Shift-Alt-f", run: formatDocument, preventDefault: true},
        {key: "F2", run: view => { this.rename(view); return true }, preventDefault: true},
        {key: "F12", run: jumpToDefinition, preventDefault: true},
        indentWithTab,
      ]),
      EditorView.updateListener.of(update => {
        if (update.docChanged) this.onDirty(path, this.isDirty(path))
        if (update.docChanged || update.selectionSet) this.onCursor(path, update.view)
      }),
    ]
  }

  async open(path, show = true, loaded = null) {
    let doc = this.docs.get(path)
    if (!doc) {
      const data = loaded || await api.read(path)
      doc = this.docs.get(path)            // opened meanwhile by another request
      if (!doc) {
        const uri = this.uriOf(path)
        const holder = document.createElement("div")
        holder.className = "editor"
        holder.hidden = true
        holder.dataset.path = path
        this.container.append(holder)
        const view = new EditorView({doc: data.text, extensions: this.extensions(path, uri), parent: holder})
        doc = {path, uri, view, holder, base: data.version, saved: data.text, conflict: null, writable: data.writable}
        this.docs.set(path, doc)
      }
    }
    if (show) this.show(path)
    return doc
  }

  show(path) {
    for (const [p, doc] of this.docs) doc.holder.hidden = p !== path
    this.active = path
    const doc = this.docs.get(path)
    this.onActive(path, doc)
    doc.view.focus()
    this.onCursor(path, doc.view)
  }

  isDirty(path) {
    const doc = this.docs.get(path)
    return !!doc && doc.view.state.doc.toString() !== doc.saved
  }

  text(path) { return this.docs.get(path)?.view.state.doc.toString() }

  unsaved() {
    const found = {}
    for (const [path, doc] of this.docs) if (this.isDirty(path)) found[path] = doc.view.state.doc.toString()
    return found
  }

  async save(path, force = false) {
    const doc = this.docs.get(path)
    if (!doc) return
    const text = doc.view.state.doc.toString()
    try {
      const answer = await api.save(path, text, doc.base, force)
      doc.base = answer.version
      doc.saved = text
      doc.conflict = null
      this.onDirty(path, this.isDirty(path))
      if (path === this.active) this.onActive(path, doc)
      this.onStatus(`saved ${path}`)
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        doc.conflict = {version: err.data.version, text: err.data.text}
        this.onActive(this.active, this.docs.get(this.active))
        this.onStatus(`not saved: ${path} changed on disk`)
      } else this.onStatus(`not saved: ${err.message}`)
    }
  }

  // The text on disk replaces the editor's (the designer chose it, or nothing was changed here).
  reload(path, text, version) {
    const doc = this.docs.get(path)
    if (!doc) return
    doc.view.dispatch({changes: {from: 0, to: doc.view.state.doc.length, insert: text}})
    doc.base = version
    doc.saved = text
    doc.conflict = null
    this.onDirty(path, false)
    if (path === this.active) this.onActive(path, doc)
  }

  // Another program changed files: an open file with no unsaved change follows the disk;
  // one with unsaved changes is marked, and the page asks which to keep.
  async diskChanged(files) {
    const versions = new Map(files.map(f => [f.path, f.version]))
    for (const [path, doc] of this.docs) {
      const version = versions.get(path)
      if (version == null || version === doc.base || (doc.conflict && doc.conflict.version === version)) continue
      const data = await api.read(path).catch(() => null)
      if (!data || data.version === doc.base) continue
      if (!this.isDirty(path)) this.reload(path, data.text, data.version)
      else {
        doc.conflict = {version: data.version, text: data.text}
        if (path === this.active) this.onActive(path, doc)
      }
    }
  }

  rename(view) {
    const plugin = LSPPlugin.get(view)
    if (!plugin) return
    const head = view.state.selection.main.head
    const {close, result} = showDialog(view, {
      label: "New name", input: {name: "name", value: ""}, focus: true, submitLabel: "rename",
      class: "cm-lsp-rename-panel",
    })
    result.then(form => {
      view.dispatch({effects: close})
      if (form) this.doRename(view, head, form.elements.namedItem("name").value)
    })
  }

  // Rename everywhere the server says, opening the files not open yet (the client's own
  // rename changes only open files).
  async doRename(view, head, newName) {
    const plugin = LSPPlugin.get(view)
    plugin.client.sync()
    let edit
    try {
      edit = await plugin.client.request("textDocument/rename",
        {newName, position: plugin.toPosition(head), textDocument: {uri: plugin.uri}})
    } catch (err) {
      this.onStatus(`rename refused: ${err.message}`)
      return
    }
    if (!edit || !edit.changes) { this.onStatus("nothing to rename here"); return }
    let count = 0
    for (const [uri, changes] of Object.entries(edit.changes)) {
      const path = this.pathOf(uri)
      if (path == null) continue
      const doc = await this.open(path, false)
      const filePlugin = LSPPlugin.get(doc.view)
      doc.view.dispatch({userEvent: "rename", changes: changes.map(c => ({
        from: filePlugin.unsyncedChanges.mapPos(filePlugin.fromPosition(c.range.start, filePlugin.syncedDoc)),
        to: filePlugin.unsyncedChanges.mapPos(filePlugin.fromPosition(c.range.end, filePlugin.syncedDoc)),
        insert: c.newText}))})
      count += changes.length
    }
    this.onStatus(`renamed ${count} place(s) in ${Object.keys(edit.changes).length} file(s): save each to keep it`)
  }

  format() { const doc = this.docs.get(this.active); if (doc) formatDocument(doc.view) }
  definition() { const doc = this.docs.get(this.active); if (doc) jumpToDefinition(doc.view) }
  renameHere() { const doc = this.docs.get(this.active); if (doc) this.rename(doc.view) }
}
