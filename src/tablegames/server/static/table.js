// tablegames: a table — the seats placed around it as each player sees them, the trick on the
// felt with who played what, the hand, the game's own controls, the score, the history of the
// hand and the table's rules. Everything shown is drawn from the latest view the server sent
// (the page after a reload, a reconnection or a late join is the page before); a finished trick
// and a hand's result are held on the table a moment before the next view is drawn.
"use strict";

import {
  $, backNode, cap, clear, el, getJSON, keepFocus, listWords, loadPieces, pieceName, pieceNode,
  pieceShort, plural, richText, seatName,
} from "./page.js";
import { GAMES } from "./games.js";

// How long a finished trick and a hand's result stay on the table before the next view is
// drawn (ms); ``?hold=0.2`` in the page's address scales them (tests, impatient players).
const HOLD = Math.min(1, Math.max(0, Number(new URLSearchParams(location.search).get("hold") || 1)));
const HOLD_TRICK = 1400 * HOLD;
const HOLD_RESULT = 2600 * HOLD;

const S = {
  tableId: decodeURIComponent(location.pathname.split("/")[2] || ""),
  token: location.hash.slice(1) || null,
  socket: null, retry: 500, closedForGood: false, wasAway: false,
  seat: null, seats: [], welcome: null, game: null, info: null,
  received: null, shown: null, queue: [], holdUntil: 0, holdTimer: null, held: null,
  ui: {}, uiTurn: -1, peek: false, sending: false,
};

// ---- names ----------------------------------------------------------------------------------
function name(s) {
  return seatName(S.seats[s], s);
}
function who(s) {
  return s === S.seat ? "You" : name(s);
}
function sideName(side) {
  if (S.seat !== null && side.includes(S.seat)) return "Us";
  if (S.seat !== null) return "Them";
  return side.map(name).join(" & ");
}
const where = (rel, n) => {
  if (rel === 0) return S.seat === null ? "at the bottom" : "you";
  if (n === 4) return ["", "on your left", "across from you", "on your right"][rel];
  return `${rel} to your left`;
};

function context(v) {
  return {
    me: S.seat, name, who, sideName, words: (S.info && S.info.words) || {},
    does: (s, third, base) => (s === S.seat ? "You " + base : name(s) + " " + third),
    send: move, redraw: () => draw(), sideRows, seatTable,
    n: (v.hand_sizes || []).length,
  };
}

