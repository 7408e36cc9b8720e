// tablegames: the lobby — choose a game, set its rules (a form built from the game's Rules:
// each setting with its default and its help), who plays each seat and their names, and create
// the table; come back to your tables' links later (kept in this browser); join or watch the
// tables their creators listed as open.
"use strict";

import { $, cap, clear, el, getJSON, richText, seatName } from "./page.js";

const KEPT = "tablegames.tables";
const MAX_KEPT = 20;
let games = [], bots = [];

const gameOf = () => games.find((g) => g.name === document.querySelector("input[name=game]:checked").value);
const label = (option) => cap(option.name.replace(/_/g, " "));

export async function openLobby() {
  $("lobby").classList.remove("hidden");
  $("title").textContent = "Start a table, or join one";
  const answer = await getJSON("/api/games");
  games = answer.body.games;
  bots = answer.body.bots;
  $("key-label").classList.toggle("hidden", !answer.body.key);
  const picks = $("games");
  for (const [i, g] of games.entries()) {
    const span = g.players && g.players[g.players.length - 1] - g.players[0] === g.players.length - 1;
    const players = !g.players ? `${g.seats} players` : span ? `${g.players[0]} to ${g.players[g.players.length - 1]} players`
      : `${g.players.slice(0, -1).join(", ")} or ${g.players[g.players.length - 1]} players`;
    picks.append(el("label", { class: "game-pick" },
      el("input", { type: "radio", name: "game", value: g.name, checked: i === 0 || g.name === "texas42", onchange: chooseGame }),
      el("strong", {}, g.title), el("small", {}, players)));
  }
  chooseGame();
  $("create").addEventListener("submit", create);
  $("refresh-open").addEventListener("click", openTables);
  drawKept();
  openTables();
}

// ---- the form ---------------------------------------------------------------------------------
function chooseGame() {
  const g = gameOf();
  const box = $("rules-fields");
  clear(box);
  for (const option of g.options) {
    if (option.name === "players") continue; // asked with the seats
    box.append(ruleControl(option, g));
  }
  const count = $("players-label");
  count.classList.toggle("hidden", !g.players);
  if (g.players) {
    const select = $("players");
    clear(select, g.players.map((n) => el("option", { value: n, selected: n === g.seats }, String(n))));
    select.onchange = seatChoices;
  }
  seatChoices();
}

function ruleControl(option, g) {
  const id = "rule-" + option.name;
  const help = el("small", { class: "help", id: id + "-help" }, ...richText(option.help));
  const common = { id, name: option.name, "aria-describedby": id + "-help", "data-rule": option.name, "data-kind": option.kind };
  let input;
  if (option.kind === "flag") {
    input = el("input", { ...common, type: "checkbox", checked: option.default === true });
    return el("div", { class: "field flag" }, el("label", { for: id }, input, " ", label(option)), help);
  }
  if (option.kind === "choice" || option.kind === "seat") {
    const choices = option.kind === "seat" ? Array.from({ length: g.seats }, (_, i) => i) : option.choices;
    input = el("select", common, choices.map((c) => el("option", { value: c, selected: c === option.default },
      option.kind === "seat" ? "Seat " + c : String(c).replace(/_/g, " ") + (c === option.default ? " (default)" : ""))));
  } else if (option.kind === "number") {
    input = el("input", { ...common, type: "number", min: option.min, step: 1, inputmode: "numeric",
      value: option.default === null ? "" : option.default, placeholder: option.optional ? "default" : null });
  } else {
    input = el("input", { ...common, type: "text", value: Array.isArray(option.default) ? option.default.join(",") : option.default ?? "" });
  }
  return el("div", { class: "field" }, el("label", { for: id }, label(option)), input, help);
}

function seatCount() {
  const g = gameOf();
  return g.players ? Number($("players").value) : g.seats;
}

