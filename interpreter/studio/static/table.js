// A page at a studio table (docs/studio.md, "Tables"): a seat's, a spectator's or the host's.
// Everything shown comes from the server's view for this page's role; the page holds no
// hidden information and decides nothing: it sends a choice and shows the next view.
"use strict";
(() => {
  const query = location.search.match(/[?&]invite=([A-Za-z0-9_-]+)/);
  const invite = query ? query[1] : "";
  const tableId = location.pathname.split("/")[2];
  const suffix = invite ? `?invite=${invite}` : "";
  const $ = (id) => document.getElementById(id);
  // sent: the number of the decision this page has answered, until the server's reply;
  // mineKey, seatsKey: what the seat's own part and the seats show now (kept while the same)
  let socket = null, view = null, retry = 500, fatal = false, sent = null, mineKey = null, seatsKey = null;

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v == null) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c != null) node.append(c);
    return node;
  }
  // the sources a line's symbols came from: " (from Apothecary: compass; Library: tablet)"
  function symbolsFrom(item) {
    if (!item.symbols_from) return "";
    return ` (from ${item.symbols_from.map((f) => `${f.source}: ${f.symbols.join(f.choice ? " or " : ", ")}`).join("; ")})`;
  }
  function status(text, problem = false) {
    $("status").textContent = text;
    $("status").classList.toggle("problem", problem);
  }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/table/${tableId}/ws${suffix}`);
    socket.onopen = () => { retry = 500; status("connected"); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        // a view made before the server took this page's answer still shows the decision
        // answered: its moves stay disabled until the next view or the answer's refusal
        if (!(sent != null && message.decision && message.decision.number === sent)) sent = null;
        // a problem said (an answer refused) is over once the seat's decision moves on
        if (view && (message.decision || {}).number !== (view.decision || {}).number) $("status").classList.remove("problem");
        view = message;
        render();
      } else if (message.type === "error") {
        status(message.text, true);
        if (message.fatal) fatal = true;
        // an answer refused (out of date, sent twice): ask for the table as it is now
        if (message.to === "choose") send({type: "view"});
        sent = null;
        if (view) render();
      }
    };
    socket.onclose = (event) => {
      if (fatal || event.code === 1008) { status("this link does not open this table", true); return; }
      status("connection lost: coming back...", true);
      sent = null;                            // an answer not yet taken is asked again
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function render() {
    const v = view;
    document.body.dataset.role = v.role;
    $("title").textContent = `${v.rules}${v.variants.length ? " + " + v.variants.join(", ") : ""}`;
    $("where").textContent = v.finished ? `game ${v.round}: over` : `game ${v.round}, age ${v.age}, turn ${v.turn} of ${v.turns}`;
    renderSeats(v);
    renderMine(v);
    renderCities(v);
    renderEnd(v);
    $("log").textContent = v.log.join("\n");
    $("log").scrollTop = $("log").scrollHeight;
    if (!$("status").classList.contains("problem")) {
      status(v.role === "seat" ? (v.decision ? "your move" : v.finished ? "the game is over" : "waiting for the others")
        : v.role === "spectator" ? "watching" : "hosting");
    }
  }

  function renderSeats(v) {
    const box = $("seats");
    // Unchanged seats stay the elements they are (a click on "let a bot play" is not lost to
    // a view that arrives as it is made); changed, the host's choice of bot for each is kept.
    const key = JSON.stringify([v.seats, v.host, v.finished, v.bots, v.seat]);
    if (key === seatsKey) return;
    seatsKey = key;
    const picked = {};
    for (const select of box.querySelectorAll("select[data-seat]")) picked[select.dataset.seat] = select.value;
    box.replaceChildren();
    for (const s of v.seats) {
      const who = s.kind === "bot" ? `bot ${s.bot}` : s.bot ? `away: bot ${s.bot} plays` : s.connected ? "here" : `away${s.away != null ? ` ${s.away} s` : ""}`;
      const card = el("div", {class: `seat${v.seat === s.seat ? " you" : ""}${s.kind === "person" && !s.connected ? " away" : ""}`,
                              "data-seat": s.seat},
        el("div", {text: `${s.seat + 1}. ${s.name}${v.seat === s.seat ? " (you)" : ""}`}),
        el("div", {class: "state", text: `${who}${s.choosing ? " · choosing" : v.finished ? "" : " · chosen"}`}));
      if (v.host && s.handable) {
        const pick = el("select", {"aria-label": `bot for seat ${s.seat + 1}`, "data-seat": s.seat});
        for (const b of v.bots || []) pick.append(el("option", {value: b, text: b}));
        const kept = picked[String(s.seat)];
        if ((v.bots || []).includes(kept)) pick.value = kept;
        else if ((v.bots || []).includes("greedy")) pick.value = "greedy";
        card.append(el("div", {class: "controls"}, pick,
          el("button", {type: "button", class: "hand", text: "let a bot play",
                        onclick: () => send({type: "hand", seat: s.seat, bot: pick.value})})));
      }
      box.append(card);
    }
    if (v.host && v.finished) {
      box.append(el("button", {type: "button", id: "again", text: "Play again (seats rotated)", onclick: () => send({type: "again"})}));
    }
  }

  function drawing(card) {
    return el("img", {src: `/table/${tableId}/card/${card.index}.svg${suffix}`, alt: `${card.name} (${card.color || "no colour"})`,
                      title: card.name, width: "180"});
  }

  function renderMine(v) {
    const box = $("mine");
    // The same decision and hand as shown: the buttons stay the elements they are.  A view
    // sent for another seat's move can arrive while a person clicks, and a button replaced
    // between the press and the release takes no click (and a keyboard's focus is kept).
    const key = JSON.stringify([v.role, v.stand_in, v.decision, v.hand, v.finished]);
    if (key === mineKey) {
      for (const b of box.querySelectorAll("button.move")) b.disabled = sent != null;
      return;
    }
    mineKey = key;
    box.replaceChildren();
    if (v.role !== "seat") { box.hidden = true; return; }
    box.hidden = false;
    if (v.stand_in) {
      box.append(el("p", {text: `A bot (${v.stand_in}) plays your seat while you were away. `},
        el("button", {type: "button", id: "take-back", text: "Take my seat back", onclick: () => send({type: "take back"})})));
    }
    const d = v.decision;
    // the open decision's number: a follow-up decision in the same turn (a build from the
    // discard pile) keeps the heading, so this is how a watcher tells the two apart
    box.dataset.decision = d ? String(d.number) : "";
    if (!d && !v.hand.length) return;
    const heading = d ? `Your move${d.for_neutral ? ` for ${d.city}` : ""}: ${d.kind}` : v.finished ? "Your last hand" : "Your hand (chosen: waiting for the others)";
    box.append(el("h2", {text: heading}));
    const cards = d ? d.cards : v.hand;
    const hand = el("div", {class: "hand"});
    for (const card of cards) {
      const moves = d ? d.moves.filter((m) => m.card === card.index) : [];
      const item = el("div", {class: `card${d ? "" : " idle"}`, "data-card": card.name}, drawing(card));
      for (const m of moves) {
        const pay = [m.free ? "free" : "", m.left ? `${m.left} left` : "", m.right ? `${m.right} right` : "", m.bank ? `${m.bank} bank` : ""]
          .filter(Boolean).join(" + ");
        item.append(el("button", {type: "button", class: "move", "data-kind": m.kind, title: m.label, disabled: sent != null ? "" : null,
                                  text: `${m.kind[0].toUpperCase()}${m.kind.slice(1)}${pay ? ": " + pay : ""}`,
                                  onclick: () => choose(d.number, m.index)}));
      }
      hand.append(item);
    }
    if (d) {
      for (const m of d.moves.filter((m) => m.card < 0)) {
        hand.append(el("button", {type: "button", class: "move", "data-kind": m.kind, text: m.label, disabled: sent != null ? "" : null,
                                  onclick: () => choose(d.number, m.index)}));
      }
    }
    box.append(hand);
  }

  function choose(number, option) {
    if (sent != null) return;
    sent = number;
    send({type: "choose", decision: number, option});
    status("sent: waiting for the others");
    for (const b of document.querySelectorAll("button.move")) b.disabled = true;
  }

  function renderCities(v) {
    const box = $("cities");
    box.replaceChildren();
    box.className = "cities";
    for (const c of v.cities) {
      const built = el("div", {class: "built"});
      for (const b of c.built) built.append(el("span", {class: "chip", text: b.name, title: `${b.name} (${b.color})`,
                                                         style: `background:${b.paint};color:${b.ink}`}));
      const tokens = c.tokens.length ? c.tokens.map((t) => (t > 0 ? `+${t}` : `${t}`)).join(" ") : "none";
      box.append(el("div", {class: `city${c.seat === v.seat ? " you" : ""}`, "data-city": c.name},
        el("h3", {text: `${c.name}${c.neutral ? " (neutral)" : ""}`}),
        el("div", {class: "facts", text: `${c.wonder} ${c.side} · stages ${c.stages}/${c.stages_total} · ${c.coins} coins · ${c.shields} shields · tokens ${tokens}`}),
        built));
    }
  }

  function renderEnd(v) {
    const box = $("end");
    box.replaceChildren();
    if (!v.end) { box.hidden = true; return; }
    box.hidden = false;
    box.append(el("h2", {text: `The end: ${v.end.winners.join(" and ")} ${v.end.winners.length > 1 ? "win" : "wins"}`}));
    const table = el("table", {class: "pad"});
    const head = el("tr", {}, el("th", {text: "category"}));
    for (const c of v.end.cities) head.append(el("th", {class: c.winner ? "winner" : "", text: `${c.name} (${c.wonder} ${c.side})`}));
    table.append(head);
    v.end.categories.forEach((category, i) => {
      const row = el("tr", {}, el("th", {text: category}));
      for (const c of v.end.cities) {
        const line = c.lines[i];
        const items = line.items.map((it) => `${it.source} ${it.points > 0 ? "+" : ""}${it.points}${symbolsFrom(it)}`).join(", ");
        row.append(el("td", {}, el("div", {text: String(line.points)}), el("div", {class: "items", text: items})));
      }
      table.append(row);
    });
    const total = el("tr", {}, el("th", {text: "total"}));
    for (const c of v.end.cities) total.append(el("td", {class: c.winner ? "winner" : "", text: `${c.total} (coins ${c.coins}, tokens ${c.tokens.join(" ") || "none"})`}));
    table.append(total);
    box.append(table);
  }

  connect();
})();
