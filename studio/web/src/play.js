// Play: one seat of a game kept on the server (interpreter/studio/play.py), the bots
// answering the other seats there.  The page shows the position the server sends and
// sends back a move, a step through the game's points, a save or a load.
import {api} from "./api.js"
import {h, clear, drawing} from "./dom.js"

const COLORS = {brown: "#8b5a2b", grey: "#8a8a8a", gray: "#8a8a8a", blue: "#2f6fc0", yellow: "#d4a017",
                red: "#c0392b", green: "#2e8b57", purple: "#7b4fa0", white: "#ddd", black: "#333"}
const WHERE = {you: "You", left: "Left neighbour", right: "Right neighbour", other: "Other player", neutral: "Neutral city"}
const LOOK_AGAIN = 700         // ms between looks at a game whose bots are getting ready
const SESSION_KEY = "wonders-studio-play"

// A move in a few words (its full label, as logs write it, is the button's title).
function moveText(move) {
  const verb = {build: "Build", stage: "Stage", sell: "Sell", pass: "Pass", accept: "Pay the price",
                decline: "Decline"}[move.kind] || move.kind
  if (move.free) return `${verb}: free (${move.free.startsWith("chain") ? "chain"
    : move.free.startsWith("token ") ? "for " + move.free.slice(6) + " token" : "power"})`
  const pays = [move.left ? `${move.left} left` : null, move.right ? `${move.right} right` : null,
                move.bank ? `${move.bank} bank` : null].filter(Boolean)
  return pays.length ? `${verb}: ${pays.join(" + ")}` : verb
}

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}` }

export class PlayPanel {
  constructor(el, setStatus) {
    this.el = el
    this.setStatus = setStatus
    this.game = null               // the position last sent by the server
    this.setupData = null
    this.busy = false
    this.edition = h("select", {name: "edition", "aria-label": "rule set", onchange: () => this.fillEdition()})
    this.variants = h("div", {class: "play-variants"})
    this.players = h("select", {name: "players", "aria-label": "players", onchange: () => this.fillSeats()})
    this.seat = h("select", {name: "seat", "aria-label": "your seat", onchange: () => this.fillBots()})
    this.bots = h("span", {class: "play-bots"})
    this.sides = h("select", {name: "sides", "aria-label": "sides"})
    this.seed = h("input", {type: "number", name: "seed", value: 1, min: 0, "aria-label": "seed"})
    this.savePath = h("input", {type: "text", name: "save-path", value: "position.json", "aria-label": "save as"})
    this.loadPath = h("select", {name: "load-path", "aria-label": "saved position"})
    this.message = h("p", {class: "play-message", role: "status"})
    this.board = h("div", {class: "play-board"})
    const form = h("form", {class: "play-form", onsubmit: e => { e.preventDefault(); this.start() }},
      h("label", {}, "Rules ", this.edition), h("label", {}, "Players ", this.players),
      h("label", {}, "You ", this.seat), this.bots, h("label", {}, "Sides ", this.sides),
      h("label", {}, "Seed ", this.seed), h("button", {type: "submit", class: "primary", name: "start"}, "Start"),
      this.variants)
    const files = h("div", {class: "play-files"},
      h("label", {}, "Save as ", this.savePath), h("button", {type: "button", name: "save", onclick: () => this.save()}, "Save"),
      h("label", {}, "Load ", this.loadPath), h("button", {type: "button", name: "load", onclick: () => this.load()}, "Load"))
    clear(el, form, files, this.message, this.board)
    this.setupLoaded = null
  }

  // The form is filled when the tab is first opened (the rule sets are checked for it).
  shown() {
    if (!this.setupLoaded) this.setupLoaded = this.loadSetup()
    return this.setupLoaded
  }

  async loadSetup() {
    this.message.textContent = "Reading the folder's rule sets..."
    try { this.setupData = await api.playSetup() } catch (err) { this.message.textContent = err.message; this.setupLoaded = null; return }
    const s = this.setupData
    clear(this.edition, s.editions.map(e => h("option", {value: e.folder}, `${e.name} (${e.folder === "." ? "the folder" : e.folder})`)))
    this.fillEdition()
    this.fillPositions(s.positions)
    this.message.textContent = "Choose the rules and the players, then Start."
    const kept = sessionStorage.getItem(SESSION_KEY)
    if (kept) {
      try { this.show(await api.playPosition(kept, true)) } catch (_) { sessionStorage.removeItem(SESSION_KEY) }
    }
  }

  fillEdition() {
    const e = this.setupData.editions.find(x => x.folder === this.edition.value)
    if (!e) return
    const players = this.players.value
    clear(this.players, e.players.map(n => h("option", {value: n}, n)))
    this.players.value = e.players.includes(Number(players)) ? players : (e.players.includes(4) ? 4 : e.players[0])
    clear(this.sides, h("option", {value: "random"}, "random"), e.sides.map(s => h("option", {value: s}, s)))
    clear(this.variants, e.variants.length ? h("span", {class: "hint"}, "Variants: ") : null,
      e.variants.map(v => h("label", {class: "variant"}, h("input", {type: "checkbox", value: v, name: "variant"}),
        " " + v.slice(v.lastIndexOf("/") + 1).replace(/\.wonders$/, ""))))
    if (e.problem) this.message.textContent = e.problem
    this.fillSeats()
  }

  fillSeats() {
    const n = Number(this.players.value) || 0
    const seat = this.seat.value
    clear(this.seat, Array.from({length: n}, (_, i) => h("option", {value: i}, `seat ${i + 1}`)))
    this.seat.value = seat !== "" && Number(seat) < n ? seat : "0"
    this.fillBots()
  }

  // One bot for each other seat (the choices made are kept when the seats change).
  fillBots() {
    const kept = [...this.bots.querySelectorAll("select")].map(s => s.value)
    const names = this.setupData.bots, first = names.includes("greedy") ? "greedy" : names[0]
    const n = Number(this.players.value) || 0, you = Number(this.seat.value)
    clear(this.bots, Array.from({length: n}, (_, i) => i).filter(i => i !== you).map(i =>
      h("label", {}, `seat ${i + 1} `, h("select", {name: "bot", "data-seat": i, "aria-label": `bot of seat ${i + 1}`},
        names.map(b => h("option", {value: b, selected: b === (kept[0] ?? first)}, b))))))
    kept.forEach((value, k) => { const s = this.bots.querySelectorAll("select")[k]; if (s) s.value = value })
  }

  // The bots of every seat, in seat order (the page's own seat is played here).
  botList() {
    const bySeat = new Map([...this.bots.querySelectorAll("select")].map(s => [Number(s.dataset.seat), s.value]))
    const n = Number(this.players.value)
    return Array.from({length: n}, (_, i) => bySeat.get(i) ?? "human")
  }

  fillPositions(positions) {
    clear(this.loadPath, positions.length ? positions.map(p => h("option", {value: p}, p))
      : h("option", {value: ""}, "(no .json file in the folder)"))
  }

  // Called by the page when a variant file is opened: it is ticked for the next game.
  chooseFor(path) {
    const box = [...this.variants.querySelectorAll("input")].find(i => i.value === path)
    if (box) box.checked = true
  }

  async ask(what, call) {
    if (this.busy) return
    this.busy = true
    this.el.classList.add("busy")
    this.message.textContent = what
    try {
      this.show(await call())
    } catch (err) {
      this.message.textContent = err.message
      this.message.classList.add("error")
    } finally {
      this.busy = false
      this.el.classList.remove("busy")
    }
  }

  start() {
    const variants = [...this.variants.querySelectorAll("input:checked")].map(i => i.value)
    return this.ask("Dealing...", () => api.playNew({edition: this.edition.value, variants, players: Number(this.players.value),
      seat: Number(this.seat.value), bots: this.botList(), sides: this.sides.value, seed: Number(this.seed.value) || 0}))
  }

  // An example game of Weigh, replayed from its seed by its bots (studio/play_replay.py),
  // opened at the turn where its figure shows; every turn is a point of its line.
  async replay(request) {
    await this.shown()
    return this.ask("Replaying the game from its seed...", () => api.playReplay(request))
  }

  choose(index) { return this.ask("The bots are choosing...", () => api.playChoose(this.game.id, index)) }
  go(to) { return this.ask("", () => api.playGo(this.game.id, to)) }

  async save(replace = false) {
    if (!this.game || this.game.status !== "ready") { this.message.textContent = "Start a game first."; return }
    try {
      const answer = await api.playSave(this.game.id, this.savePath.value.trim(), replace)
      this.fillPositions(answer.positions)
      this.loadPath.value = answer.path
      this.message.classList.remove("error")
      this.message.textContent = `Saved ${answer.path}. At a terminal: ${this.game.command.replace("FILE", answer.path)}`
    } catch (err) {
      if (err.status === 409 && !replace && confirm(err.message)) return this.save(true)
      this.message.classList.add("error")
      this.message.textContent = "Not saved: " + err.message
    }
  }

  load() {
    if (!this.loadPath.value) { this.message.textContent = "No saved position to load."; return }
    return this.ask("Loading...", () => api.playLoad(this.loadPath.value, Number(this.seat.value), this.botList()))
  }

  show(game) {
    this.game = game
    this.message.classList.remove("error")
    sessionStorage.setItem(SESSION_KEY, game.id)
    if (game.status === "preparing") {
      this.message.textContent = "The bots are getting ready" + (game.note ? `: ${game.note}` : "") + "..."
      clearTimeout(this.timer)
      this.timer = setTimeout(async () => {
        try { this.show(await api.playPosition(game.id, true)) } catch (err) { this.message.textContent = err.message }
      }, LOOK_AGAIN)
      return
    }
    if (game.status === "error") {
      this.message.textContent = "This game could not start: " + game.problem
      this.message.classList.add("error")
      return
    }
    const d = game.decision
    this.message.textContent = game.finished ? "The game is over." : !d ? `Age ${game.age}, turn ${game.turn}: the bots decide first here.` :
      `Age ${game.age} of ${game.ages}, turn ${game.turn} of ${game.turns}: ` +
      (d.neutral ? `choose for the ${d.city} (you hold its card)` : d.kind === "turn" ? "your turn" : `your ${d.kind} decision`) +
      (d.offer ? `: you may pay ${d.offer}` : "")
    if (game.replay) this.message.textContent = `Game of seed ${game.replay.seed} as its bots played it, opened after turn `
      + `${game.replay.turn}. Step through its turns, or play seat ${game.seat + 1} from here. ` + this.message.textContent
    window.__studio.play = {node: game.node, turn: game.turn, age: game.age, finished: game.finished,
                            ...(game.replay ? {replay: game.replay} : {})}
    clear(this.board, this.navigation(game), game.finished ? this.scores(game.scores) : d ? this.hand(d) : null,
      this.cities(game.cities), h("details", {class: "play-log"}, h("summary", {}, "The game's log"),
        h("pre", {}, game.log.join("\n"))))
  }

  navigation(game) {
    const line = h("ol", {class: "play-line", "aria-label": "the game's points"}, game.line.map((p, i) =>
      h("li", {}, h("button", {type: "button", class: p.node === game.node ? "current" : "", "data-node": p.node,
        title: p.move ? `after: ${p.move}` : "the start",
        onclick: () => this.go(p.node)}, p.finished ? "end" : `${p.age}.${p.turn}`))))
    const others = game.lines.length > 1 ? h("div", {class: "play-branches"}, h("span", {class: "hint"}, "Lines from here: "),
      game.lines.map(l => h("button", {type: "button", class: "branch" + (l.followed ? " current" : ""), "data-node": l.node,
        onclick: () => this.go(l.node)}, l.move))) : null
    return h("div", {class: "play-nav"},
      h("button", {type: "button", name: "back", disabled: !game.back, onclick: () => this.go("back")}, "◀ Back"),
      h("button", {type: "button", name: "forward", disabled: !game.forward, onclick: () => this.go("forward")}, "Forward ▶"),
      line, others)
  }

  hand(d) {
    const byCard = new Map()
    for (const move of d.moves) {
      if (!byCard.has(move.card)) byCard.set(move.card, [])
      byCard.get(move.card).push(move)
    }
    const title = d.kind === "discard" ? "A card from the discard pile" : d.neutral ? `Cards the ${d.city} can play` : "Your hand"
    const cards = d.cards.map(card => h("figure", {class: "play-card", "data-card": card.name},
      card.svg ? drawing(card.svg, card.name) : h("div", {class: "no-drawing"}, card.name),
      h("figcaption", {}, card.name),
      h("div", {class: "moves"}, (byCard.get(card.index) || []).map(m =>
        h("button", {type: "button", class: "move " + m.kind, "data-move": m.index, title: m.label,
                     onclick: () => this.choose(m.index)}, moveText(m))))))
    const loose = (byCard.get(-1) || []).map(m => h("button", {type: "button", class: "move", "data-move": m.index,
      onclick: () => this.choose(m.index)}, moveText(m)))
    return h("section", {class: "play-hand"}, h("h3", {}, title), h("div", {class: "cards"}, cards), loose)
  }

  cities(cities) {
    const order = ["you", "left", "right", "neutral", "other"]
    const sorted = [...cities].sort((a, b) => order.indexOf(a.where) - order.indexOf(b.where))
    return h("section", {class: "play-cities"}, sorted.map(c => h("article", {class: "city " + c.where, "data-city": c.name},
      h("h4", {}, c.name, h("span", {class: "where"}, " " + WHERE[c.where] + (c.neutral && c.where !== "neutral" ? " (a neutral city)" : ""))),
      h("div", {class: "wonder"}, `${c.wonder}, side ${c.side}: stage ${c.stages} of ${c.stages_total}`),
      h("div", {class: "facts"}, h("span", {class: "coins", title: "coins"}, plural(c.coins, "coin")),
        h("span", {class: "shields", title: "shields"}, plural(c.shields, "shield")),
        h("span", {class: "tokens", title: "military tokens"}, c.tokens.length
          ? "tokens " + c.tokens.map(t => (t > 0 ? "+" : "") + t).join(" ") : "no tokens"),
        Object.keys(c.kept || {}).length ? h("span", {class: "kept", title: "kept tokens"},
          Object.entries(c.kept).map(([kind, n]) => `${n} ${kind}`).join(", ")) : null),
      c.board ? h("div", {class: "board"}, drawing(c.board, `${c.wonder}, side ${c.side}`)) : null,
      h("div", {class: "built"}, c.built.length ? c.built.map(card => h("span", {class: "chip",
        style: `border-left-color:${COLORS[card.color] || "#999"}`, title: card.color}, card.name)) : h("span", {class: "hint"}, "nothing built")))))
  }

  scores(s) {
    return h("section", {class: "play-scores"}, h("h3", {}, "Final scores: " + s.winners.join(", ") + (s.winners.length > 1 ? " win" : " wins")),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), s.players.map(p => h("th", {}, p.name)))),
        h("tbody", {}, s.categories.map(cat => h("tr", {}, h("td", {}, cat), s.players.map(p => h("td", {class: "num"}, p.pad[cat])))),
          h("tr", {class: "total"}, h("td", {}, "total"), s.players.map(p => h("td", {class: "num"}, p.total))))))
  }
}
