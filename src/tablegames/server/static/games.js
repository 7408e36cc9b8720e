// tablegames: what each game's table shows, read from the seat's view alone (docs/views.md):
// who made each call, the contract in words, who played each piece of a trick, the points and
// scores, each hand's result as a sentence, and the game's own controls for its choices.
"use strict";

import { SUITS, cap, el, listWords, pieceName, pieceNode, pieceShort, plural } from "./page.js";

const suitWord = (letter) => SUITS[letter].plural;
const suitSymbol = (letter) => SUITS[letter].symbol;

// The seats of a finished trick in play order, from its leader round the seats that play.
function playOrder(leader, count, seats) {
  const start = seats.indexOf(leader);
  return Array.from({ length: count }, (_, i) => seats[(start + i) % seats.length]);
}
const range = (n) => Array.from({ length: n }, (_, i) => i);

// A row of buttons, one a legal action, for a choice made in one click.
function choiceButtons(items, ctx, group) {
  const row = el("div", { class: "choices", "data-group": group, role: "group" });
  for (const { action, label, name, cls } of items) {
    row.append(el("button", {
      type: "button", class: "choice " + (cls || ""), "data-action": action, "data-key": action,
      "aria-label": name || null, onclick: () => ctx.send(action),
    }, label));
  }
  return row;
}

function panel(title, ...body) {
  return el("div", { class: "control", role: "group", "aria-label": title },
    el("div", { class: "control-title" }, title), ...body);
}

// ---- Texas 42 --------------------------------------------------------------------------------
const TEXAS_SIDES = [[0, 2], [1, 3]];

function texasBid(value, rules) {
  if (value === "plunge" || value === "splash") return cap(value);
  const n = Number(value);
  if (n < 42 || (n === 42 && rules.bid_ladder !== "marks")) return String(n);
  const marks = n / 42;
  if (rules.bid_ladder === "marks") return plural(marks, "mark");
  return `${n} (${plural(marks, "mark")})`;
}

function texasTrump(trump, ctx) {
  const word = ctx.words.trump && ctx.words.trump["trump " + trump];
  if (trump === "none") return "no trump (follow me)";
  return word || String(trump);
}

