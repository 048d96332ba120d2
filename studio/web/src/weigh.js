// Weigh: compare the variant open in the editor with the base rules (or another variant),
// the figures arriving as games finish, with a progress bar, a cancel button, then the
// verdict and the charts of `wonders compare --report`.
import {socketUrl} from "./api.js"
import {h, clear} from "./dom.js"

function fmt(figure, value) { return figure.kind === "rate" ? (100 * value).toFixed(1) + "%" : value.toFixed(2) }
function diff(figure) {
  const scale = figure.kind === "rate" ? 100 : 1
  const unit = figure.kind === "rate" ? " pts" : ""
  return `${(scale * figure.difference) >= 0 ? "+" : ""}${(scale * figure.difference).toFixed(2)} ± ${(scale * figure.ci).toFixed(2)}${unit}`
}

// The difference's 95% interval as a bar beside the zero line (the middle of the cell):
// a bar that crosses the line is a difference not told apart from none.
function interval(f) {
  const scale = Math.max(Math.abs(f.difference) + f.ci, 1e-9)
  const left = 50 + 50 * (f.difference - f.ci) / scale, width = 100 * f.ci / scale
  return h("span", {class: "track"}, h("span", {class: "zero"}),
    h("span", {class: "bar", style: `left:${left.toFixed(1)}%;width:${Math.max(width, 1).toFixed(1)}%`}))
}

export class WeighPanel {
  constructor(el, editors, bots) {
    this.el = el
    this.editors = editors
    this.socket = null
    this.variant = h("select", {name: "variant", "aria-label": "variant"})
    this.against = h("select", {name: "against", "aria-label": "against"})
    this.players = h("input", {type: "number", name: "players", min: 2, max: 8, value: 4})
    this.games = h("input", {type: "number", name: "games", min: 1, max: 100000, value: 200})
    this.bots = h("select", {name: "bots"}, bots.filter(b => b !== "human").map(b => h("option", {value: b}, b)))
    // adaptive by default: players fitted to each rule set (the first time about a minute,
    // followed on the progress bar), so the verdict is how players who learn the rule play it
    this.bots.value = bots.includes("adaptive") ? "adaptive" : bots.includes("greedy") ? "greedy" : bots[0]
    // The skill tiers (`compare --skill`): each pair of tiers at mixed tables, under both rule sets
    this.skill = h("input", {type: "checkbox", name: "skill", onchange: () => this.chooseMode()})
    // The arc of a game (`compare --arc 4`): every turn valued by 4 rollouts, some 50 times a game's cost
    this.arc = h("input", {type: "checkbox", name: "arc"})
    this.tiers = h("input", {type: "text", name: "tiers", size: 44, disabled: true,
      value: "random,greedy,heuristic,adaptive,mcts:iterations=25", "aria-label": "tiers, weakest first"})
    this.start = h("button", {type: "button", class: "primary", onclick: () => this.begin()}, "Weigh")
    this.cancel = h("button", {type: "button", disabled: true, onclick: () => this.stop()}, "Cancel")
    this.progress = h("progress", {max: 1, value: 0})
    this.status = h("p", {class: "weigh-status"}, "Choose a variant and press Weigh.")
    this.players_note = h("div", {class: "weigh-players"})
    this.verdict = h("div", {class: "verdict"})
    this.table = h("div", {class: "figures"})
    this.report = h("div", {class: "report"})
    clear(el, h("form", {class: "weigh-form", onsubmit: e => { e.preventDefault(); this.begin() }},
      h("label", {}, "Variant ", this.variant), h("label", {}, "against ", this.against),
      h("label", {}, "Players ", this.players), h("label", {}, "Games ", this.games),
      h("label", {}, "Bots ", this.bots),
      h("label", {title: "Lead changes, when the game is decided, the last city after age I: every turn valued by 4 rollouts (slow)"},
        this.arc, " Arc "),
      h("label", {title: "Does skill still matter? Each pair of tiers plays mixed tables under both rule sets; Games is then games a pair"},
        this.skill, " Skill tiers "), this.tiers, this.start, this.cancel),
      this.progress, this.status, this.verdict, this.players_note, this.table, this.report)
  }

  // The variants of the folder, then its packs (a pack is weighed against the rules it changes).
  setFiles(files) {
    const variants = files.filter(f => f.variant).map(f => f.path)
    const packs = [...new Set(files.filter(f => f.pack).map(f => f.pack))]
    const keep = [this.variant.value, this.against.value]
    clear(this.variant, variants.map(v => h("option", {value: v}, v)),
      packs.map(p => h("option", {value: p, class: "pack"}, `${p} (pack)`)))
    clear(this.against, h("option", {value: ""}, "the base rules"), variants.map(v => h("option", {value: v}, v)))
    if (variants.includes(keep[0]) || packs.includes(keep[0])) this.variant.value = keep[0]
    if (variants.includes(keep[1])) this.against.value = keep[1]
  }

  chooseMode() {
    this.tiers.disabled = !this.skill.checked
    this.bots.disabled = this.skill.checked
    this.arc.disabled = this.skill.checked
  }

  chooseFor(path) { if ([...this.variant.options].some(o => o.value === path)) this.variant.value = path }

