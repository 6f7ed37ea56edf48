// Viscounts of the West Kingdom: the round kingdom seen from above (five
// segments clockwise, each with two outer spaces, an inner space, a river and
// its building spots, a townsfolk pile and a manuscript pile), the castle in
// the middle (five sections of two tiers round the centre), every player's
// board, tracks and supplies, and your hand.
//
// Choosing a card shows where its silver value reaches and what the action
// there would pay: the server computes that (view.reach, preview.py, with the
// rules' own movement and funding), so the board never second-guesses the
// rules. Decisions are taken where they have a place: hand cards, spaces,
// building spots, castle sections, the segments' piles, the setup row; the
// rest (a card's options, rearranging, resources) are buttons in the prompt,
// which names the seat that owes the decision. What may be clicked is exactly
// the server's legal list; every action label is the server's (text.py).

import { clickable, h, s } from "../dom.js";
import { actionButton, actionLabel, clickAction, colon, defineRenderer, gap, inLang, listOf, listSep, loadComponents, prevAt, word } from "../render-kit.js";
import { scoreTable } from "../tables.js";

const C = await loadComponents("viscounts");

const SEGMENTS = 5;
const TRACK = 7;
/** The drawing's half width: the piles left and right (160 wide at radius 302) fit in it. */
const VIEW = { x: 374 };
const R = { castle: 34, tier2: 62, tier1: 96, innerIn: 100, inner: 124, band: 150, spot: 196, outer: 238, rim: 264, pile: 302 };
const FALLBACK_KEYS = ["red", "blue", "green", "purple"];
const FALLBACK_COLOURS = ["#c0392b", "#2c5fa8", "#2f7d4f", "#8e44ad"];
const ICON_COLOURS = ["#8a6100", "#8a5a2b", "#7b3fa0", "#2c7a7b", "#333"];
const RIBBON_COLOURS = ["#9aa4ad", "#333", "#e3b505", "#2c5fa8"];
const BUILDING_KEYS = ["workshop", "trading_post", "guildhall"];
const PROMPT_KINDS = {
  choose: "ask.choose", discard: "ask.discard", destroy: "ask.destroy", rearrange: "ask.rearrange",
  resource: "ask.resource", flip: "ask.flip", free_hire: "ask.free_hire", castle_move: "ask.castle_move",
  bump: "ask.bump", free_build: "ask.free_build", place_worker: "ask.place_worker", take_manuscript: "ask.take_manuscript",
  fund: "ask.fund", castle_group: "ask.castle_group",
  // Gates of Gold
  welcome: "ask.welcome", refuse: "ask.refuse", ribbon: "ask.ribbon", pay_resource: "ask.pay_resource",
};
const PHASE_KEYS = {
  setup: "phase.setup", play: "phase.play", move: "phase.move", action: "phase.action", recruit: "phase.recruit",
  collide: "phase.collide", end: "phase.end",
};
// Group titles the shared legal-action list looks up as "viscounts.kind.<type>".
export const GROUP_KEYS = [
  "kind.pair", "kind.play", "kind.move", "kind.trade", "kind.build", "kind.workers", "kind.transcribe", "kind.no-action",
  "kind.hire", "kind.choose", "kind.pick", "kind.pick-top", "kind.skip", "kind.rearrange", "kind.resource", "kind.flip",
  "kind.free-hire", "kind.castle-move", "kind.bump", "kind.free-build", "kind.place-worker", "kind.take-manuscript",
  "kind.fund", "kind.castle-group", "kind.outsider", "kind.ribbon", "kind.column", "kind.hire-order",
  "kind.build-public", "kind.hero", "kind.chest",
];
const ICON_KEYS = ["icon.merchant", "icon.builder", "icon.noble", "icon.cleric", "icon.criminal"];
const RIBBON_KEYS = ["ribbon.grey", "ribbon.black", "ribbon.yellow", "ribbon.blue"];
const BUILDING_WORDS = ["building.workshop", "building.trading_post", "building.guildhall"];
// Keys looked up as `ex.<exchange>`, `exl.<exchange>` and `res.<resource>` (listed for the string check).
export const BUILT_KEYS = [
  "ex.silver", "ex.ink", "ex.gold", "ex.stone", "ex.destroy", "ex.flip",
  "exl.silver", "exl.destroy", "exl.flip", "exl.resource", "res.silver", "res.ink", "res.gold", "res.stone",
];

/** The solo AI opponent holds no seat: the page's players list names it too, with its
 *  score (so far, final at the end). */
function rivals(view, ctx) {
  return view && view.ai ? [{ name: ctx.t("ai.title"), score: view.ai.score }] : [];
}

/** The round cap, said by the page as it nears (a designed limit). */
function turnCap(view) {
  return view.round_cap ? { turn: view.round, limit: view.round_cap } : null;
}

// -- small helpers ------------------------------------------------------------------

/** What a card does, in the page's language (components: describe.card_words). */
const cardSays = (id, ctx) => word(C.cards[id].says, ctx);
/** A side by name: a seat's player, or the solo AI (no seat: its index is view.ai.index). */
const sideName = (view, ctx, i) => (isAI(view, i) ? ctx.t("ai.title") : ctx.seatName(i));
const cardName = (id, ctx) => inLang(ctx, C.cards[id].name, C.cards[id].zh);
const colour = (ctx, i) => (ctx.seatColour ? ctx.seatColour(i) : FALLBACK_COLOURS[i % 4]);
const colourKey = (ctx, i) => (ctx.colours && ctx.colours[i] ? ctx.colours[i] : FALLBACK_KEYS[i % 4]);
/** A piece's fill and owner marks; the solo AI (index view.ai.index, no seat) is grey. */
const AI_FILL = "#8a8a8a";
const isAI = (view, i) => Boolean(view.ai) && i === view.ai.index;
const owner = (view, ctx, i) => (isAI(view, i)
  ? { fill: AI_FILL, "data-ai": "1" }
  : { fill: colour(ctx, i), "data-seat": i, "data-colour": colourKey(ctx, i) });
const deg = (a) => (a * Math.PI) / 180;
const polar = (r, a) => [r * Math.cos(deg(a)), r * Math.sin(deg(a))];
/** Angles: ring position p spans [start, start + 72] clockwise from the top. */
const segStart = (p) => -90 - 36 + p * 72;
const spaceAngle = (space) => {
  const p = Math.floor(space / 3);
  const k = space % 3;
  return segStart(p) + (k === 0 ? 17 : k === 1 ? 55 : 36);
};
const spaceRadius = (space) => (space % 3 === 2 ? R.inner : R.outer);
const spaceName = (space, ctx) => {
  const p = Math.floor(space / 3);
  const k = space % 3;
  return k === 2 ? ctx.t("space.inner", { n: p + 1 }) : ctx.t("space.outer", { n: 2 * p + k + 1 });
};
const spaceNumber = (space) => (space % 3 === 2 ? String(Math.floor(space / 3) + 1) : String(2 * Math.floor(space / 3) + (space % 3) + 1));

function sector(r0, r1, a0, a1) {
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  const big = a1 - a0 > 180 ? 1 : 0;
  return `M${x0} ${y0} A${r1} ${r1} 0 ${big} 1 ${x1} ${y1} L${x2} ${y2} A${r0} ${r0} 0 ${big} 0 ${x3} ${y3} Z`;
}

function iconChips(icons, ctx) {
  const out = [];
  icons.forEach((n, i) => {
    for (let k = 0; k < n; k++) out.push(h("span", { class: `vc-icon vc-icon-${i}`, style: `background:${ICON_COLOURS[i]}`, title: ctx.t(ICON_KEYS[i]) }, ctx.t(ICON_KEYS[i])));
  });
  return out;
}

/** Every spot of the board for the player count, as components.spots() lists them. */
function spotLayout(view) {
  const per = view.players.length <= 2 ? 2 : 3;
  const out = [];
  for (let seg = 0; seg < SEGMENTS; seg++) {
    const p = view.ring.indexOf(seg);
    const mid = segStart(p) + 36;
    for (let side = 0; side < 2; side++) {
      for (let j = 0; j < per; j++) {
        const fromRiver = side === 0 ? per - 1 - j : j; // the spots by the river are linked across it
        const a = mid + (side === 0 ? -1 : 1) * (5 + fromRiver * 8.5);
        out.push({ seg, side, p, a, r: R.spot + (fromRiver % 2 ? -18 : 0) });
      }
    }
  }
  return out;
}