export const texas42 = {
  kind: "domino",
  pieces: "tiles",
  sides: () => TEXAS_SIDES,
  calls(v) {
    return (v.calls || []).map((call, i) => ({
      seat: (v.dealer + 1 + i) % 4,
      text: call === "pass" ? "Pass" : texasBid(call.split(" ")[1], v.rules),
    }));
  },
  contract(v, ctx) {
    if (v.bidder === null || v.bidder === undefined) {
      return v.phase === "bid" ? "Bidding: no bid yet" : "";
    }
    const bid = v.contract && v.contract !== "bid" ? cap(v.contract) : "bid " + texasBid(v.high_bid, v.rules);
    const who = ctx.who(v.bidder);
    if (v.phase === "bid") return `High bid: ${texasBid(v.high_bid, v.rules)} by ${ctx.name(v.bidder)}`;
    if (v.trump === null || v.trump === undefined) return `${who} ${bid}: trump to be named`;
    let trump = texasTrump(v.trump, ctx);
    if (/^\d$/.test(v.trump) || v.trump === "doubles") trump += " are trumps";
    const aside = v.aside_seat !== null && v.aside_seat !== undefined ? ` · ${ctx.name(v.aside_seat)} sits out` : "";
    return `${who} ${bid} · ${cap(trump)}${aside}`;
  },
  // In nello the bidder's partner lays the hand aside and sits the hand out.
  sitsOut: (v, s) => v.aside_seat === s,
  trickSeats(trick, v) {
    const seats = range(4).filter((s) => s !== v.aside_seat || trick.pieces.length === 4);
    return playOrder(trick.led_by, trick.pieces.length, seats);
  },
  tricks(v) {
    return (v.tricks || []).map((t) => texas42.finished(t, v));
  },
  finished(t, v) {
    const seats = texas42.trickSeats(t, v);
    return { plays: t.pieces.map((piece, i) => ({ seat: seats[i], piece })), winner: t.winner };
  },
  // A trick is worth a point and the count of its tiles (the library's count, in the words).
  worth(t, ctx) {
    const count = t.plays.reduce((n, p) => n + ((ctx.words.count || {})[p.piece] || 0), 0);
    return plural(1 + count, "point");
  },
  lastHand(result) {
    const aside = (result.bidder + 2) % 4; // in nello the bidder's partner sits out
    return (result.played || []).map((t) => {
      const seats = playOrder(t.led_by, t.pieces.length, range(4).filter((s) => t.pieces.length === 4 || s !== aside));
      return { plays: t.pieces.map((piece, i) => ({ seat: seats[i], piece })), winner: t.winner };
    });
  },
  standing(v, ctx) {
    const marks = v.rules.scoring === "marks";
    return ctx.sideRows(TEXAS_SIDES, v.hand_points, v.scores, marks ? "marks" : "points", v.rules.target);
  },
  seatFacts(v, s) {
    const facts = [];
    if (v.bidder === s && v.phase !== "bid") facts.push("bidder");
    return facts;
  },
  result(r, v, ctx) {
    if (r.bidder === null || r.bidder === undefined) return "All four passed: the hand was thrown in.";
    const side = r.bidder % 2;
    const us = r.points[side], them = r.points[1 - side];
    let bid = "bid " + texasBid(r.bid, v.rules);
    if (r.contract && r.contract !== "bid") bid = `called ${r.contract} (${texasBid(r.bid, v.rules)})`;
    else if (/^(nello|sevens)/.test(r.trump)) bid = `bid ${texasBid(r.bid, v.rules)} on ${texasTrump(r.trump, ctx)}`;
    const unit = v.rules.scoring === "marks" ? "mark" : "point";
    const gained = [0, 1].filter((s) => r.score[s]).map((s) => `${ctx.sideName(TEXAS_SIDES[s])} +${plural(r.score[s], unit)}`);
    const tail = gained.length ? ` (${gained.join(", ")})` : "";
    return r.made
      ? `${ctx.who(r.bidder)} ${bid} and made it, ${us} to ${them}${tail}.`
      : `Set! ${ctx.who(r.bidder)} ${bid} and took ${us} to ${them}${tail}.`;
  },
  controls(v, ctx) {
    const legal = v.legal_actions || [];
    if (v.phase === "bid") {
      const items = legal.map((a) => {
        const value = a.split(" ")[1];
        return a === "pass"
          ? { action: a, label: "Pass", cls: "pass" }
          : { action: a, label: texasBid(value, v.rules), name: "Bid " + texasBid(value, v.rules) };
      });
      const bids = items.filter((i) => i.action !== "pass");
      const pass = items.filter((i) => i.action === "pass");
      const high = v.bidder === null || v.bidder === undefined ? "Nobody has bid yet." : `High bid: ${texasBid(v.high_bid, v.rules)} by ${ctx.name(v.bidder)}.`;
      return panel("Your bid", el("p", { class: "hint" }, high), choiceButtons(bids, ctx, "bids"), choiceButtons(pass, ctx, "pass"));
    }
    if (v.phase === "trump") {
      const items = legal.map((a) => {
        const t = a.slice(6);
        const label = cap(texasTrump(t, ctx));
        return { action: a, label, name: "Trump: " + label };
      });
      return panel("Name trump", choiceButtons(items, ctx, "trumps"));
    }
    return null;
  },
};

// ---- Ninety-Two -----------------------------------------------------------------------------
function ninetyBid(call) {
  if (call === "pass") return "Pass";
  const [, tricks, suit] = call.split(" ");
  return `${tricks} ${suitSymbol(suit)}`;
}
function ninetyBidWords(call) {
  const [, tricks, suit] = call.split(" ");
  return `${plural(Number(tricks), "trick")} in ${suitWord(suit)}`;
}