// ---- the connection -------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(S.tableId));
  S.socket = socket;
  setConnection("connecting");
  socket.onopen = () => {
    S.retry = 500;
    socket.send(JSON.stringify(S.token ? { type: "hello", token: S.token } : { type: "hello" }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (S.closedForGood || event.code === 1008) { setConnection("closed"); return; }
    setConnection("lost");
    setTimeout(connect, S.retry);
    S.retry = Math.min(S.retry * 2, 5000);
  };
}

function setConnection(how) {
  const node = $("connection");
  node.dataset.state = how;
  node.textContent = { connecting: "Connecting…", open: "Connected", lost: "Connection lost: reconnecting…", closed: "Disconnected" }[how];
}

function say(text) {
  $("message").textContent = text;
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").classList.toggle("hidden", !text);
}

function receive(m) {
  if (m.type === "welcome") {
    S.welcome = m; S.seat = m.seat; S.seats = m.seats; S.game = GAMES[m.game] || null;
    if (m.token) { // the invitation was claimed: this page's address now holds the seat's own secret
      S.token = m.token;
      history.replaceState(null, "", location.pathname + "#" + m.token);
      notice("This seat is yours now: keep this page's address to come back (the invitation you opened is used up).");
    }
    setConnection("open");
    say("");
    drawTitle();
    showAway();
  } else if (m.type === "seats") {
    S.seats = m.seats; showAway(); if (S.shown) draw();
  } else if (m.type === "view") {
    accept(m);
  } else if (m.type === "accepted") {
    say("");
  } else if (m.type === "refused") {
    S.sending = false;
    say("Not played: " + m.message);
    if (S.shown) draw();
  } else if (m.type === "error") {
    say(m.message);
    if (["bad_token", "table_closed", "full"].includes(m.code)) S.closedForGood = true;
  }
}

// A view arrives: note what it finished (a trick: who played each piece; a hand: its result),
// then queue it to be drawn.
function accept(frame) {
  for (const e of frame.events || []) {
    if (e.kind === "trick") frame.done = finishedTrick(e);
    if (e.kind === "result") frame.result = e.result;
  }
  S.received = frame;
  if (!S.shown) { S.shown = frame; draw(); return; }
  S.queue.push(frame);
  pump();
}

// The trick a move finished, as the server tells it: each piece with the seat that played it.
function finishedTrick(event) {
  return { plays: event.pieces.map((piece, i) => ({ seat: event.seats[i], piece })), winner: event.winner };
}

function pump() {
  clearTimeout(S.holdTimer);
  const wait = S.holdUntil - Date.now();
  if (wait > 0) { S.holdTimer = setTimeout(pump, wait); return; }
  S.held = null;
  if (!S.queue.length) { delete document.body.dataset.holding; draw(); return; }
  let i = S.queue.findIndex((f) => f.done || f.result);
  // Far behind (bots faster than the holds): skip to the latest view, so the page never lags.
  if (i < 0 || S.queue.filter((f) => f.done || f.result).length > 2) i = S.queue.length - 1;
  S.shown = S.queue[i];
  S.queue = S.queue.slice(i + 1);
  delete document.body.dataset.holding;
  if (S.shown.done || S.shown.result) {
    S.held = S.shown.done || null;
    S.holdUntil = Date.now() + (S.shown.result ? HOLD_RESULT : HOLD_TRICK);
    document.body.dataset.holding = "true";
    S.holdTimer = setTimeout(pump, S.holdUntil - Date.now());
  }
  draw();
}

function move(action) {
  const frame = S.received;
  if (!S.socket || S.socket.readyState !== WebSocket.OPEN || !frame || S.sending) return;
  S.sending = true;
  for (const b of document.querySelectorAll("#mine [data-action], #actions [data-action]")) b.disabled = true;
  S.socket.send(JSON.stringify({ type: "move", action, turn: frame.turn }));
}

// ---- drawing ----------------------------------------------------------------------------------
function drawTitle() {
  const m = S.welcome;
  const mine = S.seat === null ? null : S.seats[S.seat] || {};
  const you = mine === null ? "watching" : mine.name ? `you are ${mine.name} (seat ${S.seat})` : `you are seat ${S.seat}`;
  $("title").textContent = `${m.title} — ${you}`;
  document.title = `${m.title} · tablegames`;
  if (m.seed !== null) { $("title").dataset.seed = m.seed; $("seed").textContent = `Seed ${m.seed} (everyone here sees it)`; }
  $("mine").classList.toggle("hidden", S.seat === null);
  $("seat-record").classList.toggle("hidden", S.seat === null);
}

function showAway() {
  const me = S.seat === null ? null : S.seats[S.seat];
  const away = !!(me && me.away);
  $("away").classList.toggle("hidden", !away && !S.wasAway);
  $("back").classList.toggle("hidden", !away);
  if (away) $("away-text").textContent = "You were away, so a bot is playing your seat. Make a move or press the button to take it back. ";
  else if (S.wasAway) $("away-text").textContent = "Your seat is yours again: the bot stopped playing for you.";
  S.wasAway = away;
}

function draw() {
  const frame = S.shown;
  if (!frame || !S.welcome) return;
  const v = frame.view;
  if (frame.turn !== S.uiTurn) { S.ui = {}; S.uiTurn = frame.turn; S.sending = false; }
  const ctx = context(v);
  drawStatus(frame, ctx);
  drawStanding(v, ctx);
  drawFelt(frame, ctx);
  keepFocus($("mine"), () => drawMine(frame, ctx));
  drawHistory(frame, ctx);
  $("record").classList.toggle("hidden", !frame.over);
}

function drawStatus(frame, ctx) {
  const v = frame.view;
  const st = $("status");
  st.dataset.turn = String(frame.turn);
  st.dataset.phase = v.phase;
  st.dataset.over = String(frame.over);
  st.dataset.yours = String(v.to_act === S.seat && S.seat !== null && (v.legal_actions || []).length > 0 && frame === S.received);
  let text;
  if (frame.ended) text = "The match was stopped: " + frame.ended;
  else if (frame.over) text = "The match is over. " + winnersText(frame, v);
  else if (v.to_act === null || v.to_act === undefined) text = "Dealing…";
  else if (v.to_act === S.seat) text = "Your turn: " + yourTask(v);
  else text = `${name(v.to_act)} ${taskOf(v)}…`;
  st.textContent = text;
}

function winnersText(frame, v) {
  const winners = frame.winners || [];
  if (!winners.length) return "Nobody won.";
  const sides = S.game && S.game.sides ? S.game.sides(v) : null;
  if (sides && sides.some((side) => winners.every((w) => side.includes(w)) && side.length === winners.length)) {
    const side = sides.find((sd) => winners.every((w) => sd.includes(w)));
    const label = sideName(side);
    return label === "Us" ? "We won!" : label === "Them" ? "They won." : `${label} won.`;
  }
  if (S.seat !== null && winners.includes(S.seat)) return winners.length > 1 ? `You won, with ${listWords(winners.filter((w) => w !== S.seat).map(name))}!` : "You won!";
  return `${listWords(winners.map(name))} won.`;
}

function taskOf(v) {
  return { bid: "is bidding", offer: "is making an offer", trump: "is naming trump", partners: "is naming partners",
    widow: "is taking the widow", play: "to play", ask: "is asking" }[v.phase] || "to act";
}
function yourTask(v) {
  const kind = S.game ? (S.game.kind === "domino" ? "a tile" : "a card") : "a piece";
  return { bid: "bid or pass", offer: "offer chips for the widow, or pass", trump: "name trump",
    partners: "name your partners", widow: "take the widow: lay two cards aside, or keep your ten",
    play: "play " + kind, ask: "ask a player for a card" }[v.phase] || "choose";
}

// The score: "Us 26 – Them 0" this hand, and the match (a marks pad under marks scoring).
function sideRows(sides, hand, scores, unit, target, handLabel = "This hand") {
  const t = el("table", { class: "standing sides" });
  t.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "Side")),
    hand ? el("th", { scope: "col" }, handLabel) : null, scores ? el("th", { scope: "col" }, unit === "marks" ? "Marks" : "Score") : null)));
  const body = el("tbody");
  sides.forEach((side, i) => {
    const mine = S.seat !== null && side.includes(S.seat);
    const label = sideName(side);
    const names = label === "Us" || label === "Them" ? side.map((s) => (s === S.seat ? "you" : name(s))).join(" & ") : "";
    body.append(el("tr", { class: mine ? "ours" : "", "data-side": i },
      el("th", { scope: "row" }, label, names ? el("small", {}, names) : null),
      hand ? el("td", { "data-hand": i }, String(hand[i])) : null,
      scores ? el("td", { "data-score": i }, unit === "marks" ? marksPad(scores[i]) : String(scores[i])) : null));
  });
  t.append(body);
  if (scores && target) t.append(el("caption", {}, `Game to ${target} ${unit}`));
  return t;
}