function seatChoices() {
  const box = $("seat-choices");
  const kept = [...box.querySelectorAll(".seat-choice")].map((row) => ({
    who: row.querySelector("select").value, name: row.querySelector("input").value }));
  clear(box);
  const n = seatCount();
  for (let s = 0; s < n; s++) {
    const who = el("select", { id: "seat-" + s, "data-seat": s, "aria-label": `Who plays seat ${s}` },
      el("option", { value: "person" }, s === 0 ? "Me" : "A person (invite)"), bots.map((b) => el("option", { value: b }, cap(b) + " bot")));
    who.value = kept[s] ? kept[s].who : s === 0 ? "person" : "heuristic";
    const nameInput = el("input", { id: "name-" + s, "data-seat-name": s, maxlength: 24, "aria-label": `Name of seat ${s}`,
      placeholder: s === 0 ? "Your name" : "Name (optional)", value: kept[s] ? kept[s].name : s === 0 ? localStorage.getItem("tablegames.name") || "" : "" });
    box.append(el("div", { class: "seat-choice" }, el("span", { class: "seat-number" }, teamNote(s)), who, nameInput));
  }
  // The seat choices may change which dealer seats exist.
  const dealer = $("rule-first_dealer");
  if (dealer) {
    const was = Number(dealer.value) || 0;
    clear(dealer, Array.from({ length: n }, (_, i) => el("option", { value: i, selected: i === (was < n ? was : 0) }, "Seat " + i)));
  }
}

function teamNote(s) {
  const g = gameOf();
  if (g.name === "texas42") return `Seat ${s} · ${s % 2 ? "seats 1 & 3" : "seats 0 & 2"}`;
  if (g.name === "preference") return `Seat ${s}`;
  return `Seat ${s}`;
}

function rulesOf(g) {
  const rule = [];
  for (const input of document.querySelectorAll("#rules-fields [data-rule]")) {
    const option = g.options.find((o) => o.name === input.dataset.rule);
    let value;
    if (option.kind === "flag") value = input.checked ? "true" : "false";
    else value = input.value.trim();
    if (option.kind === "number" && value === "") value = option.optional ? "none" : String(option.default);
    const standard = option.kind === "flag" ? String(option.default) : Array.isArray(option.default) ? option.default.join(",") : String(option.default ?? "none");
    if (value.replace(/\s/g, "") !== standard) rule.push(option.name + "=" + value);
  }
  if (g.players && seatCount() !== g.seats) rule.push("players=" + seatCount());
  return rule;
}

async function create(event) {
  event.preventDefault();
  const g = gameOf();
  const seats = [...document.querySelectorAll("#seat-choices select")].map((s) => s.value);
  const names = [...document.querySelectorAll("#seat-choices input")].map((i) => i.value.trim() || null);
  if (names[0]) localStorage.setItem("tablegames.name", names[0]);
  const body = { game: g.name, rule: rulesOf(g), seats, names, listed: $("listed").checked };
  if ($("seed").value.trim()) body.seed = $("seed").value.trim();
  const headers = { "Content-Type": "application/json" };
  if ($("key").value) headers.Authorization = "Bearer " + $("key").value;
  const button = $("create-button");
  button.disabled = true;
  const answer = await getJSON("/api/tables", { method: "POST", headers, body: JSON.stringify(body) });
  button.disabled = false;
  const box = $("links");
  box.classList.remove("hidden");
  if (!answer.ok) {
    clear(box, el("p", { class: "error", role: "alert" }, answer.body.message));
    return;
  }
  const kept = keep(answer.body, g, names);
  clear(box, el("h2", {}, "Your table is ready"), linksOf(kept));
  box.querySelector("a").focus();
  drawKept();
}

// ---- your tables, kept in this browser ------------------------------------------------------
function keptTables() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch (_) { return []; }
}

function keep(answer, g, names) {
  const entry = {
    table: answer.table, game: g.name, title: g.title, created: Date.now(), watch: answer.watch,
    you: answer.you, seats: answer.seats.map((s) => ({ seat: s.seat, player: s.player, link: s.link, creator: s.creator, name: names[s.seat] })),
  };
  const all = [entry, ...keptTables().filter((t) => t.table !== entry.table)].slice(0, MAX_KEPT);
  localStorage.setItem(KEPT, JSON.stringify(all));
  return entry;
}