// -- the legal actions, by where they are taken ---------------------------------------

function indexLegal(legal) {
  const ix = { move: new Map(), spot: new Map(), pile: new Map(), ms: new Map(), wedge: new Map(), play: new Map(), pair: new Map(), pick: new Map(), primary: [], rest: [], count: legal.length };
  const add = (map, key, e) => { if (!map.has(key)) map.set(key, []); map.get(key).push(e); };
  for (const e of legal) {
    const j = e.json || {};
    if (j.type === "move") add(ix.move, j.space, e);
    else if (j.type === "build" || j.type === "free-build" || j.type === "build-public") add(ix.spot, j.spot, e);
    else if (j.type === "free-hire") add(ix.pile, j.position, e);
    else if (j.type === "take-manuscript") add(ix.ms, j.position, e);
    else if (j.type === "place-worker") add(ix.wedge, j.wedge, e);
    else if (j.type === "play") add(ix.play, j.card, e);
    else if (j.type === "pair") add(ix.pair, j.index, e);
    else if (j.type === "pick") add(ix.pick, j.card, e);
    else if (["trade", "workers", "transcribe", "no-action"].includes(j.type)) ix.primary.push(e);
    else ix.rest.push(e);
  }
  return ix;
}

function reachFor(view, ui) {
  const reach = view.reach || [];
  if (!reach.length) return null;
  if (view.phase === "move") return reach[0];
  return reach.find((r) => r.card === ui.card) || null;
}

// -- the kingdom ----------------------------------------------------------------------

function drawKingdom(view, ix, ctx) {
  const ui = ctx.ui;
  const enabled = ctx.enabled !== false;
  const prev = (prevAt(ctx, "players") || []).length === view.players.length ? ctx.prevView : null;
  const svg = s("svg", { viewBox: `${-VIEW.x} -340 ${2 * VIEW.x} 680`, class: "vc-kingdom", role: "group", "aria-label": ctx.t("board"), "data-testid": "vc-board" });
  const reach = reachFor(view, ui);
  const reachAt = new Map((reach ? reach.spaces : []).map((x) => [x.space, x]));
  // segments, rivers, numbers
  for (let p = 0; p < SEGMENTS; p++) {
    const a0 = segStart(p);
    svg.append(s("path", { d: sector(R.band, R.rim, a0 + 0.6, a0 + 71.4), class: "vc-segment" }));
    svg.append(s("path", { d: sector(R.innerIn, R.band - 4, a0 + 0.6, a0 + 71.4), class: "vc-inner-band" }));
    const [rx0, ry0] = polar(R.band, a0 + 36);
    const [rx1, ry1] = polar(R.rim, a0 + 36);
    svg.append(s("line", { x1: rx0, y1: ry0, x2: rx1, y2: ry1, class: "vc-river" }));
  }
  // arrows between spaces (clockwise only)
  for (let sp = 0; sp < 15; sp++) {
    const p = Math.floor(sp / 3);
    const k = sp % 3;
    const next = (p + 1) % SEGMENTS;
    const targets = k === 0 ? [3 * p + 1, 3 * p + 2] : k === 2 ? [3 * p + 1, 3 * next + 2] : [3 * next];
    for (const t of targets) {
      const [x0, y0] = polar(spaceRadius(sp), spaceAngle(sp));
      const [x1, y1] = polar(spaceRadius(t), spaceAngle(t));
      svg.append(s("line", { x1: x0 + (x1 - x0) * 0.2, y1: y0 + (y1 - y0) * 0.2, x2: x0 + (x1 - x0) * 0.75, y2: y0 + (y1 - y0) * 0.75, class: "vc-arrow", "marker-end": "url(#vc-head)" }));
    }
  }
  svg.prepend(s("defs", {}, s("marker", { id: "vc-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M0 0 L10 5 L0 10 z", class: "vc-arrow-head" }))));
  // building spots
  const layout = spotLayout(view);
  layout.forEach((spot, i) => {
    const [x, y] = polar(spot.r, spot.a);
    const [owner, spotKind] = view.spots[i];
    // Keeper of Keys: kinds 3-5 are the public workshop, trading post and guildhall
    const isPublic = spotKind >= 3;
    const kind = isPublic ? spotKind - 3 : spotKind;
    const g = s("g", { class: `vc-spot${isPublic ? " vc-public" : ""}`, "data-spot": i, transform: `translate(${x} ${y})` });
    if (isPublic) g.append(s("circle", { r: 13, class: "vc-public-ring" }));
    if (owner >= 0 && isAI(view, owner)) {
      g.dataset.ai = "1";
      g.append(buildingShape(kind, AI_FILL));
    } else if (owner >= 0) {
      g.dataset.seat = owner;
      g.dataset.colour = colourKey(ctx, owner);
      g.append(buildingShape(kind, colour(ctx, owner)));
      if (prev && prev.spots[i][0] < 0) g.classList.add("last-move");
    } else {
      // a 24-unit target round the 18-unit spot: 24 px and more on a phone's zoomed board
      g.append(s("circle", { r: 12, class: "vc-spot-hit" }), s("circle", { r: 9, class: "vc-spot-free" }), s("text", { y: 3.5, class: "vc-spot-n" }, String(i + 1)));
    }
    const entries = ix.spot.get(i);
    const kindWord = () => (isPublic ? ctx.t("building.public", { kind: ctx.t(BUILDING_WORDS[kind]) }) : ctx.t(BUILDING_WORDS[kind]));
    const title = owner >= 0 ? ctx.t("spot.built", { n: i + 1, kind: kindWord(), name: sideName(view, ctx, owner) }) : ctx.t("spot.free", { n: i + 1 });
    if (entries && enabled) {
      if (entries.length === 1) {
        g.dataset.code = entries[0].code;
        clickAction(g, entries[0], ctx);
      } else {
        clickable(g, title, () => { ui.spot = ui.spot === i ? null : i; ctx.redraw(); });
      }
      if (ui.spot === i) g.classList.add("vc-selected");
    } else g.append(s("title", {}, title));
    svg.append(g);
  });
  // spaces
  for (let sp = 0; sp < 15; sp++) {
    const [x, y] = polar(spaceRadius(sp), spaceAngle(sp));
    const inner = sp % 3 === 2;
    const g = s("g", { class: `vc-space ${inner ? "vc-space-inner" : "vc-space-outer"}`, "data-space": sp, transform: `translate(${x} ${y})` });
    g.append(inner ? s("rect", { x: -17, y: -17, width: 34, height: 34, rx: 7, class: "vc-space-bg" }) : s("circle", { r: 19, class: "vc-space-bg" }));
    // The marks drawn on a space (its number, what it trades, the cost to reach it) are
    // shorthand for what its accessible name says in words ("outer space 2 (free): then
    // trade once"). They sit in a layer of their own over the space, hidden from the
    // accessibility tree and letting clicks through: inside the button they were its
    // visible label, and a name must contain its visible label (WCAG 2.5.3).
    const marks = s("g", { class: "vc-space-marks", "aria-hidden": "true", transform: `translate(${x} ${y})` });
    marks.append(s("text", { y: inner ? -3 : -4, class: "vc-space-n" }, spaceNumber(sp)));
    marks.append(s("text", { y: 10, class: "vc-space-sub" }, inner ? ctx.t("space.castle_short") : exchangeShort(view, sp, ctx)));
    const r = reachAt.get(sp);
    if (r) {
      g.classList.add("vc-reach");
      g.dataset.cost = r.cost;
      // over the space; beside it, outwards, for the two inner spaces below the castle
      // (over them it met the castle section's name)
      const [bx, by] = [inner && y > 0 ? Math.sign(x) * 30 : 0, inner ? -24 : -25];
      marks.append(s("text", { x: bx, y: by, class: "vc-cost" }, r.cost ? ctx.t("cost.silver", { n: r.cost }) : ctx.t("cost.free")));
    }
    const prevSeats = prev ? prev.players.map((pl) => pl.space) : null;
    const entries = ix.move.get(sp);
    const title = `${spaceName(sp, ctx)}${colon(ctx)}${inner ? ctx.t("space.inner_help") : exchangeLong(view, sp, ctx)}${r ? ` — ${word(r.say, ctx)}` : ""}`;
    if (entries && enabled) {
      g.dataset.code = entries[0].code;
      clickAction(g, entries[0], ctx); // its cost and what it gives: the server's words
      g.addEventListener("mouseenter", () => { ui.space = sp; showPreview(ctx.root, ui); });
    } else g.append(s("title", {}, title));
    svg.append(g, marks);
    // viscounts here
    const pawns = view.players.map((pl, i) => [pl.space, i]);
    if (view.ai) pawns.push([view.ai.space, view.ai.index]);
    const here = pawns.filter(([space]) => space === sp).map(([, i]) => i);
    here.forEach((i, k) => {
      const off = (k - (here.length - 1) / 2) * 13;
      const { fill, ...marks } = owner(view, ctx, i);
      const pawn = s("g", { class: "vc-viscount", ...marks, transform: `translate(${x + off} ${y + (inner ? 25 : 27)})` },
        s("path", { d: "M0 -9 C5 -9 5 -3 2.5 -1 L6 8 L-6 8 L-2.5 -1 C-5 -3 -5 -9 0 -9 Z", fill, class: "vc-pawn" }),
        s("title", {}, ctx.t("viscount.of", { name: sideName(view, ctx, i), space: spaceName(sp, ctx) })));
      if (prevSeats && prevSeats[i] !== sp) pawn.classList.add("last-move");
      svg.append(pawn);
    });
  }
  // piles outside the ring
  for (let p = 0; p < SEGMENTS; p++) {
    const mid = segStart(p) + 36;
    const pile = view.piles[p];
    const ms = view.manuscripts[p];
    const [x, y] = polar(R.pile, mid);
    const card = C.cards[pile.top];
    const m = C.manuscripts[ms.top];
    const g = s("g", { class: "vc-pile", "data-position": p, transform: `translate(${x} ${y})` });
    // four lines of 10-unit text: 12 px and more on a phone's board (drawn 1.23 times)
    g.append(s("rect", { x: -80, y: -28, width: 160, height: 56, rx: 5, class: "vc-pile-bg" }));
    g.append(s("text", { y: -16, class: "vc-seg-label" }, ctx.t("segment.short", { n: p + 1 })));
    g.append(s("text", { y: -3.5, class: "vc-pile-card" }, `${cardName(pile.top, ctx)} · ${ctx.t("silver.n", { n: card.silver })}`));
    g.append(s("text", { y: 8.5, class: "vc-pile-icons" }, card.icons.map((n, i) => (n ? `${ctx.t(ICON_KEYS[i])}${n > 1 ? `×${n}` : ""}` : "")).filter(Boolean).join(listSep(ctx))));
    g.append(s("text", { y: 20.5, class: "vc-pile-ms" }, ctx.t("ms.short", { n: m.cost, ribbon: m.ribbon >= 0 ? ctx.t(RIBBON_KEYS[m.ribbon]) : "–" })));
    if (m.ribbon >= 0) g.append(s("rect", { x: -78, y: 12.5, width: 4, height: 10, fill: RIBBON_COLOURS[m.ribbon] }));
    const title = `${ctx.t("pile.help", { n: p + 1, card: cardName(pile.top, ctx), left: Math.max(0, pile.size - 1), cost: m.cost })} — ${cardName(pile.top, ctx)}${colon(ctx)}${cardSays(pile.top, ctx)}`;
    const entries = [...(ix.pile.get(p) || []), ...(ix.ms.get(p) || [])];
    if (entries.length && enabled) {
      g.dataset.code = entries[0].code;
      const hire = entries[0].json.type === "free-hire" ? ` — ${cardName(pile.top, ctx)}${colon(ctx)}${cardSays(pile.top, ctx)}` : "";
      clickAction(g, entries[0], ctx, `${actionLabel(entries[0])}${hire}`);
    } else g.append(s("title", {}, title));
    if (prev && (prev.piles[p].top !== pile.top || prev.manuscripts[p].top !== ms.top)) g.classList.add("last-move");
    svg.append(g);
  }
  drawCastle(svg, view, ix, ctx, prev);
  return svg;
}