// A column of numbers by seat for each of ``columns`` ([label, values]).
function seatTable(columns, note = "") {
  const t = el("table", { class: "standing seats-standing" });
  t.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "Seat")),
    columns.map(([label]) => el("th", { scope: "col" }, label)))));
  const body = el("tbody");
  columns[0][1].forEach((_, s) => body.append(el("tr", { class: s === S.seat ? "ours" : "", "data-seat": s },
    el("th", { scope: "row" }, who(s)), columns.map(([, values]) => el("td", {}, String(values[s]))))));
  t.append(body);
  if (note) t.append(el("caption", {}, note));
  return t;
}

// Marks as players draw them: the strokes of "ALL" (/, \, -, |, _, |, _), 7 to a game.
function marksPad(marks) {
  const strokes = [[2, 22, 9, 2], [9, 2, 16, 22], [5, 13, 13, 13], [21, 2, 21, 22], [21, 22, 29, 22], [33, 2, 33, 22], [33, 22, 41, 22]];
  const ns = "http://www.w3.org/2000/svg";
  const wrap = el("span", { class: "marks", role: "img", "aria-label": plural(marks, "mark") });
  const games = Math.floor(marks / 7), rest = marks % 7;
  for (let g = 0; g <= games; g++) {
    const count = g < games ? 7 : rest;
    if (g === games && count === 0 && games > 0) break;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 44 24");
    svg.setAttribute("aria-hidden", "true");
    for (const [x1, y1, x2, y2] of strokes.slice(0, count)) {
      const line = document.createElementNS(ns, "line");
      for (const [k, val] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, val);
      svg.append(line);
    }
    wrap.append(svg);
  }
  wrap.append(el("span", { class: "marks-count", "aria-hidden": "true" }, String(marks)));
  return wrap;
}

