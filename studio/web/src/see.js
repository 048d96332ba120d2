// See: the card or wonder side under the cursor, drawn by the server as `wonders render`
// draws it, and the gallery of every card with a variant applied.
import {api} from "./api.js"
import {h, clear, drawing} from "./dom.js"

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI"]
const PREVIEW_DELAY = 250      // ms of quiet typing before the drawing is asked for again (its check
                               // would otherwise take the cores the diagnostics need while typing)

export class CardPanel {
  constructor(el) {
    this.el = el
    this.timer = -1
    this.asked = 0
    this.lastKey = null
    clear(el, h("p", {class: "hint"}, "Put the cursor in a card or a wonder to see it drawn here."))
  }

  follow(path, view) {
    const text = view.state.doc.toString()
    const line = view.state.doc.lineAt(view.state.selection.main.head).number
    const key = path + "\n" + line + "\n" + text
    if (key === this.lastKey) return
    this.lastKey = key
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.ask(path, text, line), PREVIEW_DELAY)
  }

  async ask(path, text, line) {
    const asked = ++this.asked
    let answer
    try { answer = await api.preview(path, text, line) } catch (err) {
      if (asked === this.asked) clear(this.el, h("p", {class: "error"}, err.message))
      return
    }
    if (asked !== this.asked) return             // a newer request is on its way
    this.show(answer)
  }

  show(answer) {
    if (!answer.kind) {
      if (!this.el.querySelector(".drawing")) clear(this.el, h("p", {class: "hint"}, "Put the cursor in a card or a wonder to see it drawn here."))
      return
    }
    const title = answer.kind === "card" ? answer.name : `${answer.name}${answer.side ? ", side " + answer.side : ""}`
    const parts = [h("h3", {class: "drawn-name"}, title)]
    if (answer.svg) parts.push(h("div", {class: "drawn " + answer.kind, "data-name": answer.name}, drawing(answer.svg, title)))
    if (answer.stale) parts.push(h("p", {class: "stale"}, `The text has ${answer.errors} error(s): this is the last version that checked.`))
    if (!answer.svg) parts.push(h("p", {class: "error"}, answer.why))
    clear(this.el, parts)
  }
}

export class Gallery {
  constructor(el, editors, files) {
    this.el = el
    this.editors = editors
    this.files = files
    this.variant = h("select", {class: "variant-choice", "aria-label": "variant applied", onchange: () => this.load()})
    this.body = h("div", {class: "gallery-body"})
    clear(el, h("div", {class: "panel-bar"}, h("label", {}, "Variant applied: ", this.variant),
                h("button", {type: "button", onclick: () => this.load()}, "Refresh")), this.body)
  }

  setFiles(files) {
    this.files = files
    const chosen = this.variant.value
    clear(this.variant, h("option", {value: ""}, "none (the base rules)"),
          files.filter(f => f.variant).map(f => h("option", {value: f.path}, f.path)))
    this.variant.value = files.some(f => f.path === chosen) ? chosen : ""
  }

  chooseFor(path) {
    const file = this.files.find(f => f.path === path)
    if (file && file.variant) this.variant.value = path
  }

  async load() {
    const path = this.editors.active || (this.files.find(f => !f.variant) || {}).path
    if (!path) return
    clear(this.body, h("p", {class: "hint"}, "Drawing every card..."))
    let answer
    try { answer = await api.gallery(path, this.editors.unsaved(), this.variant.value || null) } catch (err) {
      clear(this.body, h("p", {class: "error"}, err.message)); return
    }
    if (!answer.rules) {
      clear(this.body, h("p", {class: "error"}, `The rules have ${answer.errors} error(s): nothing to draw until they check.`))
      return
    }
    const ages = [...new Set(answer.cards.map(c => c.age))].sort((a, b) => a - b)
    const sections = ages.map(age => {
      const cards = answer.cards.filter(c => c.age === age)
      return h("section", {}, h("h3", {}, `Age ${ROMAN[age] || age} (${cards.length} card(s))`),
        h("div", {class: "cards"}, cards.map(c => h("figure", {class: "card", "data-card": c.name},
          drawing(c.svg, c.name), h("figcaption", {}, c.name)))))
    })
    sections.push(h("section", {}, h("h3", {}, `Wonders (${answer.wonders.length} side(s))`),
      h("div", {class: "wonders"}, answer.wonders.map(w => h("figure", {class: "wonder", "data-wonder": w.name},
        drawing(w.svg, `${w.name}, side ${w.side}`), h("figcaption", {}, `${w.name}, side ${w.side}`))))))
    clear(this.body, h("p", {class: "summary"}, `${answer.rules}: ${answer.cards.length} card(s), `
      + `${answer.wonders.length} wonder side(s)` + (answer.errors ? ` (the text has ${answer.errors} error(s): the last version that checked)` : "")),
      sections)
  }
}