function buildingShape(kind, fill) {
  if (kind === 0) return s("rect", { x: -8, y: -8, width: 16, height: 16, fill, class: "vc-building" });
  if (kind === 1) return s("path", { d: "M0 -10 L10 8 L-10 8 Z", fill, class: "vc-building" });
  return s("path", { d: "M0 -10 L9.5 -3 L6 9 L-6 9 L-9.5 -3 Z", fill, class: "vc-building" });
}

function exchangeOf(view, sp) {
  const p = Math.floor(sp / 3);
  return C.exchanges[2 * view.ring[p] + (sp % 3)];
}

function exchangeShort(view, sp, ctx) {
  return ctx.t(`ex.${exchangeOf(view, sp)}`);
}

function exchangeLong(view, sp, ctx) {
  const kind = exchangeOf(view, sp);
  return ["silver", "destroy", "flip"].includes(kind) ? ctx.t(`exl.${kind}`) : ctx.t("exl.resource", { item: ctx.t(`ex.${kind}`) });
}

function drawCastle(svg, view, ix, ctx, prev) {
  const enabled = ctx.enabled !== false;
  svg.append(s("circle", { r: R.castle, class: "vc-centre" }));
  for (let w = 0; w < SEGMENTS; w++) {
    const p = (((w - view.castle_turn) % SEGMENTS) + SEGMENTS) % SEGMENTS;
    const a0 = segStart(p) + 1.5;
    const a1 = segStart(p) + 70.5;
    const g = s("g", { class: "vc-section", "data-wedge": w });
    g.append(s("path", { d: sector(R.tier2, R.tier1, a0, a1), class: "vc-tier1" }));
    g.append(s("path", { d: sector(R.castle + 2, R.tier2 - 2, a0, a1), class: "vc-tier2" }));
    // the section's name near the tier's outer edge, its workers inside it: clear of the
    // cost drawn over an inner space beside it
    const [lx, ly] = polar((R.tier1 + R.tier2) / 2 + 7, a0 + 34.5);
    g.append(s("text", { x: lx, y: ly + 4, class: "vc-section-n" }, ctx.t("section.short", { n: w + 1 })));
    for (const [tier, row, r] of [[1, view.tier1[w], (R.tier1 + R.tier2) / 2 - 10], [2, view.tier2[w], (R.tier2 + R.castle) / 2]]) {
      const cubes = [];
      row.forEach((k, i) => { for (let c = 0; c < k; c++) cubes.push(i); });
      cubes.forEach((i, c) => {
        const [x, y] = polar(r, a0 + 34.5 + (c - (cubes.length - 1) / 2) * (tier === 1 ? 9 : 14));
        g.append(s("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9, class: "vc-worker", ...owner(view, ctx, i) }));
      });
      if (prev && JSON.stringify((tier === 1 ? prev.tier1 : prev.tier2)[w]) !== JSON.stringify(row)) g.classList.add("last-move");
    }
    const title = ctx.t("section.help", { n: w + 1, seg: p + 1, t1: workersWords(view, view.tier1[w], ctx), t2: workersWords(view, view.tier2[w], ctx) });
    const entries = ix.wedge.get(w);
    if (entries && enabled) {
      g.dataset.code = entries[0].code;
      clickAction(g, entries[0], ctx);
    } else g.append(s("title", {}, title));
    svg.append(g);
  }
  const centre = [];
  view.players.forEach((pl, i) => { for (let c = 0; c < pl.tier3; c++) centre.push(i); });
  centre.forEach((i, c) => {
    const a = (360 / Math.max(centre.length, 1)) * c;
    const [x, y] = centre.length > 1 ? polar(14, a) : [0, 0];
    svg.append(s("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9, fill: colour(ctx, i), class: "vc-worker", "data-seat": i, "data-colour": colourKey(ctx, i) }));
  });
  if (view.leader >= 0) {
    svg.append(s("path", { d: "M-9 -22 L-9 -30 L-4.5 -26 L0 -32 L4.5 -26 L9 -30 L9 -22 Z", class: "vc-leader", ...owner(view, ctx, view.leader) },
      s("title", {}, ctx.t("leader", { name: sideName(view, ctx, view.leader) }))));
  }
  svg.append(s("text", { y: 26, class: "vc-centre-label" }, ctx.t("centre")));
}

function workersWords(view, row, ctx) {
  const parts = row.map((k, i) => (k ? `${sideName(view, ctx, i)} ×${k}` : null)).filter(Boolean);
  return parts.length ? parts.join(listSep(ctx)) : ctx.t("nobody");
}

// -- the prompt, the hand and the buttons under the board ------------------------------

function entryButton(entry, ctx, text, testid, extra = "") {
  return actionButton(entry, ctx, {
    class: `vc-act ${extra}`.trim(), "data-testid": testid, title: actionLabel(entry), text: text || actionLabel(entry),
    before: () => { ctx.ui.spot = null; ctx.ui.card = null; },
  });
}

/** What a decision asks, in words: the page's own for the kinds it knows, else the
 *  rules' (the decision kinds' table: view.decision.asks, Keeper of Keys' kinds). */
const asks = (d, ctx) => (PROMPT_KINDS[d.kind] ? ctx.t(PROMPT_KINDS[d.kind]) : word(d.asks, ctx));

/** Gates of Gold's actions taken in its panel rather than the prompt's buttons. */
const ON_BOARD_KINDS = ["outsider", "column", "hire-order", "ribbon", "hero", "chest"];

function promptBox(view, ix, ctx) {
  const d = view.decision;
  const mine = ix.count > 0;
  const rows = [];
  if (d) {
    const who = ctx.seatName(d.seat);
    const why = word(d.why, ctx);
    rows.push(h("p", { class: "vc-question", "data-testid": "vc-question" },
      h("span", { class: "vc-dot", style: `background:${colour(ctx, d.seat)}`, "data-seat": d.seat, "data-colour": colourKey(ctx, d.seat) }),
      d.seat === ctx.seat ? ctx.t("ask.you", { what: asks(d, ctx) }) : ctx.t("ask.other", { name: who, what: asks(d, ctx) }),
      why ? `${gap(ctx)}${ctx.t("ask.why", { why })}` : ""));
    if (view.ai && view.phase === "ai_turn") rows.push(h("p", { class: "muted", "data-testid": "vc-ai-waits" }, ctx.t("ai.waits")));
  } else if (view.ai && view.phase !== "over" && view.current === view.ai.index) {
    rows.push(h("p", { class: "vc-question", "data-testid": "vc-question" },
      h("span", { class: "vc-dot", style: `background:${AI_FILL}`, "data-ai": "1" }), ctx.t("ai.taking")));
  } else if (view.phase !== "over") {
    const who = view.phase === "setup" ? null : view.current;
    const phase = who === null ? "" : ctx.t(PHASE_KEYS[view.phase]);
    const line = who === null ? ctx.t("phase.setup") : who === ctx.seat ? ctx.t("turn.you", { phase }) : ctx.t("turn.of", { name: ctx.seatName(who), phase });
    rows.push(h("p", { class: "vc-question", "data-testid": "vc-question" }, who !== null ? h("span", { class: "vc-dot", style: `background:${colour(ctx, who)}`, "data-seat": who, "data-colour": colourKey(ctx, who) }) : null, line));
  }
  if (mine) {
    const buttons = [];
    // a spot chosen on the board with several buildings (or a dismissal) to pick from
    if (ctx.ui.spot !== null && ctx.ui.spot !== undefined && ix.spot.has(ctx.ui.spot)) {
      for (const e of ix.spot.get(ctx.ui.spot)) buttons.push(entryButton(e, ctx, null, "vc-build"));
    } else if (ix.spot.size) rows.push(h("p", { class: "muted" }, ctx.t("hint.spot")));
    if (ix.move.size) rows.push(h("p", { class: "muted" }, ctx.t("hint.move")));
    if (ix.play.size) rows.push(h("p", { class: "muted" }, ctx.t("hint.play")));
    if (ix.pile.size || ix.ms.size) rows.push(h("p", { class: "muted" }, ctx.t("hint.pile")));
    if (ix.wedge.size) rows.push(h("p", { class: "muted" }, ctx.t("hint.section")));
    for (const entries of ix.pick.values()) for (const e of entries) buttons.push(entryButton(e, ctx, null, "vc-pick"));
    const primary = primaryButtons(ix, ctx);
    // Gates of Gold: an outsider is welcomed or refused on its card in the panel below,
    // a column used (the grey one's King's Order, the wild manuscript's colour) on one's
    // manuscript board there
    const has = (type) => ix.rest.some((e) => e.json.type === type);
    if (has("outsider")) rows.push(h("p", { class: "muted" }, ctx.t("hint.outsider")));
    if (has("ribbon")) rows.push(h("p", { class: "muted" }, ctx.t("hint.ribbon")));
    if (has("hire-order")) rows.push(h("p", { class: "muted" }, ctx.t("hint.hire_order")));
    if (has("hero")) rows.push(h("p", { class: "muted" }, ctx.t("hint.hero")));
    if (has("chest")) rows.push(h("p", { class: "muted" }, ctx.t("hint.chest")));
    if (has("column")) rows.push(h("p", { class: "muted", "data-testid": "vc-hint-column" }, ctx.t("hint.column")));
    for (const e of ix.rest) {
      if (ON_BOARD_KINDS.includes(e.json.type)) continue;
      if (e.json.type === "choose" && d && d.options) {
        const o = d.options.find((x) => x.option === e.json.option);
        buttons.push(entryButton(e, ctx, `${e.json.option + 1}. ${o ? word(o.text, ctx) : actionLabel(e)}`, "vc-option"));
      } else if (e.json.type === "bump") {
        buttons.push(entryButton(e, ctx, ctx.t("bump.name", { name: ctx.seatName(e.json.seat) }), "vc-bump"));
      } else buttons.push(entryButton(e, ctx, null, `vc-${e.json.type}`));
    }
    rows.push(...primary);
    if (buttons.length) rows.push(h("div", { class: "vc-buttons", "data-testid": "vc-buttons" }, buttons));
  }
  if (!rows.length) return null; // the end: nothing to ask, no empty box
  return h("div", { class: `vc-prompt ${mine ? "" : "muted"}`, "data-testid": "vc-prompt" }, rows);
}

/** The primary actions: one group per kind; with a dismissal possible, a switch between
 *  the plain actions and the ones that dismiss (never more than a dozen buttons). */
function primaryButtons(ix, ctx) {
  if (!ix.primary.length) return [];
  const withDismiss = ix.primary.some((e) => e.json.dismiss);
  const dismiss = withDismiss && ctx.ui.dismiss && ix.primary.some((e) => e.json.dismiss && e.json.type !== "no-action");
  const shown = ix.primary.filter((e) => e.json.type === "no-action" || Boolean(e.json.dismiss) === Boolean(dismiss));
  const out = [];
  if (withDismiss) {
    out.push(h("label", { class: "vc-switch" }, h("input", {
      type: "checkbox", "data-testid": "vc-dismiss", checked: dismiss ? true : null, disabled: ctx.enabled === false,
      onchange: (ev) => { ctx.ui.dismiss = ev.target.checked; ctx.redraw(); },
    }), ctx.t("dismiss.switch")));
  }
  out.push(h("div", { class: "vc-buttons", "data-testid": "vc-primary" }, shown.map((e) => entryButton(e, ctx, null, `vc-${e.json.type}`))));
  return out;
}

/** A townsfolk: its name, silver value, icons and what it does (the card's own words). */
function cardBox(id, ctx, extra = {}) {
  const c = C.cards[id];
  return [
    h("strong", { class: "vc-card-name" }, cardName(id, ctx)),
    h("span", { class: "vc-card-silver", title: ctx.t("silver.help") }, ctx.t("silver.n", { n: c.silver })),
    h("span", { class: "vc-icons" }, iconChips(c.icons, ctx)),
    h("span", { class: "vc-says", "data-testid": "vc-says" }, cardSays(id, ctx)),
    extra.note ? h("span", { class: "vc-note" }, extra.note) : null,
  ];
}

/**
 * Everything the hand's buttons show and do. A click is lost when its button leaves
 * the page between the press and the release (a bot's move arriving meanwhile redrew
 * the board: 20 of 227 scripted clicks once), so the hand is rebuilt only when this
 * changes, and otherwise stays in the page untouched.
 */
function handSignature(view, ix, ctx) {
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (!me) return "";
  const codes = (me.hand || []).map((id) => ((ix.play.get(id) || [])[0] || {}).code ?? null);
  return JSON.stringify([ctx.lang, me.gathered || [], me.hand || null, codes, ctx.ui.card, ctx.enabled !== false]);
}

function handBox(view, ix, ctx) {
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (me && me.gathered && me.gathered.length) {
    // setup: the hero and starting cards wait to be shuffled (a player card's step first)
    return h("div", { class: "vc-hand", "data-testid": "vc-gathered" }, h("h3", { class: "label-heading" }, ctx.t("hand.gathered")),
      h("div", { class: "vc-cards" }, me.gathered.map((id) => h("span", { class: "vc-card", "data-card": id }, cardBox(id, ctx)))));
  }
  if (!me || !me.hand || !me.hand.length) return null; // no "Your hand" heading over nothing
  const ui = ctx.ui;
  const cards = me.hand.map((id) => {
    const entry = (ix.play.get(id) || [])[0];
    const body = cardBox(id, ctx);
    if (!entry) return h("span", { class: "vc-card", "data-card": id }, body);
    const on = ui.card === id;
    return h("span", { class: "vc-hand-item" },
      h("button", {
        type: "button", class: `vc-card hot ${on ? "vc-selected" : ""}`, "data-card": id, "data-testid": `vc-hand-${id}`,
        "aria-pressed": on ? "true" : "false", title: ctx.t("hand.preview"), disabled: ctx.enabled === false,
        onclick: () => { ui.card = on ? null : id; ctx.redraw(); },
        onmouseenter: () => { if (ui.card !== id) { ui.card = id; ctx.redraw(); } },
      }, body),
      on ? actionButton(entry, ctx, { class: "vc-act vc-play", "data-kind": "play", "data-testid": "vc-play", before: () => { ui.card = null; } }) : null);
  });
  return h("div", { class: "vc-hand", "data-testid": "vc-hand" }, h("h3", { class: "label-heading" }, ctx.t("hand.yours")), h("div", { class: "vc-cards" }, cards));
}

/** The spaces the chosen card reaches, cheapest first: four in view, the rest folded.
 *  While moving, each is a button too (a phone's list beside the board). */
function previewBox(view, ix, ctx) {
  const reach = reachFor(view, ctx.ui);
  if (!reach) return h("div", { class: "vc-preview", "data-testid": "vc-preview", hidden: true });
  const spaces = [...reach.spaces].sort((a, b) => a.cost - b.cost || a.space - b.space);
  const line = (x) => {
    const words = [h("strong", {}, spaceName(x.space, ctx)), " ",
      h("span", { class: "vc-cost-text" }, x.cost ? ctx.t("cost.silver", { n: x.cost }) : ctx.t("cost.free")), colon(ctx), word(x.say, ctx)];
    const entry = view.phase === "move" && ctx.enabled !== false ? (ix.move.get(x.space) || [])[0] : null;
    return h("li", { "data-space": x.space, class: ctx.ui.space === x.space ? "on" : "" }, entry
      ? actionButton(entry, ctx, { class: "vc-act vc-go", "data-kind": "move", "data-testid": "vc-go", disabled: null, text: words })
      : words);
  };
  const shown = spaces.slice(0, 4).map(line);
  const rest = spaces.slice(4);
  return h("div", { class: "vc-preview", "data-testid": "vc-preview", "data-card": reach.card, "data-spaces": reach.spaces.length },
    h("p", { class: "vc-preview-title" }, ctx.t("preview.title", { card: cardName(reach.card, ctx), n: C.cards[reach.card].silver }),
      reach.asks ? `${gap(ctx)}${ctx.t("preview.asks")}` : ""),
    h("ul", {}, shown),
    rest.length ? h("details", { class: "vc-more" }, h("summary", {}, ctx.t(rest.length === 1 ? "preview.more_one" : "preview.more", { n: rest.length })), h("ul", {}, rest.map(line))) : null);
}

function showPreview(root, ui) {
  if (!root) return;
  root.querySelectorAll(".vc-preview li").forEach((li) => li.classList.toggle("on", Number(li.dataset.space) === ui.space));
}

function setupRow(view, ix, ctx) {
  if (view.phase !== "setup" || !view.pairs.length) return null;
  const items = view.pairs.map((pair, i) => {
    if (!pair) return h("li", { class: "vc-pair taken" }, ctx.t("pair.taken", { n: i + 1 }));
    const entry = (ix.pair.get(i) || [])[0];
    const body = [h("span", {}, word(pair.say, ctx))];
    if (entry && ctx.enabled !== false) return h("li", { class: "vc-pair" }, actionButton(entry, ctx, { class: "vc-act hot", "data-kind": "pair", "data-testid": `vc-pair-${i}`, text: body }));
    return h("li", { class: "vc-pair" }, body);
  });
  return h("div", { class: "vc-setup", "data-testid": "vc-setup" }, h("h3", { class: "label-heading" }, ctx.t("pairs")), h("ol", {}, items));
}

// -- the players' boards ------------------------------------------------------------------

function trackBox(pl, ctx) {
  const cells = [];
  for (let i = 0; i < TRACK; i++) {
    const marks = [];
    if (pl.corruption === i) marks.push(h("span", { class: "vc-mark vc-corruption", title: ctx.t("corruption") }, ctx.t("corruption.short")));
    if (pl.virtue === i) marks.push(h("span", { class: "vc-mark vc-virtue", title: ctx.t("virtue") }, ctx.t("virtue.short")));
    cells.push(h("span", { class: "vc-cell" }, marks));
  }
  return h("div", { class: "vc-track", title: ctx.t("track.help") }, cells);
}

function playerBox(view, i, ctx) {
  const pl = view.players[i];
  const mine = ctx.seat === i;
  const slots = [0, 1, 2].map((k) => (pl.board[k] !== undefined ? h("span", { class: "vc-card small", "data-card": pl.board[k] }, cardBox(pl.board[k], ctx)) : h("span", { class: "vc-card small empty" }, ctx.t("slot.empty"))));
  const ribbons = ribbonCounts(view, i);
  const res = ["silver", "ink", "gold", "stone"].map((k) => h("span", { class: `vc-res vc-res-${k}` }, ctx.t(`res.${k}`, { n: pl[k] })));
  const turn = view.phase !== "over" && view.phase !== "setup" && view.current === i;
  return h("section", { class: `vc-player ${turn ? "vc-turn" : ""}`, "data-testid": `vc-player-${i}`, style: `--seat:${colour(ctx, i)}` },
    h("header", {}, h("span", { class: "vc-dot", style: `background:${colour(ctx, i)}`, "data-seat": i, "data-colour": colourKey(ctx, i) }),
      h("span", { class: "vc-seatno" }, ctx.t("player.n", { n: i + 1 })), h("strong", {}, ctx.seatName(i)), mine ? h("span", { class: "vc-you" }, ctx.t("you")) : null,
      h("span", { class: "muted" }, pl.space >= 0 ? spaceName(pl.space, ctx) : ""),
      view.first === i ? h("span", { class: "vc-chip" }, ctx.t("first")) : null,
      view.leader === i ? h("span", { class: "vc-chip" }, ctx.t("leader.chip")) : null),
    h("div", { class: "vc-line" }, res),
    h("div", { class: "vc-line" }, h("span", {}, ctx.t("debts", { n: pl.debts, paid: pl.paid })), h("span", {}, ctx.t("deeds", { n: pl.deeds, approved: pl.approved }))),
    h("div", { class: "vc-line" }, h("span", { class: "muted" }, ctx.t("track")), trackBox(pl, ctx)),
    h("div", { class: "vc-line vc-board-cards" }, slots),
    chestSlots(view, i, ctx),
    h("div", { class: "vc-line" },
      h("span", {}, ctx.t("built", { w: pl.built[0], t: pl.built[1], g: pl.built[2] })),
      h("span", {}, ctx.t("workers.left", { n: pl.workers_left })),
      h("span", {}, ctx.t("manuscripts", { n: pl.manuscripts.length }), " ", ribbons.map((k, r) => (k ? h("span", { class: "vc-ribbon", style: `background:${RIBBON_COLOURS[r]}`, title: ctx.t(RIBBON_KEYS[r]) }, String(k)) : null)))),
    h("div", { class: "vc-line muted" }, ctx.t("cards", { hand: pl.hand_size, deck: pl.deck_size, discard: pl.discard.length })));
}

/** The solo AI (no seat): who it is, its score, holdings, schemes shown, deck, last turns;
 *  at the end, the solo result against it. Every sentence of a turn is the server's. */
function aiBox(view, ctx) {
  const ai = view.ai;
  if (!ai) return null;
  const focus = C.focus.find((f) => f.name === ai.focus);
  const over = view.phase === "over";
  const turn = !over && view.current === ai.index;
  const res = ["silver", "ink", "gold", "stone"].map((k) => h("span", { class: `vc-res vc-res-${k}` }, ctx.t(`res.${k}`, { n: ai[k] })));
  const schemes = ai.board.map((c) => h("span", { class: "vc-card small vc-scheme", "data-scheme": c },
    h("strong", { class: "vc-card-name" }, inLang(ctx, C.schemes[c].name, C.schemes[c].zh)),
    h("span", { class: "vc-icons" }, iconChips(C.schemes[c].icons, ctx))));
  const turns = ai.turns.slice(-3).reverse().map((t) => h("li", {}, word(t.say, ctx)));
  const rows = [
    h("header", {}, h("span", { class: "vc-dot", style: `background:${AI_FILL}`, "data-ai": "1" }),
      h("strong", {}, ctx.t("ai.title")), h("span", {}, ctx.t("ai.focus", { focus: focus ? inLang(ctx, focus.en, focus.zh) : ai.focus, difficulty: word(ai.difficulty_words, ctx) })),
      h("span", { class: "muted" }, spaceName(ai.space, ctx)),
      h("span", { class: "vc-chip", "data-testid": "vc-ai-score" }, ctx.t(over ? "ai.score_final" : "ai.score", { n: ai.score })),
      view.leader === ai.index ? h("span", { class: "vc-chip" }, ctx.t("leader.chip")) : null),
    h("div", { class: "vc-line" }, res),
    h("div", { class: "vc-line" }, h("span", {}, ctx.t("debts", { n: ai.debts, paid: ai.paid })), h("span", {}, ctx.t("deeds", { n: ai.deeds, approved: ai.approved }))),
    h("div", { class: "vc-line" }, h("span", { class: "muted" }, ctx.t("track")), trackBox(ai, ctx)),
    h("div", { class: "vc-line vc-board-cards" }, h("span", { class: "muted" }, ctx.t("ai.schemes")), schemes.length ? schemes : h("span", { class: "muted" }, "–")),
    chestSlots(view, ai.index, ctx),
    h("div", { class: "vc-line" },
      h("span", {}, ctx.t("built", { w: ai.built[0], t: ai.built[1], g: ai.built[2] })),
      h("span", {}, ctx.t("workers.left", { n: ai.workers_left })),
      h("span", {}, ctx.t("manuscripts", { n: ai.manuscripts.length }))),
    h("div", { class: "vc-line muted" }, ctx.t("ai.deck", { deck: ai.deck_size, discard: ai.discard.length, future: ai.future_size })),
  ];
  if (turns.length) rows.push(h("div", { class: "vc-ai-turns" }, h("span", { class: "muted" }, ctx.t("ai.turns")), h("ol", { "data-testid": "vc-ai-turns" }, turns)));
  if (over && ai.won !== null && ai.won !== undefined) {
    const me = ctx.seat === 0; // a spectator reads the player's name
    const key = me ? (ai.won ? "solo.won" : "solo.lost") : (ai.won ? "solo.won_of" : "solo.lost_of");
    rows.push(h("p", { class: `vc-solo-result ${ai.won ? "won" : "lost"}`, "data-testid": "vc-solo-result" },
      ctx.t(key, { me: ai.player_score, ai: ai.score, name: ctx.seatName(0) })));
  }
  return h("section", { class: `vc-player vc-ai ${turn ? "vc-turn" : ""}`, "data-testid": "vc-ai", "data-ai": "1", style: `--seat:${AI_FILL}` }, rows);
}

function legend(view, ctx) {
  const item = (shape, text) => h("span", { class: "vc-legend-item" }, s("svg", { viewBox: "-14 -14 28 28", width: 16, height: 16 }, shape), text);
  const pub = view.keeper_of_keys
    ? item([s("circle", { r: 13, class: "vc-public-ring" }), buildingShape(1, "#777")], ctx.t("legend.public"))
    : null;
  return h("div", { class: "vc-legend", "data-testid": "vc-legend" },
    item(buildingShape(0, "#777"), ctx.t("building.workshop")), item(buildingShape(1, "#777"), ctx.t("building.trading_post")),
    item(buildingShape(2, "#777"), ctx.t("building.guildhall")), item(s("circle", { r: 9, class: "vc-spot-free" }), ctx.t("legend.spot")),
    item(s("circle", { r: 10, class: "vc-space-bg" }), ctx.t("legend.outer")), item(s("rect", { x: -10, y: -10, width: 20, height: 20, rx: 4, class: "vc-space-bg" }), ctx.t("legend.inner")),
    item(s("line", { x1: 0, y1: -10, x2: 0, y2: 10, class: "vc-river" }), ctx.t("legend.river")), pub);
}

function statusLine(view, ctx) {
  const last = view.end_round >= 0 && view.round >= view.end_round;
  const d = view.decision;
  return h("div", { class: "vc-status", "data-testid": "vc-status", "data-phase": view.phase, "data-current": view.current, "data-decider": d ? d.seat : "" },
    h("strong", {}, ctx.t("round", { n: view.round })), last ? h("span", { class: "vc-chip warn" }, ctx.t("round.last")) : null,
    view.round_cap_near && view.phase !== "over" ? h("span", { class: "vc-chip warn", "data-testid": "vc-cap" }, ctx.t("cap.near", { n: view.round, cap: view.round_cap })) : null,
    h("span", {}, ctx.t("poverty", { n: view.debts_above })), h("span", {}, ctx.t("prosperity", { n: view.deeds_above })));
}

// -- render ---------------------------------------------------------------------------------

function render(container, view, legal, ctx) {
  const ix = indexLegal(legal);
  const ui = ctx.ui;
  if (!ix.play.has(ui.card)) ui.card = view.phase === "play" && ix.play.size ? [...ix.play.keys()][0] : null;
  if (!ix.spot.has(ui.spot)) ui.spot = null;
  // Three parts that lay out as one column (display: contents): the hand's part is
  // left in the page while its signature holds, the others are drawn anew.
  let wrap = container.querySelector(":scope > .vc-wrap");
  if (!wrap) {
    wrap = h("div", { class: "vc-wrap" }, h("div", { class: "vc-part" }), h("div", { class: "vc-part", "data-testid": "vc-hand-part" }), h("div", { class: "vc-part" }));
    container.replaceChildren(wrap);
  }
  ctx.root = wrap;
  const [top, handPart, rest] = wrap.children;
  const setup = setupRow(view, ix, ctx);
  top.replaceChildren(...[statusLine(view, ctx), finalBox(view, ctx), promptBox(view, ix, ctx), setup].filter(Boolean));
  const signature = handSignature(view, ix, ctx);
  if (handPart.dataset.signature !== signature) {
    const hand = handBox(view, ix, ctx);
    handPart.replaceChildren(...(hand ? [hand] : []));
    handPart.dataset.signature = signature;
  }
  const order = view.players.map((_, i) => i);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const [zoom, board] = boardBox(view, ix, ctx);
  rest.replaceChildren(
    previewBox(view, ix, ctx),
    zoom,
    board,
    legend(view, ctx),
    h("div", { class: "vc-players", "data-testid": "vc-players" }, order.map((i) => playerBox(view, i, ctx)), aiBox(view, ctx)),
    gatesBox(view, ix, ctx),
    keeperBox(view, ix, ctx),
  );
  placeBoard(board, view, ctx);
}

// -- Gates of Gold: the supplies and displays beside the board (view.gates_of_gold) -----------

/** A side's manuscripts by ribbon; Gates of Gold's wild one counts as the ribbon its
 *  owner picked (view.gates_of_gold.wild_ribbon; none picked yet: not counted). A
 *  printed manuscript with no ribbon counts under none. */
function ribbonCounts(view, i) {
  const ribbons = [0, 0, 0, 0];
  const wild = view.gates_of_gold ? view.gates_of_gold.wild_ribbon[i] : -1;
  for (const m of view.players[i].manuscripts) {
    const r = C.manuscripts[m].wild ? wild : C.manuscripts[m].ribbon;
    if (r >= 0) ribbons[r]++;
  }
  return ribbons;
}

/** The manuscript board's columns, in the seed's order (indexes of RIBBON_KEYS). */
const COLUMN_ORDER = [0, 1, 3, 2]; // grey, black, blue, yellow
const GREY = 0;

/** Who holds the wild manuscript (a seat, or -1), from the players' manuscripts. */
function wildHolder(view) {
  return view.players.findIndex((pl) => pl.manuscripts.some((m) => C.manuscripts[m].wild));
}

/** What a column does, in words: the grey one a King's Order in place of a hire at its
 *  price, the others their ability (components: the effect's own words). */
function columnDoes(r, ctx) {
  if (r === GREY) return ctx.t("gog.col.grey_does", { price: C.order_price });
  const col = C.columns.find((c) => c.ribbon === C.ribbons[r]);
  return col ? word(col.says, ctx) : "";
}

/** The legal actions a seat's own board takes, by ribbon: a column's ability, the grey
 *  column's King's Order in place of a hire, the wild manuscript's colour put there. */
function columnEntries(ix, r) {
  return ix.rest.filter((e) => (e.json.type === "column" && e.json.ribbon === r)
    || (e.json.type === "hire-order" && r === GREY) || (e.json.type === "ribbon" && e.json.ribbon === r));
}

/** One column of a seat's manuscript board: its ribbon, unlocked or not, the manuscripts
 *  under it, what it does, and (the seat's own board) a button per legal use, its label
 *  the server's with what it costs. */
function columnBox(view, i, r, ix, ctx) {
  const ribbons = ribbonCounts(view, i);
  const open = ribbons[r] > 0;
  const colourWord = ctx.t(RIBBON_KEYS[r]);
  const wildHere = view.gates_of_gold.wild_ribbon[i] === r && view.players[i].manuscripts.some((m) => C.manuscripts[m].wild);
  const entries = ctx.seat === i ? columnEntries(ix, r) : [];
  return h("li", { class: `vc-col ${open ? "open" : "locked"}`, "data-ribbon": C.ribbons[r], "data-open": open ? "1" : "0", style: `--ribbon:${RIBBON_COLOURS[r]}` },
    h("span", { class: "vc-col-head" }, h("span", { class: "vc-col-swatch", "aria-hidden": "true" }), h("strong", {}, ctx.t("gog.col.name", { colour: colourWord }))),
    h("span", { class: "vc-col-state" }, open
      ? ctx.t("gog.col.open", { n: ribbons[r] }) + (wildHere ? `${gap(ctx)}${ctx.t("gog.col.wild")}` : "")
      : ctx.t("gog.col.locked", { colour: colourWord })),
    h("span", { class: "vc-says" }, columnDoes(r, ctx)),
    entries.map((e) => actionButton(e, ctx, { class: "vc-act vc-col-use", "data-testid": `vc-col-${e.json.type}` })));
}

/** A seat's manuscript board, drawn as its four columns. */
function manuscriptBoard(view, i, ix, ctx) {
  const name = sideName(view, ctx, i);
  return h("section", { class: "vc-msboard", "data-testid": `vc-msboard-${i}`, "data-seat": i, "aria-label": ctx.t("gog.board", { name }) },
    h("h5", {}, h("span", { class: "vc-dot", style: `background:${colour(ctx, i)}`, "data-seat": i, "data-colour": colourKey(ctx, i) }), ctx.t("gog.board", { name })),
    h("ul", { class: "vc-cols" }, COLUMN_ORDER.map((r) => columnBox(view, i, r, ix, ctx))));
}

/** Where the wild manuscript is: not taken, or whose and the colour it counts as. */
function wildLine(view, ctx) {
  const at = wildHolder(view);
  const r = at >= 0 ? view.gates_of_gold.wild_ribbon[at] : -1;
  const said = at < 0 ? ctx.t("gog.wild.none")
    : r >= 0 ? ctx.t("gog.wild.held", { name: sideName(view, ctx, at), colour: ctx.t(RIBBON_KEYS[r]) })
      : ctx.t("gog.wild.unpicked", { name: sideName(view, ctx, at) });
  return h("p", { "data-testid": "vc-gog-wild" }, h("strong", {}, ctx.t("gog.wild")), colon(ctx), said);
}

/** A card of the expansion in words: its name, then what it does (describe.card_words). */
function gogCard(id, ctx, extra, entry) {
  return h("li", { class: "vc-gog-card", "data-card": id },
    h("strong", {}, cardName(id, ctx)), extra ? h("span", { class: "vc-chip" }, extra) : null,
    h("span", { class: "vc-says" }, cardSays(id, ctx)),
    // welcoming or refusing it, when that is the seat's decision: taken here, on the card
    entry ? actionButton(entry, ctx, { class: "vc-act hot", "data-testid": "vc-gog-take" }) : null);
}

/** Every seat's manuscript board (one's own first), the wild manuscript, the King's
 *  Orders left, the outsiders face up, the builder bonus cards and who holds them, the
 *  castle leader's card; nothing without the expansion. */
function gatesBox(view, ix, ctx) {
  const g = view.gates_of_gold;
  if (!g) return null;
  const take = (i) => ix.rest.find((e) => e.json && e.json.type === "outsider" && e.json.slot === i);
  const holder = (o) => (o >= 0 ? sideName(view, ctx, o) : ctx.t("gog.nobody"));
  const order = view.players.map((_, i) => i);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  return h("section", { class: "vc-gog", "data-testid": "vc-gog", "aria-label": ctx.t("gog.title") },
    h("h3", { class: "label-heading" }, ctx.t("gog.title")),
    h("h4", {}, ctx.t("gog.boards")),
    h("p", { class: "muted vc-gog-note" }, ctx.t("gog.boards.note")),
    h("div", { class: "vc-msboards", "data-testid": "vc-msboards" }, order.map((i) => manuscriptBoard(view, i, ix, ctx))),
    wildLine(view, ctx),
    h("h4", {}, ctx.t("gog.outsiders")),
    h("p", { "data-testid": "vc-gog-supply" }, ctx.t("gog.supply", { orders: g.orders, pile: g.outsider_pile })),
    h("ul", { class: "vc-gog-list", "data-testid": "vc-gog-outsiders" }, g.outsiders.map((c, i) => gogCard(c, ctx, null, take(i)))),
    h("h4", {}, ctx.t("gog.bonus")),
    h("ul", { class: "vc-gog-list", "data-testid": "vc-gog-bonus" }, g.builder_bonus.map((b) => gogCard(b.card, ctx, holder(b.owner)))),
    g.leader_card >= 0 ? h("h4", {}, ctx.t("gog.leader")) : null,
    g.leader_card >= 0 ? h("ul", { class: "vc-gog-list" }, gogCard(g.leader_card, ctx, view.leader >= 0 ? holder(view.leader) : ctx.t("gog.nobody"))) : null);
}

// -- Keeper of Keys: the hero display, the chest tiles, the public buildings (view.keeper_of_keys)

/** What a chest tile asks and gives, in words (components: the rules' own words). */
const chestSays = (tile, ctx) => (C.chests[tile] ? word(C.chests[tile].says, ctx) : "");

/** A side's three chest slots under its board, left to right, each empty or its tile in
 *  words; the icons its tiles give it this turn, if any. Nothing without the expansion. */
function chestSlots(view, side, ctx) {
  const k = view.keeper_of_keys;
  if (k && isAI(view, side) && k.ai_chests && k.ai_chests.length) return aiChests(k, side, ctx);
  if (!k || !k.chest_slots[side]) return null;
  const boost = k.boost[side] || [];
  const extra = boost.map((n, i) => (n ? `${ctx.t(ICON_KEYS[i])} +${n}` : null)).filter(Boolean);
  return h("div", { class: "vc-line vc-chest-slots", "data-testid": `vc-chest-slots-${side}` },
    h("span", { class: "muted" }, ctx.t("kok.slots")),
    h("ol", { class: "vc-slots" }, k.chest_slots[side].map((tile, n) => h("li", { class: `vc-slot${tile >= 0 ? "" : " empty"}`, "data-tile": tile },
      h("span", { class: "vc-slot-n" }, ctx.t("kok.slot", { n: n + 1 })),
      h("span", { class: "vc-says" }, tile >= 0 ? chestSays(tile, ctx) : ctx.t("kok.slot.empty"))))),
    extra.length ? h("span", { class: "vc-chip", "data-testid": `vc-boost-${side}` }, ctx.t("kok.boost", { icons: listOf(extra, ctx) })) : null);
}

/** The solo AI's own three chest tiles (no slots: turned face up by its Keeper's
 *  Scheme), each face down, or face up with what it adds to a counted scheme. */
function aiChests(k, side, ctx) {
  const says = (n) => {
    const tile = C.ai_chests[n];
    return ctx.t("kok.ai_tile", { needs: ctx.t(ICON_KEYS[tile.needs]), icons: listOf(tile.boost.map((i) => ctx.t(ICON_KEYS[i])), ctx) });
  };
  return h("div", { class: "vc-line vc-chest-slots", "data-testid": `vc-chest-slots-${side}` },
    h("span", { class: "muted" }, ctx.t("kok.ai_tiles")),
    h("ol", { class: "vc-slots" }, k.ai_chests.map((up, n) => h("li", { class: `vc-slot${up ? "" : " empty"}`, "data-up": up ? "1" : "0" },
      h("span", { class: "vc-slot-n" }, ctx.t("kok.tile", { n: n + 1 })),
      h("span", { class: "vc-says" }, up ? says(n) : ctx.t("kok.ai_tile.down"))))));
}

/** A hero of the display: its name, silver, icons and words; the take button when legal. */
function heroCard(id, entry, ctx) {
  return h("li", { class: "vc-gog-card vc-hero", "data-card": id }, cardBox(id, ctx),
    entry ? actionButton(entry, ctx, { class: "vc-act vc-col-use", "data-testid": "vc-kok-hero" }) : null);
}

/** A chest tile of the display: what it does; a button per slot it may go into now. */
function chestCard(tile, n, entries, ctx) {
  return h("li", { class: "vc-gog-card vc-chest", "data-tile": tile },
    h("strong", {}, ctx.t("kok.tile", { n: n + 1 })), h("span", { class: "vc-says" }, chestSays(tile, ctx)),
    // the tile's words are above: each button says the slot, its name the server's whole label
    entries.length ? h("div", { class: "vc-buttons" }, entries.map((e) => actionButton(e, ctx, {
      class: "vc-act vc-col-use", "data-testid": "vc-kok-chest", "aria-label": actionLabel(e), title: actionLabel(e),
      text: ctx.t("kok.into", { n: e.json.space + 1 }),
    }))) : null);
}

/** A public building: its card's words, and who built it (or that nobody has). */
function publicCard(p, view, ctx) {
  return h("li", { class: "vc-gog-card vc-public-card", "data-card": p.card, "data-owner": p.owner },
    h("strong", {}, cardName(p.card, ctx)),
    h("span", { class: "vc-chip" }, p.owner >= 0 ? ctx.t("kok.built_by", { name: sideName(view, ctx, p.owner) }) : ctx.t("kok.unbuilt")),
    h("span", { class: "vc-says" }, cardSays(p.card, ctx)));
}

/** Keeper of Keys' displays: the heroes face up and how many face down, the chest tiles
 *  face up and how many face down, the three public buildings and who built them (a
 *  public building is built on the kingdom's spot, like any building); the heroes and
 *  tiles taken here when that is the seat's decision. Nothing without the expansion. */
function keeperBox(view, ix, ctx) {
  const k = view.keeper_of_keys;
  if (!k) return null;
  const of = (type) => ix.rest.filter((e) => e.json.type === type);
  return h("section", { class: "vc-gog vc-kok", "data-testid": "vc-kok", "aria-label": ctx.t("kok.title") },
    h("h3", { class: "label-heading" }, ctx.t("kok.title")),
    h("h4", {}, ctx.t("kok.heroes")),
    h("p", { "data-testid": "vc-kok-hero-pile" }, ctx.t("kok.hero_pile", { n: k.hero_pile })),
    h("ul", { class: "vc-gog-list", "data-testid": "vc-kok-heroes" }, k.heroes.map((c, i) => heroCard(c, of("hero").find((e) => e.json.slot === i), ctx))),
    h("h4", {}, ctx.t("kok.chests")),
    h("p", { "data-testid": "vc-kok-chest-pile" }, ctx.t("kok.chest_pile", { n: k.chest_pile })),
    h("ul", { class: "vc-gog-list", "data-testid": "vc-kok-chests" }, k.chests.map((tile, i) => chestCard(tile, i, of("chest").filter((e) => e.json.slot === i), ctx))),
    h("h4", {}, ctx.t("kok.public")),
    h("p", { class: "muted vc-gog-note" }, ctx.t("kok.public.note")),
    h("ul", { class: "vc-gog-list", "data-testid": "vc-kok-public" }, k.public.map((p) => publicCard(p, view, ctx))));
}

// -- the board on a phone: drawn large enough to read and tap, panned sideways --------------

/** The kingdom in its box, and the button that zooms it (shown on narrow screens only:
 *  there the whole board is 370 px wide, its labels 4-5 px and its spots 9 px, so it is
 *  drawn about 850 px wide, labels 9 px and more, every target 24 px or more, and panned). */
function boardBox(view, ix, ctx) {
  const ui = ctx.ui;
  const zoomed = ui.zoom !== false;
  // a region a keyboard can scroll too (it pans sideways when zoomed)
  const box = h("div", {
    class: `vc-board-box${zoomed ? " vc-zoomed" : ""}`, "data-testid": "vc-board-box",
    tabindex: "0", role: "region", "aria-label": ctx.t("board"),
  }, drawKingdom(view, ix, ctx));
  box.addEventListener("scroll", () => { ui.scroll = box.scrollLeft; }, { passive: true });
  const zoom = h("button", {
    type: "button", class: "vc-zoom", "data-testid": "vc-zoom", "aria-pressed": zoomed ? "true" : "false",
    onclick: () => { ui.zoom = !zoomed; ui.scroll = null; ctx.redraw(); },
  }, ctx.t(zoomed ? "zoom.out" : "zoom.in"));
  return [zoom, box];
}

/** Keep the pan across redraws; the first time, centre the player's viscount. */
function placeBoard(box, view, ctx) {
  const room = box.scrollWidth - box.clientWidth;
  if (room <= 0) return;
  if (ctx.ui.scroll !== null && ctx.ui.scroll !== undefined) {
    box.scrollLeft = ctx.ui.scroll;
    return;
  }
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  const x = me && me.space >= 0 ? polar(spaceRadius(me.space), spaceAngle(me.space))[0] : 0;
  box.scrollLeft = Math.max(0, Math.min(room, ((x + VIEW.x) / (2 * VIEW.x)) * box.scrollWidth - box.clientWidth / 2));
}

// -- the end: every side's score by source ----------------------------------------------------

/** The parts of a final score (rules.score_parts), in the seed's order, with their words. */
const FINAL_PARTS = {
  buildings: "final.buildings", castle: "final.castle", manuscripts: "final.manuscripts", manuscript_vp: "final.manuscript_vp",
  cleric_bonus: "final.cleric_bonus", leader: "final.leader", deeds: "final.deeds", debts: "final.debts",
  majorities: "final.majorities", effects: "final.effects", builder_bonus: "final.builder_bonus",
  outsiders: "final.outsiders", leftover: "final.leftover",
};
const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** At the end, a row per side (each seat, the solo AI) and a column per source any of
 *  them scored from, the total last (the rules' own parts: view.final). */
function finalBox(view, ctx) {
  if (!view.final) return null;
  const sides = view.final.map((f, i) => [h("span", {}, h("span", { class: "vc-dot", style: `background:${colour(ctx, i)}`, "data-seat": i, "data-colour": colourKey(ctx, i) }), ctx.seatName(i)), f]);
  if (view.ai && view.ai.final) sides.push([h("span", {}, h("span", { class: "vc-dot", style: `background:${AI_FILL}`, "data-ai": "1" }), ctx.t("ai.title")), view.ai.final]);
  const parts = Object.keys(FINAL_PARTS).filter((k) => sides.some(([, f]) => f.parts[k]));
  return h("section", { class: "vc-final", "data-testid": "vc-final" },
    h("h3", { class: "label-heading" }, ctx.t("final.title")),
    scoreTable({ class: "vc-final-table" }, ["", ...parts.map((k) => ctx.t(FINAL_PARTS[k])), ctx.t("final.total")],
      sides.map(([who, f]) => [who, ...parts.map((k) => (f.parts[k] === undefined ? "–" : num(f.parts[k]))), h("strong", {}, num(f.total))])));
}

export const renderer = defineRenderer({
  game: "viscounts",
  render,
  stylesheet: "viscounts.css",
  rivals,
  turnCap,
  parts: ["buttons", "preview", "phone-toggle", "pan"],
});