function drawStanding(v, ctx) {
  const box = $("standing");
  clear(box, el("h2", {}, "Score"));
  if (!S.game) return;
  const parts = S.game.standing(v, ctx);
  for (const part of [parts].flat()) box.append(part);
}

// ---- the felt: seats around the table, the trick in the middle --------------------------------
// Where the seats sit: an ellipse inside the rim, narrower on a phone (so no seat hangs over).
function seatRadius(n) {
  const narrow = window.matchMedia("(max-width: 900px)").matches;
  if (narrow) return n <= 4 ? [34, 38] : [33, 39];
  return n <= 4 ? [40, 40] : [41, 40];
}

function relative(s, n) {
  const me = S.seat === null ? 0 : S.seat;
  return (s - me + n) % n;
}
function spot(rel, n, radius) {
  const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n; // clockwise from the bottom: left, top, right
  return [50 + radius[0] * Math.cos(angle), 50 + radius[1] * Math.sin(angle)];
}

function drawFelt(frame, ctx) {
  const v = frame.view;
  const felt = $("felt");
  const n = (v.hand_sizes || []).length;
  felt.dataset.players = String(n);
  clear(felt);
  const calls = S.game ? S.game.calls(v) : [];
  const lastCall = {};
  for (const c of calls) lastCall[c.seat] = c.text;
  for (let s = 0; s < n; s++) felt.append(seatPlaque(v, s, n, lastCall[s], ctx));
  $("contract").textContent = S.game ? S.game.contract(v, ctx) : "";
  $("table-facts").textContent = S.game && S.game.table ? S.game.table(v) : "";
  drawTrick(felt, frame, ctx, n);
  const banner = resultBanner(frame, ctx);
  const head = $("contract").parentElement;
  head.classList.toggle("result", !!banner);
  if (banner) clear($("contract"), banner);
  const last = lastTrick(v);
  $("last-trick").classList.toggle("hidden", !!(S.game && S.game.tricksless));
  $("last-trick").disabled = !last;
  $("last-trick").setAttribute("aria-pressed", String(S.peek && !!last));
}

function seatPlaque(v, s, n, call, ctx) {
  const info = S.seats[s] || {};
  const rel = relative(s, n);
  const [x, y] = spot(rel, n, seatRadius(n));
  const box = el("section", {
    class: "seat" + (s === v.to_act ? " to-act" : "") + (s === S.seat ? " me" : "") + (rel === 0 ? " bottom" : ""),
    "data-seat": s, "data-rel": rel, role: "group",
    "aria-label": `${name(s)}, seat ${s}${S.seat !== null && rel ? ", " + where(rel, n) : ""}`,
  });
  box.style.setProperty("--x", x.toFixed(2) + "%");
  box.style.setProperty("--y", y.toFixed(2) + "%");
  const here = info.player === "person" ? (info.away ? "away: a bot plays" : info.open ? "invitation not taken" : info.connected ? "here" : "not here") : "bot";
  const title = el("div", { class: "seat-name" },
    el("span", { class: "dot " + (info.player !== "person" || info.connected ? "on" : "off"), title: here, "aria-hidden": "true" }),
    el("span", { class: "who" }, s === S.seat ? "You" : name(s)),
    call && ["bid", "offer", "trump", "partners"].includes(v.phase) ? el("span", { class: "call", "data-call": call }, call) : null,
    s === v.dealer ? el("span", { class: "badge dealer", title: "Dealer" }, "D") : null);
  box.append(title);
  const size = (v.hand_sizes || [])[s] || 0;
  const kind = S.game ? S.game.pieces : "pieces";
  const backs = el("div", { class: "backs", "aria-hidden": "true" });
  if (s !== S.seat) for (let i = 0; i < Math.min(size, 8); i++) backs.append(backNode(S.game && S.game.kind === "domino"));
  box.append(el("div", { class: "seat-line" }, `${here === "here" || here === "bot" ? (info.player === "person" ? "" : cap(info.player) + " bot · ") : here + " · "}${plural(size, kind.slice(0, -1), kind)}`));
  if (s !== S.seat && size) box.append(backs);
  const facts = S.game ? S.game.seatFacts(v, s) : [];
  if (facts.length) box.append(el("div", { class: "seat-facts" }, facts.join(" · ")));
  const laid = S.game && S.game.laid ? S.game.laid(v, s) : [];
  if (laid.length) {
    const sets = el("div", { class: "laid", "aria-label": `${name(s)} laid down` });
    for (let i = 0; i < laid.length; i += 4) sets.append(pieceNode(laid[i], { label: "set of " + pieceName(laid[i]).split(" of ")[0] + "s", cls: "small" }));
    box.append(sets);
  }
  if (s === v.to_act) box.append(el("div", { class: "turn-flag" }, s === S.seat ? "your turn" : taskOf(v).replace("is ", "")));
  else if (S.held && S.held.winner === s) box.append(el("div", { class: "turn-flag took" }, "took the trick"));
  return box;
}