export const ninetyTwo = {
  kind: "card",
  pieces: "cards",
  sides(v) {
    if (!v.partners || !v.partners.length || v.bidder === null) return null;
    const team = [v.bidder, ...v.partners].sort((a, b) => a - b);
    return [team, range(v.players).filter((s) => !team.includes(s))];
  },
  calls(v) {
    return (v.calls || []).map((call, i) => ({ seat: (v.dealer + 1 + i) % v.players, text: ninetyBid(call) }));
  },
  contract(v, ctx) {
    if (!v.high) return v.phase === "bid" ? "Bidding: no bid yet" : "";
    if (v.phase === "bid") return `High bid: ${ninetyBid(v.high)} by ${ctx.name(v.bidder)}`;
    const partners = v.partners && v.partners.length ? " with " + listWords(v.partners.map(ctx.name)) : ": partners to be named";
    return `${ctx.who(v.bidder)} bid ${ninetyBidWords(v.high)}${partners} · ${cap(suitWord(v.high.split(" ")[2]))} are trumps`;
  },
  tricks(v) {
    return (v.tricks || []).map((t) => ninetyTwo.finished(t, v));
  },
  finished(t) {
    return { plays: t.pieces.map((piece, i) => ({ seat: t.seats[i], piece })), winner: t.winner };
  },
  lastHand: () => [],
  standing(v, ctx) {
    const sides = ninetyTwo.sides(v);
    const rows = [];
    if (sides) {
      const took = sides.map((side) => side.reduce((n, s) => n + v.won[s], 0));
      rows.push(ctx.sideRows(sides, took, null, "tricks", null, "Tricks"));
    }
    const columns = v.phase === "play" ? [["Tricks", v.won], ["Points", v.scores]] : [["Points", v.scores]];
    rows.push(ctx.seatTable(columns, `Game to ${v.rules.target} points`));
    return rows;
  },
  seatFacts(v, s) {
    const facts = [];
    if (v.phase === "play" || (v.won && v.won[s])) facts.push(plural(v.won[s], "trick"));
    facts.push(plural(v.scores[s], "point"));
    if (v.bidder === s && v.phase !== "bid") facts.push("bidder");
    if (v.partners && v.partners.includes(s)) facts.push("partner");
    return facts;
  },
  table(v) {
    return v.stock_size ? `Stock: ${plural(v.stock_size, "card")}` : "";
  },
  result(r, v, ctx) {
    if (r.bidder === null || r.bidder === undefined) return "Everybody passed: the deal was thrown in.";
    const team = r.team || [r.bidder];
    const took = team.reduce((n, s) => n + r.tricks[s], 0);
    const wanted = Number(r.bid.split(" ")[1]);
    const partners = team.filter((s) => s !== r.bidder);
    const withWho = partners.length ? " with " + listWords(partners.map(ctx.name)) : "";
    const scored = range(r.score.length).filter((s) => r.score[s]);
    const points = scored.length ? " " + scored.map((s) => `${ctx.name(s)} +${r.score[s]}`).join(", ") + "." : "";
    return r.made
      ? `${ctx.who(r.bidder)} bid ${ninetyBidWords(r.bid)}${withWho}: they took exactly ${took}, made.${points}`
      : `Missed! ${ctx.who(r.bidder)} bid ${ninetyBidWords(r.bid)}${withWho} and took ${took}, not ${wanted}.${points}`;
  },
  controls(v, ctx, ui) {
    const legal = v.legal_actions || [];
    if (v.phase === "bid") {
      const bids = legal.filter((a) => a !== "pass").map((a) => a.split(" "));
      const counts = [...new Set(bids.map((b) => Number(b[1])))];
      if (!counts.includes(ui.tricks)) ui.tricks = counts[0];
      const select = el("select", { id: "bid-tricks", "data-key": "bid-tricks", "aria-label": "Tricks to bid",
        onchange: (e) => { ui.tricks = Number(e.target.value); ctx.redraw(); } },
      counts.map((n) => el("option", { value: n, selected: n === ui.tricks }, plural(n, "trick"))));
      const suits = bids.filter((b) => Number(b[1]) === ui.tricks).map((b) => ({
        action: b.join(" "), label: suitSymbol(b[2]) + " " + cap(suitWord(b[2])), name: `Bid ${ui.tricks} in ${suitWord(b[2])}`,
        cls: SUITS[b[2]].red ? "red" : "",
      }));
      const high = v.high ? `High bid: ${ninetyBid(v.high)} by ${ctx.name(v.bidder)}.` : "Nobody has bid yet.";
      return panel("Your bid", el("p", { class: "hint" }, high),
        el("label", { class: "inline" }, "Bid ", select, " in"), choiceButtons(suits, ctx, "suits"),
        choiceButtons(legal.includes("pass") ? [{ action: "pass", label: "Pass", cls: "pass" }] : [], ctx, "pass"));
    }
    if (v.phase === "partners") {
      const sets = legal.map((a) => a.split(" ").slice(1).map(Number));
      const need = sets.length ? sets[0].length : 0;
      const candidates = [...new Set(sets.flat())].sort((a, b) => a - b);
      ui.partners = (ui.partners || []).filter((s) => candidates.includes(s));
      const chosen = [...ui.partners].sort((a, b) => a - b);
      const action = "partners " + chosen.join(" ");
      const toggles = el("div", { class: "choices", role: "group", "data-group": "partners" }, candidates.map((s) =>
        el("button", { type: "button", class: "choice toggle", "data-key": "partner-" + s, "data-partner": s,
          "aria-pressed": String(chosen.includes(s)),
          onclick: () => {
            ui.partners = chosen.includes(s) ? chosen.filter((x) => x !== s) : [...chosen, s].slice(-need);
            ctx.redraw();
          } }, ctx.name(s))));
      const ok = legal.includes(action);
      return panel(`Name ${plural(need, "partner")}`, el("p", { class: "hint" }, `Choose ${need === 1 ? "a partner" : need + " partners"}, then confirm.`), toggles,
        el("div", { class: "choices" }, el("button", { type: "button", class: "choice confirm", "data-action": ok ? action : null,
          "data-key": "confirm-partners", disabled: !ok, onclick: () => ok && ctx.send(action) },
        ok ? "Call " + listWords(chosen.map(ctx.name)) : `Choose ${need - chosen.length} more`)));
    }
    return null;
  },
};