  begin() {
    if (this.socket) return
    const unsaved = Object.keys(this.editors.unsaved()).filter(p => p === this.variant.value || p === this.against.value || !p.includes("variants/"))
    clear(this.verdict); clear(this.players_note); clear(this.table); clear(this.report)
    this.progress.value = 0
    this.status.textContent = "Starting..." + (unsaved.length ? ` (unsaved changes in ${unsaved.join(", ")} are not weighed: save first)` : "")
    const start = {variant: this.variant.value, against: this.against.value || null,
                   players: Number(this.players.value), games: Number(this.games.value), bots: [this.bots.value]}
    if (this.arc.checked && !this.skill.checked) start.arc = 4
    if (this.skill.checked) Object.assign(start, {skill: true, tiers: this.tiers.value.split(",").map(t => t.trim()).filter(Boolean)})
    const socket = this.socket = new WebSocket(socketUrl("/weigh"))
    socket.onopen = () => socket.send(JSON.stringify({start}))
    socket.onmessage = event => this.receive(JSON.parse(event.data))
    socket.onclose = () => { this.socket = null; this.start.disabled = false; this.cancel.disabled = true }
    this.start.disabled = true
    this.cancel.disabled = false
  }

  stop() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({cancel: true}))
    this.status.textContent = "Stopping after the games under way..."
    this.cancel.disabled = true
  }

  receive(message) {
    if (message.type === "done" || message.type === "error") { this.start.disabled = false; this.cancel.disabled = true }
    if (message.type === "status") this.status.textContent = message.text[0].toUpperCase() + message.text.slice(1) + "..."
    else if (message.type === "error") { this.status.textContent = "Error: " + message.text; this.status.classList.add("error") }
    else if (message.type === "fit") this.fitting(message)
    else if (message.type === "figures" || message.type === "done") this.figures(message)
  }

  // A fit of the players before the games: its generations on the progress bar.
  fitting(m) {
    this.status.classList.remove("error")
    this.progress.max = m.total
    this.progress.value = m.done
    this.status.textContent = `${m.text[0].toUpperCase() + m.text.slice(1)}: generation ${m.done} of at most ${m.total}`
  }

  figures(m) {
    this.status.classList.remove("error")
    this.progress.max = m.games
    this.progress.value = m.done
    const finished = m.type === "done"
    this.status.textContent = finished
      ? `${m.stopped ? "Stopped" : "Done"}: ${m.pairs} game(s) under both rule sets in ${m.seconds} s`
        + (m.failed.length ? `; ${m.failed.length} game(s) failed` : "")
      : `${m.done} of ${m.games} games under both rule sets (${m.seconds} s)`
    if (m.players && m.players.length) clear(this.players_note, m.players.map(line => h("p", {class: "note"}, line)))
    if (!m.pairs) return
    if (m.skill) this.skillFigures(m)
    else this.usualFigures(m)
    if (finished && m.report) {
      // The report is a page of its own: shown in a sandboxed frame that runs its charts
      // but has no access to the studio (no same origin, no token).
      const frame = h("iframe", {class: "report-frame", sandbox: "allow-scripts", title: "comparison report"})
      frame.srcdoc = m.report
      clear(this.report, h("h3", {}, "Report"), frame)
    }
  }

  // Each pair of tiers: the stronger tier's win rate under A and B, the change and its interval.
  skillFigures(m) {
    const s = m.skill, pct = v => (100 * v).toFixed(1) + "%"
    const gap = s.gap ? `Skill gap (the stronger tier's win rate above its fair share, mean of the pairs): ${(100 * s.gap.a).toFixed(1)} → ${(100 * s.gap.b).toFixed(1)} points (${(100 * s.gap.difference).toFixed(1)} ± ${(100 * s.gap.ci).toFixed(1)})` : ""
    clear(this.verdict, h("h3", {}, m.type === "done" ? "Verdict" : "Verdict so far"),
      s.verdict.length ? h("ul", {}, s.verdict.map(v => h("li", {}, v)))
        : h("p", {}, `No pair's win rate changed significantly yet (${s.changes.length} pairs, Holm's correction).`),
      h("p", {class: "gap"}, gap))
    const rows = s.changes.map(c => h("tr", {class: c.significant ? "significant" : ""},
      h("td", {}, `${c.stronger} against ${c.weaker}`), h("td", {class: "num"}, String(c.games)),
      h("td", {class: "num"}, pct(c.a)), h("td", {class: "num"}, pct(c.b)),
      h("td", {class: "num"}, diff({kind: "rate", difference: c.difference, ci: c.ci})), h("td", {class: "interval"}, interval(c))))
    clear(this.table, h("table", {class: "skill"}, h("thead", {}, h("tr", {}, h("th", {}, "pair"), h("th", {}, "games"),
      h("th", {}, "A"), h("th", {}, "B"), h("th", {}, "B − A (95%)"), h("th", {}, "interval around 0"))), h("tbody", {}, rows)),
      h("p", {class: "hint"}, `The stronger tier's win rate at tables it shares with the weaker. A: ${m.name_a}; B: ${m.name_b}. In bold: significant after Holm's correction.`))
  }

  usualFigures(m) {
    clear(this.verdict, h("h3", {}, m.type === "done" ? "Verdict" : "Verdict so far"),
      m.verdict.length ? h("ul", {}, m.verdict.map(v => h("li", {}, v)))
        : h("p", {}, `No significant difference yet (${m.tested} figures tested, Holm's correction).`),
      (m.notes || []).map(note => h("p", {class: "note"}, note)))
    const rows = m.figures.map(f => h("tr", {class: f.significant ? "significant" : ""},
      h("td", {}, f.figure), h("td", {class: "num"}, fmt(f, f.a)), h("td", {class: "num"}, fmt(f, f.b)),
      h("td", {class: "num"}, diff(f)), h("td", {class: "interval"}, interval(f))))
    clear(this.table, h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "figure"), h("th", {}, "A"), h("th", {}, "B"),
      h("th", {}, "B − A (95%)"), h("th", {}, "interval around 0"))), h("tbody", {}, rows)),
      h("p", {class: "hint"}, `A: ${m.name_a}; B: ${m.name_b}. In bold: significant after Holm's correction.`))
  }
}