function lastTrick(v) {
  if (!S.game) return null;
  const done = S.game.tricks(v);
  if (done.length) return done[done.length - 1];
  if (S.held) return S.held;
  const results = v.results || [];
  if (results.length && !(v.trick || []).length && S.game.lastHand) { // the last hand's last trick
    const played = S.game.lastHand(results[results.length - 1]);
    if (played.length) return played[played.length - 1];
  }
  return null;
}

function drawTrick(felt, frame, ctx, n) {
  const v = frame.view;
  let plays = null, winner = null, label = "";
  if (S.peek && lastTrick(v)) {
    const t = lastTrick(v);
    plays = t.plays; winner = t.winner; label = "Last trick";
  } else if (v.trick && v.trick.length) {
    plays = v.trick;
  } else if (S.held) {
    plays = S.held.plays; winner = S.held.winner;
  } else if (v.phase === "play" && S.game && S.game.tricks(v).length) {
    const t = S.game.tricks(v).slice(-1)[0];
    plays = t.plays; winner = t.winner;
  }
  if (!plays && S.game && S.game.center) {
    const shown = S.game.center(v, ctx);
    if (shown) {
      felt.append(el("div", { class: "center-show", role: "group", "aria-label": shown.caption },
        el("div", { class: "center-pieces" }, shown.pieces.length ? shown.pieces.map((p) => pieceNode(p)) : el("span", { class: "none" }, "none")),
        el("p", { class: "center-caption" }, shown.caption)));
    }
  }
  if (!plays) return;
  const trick = el("div", { class: "trick" + (winner !== null ? " done" : ""), id: "trick", role: "group",
    "aria-label": label || (winner !== null ? `Trick won by ${name(winner)}` : "The trick so far") });
  for (const p of plays) {
    const rel = relative(p.seat, n);
    const narrow = window.matchMedia("(max-width: 900px)").matches;
    const [x, y] = spot(rel, n, n <= 4 ? [narrow ? 12 : 14, 17] : [21, 20]);
    const sideways = S.game && S.game.kind === "domino" && Math.abs(x - 50) > Math.abs(y - 50) * 1.2;
    const node = pieceNode(p.piece, { label: `${name(p.seat)}: ${pieceName(p.piece)}`,
      cls: (p.seat === winner ? "winner " : "") + (sideways ? "sideways" : "") });
    node.dataset.seat = p.seat;
    node.style.setProperty("--x", x.toFixed(2) + "%");
    node.style.setProperty("--y", y.toFixed(2) + "%");
    trick.append(node);
  }
  if (winner !== null) trick.append(el("p", { class: "trick-winner", "data-winner": winner }, `${label ? label + ": " : ""}won by ${who(winner)}`));
  felt.append(trick);
}

// The last hand's result, on the table while the next hand has not begun (and held a moment).
function resultBanner(frame, ctx) {
  const v = frame.view;
  const results = v.results || [];
  if (!results.length || !S.game) return null;
  const fresh = !(v.calls || []).length && !(v.trick || []).length && !(v.tricks || []).length && !(v.asks || []).length;
  if (!fresh && !frame.result) return null;
  const r = frame.result || results[results.length - 1];
  return el("span", { id: "result-banner" },
    el("strong", {}, (S.game === GAMES.texas42 ? "Hand over" : "Deal over") + ": "), S.game.result(r, v, ctx));
}