// ---- Preference -----------------------------------------------------------------------------
export const preference = {
  kind: "card",
  pieces: "cards",
  sides: () => null,
  calls(v) {
    const out = (v.calls || []).map((call, i) => ({
      seat: v.active[i % 3], text: call === "pass" ? "Pass" : cap(suitWord(call.split(" ")[1])) + " " + suitSymbol(call.split(" ")[1]),
    }));
    for (const [i, offer] of (v.offers || []).entries()) {
      out.push({ seat: v.active[i % 3], text: offer === "pass" ? "Pass" : "Offer of " + plural(Number(offer.split(" ")[1]), "chip") });
    }
    return out;
  },
  contract(v, ctx) {
    const d = v.declarer;
    if (v.phase === "bid") return d === null ? "Round one: no suit named yet" : `Round one: ${suitWord(v.trump)} by ${ctx.name(d)}`;
    if (v.phase === "offer") return d === null ? "Round two: no offer yet" : `Round two: largest offer by ${ctx.name(d)}`;
    if (d === null || d === undefined) return "";
    if (v.phase === "widow") return `${ctx.who(d)} won the widow: ${d === ctx.me ? "discard two cards or keep your ten" : "choosing the cards to keep"}`;
    if (v.phase === "trump") return `${ctx.does(d, "plays", "play")}: trump to be named`;
    return `${ctx.does(d, "plays", "play")} in ${suitWord(v.trump)} ${suitSymbol(v.trump)} · needs 6 tricks`;
  },
  tricks(v) {
    return (v.tricks || []).map((t) => preference.finished(t, v));
  },
  finished(t, v) {
    const seats = playOrder(t.led_by, t.pieces.length, v.active);
    return { plays: t.pieces.map((piece, i) => ({ seat: seats[i], piece })), winner: t.winner };
  },
  lastHand: () => [],
  standing(v, ctx) {
    return ctx.seatTable([["Chips", v.stacks]], `Pot: ${plural(v.pot, "chip")}`);
  },
  // The dealer sits the deal out.
  sitsOut: (v, s) => !v.active.includes(s),
  seatFacts(v, s) {
    const facts = [];
    if (preference.sitsOut(v, s)) facts.push("sits out");
    else if (v.phase === "play") facts.push(plural(v.tricks_won[s], "trick"));
    facts.push(plural(v.stacks[s], "chip"));
    if (v.declarer === s && !["bid", "offer"].includes(v.phase)) facts.push("declarer");
    return facts;
  },
  table(v) {
    const parts = [`Pot: ${plural(v.pot, "chip")}`];
    if (v.widow_size) parts.push(`widow: ${plural(v.widow_size, "card")}`);
    if (v.discards_size) parts.push(`laid aside: ${plural(v.discards_size, "card")}`);
    return parts.join(" · ");
  },
  result(r, v, ctx) {
    if (r.declarer === null || r.declarer === undefined) return "Everybody passed: the deal was thrown in.";
    const took = r.tricks[r.declarer];
    const trump = `${suitWord(r.trump)}`;
    const offer = r.offer ? ` (for ${plural(r.offer, "chip")})` : "";
    return r.made
      ? `${ctx.who(r.declarer)} played ${trump}${offer} and made it with ${plural(took, "trick")}: +${plural(r.chips, "chip")} from the pot.`
      : `Set! ${ctx.who(r.declarer)} played ${trump}${offer} and took ${plural(took, "trick")}: paid ${plural(-r.chips, "chip")} into the pot.`;
  },
  // The widow's pick: the hand and the widow together, two chosen, then confirmed.
  pickable(v) {
    if (v.phase !== "widow" || !(v.legal_actions || []).length) return null;
    return { pieces: [...v.hand, ...v.widow], count: 2, widow: v.widow };
  },
  controls(v, ctx, ui) {
    const legal = v.legal_actions || [];
    if (v.phase === "bid") {
      const items = legal.map((a) => a === "pass"
        ? { action: a, label: "Pass", cls: "pass" }
        : { action: a, label: suitSymbol(a.slice(4)) + " " + cap(suitWord(a.slice(4))), name: "Bid " + suitWord(a.slice(4)), cls: SUITS[a.slice(4)].red ? "red" : "" });
      return panel("Round one: name a suit", choiceButtons(items, ctx, "suits"));
    }
    if (v.phase === "offer") {
      const offers = legal.filter((a) => a.startsWith("offer ")).map((a) => Number(a.slice(6)));
      const low = Math.min(...offers), high = Math.max(...offers);
      if (!(ui.offer >= low && ui.offer <= high)) ui.offer = low;
      const input = el("input", { id: "offer-chips", type: "number", min: low, max: high, step: 1, value: ui.offer,
        "data-key": "offer-chips", inputmode: "numeric",
        oninput: (e) => { ui.offer = Number(e.target.value); offerButton.disabled = !legal.includes("offer " + ui.offer); } });
      const offerButton = el("button", { type: "button", class: "choice confirm", "data-key": "offer",
        "data-action": "offer " + ui.offer, onclick: () => { const a = "offer " + Math.round(ui.offer); if (legal.includes(a)) ctx.send(a); } }, "Offer");
      input.addEventListener("input", () => offerButton.setAttribute("data-action", "offer " + ui.offer));
      return panel("Round two: offer chips for the widow",
        el("p", { class: "hint" }, `Offer ${low} to ${high} chips (your stack), or pass.`),
        el("div", { class: "choices" }, el("label", { class: "inline", for: "offer-chips" }, "Chips "), input, offerButton,
          legal.includes("pass") ? el("button", { type: "button", class: "choice pass", "data-action": "pass", "data-key": "pass", onclick: () => ctx.send("pass") }, "Pass") : null));
    }
    if (v.phase === "widow" && legal.length) {
      const chosen = ui.picked || [];
      const action = legal.find((a) => a.startsWith("discard ") && chosen.length === 2 && chosen.every((c) => a.split(" ").includes(c)));
      return panel("The widow is yours",
        el("p", { class: "hint" }, "Pick two cards to lay aside (from your hand and the widow), then confirm; or keep your ten and leave the widow aside."),
        el("div", { class: "choices" },
          el("button", { type: "button", class: "choice confirm", "data-key": "discard", "data-action": action || null, disabled: !action,
            onclick: () => action && ctx.send(action) }, action ? "Lay aside " + chosen.map(pieceShort).join(" and ") : `Pick ${2 - chosen.length} more`),
          legal.includes("keep") ? el("button", { type: "button", class: "choice pass", "data-action": "keep", "data-key": "keep", onclick: () => ctx.send("keep") }, "Keep my ten") : null));
    }
    if (v.phase === "trump") {
      const items = legal.map((a) => ({ action: a, label: suitSymbol(a.slice(6)) + " " + cap(suitWord(a.slice(6))), name: "Trump: " + suitWord(a.slice(6)), cls: SUITS[a.slice(6)].red ? "red" : "" }));
      return panel("Name trump", choiceButtons(items, ctx, "trumps"));
    }
    return null;
  },
};

