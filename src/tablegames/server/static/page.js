// tablegames: what every part of the page shares — building elements, drawing pieces from the
// library's own pictures (the sprite /static/pieces.svg), naming pieces for screen readers,
// naming seats, and the server's answers.
"use strict";

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// Text with ``words`` in double backticks as <code> (the rules' help is written so).
export function richText(text) {
  const parts = String(text).split("``");
  return parts.map((part, i) => (i % 2 ? el("code", {}, part) : document.createTextNode(part)));
}

// ---- pieces ----------------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const NUMBERS = ["blank", "one", "two", "three", "four", "five", "six"];
const RANKS = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
const RANK_SHORT = { T: "10" };
export const SUITS = {
  C: { plural: "clubs", symbol: "\u2663", red: false },
  D: { plural: "diamonds", symbol: "\u2666", red: true },
  H: { plural: "hearts", symbol: "\u2665", red: true },
  S: { plural: "spades", symbol: "\u2660", red: false },
};
export const isDomino = (p) => /^\d:\d$/.test(p);
export const isCard = (p) => /^([2-9TJQKA])([CDHS])$/.test(p);

// What a screen reader says for a piece: "six-four", "double blank", "ace of hearts".
export function pieceName(p) {
  if (isDomino(p)) {
    const [a, b] = p.split(":").map(Number);
    return a === b ? "double " + NUMBERS[a] : NUMBERS[a] + "-" + NUMBERS[b];
  }
  const m = /^([2-9TJQKA])([CDHS])$/.exec(p);
  if (m) return (RANKS[m[1]] || m[1]) + " of " + SUITS[m[2]].plural;
  return p;
}

// A piece written short, as players write it: 6-4, A♥, 10♠.
export function pieceShort(p) {
  if (isDomino(p)) return p.replace(":", "-");
  const m = /^([2-9TJQKA])([CDHS])$/.exec(p);
  if (m) return (RANK_SHORT[m[1]] || m[1]) + SUITS[m[2]].symbol;
  return p;
}

// The picture of a piece (or of a back: "back-card", "back-domino"), from the sprite.
export function pictureOf(p) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "face");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", "#piece-" + p.replace(":", "-"));
  svg.append(use);
  return svg;
}

// A piece as an element: a button when it can be chosen, a figure otherwise. Its accessible
// name is the piece's name (and what it does).
export function pieceNode(p, { button = false, label = null, cls = "" } = {}) {
  const kind = isDomino(p) ? "domino" : "card";
  const name = label || pieceName(p);
  const node = button
    ? el("button", { type: "button", class: `piece ${kind} ${cls}`, "data-piece": p, "aria-label": name })
    : el("span", { class: `piece ${kind} ${cls}`, "data-piece": p, role: "img", "aria-label": name });
  node.append(pictureOf(p));
  return node;
}

export function backNode(domino) {
  const node = el("span", { class: "piece back " + (domino ? "domino" : "card"), "aria-hidden": "true" });
  node.append(pictureOf(domino ? "back-domino" : "back-card"));
  return node;
}

export async function loadPieces() {
  if ($("pieces-sprite")) return;
  const response = await fetch("/static/pieces.svg");
  const holder = el("div", { id: "pieces-sprite", class: "sprite", "aria-hidden": "true" });
  holder.innerHTML = await response.text(); // the server's own drawing of the pieces
  document.body.prepend(holder);
}

// ---- seats, words ----------------------------------------------------------------------------
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export { cap };

// A seat's name: the one its creator gave, else "Seat 2" (a bot's kind is shown beside it).
export function seatName(info, seat) {
  if (info && info.name) return info.name;
  return "Seat " + seat;
}

export function plural(n, one, many = one + "s") {
  return n + " " + (n === 1 ? one : many);
}

export function listWords(items) {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
}

export async function getJSON(path, options = {}) {
  const response = await fetch(path, options);
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = { message: "The server answered " + response.status + "." };
  }
  return { ok: response.ok, status: response.status, body };
}

// Keep the keyboard's place: after ``draw`` rebuilds ``root``, focus goes back to the element
// with the same data-key (or the first focusable one of the same group).
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.key : null;
  const group = key && active.closest("[data-group]") ? active.closest("[data-group]").dataset.group : null;
  draw();
  if (!key) return;
  const again = root.querySelector(`[data-key="${CSS.escape(key)}"]:not([disabled])`) ||
    (group && root.querySelector(`[data-group="${CSS.escape(group)}"] [data-key]:not([disabled])`));
  if (again) again.focus();
}