// ---- your hand and your choices -----------------------------------------------------------------
function drawMine(frame, ctx) {
  const v = frame.view;
  if (S.seat === null) return;
  const legal = S.sending || frame !== S.received ? [] : v.legal_actions || [];
  const lv = Object.assign({}, v, { legal_actions: legal });
  const hand = $("hand");
  clear(hand);
  hand.setAttribute("aria-label", `Your hand: ${plural((v.hand || []).length, S.game ? S.game.pieces.slice(0, -1) : "piece", S.game ? S.game.pieces : "pieces")}`);
  const pick = S.game && S.game.pickable ? S.game.pickable(lv) : null;
  const playable = new Map();
  for (const a of legal) {
    const w = a.split(" ");
    if (w.length === 2 && w[0] === "play") playable.set(w[1], a);
  }
  const pieces = pick ? pick.pieces : v.hand || [];
  const playing = pick || playable.size > 0; // else the hand is only looked at
  S.ui.picked = (S.ui.picked || []).filter((p) => pieces.includes(p));
  for (const p of pieces) {
    let node;
    if (pick) {
      const on = S.ui.picked.includes(p);
      const fromWidow = pick.widow.includes(p);
      node = pieceNode(p, { button: true, label: pieceName(p) + (fromWidow ? " (from the widow)" : ""), cls: (on ? "picked " : "") + (fromWidow ? "widow" : "") });
      node.setAttribute("aria-pressed", String(on));
      node.dataset.key = "pick-" + p;
      node.addEventListener("click", () => {
        S.ui.picked = on ? S.ui.picked.filter((x) => x !== p) : [...S.ui.picked, p].slice(-pick.count);
        draw();
      });
    } else if (!playing) {
      node = pieceNode(p);
    } else {
      node = pieceNode(p, { button: true, label: playable.has(p) ? "Play " + pieceName(p) : pieceName(p) });
      node.dataset.key = "piece-" + p;
      if (playable.has(p)) {
        node.dataset.action = playable.get(p);
        node.classList.add("playable");
        node.addEventListener("click", () => move(playable.get(p)));
      } else {
        node.disabled = true;
      }
    }
    hand.append(node);
  }
  hand.dataset.group = "hand";
  if (!pieces.length && v.phase !== "deal" && v.phase !== "over") {
    const out = S.game && S.game.sitsOut && S.game.sitsOut(v, S.seat);
    hand.append(el("p", { class: "sit-out" }, out ? "You sit out this deal." : "Your hand is played out."));
  }
  const actions = $("actions");
  clear(actions);
  const control = S.game ? S.game.controls(lv, ctx, S.ui) : null;
  if (control) actions.append(control);
  else {
    const rest = legal.filter((a) => !(a.startsWith("play ") && playable.has(a.split(" ")[1])));
    if (rest.length) {
      actions.append(el("div", { class: "choices", "data-group": "other" }, rest.map((a) =>
        el("button", { type: "button", class: "choice", "data-action": a, "data-key": a, onclick: () => move(a) }, a))));
    }
  }
}

// ---- the history: this hand's calls and tricks, the last results, all from the view -----------
function drawHistory(frame, ctx) {
  const v = frame.view;
  const box = $("history-body");
  clear(box);
  if (!S.game) return;
  const hand = el("section", { class: "this-hand", "aria-label": "This hand" }, el("h3", {}, S.game === GAMES.texas42 ? "This hand" : "This deal"));
  const calls = S.game.calls(v);
  if (calls.length) {
    hand.append(el("ol", { class: "calls" }, calls.map((c) => el("li", { "data-seat": c.seat }, el("span", { class: "by" }, who(c.seat)), " ", c.text))));
  }
  if (S.game.contract(v, ctx) && v.phase !== "bid") hand.append(el("p", { class: "contract-line" }, S.game.contract(v, ctx)));
  const tricks = S.game.tricks(v);
  if (tricks.length) {
    const list = el("ol", { class: "tricks" });
    tricks.forEach((t, i) => list.append(trickLine(t, i + 1)));
    hand.append(list);
  }
  const asks = v.asks || [];
  if (asks.length) {
    const earlier = (frame.omitted || {}).asks;
    if (earlier) hand.append(el("p", { class: "omitted" }, `${plural(earlier, "earlier ask")} not shown.`));
    hand.append(el("ol", { class: "asks", start: (earlier || 0) + 1 }, asks.map((a) => el("li", {}, S.game.askLine(a, ctx)))));
  }
  if (hand.childElementCount === 1) hand.append(el("p", { class: "empty" }, "Nothing yet."));
  box.append(hand);
  const results = v.results || [];
  if (results.length) {
    const before = el("section", { class: "results", "aria-label": "Earlier hands" }, el("h3", {}, "Results"));
    const omitted = (frame.omitted || {}).results || 0;
    const list = el("ol", { class: "results-list", reversed: true, start: omitted + results.length });
    for (let i = results.length - 1; i >= 0; i--) {
      list.append(el("li", { class: "result", "data-number": omitted + i + 1 }, S.game.result(results[i], v, ctx)));
    }
    before.append(list);
    if (omitted) before.append(el("p", { class: "omitted" }, `${plural(omitted, "earlier result")} not shown (the record holds them all).`));
    box.append(before);
  }
}