function copyButton(text, what) {
  return el("button", { type: "button", class: "copy", "aria-label": "Copy " + what, onclick: async (e) => {
    try { await navigator.clipboard.writeText(text); e.target.textContent = "Copied"; } catch (_) { e.target.textContent = "Select and copy"; }
  } }, "Copy");
}

function linksOf(entry, status = null) {
  const list = el("ul", { class: "links" });
  for (const s of entry.seats) {
    const who = seatName({ name: s.name, player: s.player }, s.seat);
    const line = el("li", { "data-seat": s.seat });
    if (s.creator && s.link) {
      line.append(el("a", { href: s.link, class: "go", "data-seat-link": s.seat }, `Sit at seat ${s.seat} (${who}): your own seat`));
    } else if (s.link) {
      const taken = status && status.seats[s.seat] && !status.seats[s.seat].open;
      line.append(`Seat ${s.seat} (${who}): `, taken ? el("span", { class: "taken" }, "taken") : el("a", { href: s.link, "data-seat-link": s.seat }, "invitation link"),
        taken ? null : copyButton(s.link, `the invitation for seat ${s.seat}`));
    } else {
      line.append(`Seat ${s.seat}: ${who}`);
    }
    list.append(line);
  }
  list.append(el("li", {}, "Spectators: ", el("a", { href: entry.watch, id: "watch-link" }, "watch link"), copyButton(entry.watch, "the spectators' link")));
  return el("div", {}, el("p", { class: "hint" }, "Send each person their own invitation: the first to open it takes the seat, and then it works for nobody else."), list);
}

async function drawKept() {
  const all = keptTables();
  const box = $("kept");
  box.classList.toggle("hidden", !all.length);
  const list = $("kept-list");
  clear(list);
  for (const entry of all) {
    const item = el("li", { class: "kept-table", "data-table": entry.table },
      el("strong", {}, entry.title), " ", el("small", {}, new Date(entry.created).toLocaleString()));
    const status = await getJSON("/api/tables/" + encodeURIComponent(entry.table));
    if (!status.ok) item.append(el("p", { class: "hint" }, status.status === 404 ? "This table is gone." : status.body.message));
    else {
      item.append(el("p", { class: "hint" }, status.body.over ? "The match is over." : `Playing: move ${status.body.turn}.`));
      item.append(linksOf(entry, status.body));
    }
    item.append(el("button", { type: "button", class: "forget", onclick: () => {
      localStorage.setItem(KEPT, JSON.stringify(keptTables().filter((t) => t.table !== entry.table)));
      drawKept();
    } }, "Forget this table"));
    list.append(item);
  }
}

// ---- open tables ----------------------------------------------------------------------------
async function openTables() {
  const answer = await getJSON("/api/tables");
  const list = $("open-list");
  clear(list);
  const tables = answer.ok ? answer.body.tables : [];
  if (!tables.length) { list.append(el("li", { class: "hint" }, "No open tables right now.")); return; }
  for (const t of tables) {
    const seats = el("ul", { class: "open-seats" });
    for (const s of t.seats) {
      const line = el("li", {}, `Seat ${s.seat}: ${seatName(s, s.seat)}`);
      if (s.open) line.append(" ", el("button", { type: "button", "data-join": s.seat, onclick: () => join(t.table, s.seat) }, `Join at seat ${s.seat}`));
      seats.append(line);
    }
    list.append(el("li", { class: "open-table" }, el("strong", {}, t.title), ` · move ${t.turn} `,
      el("a", { href: t.watch }, "Watch"), seats));
  }
}

async function join(table, seat) {
  const answer = await getJSON(`/api/tables/${encodeURIComponent(table)}/invitations`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat }) });
  if (answer.ok) location.href = answer.body.link;
  else { $("open-message").textContent = answer.body.message; openTables(); }
}
