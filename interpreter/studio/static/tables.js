// The host's page of tables: open a table for a rule set of the folder and share one invite
// link per person (each link opens that seat only), a spectator's link, and the host's own.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let setup = null;
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/tables/ws`);
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c != null) node.append(c);
    return node;
  }
  const send = (m) => socket.send(JSON.stringify(m));
  socket.onopen = () => { send({type: "setup"}); send({type: "list"}); };
  socket.onclose = () => { $("status").textContent = "the studio stopped: reload the page"; };
  socket.onmessage = (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "setup") { setup = m; fillForm(); $("status").textContent = "ready"; }
    else if (m.type === "tables") showTables(m.tables);
    else if (m.type === "opened") { showTables(m.tables); $("status").textContent = "table opened: send each person their link"; }
    else if (m.type === "error") $("status").textContent = m.text;
  };

  function edition() { return setup.editions.find((e) => e.folder === $("edition").value); }
  function fillForm() {
    $("edition").replaceChildren(...setup.editions.filter((e) => !e.problem).map((e) => el("option", {value: e.folder, text: e.name})));
    $("edition").onchange = fillEdition;
    $("players").onchange = fillSeats;
    fillEdition();
  }
  function fillEdition() {
    const e = edition();
    $("variants").replaceChildren(el("legend", {text: "Variants"}), ...e.variants.map((v) =>
      el("label", {}, el("input", {type: "checkbox", value: v}), ` ${v} `)));
    $("players").replaceChildren(...e.players.map((n) => el("option", {value: n, text: n})));
    $("players").value = e.players.includes(4) ? "4" : String(e.players[0]);
    $("sides").replaceChildren(el("option", {value: "random", text: "random"}), ...e.sides.map((s) => el("option", {value: s, text: s})));
    fillSeats();
  }
  function fillSeats() {
    const rows = $("seat-rows");
    rows.replaceChildren(el("tr", {}, el("th", {text: "seat"}), el("th", {text: "who"}), el("th", {text: "name"}), el("th", {text: "bot"})));
    for (let i = 0; i < Number($("players").value); i++) {
      const kind = el("select", {class: "kind"}, el("option", {value: "person", text: "a person"}), el("option", {value: "bot", text: "a bot"}));
      if (i >= 2) kind.value = "bot";
      const bot = el("select", {class: "bot"}, ...setup.bots.map((b) => el("option", {value: b, text: b})));
      bot.value = setup.bots.includes("greedy") ? "greedy" : setup.bots[0];
      rows.append(el("tr", {class: "seat-row"}, el("td", {text: String(i + 1)}), el("td", {}, kind),
        el("td", {}, el("input", {class: "name", value: "", placeholder: `Player ${i + 1}`, maxlength: "40"})), el("td", {}, bot)));
    }
  }
  $("open").addEventListener("submit", (event) => {
    event.preventDefault();
    const seats = [...document.querySelectorAll(".seat-row")].map((row) => ({
      kind: row.querySelector(".kind").value, name: row.querySelector(".name").value, bot: row.querySelector(".bot").value}));
    const variants = [...document.querySelectorAll("#variants input:checked")].map((i) => i.value);
    send({type: "open", table: {edition: $("edition").value, variants, seats, sides: $("sides").value, grace: Number($("grace").value)}});
    $("status").textContent = "opening the table...";
  });

  function link(path, text) {
    const url = location.origin + path;
    return el("span", {}, el("a", {href: url, target: "_blank", class: "invite", text: text}), " ", el("input", {readonly: "", value: url, size: "60", "aria-label": text}));
  }
  function showTables(tables) {
    const box = $("table-list");
    box.replaceChildren();
    for (const t of tables) {
      if (t.problem) { box.append(el("p", {text: `${t.id}: ${t.problem}`})); continue; }
      const list = el("ul");
      for (const p of t.places) {
        list.append(el("li", {}, `seat ${p.seat + 1}: ${p.name} `, p.invite ? link(p.invite, `invite ${p.name}`) : `(bot ${p.bot})`));
      }
      list.append(el("li", {}, link(t.spectator, "spectators")));
      list.append(el("li", {}, link(`/table/${t.id}`, "host this table")));
      box.append(el("div", {class: "city", "data-table": t.id}, el("h3", {text: `${t.rules}${t.variants.length ? " + " + t.variants.join(", ") : ""}: game ${t.round}${t.finished ? " (over)" : ""}`}), list));
    }
  }
})();
