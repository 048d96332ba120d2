// The studio's page: the file tree, the editor with its toolbar and problems, and the side
// panels (Card, Gallery, Weigh, Play).  A new panel is one more entry in PANELS: a title and
// a class with setFiles/chooseFor/shown (called when its tab is opened).
import {api} from "./api.js"
import {h, clear} from "./dom.js"
import {Editors} from "./editor.js"
import {CardPanel, Gallery} from "./see.js"
import {WeighPanel} from "./weigh.js"
import {PlayPanel} from "./play.js"

// What tests and bench/studio.py read: when the text last changed and when diagnostics
// were last put on screen (performance.now()), and when the page became usable.
window.__studio = {lastChangeAt: 0, lastDiagnosticsAt: 0, diagnosticsLog: [], ready: false, readyAt: 0}
const DISK_POLL = 1500         // ms between looks at the folder for changes made elsewhere

const PANELS = [
  {id: "card", title: "Card", make: ctx => new CardPanel(ctx.el)},
  {id: "gallery", title: "Gallery", make: ctx => new Gallery(ctx.el, ctx.editors, ctx.files)},
  {id: "weigh", title: "Weigh", make: ctx => new WeighPanel(ctx.el, ctx.editors, ctx.info.bots,
    request => { ctx.showPanel("play"); ctx.panels.play.replay(request) })},
  {id: "play", title: "Play", wide: true, make: ctx => new PlayPanel(ctx.el)},
]

const $ = id => document.getElementById(id)

function setStatus(text) { $("status").textContent = text }

function renderTree(files, editors) {
  const groups = new Map()
  for (const file of files) {
    const folder = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : ""
    if (!groups.has(folder)) groups.set(folder, [])
    groups.get(folder).push(file)
  }
  const folders = [...groups.keys()].sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)))
  clear($("tree"), folders.map(folder => h("div", {class: "folder"},
    h("div", {class: "folder-name"}, folder === "" ? "content" : folder + "/",
      folder === "variants" || folder.endsWith("/variants")
        ? h("button", {type: "button", class: "new-variant", title: "a new variant in this folder",
                       onclick: () => newVariant(folder.slice(0, -"variants".length).replace(/\/$/, ""), editors)}, "+ new")
        : null),
    h("ul", {}, groups.get(folder).map(file => h("li", {},
      h("button", {type: "button", class: "file" + (file.path === editors.active ? " active" : "")
                     + (editors.isDirty(file.path) ? " dirty" : "") + (file.variant ? " variant" : ""),
                   "data-path": file.path, title: file.path, onclick: () => editors.open(file.path)},
        file.path.slice(file.path.lastIndexOf("/") + 1))))))))
}

async function newVariant(folder, editors) {
  const name = prompt("The new variant's name (a house rule, e.g. Cheaper wonders):")
  if (!name) return
  try {
    const answer = await api.newVariant(folder, name)
    await editors.open(answer.path)
    setStatus(`made ${answer.path}: write its changes, then save`)
  } catch (err) { setStatus(`no new variant: ${err.message}`) }
}

function renderProblems(problems, editors) {
  const items = []
  let errors = 0, warnings = 0
  for (const [uri, list] of problems) {
    const path = editors.pathOf(uri)
    for (const d of list) {
      if ((d.severity ?? 1) === 1) errors++; else warnings++
      items.push(h("li", {class: (d.severity ?? 1) === 1 ? "error" : "warning"},
        h("button", {type: "button", onclick: () => goTo(editors, path, d.range.start)},
          `${path ?? uri}:${d.range.start.line + 1}:${d.range.start.character + 1}`),
        " ", h("code", {}, d.code || ""), " ", d.message.split("\n")[0],
        d.message.includes("\n") ? h("div", {class: "help"}, d.message.split("\n").slice(1).join(" ")) : null))
    }
  }
  $("problem-count").textContent = errors || warnings ? `${errors} error(s), ${warnings} warning(s)` : "no problems"
  $("problem-count").className = errors ? "bad" : "good"
  clear($("problems-list"), items)
}