function trickLine(t, number) {
  const item = el("li", { class: "trick-line", "data-winner": t.winner });
  item.append(el("span", { class: "label" }, `Trick ${number}`));
  const plays = el("span", { class: "plays" });
  for (const p of t.plays) {
    plays.append(el("span", { class: "play" + (p.seat === t.winner ? " winner" : "") },
      el("span", { class: "by" }, who(p.seat)), pieceNode(p.piece, { cls: "tiny" })));
  }
  const worth = S.game && S.game.worth ? ` (${S.game.worth(t, context(S.shown.view))})` : "";
  item.append(plays, el("span", { class: "won" }, "won by " + who(t.winner) + worth));
  return item;
}

// ---- the rules --------------------------------------------------------------------------------
function drawRules(v) {
  const body = $("rules-body");
  clear(body);
  const options = (S.info && S.info.options) || [];
  const rules = v.rules || {};
  const list = el("dl", { class: "rules-list" });
  const changed = [];
  for (const option of options) {
    const value = rules[option.name];
    const shown = value === null || value === undefined ? "default" : Array.isArray(value) ? value.join(", ") : String(value);
    if (JSON.stringify(value) !== JSON.stringify(option.default) && option.default !== null) changed.push(`${option.name.replace(/_/g, " ")} ${shown}`);
    list.append(el("dt", {}, option.name.replace(/_/g, " "), ": ", el("strong", {}, shown)), el("dd", {}, ...richText(option.help)));
  }
  body.append(list);
  $("rules-summary").textContent = changed.length ? "House rules: " + changed.join(", ") : "Standard rules";
}

// ---- opening a table ----------------------------------------------------------------------------
async function download(path, filename, headers) {
  const response = await fetch(path, { headers });
  if (!response.ok) { say((await response.json()).message); return; }
  const url = URL.createObjectURL(new Blob([await response.text()], { type: "application/json" }));
  const a = el("a", { href: url, download: filename });
  document.body.append(a); a.click(); a.remove();
}

export async function openTable() {
  const tableId = S.tableId;
  $("table").classList.remove("hidden");
  const [answer, games] = await Promise.all([getJSON("/api/tables/" + encodeURIComponent(tableId)), getJSON("/api/games"), loadPieces()]);
  if (!answer.ok) { // a missing table, one set aside, another process's: say so, do not connect
    $("status").textContent = answer.body.message || "This table cannot be opened here.";
    $("status").dataset.missing = String(answer.status);
    for (const part of document.querySelectorAll("#table > *")) part.classList.toggle("hidden", !["status-bar", "missing"].includes(part.id));
    $("missing").classList.remove("hidden");
    $("missing-text").textContent = answer.status === 404
      ? "The link may be mistyped, or the table finished long ago (a finished table is kept a week)."
      : answer.body.message || "";
    return;
  }
  S.info = ((games.body && games.body.games) || []).find((g) => g.name === answer.body.game) || null;
  $("record").addEventListener("click", () => download(`/api/tables/${tableId}/record`, tableId + ".record.json", {}));
  $("seat-record").addEventListener("click", () => download(`/api/tables/${tableId}/seat-record`, tableId + ".seat.json", { Authorization: "Bearer " + S.token }));
  $("back").addEventListener("click", () => { if (S.socket && S.socket.readyState === WebSocket.OPEN) S.socket.send(JSON.stringify({ type: "back" })); });
  $("last-trick").addEventListener("click", () => { S.peek = !S.peek; draw(); });
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && S.peek) { S.peek = false; draw(); }
    const inHand = document.activeElement && document.activeElement.closest("#hand");
    if (inHand && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
      const buttons = [...$("hand").querySelectorAll("button:not([disabled])")];
      const i = buttons.indexOf(document.activeElement);
      const next = buttons[(i + (e.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
      if (next) { next.focus(); e.preventDefault(); }
    }
  });
  drawRules({ rules: answer.body.rules });
  connect();
}