// ---- Quartets -------------------------------------------------------------------------------
const RANK_WORDS = { 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", T: "tens", J: "jacks", Q: "queens", K: "kings", A: "aces" };

function askWhat(text) {
  const what = text.split(" ")[2];
  return what.length === 1 ? RANK_WORDS[what] : "the " + pieceName(what);
}

export const quartets = {
  kind: "card",
  pieces: "cards",
  sides: () => null,
  calls: () => [],
  tricksless: true,
  contract(v, ctx) {
    const asks = v.asks || [];
    if (!asks.length && v.phase === "ask") return `${ctx.does(v.to_act, "asks", "ask")} first`;
    return ""; // the last ask is shown in the middle of the table
  },
  table(v) {
    const laid = (v.points || []).reduce((n, p) => n + p, 0);
    return v.phase === "ask" ? `Sets laid down: ${laid} of 13` : "";
  },
  askLine(a, ctx) {
    const target = Number(a.ask.split(" ")[1]);
    const whom = target === ctx.me ? "you" : ctx.name(target);
    const got = a.given.length ? `got ${a.given.map(pieceShort).join(" ")}` : `${whom} had none`;
    const laid = a.laid.length ? `, and laid down ${plural(a.laid.length / 4, "set")}` : "";
    return `${ctx.who(a.asker)} asked ${whom} for ${askWhat(a.ask)}: ${got}${laid}`;
  },
  tricks: () => [],
  finished: () => null,
  // The middle of the table shows the last ask: the cards handed over, or none.
  center(v, ctx) {
    const asks = v.asks || [];
    if (!asks.length) return null;
    const a = asks[asks.length - 1];
    return { pieces: a.given, caption: quartets.askLine(a, ctx) };
  },
  lastHand: () => [],
  standing(v, ctx) {
    return ctx.seatTable([["This deal", v.points], ["Sets in all", v.scores]]);
  },
  seatFacts(v, s) {
    return [plural(v.points[s], "set")];
  },
  laid: (v, s) => (v.laid || [])[s] || [],
  result(r, v, ctx) {
    const order = range(r.points.length).sort((a, b) => r.points[b] - r.points[a]);
    return "Deal over: " + order.map((s) => `${ctx.name(s)} ${plural(r.points[s], "set")}`).join(", ") + ".";
  },
  controls(v, ctx, ui) {
    const legal = v.legal_actions || [];
    if (v.phase !== "ask" || !legal.length) return null;
    const asks = legal.map((a) => a.split(" "));
    const targets = [...new Set(asks.map((a) => Number(a[1])))];
    if (!targets.includes(ui.target)) ui.target = null;
    const players = el("div", { class: "choices", role: "group", "data-group": "targets" }, targets.map((s) =>
      el("button", { type: "button", class: "choice toggle", "data-key": "target-" + s, "data-target": s,
        "aria-pressed": String(ui.target === s), onclick: () => { ui.target = s; ctx.redraw(); } },
      `${ctx.name(s)} (${plural(v.hand_sizes[s], "card")})`)));
    const steps = [el("p", { class: "hint" }, "Choose a player, then the card you ask for.") , players];
    if (ui.target !== null) {
      const wanted = asks.filter((a) => Number(a[1]) === ui.target);
      const row = el("div", { class: "choices cards", role: "group", "data-group": "wanted", "aria-label": "Ask " + ctx.name(ui.target) + " for" });
      for (const a of wanted) {
        const action = a.join(" ");
        const what = a[2];
        const node = what.length === 1
          ? el("button", { type: "button", class: "choice", "data-action": action, "data-key": action, "aria-label": `Ask ${ctx.name(ui.target)} for ${RANK_WORDS[what]}` }, cap(RANK_WORDS[what]))
          : pieceNode(what, { button: true, label: `Ask ${ctx.name(ui.target)} for the ${pieceName(what)}` });
        node.dataset.action = action;
        node.dataset.key = action;
        node.addEventListener("click", () => ctx.send(action));
        row.append(node);
      }
      steps.push(row);
    }
    return panel("Your ask", ...steps);
  },
};

export const GAMES = { texas42, "ninety-two": ninetyTwo, preference, quartets };