async function goTo(editors, path, position) {
  if (path == null) return
  const doc = await editors.open(path)
  const line = doc.view.state.doc.line(Math.min(position.line + 1, doc.view.state.doc.lines))
  const at = Math.min(line.from + position.character, line.to)
  doc.view.dispatch({selection: {anchor: at}, scrollIntoView: true})
  doc.view.focus()
}

function renderBanner(path, doc, editors) {
  const banner = $("banner")
  if (!doc || !doc.conflict) { banner.hidden = true; clear(banner); return }
  banner.hidden = false
  clear(banner, h("span", {}, `${path} was changed on disk by another program, and you have unsaved changes here.`),
    h("button", {type: "button", onclick: () => editors.reload(path, doc.conflict.text, doc.conflict.version)},
      "Take the version on disk"),
    h("button", {type: "button", onclick: () => editors.save(path, true)}, "Keep mine (overwrite the disk)"))
}

async function start() {
  const info = await (window.__infoRequest || api.info())     // asked for by the page before this code loaded
  document.title = `${info.folder}: Wonders studio`
  $("folder").textContent = info.folder
  let files = info.files
  const panels = {}
  const editors = new Editors({
    container: $("editors"), rootUri: info.rootUri, words: info.words,
    onActive: (path, doc) => {
      $("file-name").textContent = path + (doc && !doc.writable ? " (read-only)" : "")
      renderBanner(path, doc, editors)
      renderTree(files, editors)
      for (const panel of Object.values(panels)) panel.chooseFor?.(path)
    },
    onCursor: (path, view) => panels.card.follow(path, view),
    onProblems: problems => renderProblems(problems, editors),
    onDirty: () => renderTree(files, editors),
    onStatus: setStatus,
  })
  // the panels and their tabs
  const tabs = $("tabs"), holder = $("panels")
  const showPanel = id => tabs.querySelector(`[data-panel="${id}"]`).click()
  for (const spec of PANELS) {
    const el = h("div", {class: "panel", id: "panel-" + spec.id, hidden: spec !== PANELS[0]})
    holder.append(el)
    panels[spec.id] = spec.make({el, editors, files, info, panels, showPanel})
    panels[spec.id].setFiles?.(files)
    tabs.append(h("button", {type: "button", role: "tab", "data-panel": spec.id, class: spec === PANELS[0] ? "active" : "",
      onclick: event => {
        for (const b of tabs.children) b.classList.toggle("active", b === event.currentTarget)
        for (const p of holder.children) p.hidden = p.id !== "panel-" + spec.id
        document.querySelector("main").classList.toggle("wide-side", !!spec.wide)
        if (spec.id === "gallery") panels.gallery.load()
        panels[spec.id].shown?.()
      }}, spec.title))
  }
  $("save").onclick = () => editors.active && editors.save(editors.active)
  $("format").onclick = () => editors.format()
  $("rename").onclick = () => editors.renameHere()
  $("definition").onclick = () => editors.definition()
  renderTree(files, editors)
  const connecting = editors.connect().catch(err => setStatus(err.message))
  if (info.first) await editors.open(info.first.path, true, info.first)
  window.__studio.readyAt = performance.now()
  window.__studio.ready = true
  await connecting
  setStatus("ready")
  setInterval(async () => {
    let answer
    try { answer = await api.tree() } catch (_) { return }
    const changed = JSON.stringify(answer.files) !== JSON.stringify(files)
    files = answer.files
    if (changed) {
      renderTree(files, editors)
      for (const panel of Object.values(panels)) panel.setFiles?.(files)
    }
    await editors.diskChanged(files)
  }, DISK_POLL)
  window.addEventListener("beforeunload", event => {
    if (Object.keys(editors.unsaved()).length) { event.preventDefault(); event.returnValue = "" }
  })
  window.__studio.editors = editors
}

start().catch(err => { setStatus("the studio could not start: " + err.message); console.error(err) })
