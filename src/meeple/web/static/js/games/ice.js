// ICE board: five staggered layers of hexagonal tiles seen from above (each
// tile shows the part its missing covers uncover, in its layer's colour), or
// one layer at a time; figures, camps, terrains, back hints and edifices on
// the tiles; the day, event and AP track; guild boards with their five places,
// ice tiles in hand, requests (one's own face up), edicts and the bounty.
//
// Selecting or hovering a tile shows what a dig from there costs and which
// tiles would fall, before anything is sent: the server computes that preview
// (view.digs, from the rules' own cost and collapse code, preview.py), so the
// board never second-guesses the rules. Every decision is taken where it has
// a place: tiles for camps, calls, steps, figures, the moved camp, Exalted and
// targeted ice tiles; hand tiles, guild places and request cards for their
// actions; the rest (prism, Philosophy, plan, end) as buttons under the board.
// What may be clicked is exactly the server's legal list; every label is the
// server's (ice/text.py), in the page's language.

import { clickable, h, s } from "../dom.js";
import { actionButton, actionLabel, colon, defineRenderer, listOf, loadComponents, prevAt, word } from "../render-kit.js";
import { syncTabs, tabKeys } from "../tabs.js";
import { scoreTable } from "../tables.js";
import { buildGeometry, hexagon, pointsAttr, region } from "./ice/geometry.js";
import {
  archaeologists,
  artifactBadge,
  artifactShape,
  edificeBack,
  edificeShape,
  hintShape,
  iceBack,
  iceFace,
  pawn,
  tent,
  terrainShape,
} from "./ice/icons.js";

const C = await loadComponents("ice");

const U = 30; // user units per lattice unit (a tile's circumradius)
const G = buildGeometry(C, U, 6);
const EDIFICE = 4;
// Seat colours when the page gives none (ctx.seatColour): the platform's default order.
const FALLBACK_COLOURS = ["#c0392b", "#2c5fa8", "#2f7d4f", "#8e44ad", "#e67e22"];
const FALLBACK_KEYS = ["red", "blue", "green", "purple", "orange"];
const TILE_KINDS = new Set(["camp", "call", "recall", "explore", "share", "movecamp", "exalted"]);
const DIRECT_KINDS = new Set(["share", "movecamp", "exalted"]);
// Group titles the shared legal-action list looks up as "ice.kind.<type>".
export const GROUP_KEYS = [
  "kind.giveback", "kind.camp", "kind.call", "kind.recall", "kind.explore", "kind.dig", "kind.plan",
  "kind.harmony", "kind.ice", "kind.end", "kind.pass", "kind.share", "kind.movecamp",
  "kind.philosophy", "kind.exalted", "kind.prism", "kind.fulfil", "kind.display", "kind.done",
];
// Descriptions built from the component tables' kinds (keys listed for the string check).
const EVENT_KEYS = {
  place: "ev.place", ap: "ev.ap", ap_less: "ev.ap_less", dig: "ev.dig", dig_less: "ev.dig_less",
  reinforce: "ev.reinforce", renown: "ev.renown", none: "ev.none",
};
const EDIFICE_KEYS = {
  ap: "ed.ap", dig: "ed.dig", dig_less: "ed.dig_less", renown: "ed.renown", call: "ed.call", request: "ed.request",
};
const EDICT_KEYS = {
  requests: "edict.requests", distinct: "edict.distinct", pairs: "edict.pairs", ice: "edict.ice",
  active: "edict.active", camps: "edict.camps", edifices: "edict.edifices", board: "edict.board",
};
const GUILD_KEYS = {
  free_first_step: "guild.free_first_step", cheap_first_dig: "guild.cheap_first_dig", double_call: "guild.double_call",
  request_bonus: "guild.request_bonus", single_inactive: "guild.single_inactive",
};
const ICE_KEYS = {
  gain_camp: "ice.gain_camp", pull_archaeologist: "ice.pull_archaeologist", gain_ap: "ice.gain_ap",
  add_archaeologist: "ice.add_archaeologist", free_step: "ice.free_step",
};
const ART_KEYS = {
  accomplishment: "art.accomplishment", exalted: "art.exalted", harmony: "art.harmony",
  philosophy: "art.philosophy", obliteration: "art.obliteration", prism: "art.prism",
};
const PROMPT_KEYS = {
  keep: "prompt.keep", turn: "prompt.turn", share: "prompt.share", movecamp: "prompt.movecamp",
  prism: "prompt.prism", philosophy: "prompt.philosophy", exalted: "prompt.exalted", night: "prompt.night",
  ice: "prompt.ice", final: "prompt.final",
};

// Singular forms, looked up by plural() as "<key>_one".
export const PLURAL_KEYS = ["points_one", "tile.archaeologists_one", "requests.secret_one", "dig.falls_one"];

// -- small helpers -----------------------------------------------------------------

const plural = (ctx, key, n, params = {}) => ctx.t(n === 1 ? `${key}_one` : key, { n, ...params });
const layerName = (layer, ctx) => word(C.layers[layer].name, ctx);
const artifactOf = (key) => C.artifacts.find((a) => a.key === key);
const terrainOf = (key) => C.terrains.find((t) => t.key === key);

function seatColour(ctx, i) {
  return ctx.seatColour ? ctx.seatColour(i) : FALLBACK_COLOURS[i % FALLBACK_COLOURS.length];
}

/** The seat's palette name (data-colour), as the page names it (ctx.colours), else ours. */
function seatKey(ctx, i) {
  return ctx.colours && ctx.colours[i] ? ctx.colours[i] : FALLBACK_KEYS[i % FALLBACK_KEYS.length];
}

/** "harmony*" -> {kind: "harmony", active: true}; "empty" -> {kind: null}. */
function parseFace(text) {
  if (!text || text === "empty") return { kind: null, active: false };
  const active = text.endsWith("*");
  return { kind: active ? text.slice(0, -1) : text, active };
}

function artifactWords(text, ctx) {
  const f = parseFace(text);
  if (!f.kind) return word(C.empty, ctx);
  const name = word(artifactOf(f.kind).name, ctx);
  return f.active ? ctx.t("active", { name }) : ctx.t("inactive", { name });
}

function leadersOn(view, p) {
  const out = [];
  view.players.forEach((pl, i) => {
    if (pl.leader === p) out.push(i);
  });
  return out;
}

/** A face-down edifice one can see (its back; the view names it only once it is exposed). */
function edificeDown(view, p) {
  return C.positions[p].layer === EDIFICE && view.tiles[p] === "?" && view.visible[p];
}

/** What lies at position `p`, in words. */
function tileWords(view, p, ctx) {
  const seen = view.tiles[p];
  if (seen === null) return ctx.t("tile.gone");
  if (edificeDown(view, p)) return ctx.t("tile.edifice_down");
  if (seen === "?") return ctx.t("tile.covered");
  if (seen.startsWith("?")) {
    const hint = C.hints.find((x) => x.key === seen.slice(1));
    const kinds = C.artifacts.filter((a) => a.hint === hint.key).map((a) => word(a.name, ctx));
    return ctx.t("tile.hint", { hint: word(hint.name, ctx), kinds: kinds.join(ctx.t("or")) });
  }
  if (seen.startsWith("edifice")) return ctx.t("tile.edifice");
  const terrain = terrainOf(seen);
  const words = ctx.t("tile.terrain", { terrain: word(terrain.name, ctx), ability: ctx.t(ICE_KEYS[terrain.ability]) });
  return terrain.key === "fault" ? `${words}; ${ctx.t("tile.fault_blocks")}` : words;
}

function signed(kind, value, keys) {
  return value < 0 && keys[`${kind}_less`] ? [keys[`${kind}_less`], -value] : [keys[kind], value];
}

function eventWords(event, ctx) {
  const [key, n] = signed(event.kind, event.value, EVENT_KEYS);
  return ctx.t(key || EVENT_KEYS.none, { n });
}

function edificeWords(ed, ctx) {
  const [key, n] = signed(ed.kind, ed.value, EDIFICE_KEYS);
  return ctx.t(key, { n });
}

// -- the legal actions, by where they are taken ---------------------------------------

function indexLegal(legal) {
  const ix = {
    tile: new Map(), iceAt: new Map(), iceFree: new Map(), prism: [], philosophy: [], exaltNone: null,
    giveback: new Map(), fulfil: new Map(), display: new Map(), buttons: {}, count: legal.length,
  };
  for (const e of legal) {
    const j = e.json || {};
    if (TILE_KINDS.has(j.type) && j.tile >= 0) {
      if (!ix.tile.has(j.tile)) ix.tile.set(j.tile, []);
      ix.tile.get(j.tile).push(e);
    } else if (j.type === "exalted") ix.exaltNone = e;
    else if (j.type === "ice") {
      const key = C.terrains[j.terrain].key;
      if (j.tile >= 0) {
        if (!ix.iceAt.has(key)) ix.iceAt.set(key, new Map());
        ix.iceAt.get(key).set(j.tile, e);
      } else ix.iceFree.set(key, e);
    } else if (j.type === "prism") ix.prism.push(e);
    else if (j.type === "philosophy") ix.philosophy.push(e);
    else if (j.type === "giveback") ix.giveback.set(j.card, e);
    else if (j.type === "fulfil") ix.fulfil.set(j.card, e);
    else if (j.type === "display") ix.display.set(`${j.place}|${j.prism}|${j.active}`, e);
    else ix.buttons[j.type] = e; // dig, plan, harmony, end, pass, done
  }
  return ix;
}

/** What the player is deciding now: keep, night, share, movecamp, exalted, prism, philosophy, ice, turn. */
function modeOf(view, ix, ui) {
  if (!ix.count) return null;
  if (view.phase === "keep") return "keep";
  if (view.phase === "end_of_day") return "night";
  if (ix.prism.length) return "prism";
  if (ix.philosophy.length) return "philosophy";
  for (const entries of ix.tile.values()) {
    const kind = entries[0].json.type;
    if (DIRECT_KINDS.has(kind)) return kind;
  }
  if (ix.exaltNone) return "exalted";
  if (ui.ice && ix.iceAt.has(ui.ice)) return "ice";
  return "turn";
}

// -- the last move ------------------------------------------------------------------

function tileState(view, p, leaders) {
  return [view.tiles[p], view.visible[p], view.archaeologists[p], view.camps.includes(p), leaders.get(p) || ""].join("|");
}

function leaderMap(view) {
  const m = new Map();
  view.players.forEach((pl, i) => {
    if (pl.leader !== null) m.set(pl.leader, `${m.get(pl.leader) || ""}${i}`);
  });
  return m;
}

/** Positions whose tile, visibility or figures differ from the previous view. */
function changedTiles(prev, view) {
  const out = new Set();
  if (!prev || !prev.tiles || prev.tiles.length !== view.tiles.length) return out;
  const a = leaderMap(prev);
  const b = leaderMap(view);
  for (let p = 0; p < view.tiles.length; p++) {
    if (tileState(prev, p, a) !== tileState(view, p, b)) out.add(p);
  }
  return out;
}

// -- the board ------------------------------------------------------------------------

function drawMarks(g, view, p, anchor, part, ctx) {
  const [x, y] = anchor;
  const whole = part === 1;
  const seen = view.tiles[p];
  const name = C.positions[p].name;
  g.append(s("text", { x, y: y - U * (whole ? 0.5 : 0.22), class: "ice-name" }, name));
  const iy = y + (whole ? -U * 0.08 : U * 0.04);
  const ir = U * (whole ? 0.3 : 0.17);
  if (edificeDown(view, p)) g.append(edificeBack(x, iy, ir));
  else if (seen === "?") g.append(s("text", { x, y: iy + U * 0.1, class: "ice-covered-mark" }, "?"));
  else if (seen.startsWith("?")) g.append(hintShape(seen.slice(1), x, iy, ir));
  else if (seen.startsWith("edifice")) g.append(edificeShape(x, iy, ir));
  else g.append(terrainShape(seen, x, iy, ir));
  const figures = [];
  if (view.camps.includes(p)) figures.push((fx, fy, fr) => tent(fx, fy, fr));
  for (const seat of leadersOn(view, p)) {
    figures.push((fx, fy, fr) => pawn(fx, fy, fr, seatColour(ctx, seat), { "data-seat": seat, "data-colour": seatKey(ctx, seat) }));
  }
  const n = view.archaeologists[p];
  if (n) figures.push((fx, fy, fr) => archaeologists(fx, fy, fr, n));
  if (!figures.length) return;
  const fr = U * (whole ? 0.17 : 0.13);
  const step = fr * 2.2;
  const fy = y + U * (whole ? 0.42 : 0.3);
  const x0 = x - ((figures.length - 1) * step) / 2;
  figures.forEach((draw, k) => g.append(draw(x0 + k * step, fy, fr)));
}

function previewLayer(view, layerOnly) {
  const layer = s("g", { class: "ice-preview", "data-testid": "ice-preview", "pointer-events": "none" });
  const show = (p) => {
    layer.replaceChildren();
    if (layerOnly !== null) return; // drawn on the view from above only, where it is dug
    const pv = p === null || p === undefined ? null : (view.digs || []).find((d) => d.tile === p);
    layer.dataset.tile = pv ? C.positions[p].name : "";
    layer.dataset.falls = pv ? String(pv.falls.length) : "";
    if (!pv) return;
    for (const q of [pv.tile, pv.cover]) {
      if (q < 0) continue;
      layer.append(s("polygon", { points: pointsAttr(region(G, q, view.tiles).points), class: "ice-pv-dig" }));
    }
    for (const q of pv.falls) {
      const r = view.visible[q] ? region(G, q, view.tiles) : { points: hexagon(G, q), anchor: G.xy(q) };
      const [ax, ay] = r.anchor;
      layer.append(s("polygon", { points: pointsAttr(r.points), class: "ice-pv-fall", "data-fall": C.positions[q].name }));
      layer.append(s("text", { x: ax, y: ay + U * 0.2, class: "ice-pv-x" }, "×"));
    }
    for (const q of pv.exposed) {
      const [ex, ey] = G.xy(q);
      layer.append(s("circle", { cx: ex, cy: ey, r: U * 0.22, class: "ice-pv-exposed", "data-exposed": C.positions[q].name }));
    }
  };
  return { layer, show };
}

function tileTargets(ix, mode, ui) {
  if (mode === "ice") return new Map([...ix.iceAt.get(ui.ice)].map(([p, e]) => [p, [e]]));
  if (mode === "turn" || DIRECT_KINDS.has(mode)) return ix.tile;
  return new Map();
}

function drawBoard(view, ix, mode, ctx) {
  const ui = ctx.ui;
  const enabled = ctx.enabled !== false;
  const layerOnly = typeof ui.layer === "number" ? ui.layer : null;
  const svg = s("svg", {
    viewBox: `0 0 ${G.width.toFixed(0)} ${G.height.toFixed(0)}`, class: "board ice-board", role: "group",
    "aria-label": ctx.t("board"), "data-testid": "ice-board", "data-layer": layerOnly === null ? "top" : String(layerOnly),
  });
  const ground = s("rect", { x: 0, y: 0, width: G.width, height: G.height, rx: 10, class: "ice-void" });
  ground.addEventListener("click", () => {
    if (ui.sel === null || ui.sel === undefined) return;
    ui.sel = null; // a click beside the tiles clears the selection
    ctx.redraw();
  });
  svg.append(ground);
  const bodies = s("g", { class: "ice-bodies" });
  const marks = s("g", { class: "ice-marks", "pointer-events": "none" });
  const preview = previewLayer(view, layerOnly);
  const targets = enabled ? tileTargets(ix, mode, ui) : new Map();
  const changed = changedTiles(prevAt(ctx), view);
  const order = [];
  for (let p = 0; p < view.tiles.length; p++) {
    const layer = C.positions[p].layer;
    if (layerOnly !== null ? layer === layerOnly : view.tiles[p] !== null && view.visible[p]) order.push(p);
  }
  // The parts one sees do not overlap, except where a collapse left tiles above a
  // fallen one: then the deeper tile (which the rules let one stand on) is drawn on top.
  order.sort((a, b) => C.positions[a].layer - C.positions[b].layer || a - b);
  for (const p of order) {
    const layer = C.positions[p].layer;
    const present = view.tiles[p] !== null;
    const shown = present && view.visible[p];
    const r = region(G, p, view.tiles, layerOnly !== null);
    const g = s("g", {
      class: `ice-tile ice-L${layer}${shown ? "" : present ? " ice-hidden" : " ice-gone"}`,
      "data-tile": C.positions[p].name, "data-layer": layer,
    });
    const seen = view.tiles[p];
    if (shown && layer === 0) g.classList.add(`ice-t-${seen}`);
    if (shown && seen && seen.length > 1 && seen.startsWith("?")) g.classList.add(`ice-back-${seen.slice(1)}`);
    if (present && layer === EDIFICE) g.dataset.face = seen === "?" ? "down" : "up";
    g.append(s("polygon", { points: pointsAttr(r.points), class: "ice-face" }));
    if (changed.has(p) && shown) g.classList.add("last-move");
    if (ui.sel === p) g.classList.add("ice-selected");
    bodies.append(g);
    if (!present) continue;
    drawMarks(marks, view, p, r.anchor, r.part, ctx);
    if (!shown) continue;
    const standing = standingOn(view, p, ctx);
    const describe = `${C.positions[p].name} · ${layerName(layer, ctx)} · ${tileWords(view, p, ctx)}${standing ? ` · ${standing}` : ""}`;
    const entries = targets.get(p);
    if (entries) {
      const direct = mode === "ice" || DIRECT_KINDS.has(entries[0].json.type);
      const text = direct ? actionLabel(entries[0]) : `${describe}${colon(ctx)}${entries.map(actionLabel).join(" / ")}`;
      clickable(g, text, () => {
        if (direct) {
          ui.ice = null;
          ctx.send(entries[0]);
          return;
        }
        ui.sel = p;
        ctx.redraw();
      });
      if (direct) {
        g.classList.add("ice-direct");
        g.dataset.code = entries[0].code;
      }
    } else {
      g.append(s("title", {}, describe));
      g.addEventListener("click", () => {
        ui.sel = p;
        ctx.redraw();
      });
    }
    g.addEventListener("mouseenter", () => preview.show(p));
    g.addEventListener("mouseleave", () => preview.show(ui.sel));
  }
  svg.append(bodies, marks, preview.layer);
  preview.show(ui.sel);
  ui.showPreview = preview.show;
  return svg;
}

/** The view from above and one tab a layer, over the board (the tabs' panel, `panel`). */
function layerTabs(ctx, panel) {
  const ui = ctx.ui;
  const tabs = [[null, ctx.t("view.top")], ...C.layers.map((l, i) => [i, word(l.name, ctx)])];
  const pick = (layer) => { ui.layer = layer; ctx.redraw(); };
  const list = h(
    "div",
    { class: "ice-tabs", role: "tablist", "data-testid": "ice-tabs", "aria-label": ctx.t("board") },
    tabs.map(([layer, label]) =>
      h("button", {
        type: "button", role: "tab", class: `ice-tab${(ui.layer ?? null) === layer ? " on" : ""}`,
        id: `ice-tab-${layer === null ? "top" : layer}`,
        "aria-selected": String((ui.layer ?? null) === layer), "data-layer": layer === null ? "top" : layer,
        onclick: () => pick(layer),
      }, label),
    ),
  );
  syncTabs(list, panel);
  tabKeys(list, (tab) => pick(tab.dataset.layer === "top" ? null : Number(tab.dataset.layer)));
  return list;
}

/** The board and its layer tabs: the board's box is the tabs' panel. */
function boardWithTabs(board, ctx) {
  const ui = ctx.ui;
  // the layers' tab panel; on a phone it pans the board drawn larger (ice.css), so it
  // takes focus for the arrow keys to scroll it, unless the whole board is asked for
  const panel = h("div", {
    class: `ice-board-panel${ui.whole ? " ice-whole" : ""}`, id: "ice-board-panel", tabindex: "0",
  }, board);
  // a phone's toggle (ice.css shows it under 600 px): the whole board at the screen's
  // width, its words too small to read, to see where everything lies
  const whole = h("button", {
    type: "button", class: `ice-whole-toggle${ui.whole ? " on" : ""}`, "data-testid": "ice-whole",
    "aria-pressed": ui.whole ? "true" : "false",
    onclick: () => { ui.whole = !ui.whole; ui.freshPan = true; ctx.redraw(); },
  }, ctx.t("view.whole"));
  return h("div", { class: "ice-board-box" }, layerTabs(ctx, panel), whole, panel);
}

// -- the day, the event, the AP -----------------------------------------------------

function dayTrack(view, ctx) {
  const event = C.events.find((e) => e.key === view.event);
  const pips = [];
  for (let d = 1; d <= C.rules.days; d++) {
    const ev = C.events[d - 1];
    pips.push(h("span", { class: `ice-day${d === view.day ? " on" : d < view.day ? " past" : ""}`, title: ev ? word(ev.name, ctx) : "" }, String(d)));
  }
  const rows = [
    h("div", { class: "ice-days", "data-testid": "ice-days" }, h("strong", {}, ctx.t("day", { day: view.day, days: C.rules.days })), pips),
    h("div", { class: "ice-event", "data-testid": "ice-event" }, h("strong", {}, word(event.name, ctx)), colon(ctx), eventWords(event, ctx)),
  ];
  if (view.edifice) {
    const ed = C.edifices.find((e) => e.key === view.edifice);
    rows.push(h("div", { class: "ice-event" }, h("strong", {}, ctx.t("edifice_in_play", { name: word(ed.name, ctx) })), " ", edificeWords(ed, ctx)));
  }
  const phase = view.phase === "over" ? ctx.t("phase.over") : view.phase === "end_of_day" ? ctx.t("phase.night") : view.phase === "keep" ? ctx.t("phase.keep") : view.final ? ctx.t("phase.final") : ctx.t("phase.day");
  const line = [phase];
  if (view.current !== null && view.phase === "turn") {
    const ap = view.players[view.current].ap;
    line.push(ctx.t("turn_ap", { name: ctx.seatName(view.current), spent: view.spent, max: C.rules.turn_max_ap, left: ap }));
  }
  if (view.phase === "end_of_day" && view.current !== null) {
    line.push(ctx.t("night_taken", { name: ctx.seatName(view.current), taken: view.night.taken, max: C.rules.take_per_day }));
  }
  // at the end the page's own status line says the game is over (once), and the result says why
  if (view.phase !== "over") rows.push(h("div", { class: "ice-phase", "data-testid": "ice-phase", "data-spent": view.spent }, line.join(" · ")));
  if (view.players.length === 1 && view.phase !== "over") {
    // the solo target all game long (it once showed only at the end)
    rows.push(h("div", { class: "ice-solo-goal", "data-testid": "ice-solo-goal" },
      ctx.t("solo.goal", { target: C.rules.solo_target, score: view.players[0].score })));
  }
  return h("div", { class: "ice-track" }, rows);
}

/** The final table's own column names where the score's source is not an edict. */
const FINAL_KEYS = { requests: "final.requests", renown: "final.renown" };

/** At the end, a row per player and a column per source of points (requests, each
 *  edict, renown), the total last: where every point came from (view's score_breakdown). */
function finalBox(view, ctx) {
  if (view.phase !== "over") return null;
  const keys = Object.keys(view.players[0].score_breakdown);
  return h("section", { class: "ice-final", "data-testid": "ice-final" },
    h("h3", { class: "label-heading" }, ctx.t("final.title")),
    scoreTable({ class: "ice-final-table" }, ["", ...keys.map((k) => (FINAL_KEYS[k] ? ctx.t(FINAL_KEYS[k]) : scoreWord(k, ctx))), ctx.t("final.total")],
      view.players.map((pl, i) => [
        ctx.seatName(i),
        ...keys.map((k) => String(pl.score_breakdown[k])),
        h("strong", {}, String(pl.score)),
      ])));
}

// -- cards and boards ---------------------------------------------------------------

/** How far a player's day counters (view.players[i].deeds) go towards deed card `r`. */
function deedProgress(r, deeds) {
  if (r.deed !== "dig") return deeds[r.deed] || 0;
  if (r.layer) return deeds[`dig_${r.layer}`] || 0;
  return C.deed_counters.filter((k) => k.startsWith("dig_")).reduce((sum, k) => sum + (deeds[k] || 0), 0);
}

/** A request card: the artifacts to lay on it, or the deed to do within a day (with how
 * far `deeds`, the viewer's counters for today, go), and its VP; a button when it is
 * the viewer's to complete or give back. */
function requestCard(card, ctx, entry, extra = "", deeds = null) {
  const r = C.requests[card];
  let names;
  const body = [h("span", { class: "ice-req-no" }, `#${card}`)];
  if (r.deed) {
    names = word(r.words, ctx);
    body.push(h("span", { class: "ice-req-deed", "data-deed": r.deed }, names));
    if (deeds && extra !== "done") {
      const done = Math.min(deedProgress(r, deeds), r.times);
      body.push(h("span", { class: `ice-req-today${done >= r.times ? " met" : ""}` }, ctx.t("deed.today", { done, n: r.times })));
    }
  } else {
    names = r.needs.map((k) => word(C.artifacts[k].name, ctx)).join(" + ");
    body.push(h("span", { class: "ice-req-needs" }, r.needs.map((k) => artifactBadge(C.artifacts[k].key, false, 16))));
  }
  body.push(h("span", { class: "ice-req-vp" }, ctx.t("vp", { n: r.vp })));
  const kind = r.deed ? " ice-req-by-deed" : "";
  if (!entry) return h("span", { class: `ice-request${kind} ${extra}`, "data-card": card, title: `${names} · ${ctx.t("vp", { n: r.vp })}` }, body);
  return actionButton(entry, ctx, {
    class: `ice-request${kind} hot ${extra}`, "data-card": card, "data-kind": null,
    title: actionLabel(entry), "aria-label": actionLabel(entry), text: body,
  });
}

/** The guild board: five places, one per artifact type, each holding any number of
 * artifacts (alike ones counted ×n); a prism lies in the place its owner chose and makes
 * the other artifacts there active (drawn filled, ringed in the prism's colour). At
 * night one's own artifacts are the buttons that display them. */
function guildPlaces(pl, ix, mine, ctx) {
  const next = mine ? ctx.ui.prismPlace : null;
  const places = pl.board.map((place, t) => {
    const groups = new Map();
    for (const a of place.artifacts) {
      const key = `${a.kind}|${a.active}`;
      if (!groups.has(key)) groups.set(key, { ...a, n: 0 });
      groups.get(key).n += 1;
    }
    const items = [...groups.values()].map((a) => {
      const entry = mine ? ix.display.get(`${t}|${a.kind === "prism"}|${a.active}`) : null;
      const lit = a.lit && !a.active;
      const name = word(artifactOf(a.kind).name, ctx);
      let title = ctx.t(a.active ? "active" : "inactive", { name });
      if (lit) title += ` · ${ctx.t("place.lit")}`;
      const label = [artifactBadge(a.kind, a.active || a.lit, 20)];
      if (a.n > 1) label.push(h("span", { class: "ice-piece-n" }, `×${a.n}`));
      const cls = `ice-piece${lit ? " ice-lit" : ""}`;
      const data = { "data-kind": a.kind, "data-active": String(a.active), "data-lit": String(a.lit), "data-n": a.n };
      if (entry) {
        return actionButton(entry, ctx, { class: `${cls} hot`, ...data, title: `${actionLabel(entry)} (${title})`, "aria-label": actionLabel(entry), text: label });
      }
      return h("span", { class: cls, ...data, title }, label);
    });
    const works = pl.powers.includes(place.place);
    const name = word(artifactOf(place.place).name, ctx);
    const title = ctx.t("place.title", { name }) + (works ? ` · ${ctx.t("place.works")}` : "");
    return h("div", {
      class: `ice-place${works ? " works" : ""}${next === place.place ? " ice-prism-next" : ""}${items.length ? "" : " empty"}`,
      "data-place": place.place, title,
    }, h("span", { class: "ice-place-head" }, artifactBadge(place.place, works, 12), h("span", { class: "ice-place-name" }, name)),
    h("span", { class: "ice-place-arts" }, items.length ? items : "–"));
  });
  return h("div", { class: "ice-places", "data-testid": mine ? "ice-my-places" : null }, places);
}

function handTiles(pl, ix, mine, ctx) {
  if (!mine) {
    return h("span", { class: "ice-hand", title: ctx.t("hand.hidden") }, iceBack(16), ctx.t("hand.count", { n: pl.ice.length }));
  }
  const counts = new Map();
  for (const key of pl.ice) counts.set(key, (counts.get(key) || 0) + 1);
  const chips = [];
  for (const [key, n] of counts) {
    const terrain = terrainOf(key);
    const text = `${word(terrain.name, ctx)}${n > 1 ? ` ×${n}` : ""}`;
    const ability = ctx.t(ICE_KEYS[terrain.ability]);
    const free = ix.iceFree.get(key);
    const aimed = ix.iceAt.get(key);
    if (free || aimed) {
      const on = ctx.ui.ice === key;
      chips.push(h("button", {
        type: "button", class: `ice-hand-tile hot${on ? " on" : ""}`, "data-terrain": key, "data-code": free ? free.code : null,
        title: free ? `${actionLabel(free)}${colon(ctx)}${ability}` : ability, disabled: ctx.enabled === false,
        onclick: () => {
          if (free) ctx.send(free);
          else { ctx.ui.ice = on ? null : key; ctx.ui.sel = null; ctx.redraw(); }
        },
      }, iceFace(key, 20), text));
    } else chips.push(h("span", { class: "ice-hand-tile", "data-terrain": key, title: ability }, iceFace(key, 20), text));
  }
  return h("span", { class: "ice-hand", "data-testid": "ice-my-hand" }, chips.length ? chips : ctx.t("hand.none"));
}

function playerCard(view, i, ix, ctx) {
  const pl = view.players[i];
  const mine = ctx.seat === i;
  const guild = C.guilds.find((g) => g.key === pl.guild);
  const current = view.current === i && view.phase !== "over";
  const rows = [
    h("div", { class: "ice-pl-head" },
      h("span", { class: "ice-dot", style: `background:${seatColour(ctx, i)}`, "data-colour": seatKey(ctx, i) }),
      h("strong", {}, ctx.seatName(i)), mine ? h("span", { class: "ice-you" }, ctx.t("you")) : null,
      h("span", { class: "ice-guild", title: ctx.t(GUILD_KEYS[guild.ability]) }, word(guild.name, ctx)),
      h("span", { class: "ice-score", title: Object.entries(pl.score_breakdown).map(([k, v]) => `${scoreWord(k, ctx)} ${v}`).join(" · ") }, plural(ctx, "points", pl.score))),
    h("div", { class: "ice-pl-line" },
      h("span", { class: "ice-ap", "data-testid": `ice-ap-${i}` }, ctx.t("ap", { n: pl.ap }), apDots(pl.ap)),
      pl.plan ? h("span", { class: "ice-chip" }, ctx.t("planned")) : null,
      h("span", { class: "ice-chip", title: ctx.t("camps.help") }, campBadge(), ctx.t("camps", { n: pl.camps })),
      handTiles(pl, ix, mine, ctx)),
    guildPlaces(pl, ix, mine, ctx),
  ];
  if (pl.powers.length) {
    rows.push(h("div", { class: "ice-pl-line ice-powers" }, ctx.t("powers"), " ",
      pl.powers.map((k) => h("span", { class: "ice-power", title: ctx.t(ART_KEYS[k]) }, artifactBadge(k, true, 14), word(artifactOf(k).name, ctx)))));
  }
  const req = [];
  if (pl.requests) {
    req.push(h("span", { class: "muted" }, ctx.t("requests.mine")));
    for (const c of pl.requests) req.push(requestCard(c, ctx, mine ? ix.fulfil.get(c) : null, "mine", pl.deeds));
  } else req.push(h("span", { class: "muted" }, plural(ctx, "requests.secret", pl.requests_held)));
  if (pl.done.length) {
    req.push(h("span", { class: "muted" }, ctx.t("requests.done")));
    for (const c of pl.done) req.push(requestCard(c, ctx, null, "done"));
  }
  rows.push(h("div", { class: "ice-pl-line ice-reqs" }, req));
  rows.push(h("div", { class: "ice-pl-line" }, h("span", { class: "muted" }, ctx.t("shown", { n: pl.renown })), " ",
    pl.shown.length ? pl.shown.map((f) => { const x = parseFace(f); return artifactBadge(x.kind, x.active, 16); }) : "–"));
  return h("div", {
    class: `ice-player${current ? " current" : ""}${mine ? " mine" : ""}`, "data-seat": i, "data-colour": seatKey(ctx, i),
    "data-testid": `ice-player-${i}`, style: `--seat:${seatColour(ctx, i)}`,
  }, rows);
}

function campBadge() {
  const svg = s("svg", { viewBox: "0 0 20 20", width: 14, height: 14, class: "ice-badge", "aria-hidden": "true" });
  svg.append(tent(10, 11, 8));
  return svg;
}

function apDots(n) {
  const dots = [];
  for (let k = 0; k < Math.min(n, 9); k++) dots.push(h("i", { class: "ice-ap-dot" }));
  return h("span", { class: "ice-ap-dots", "aria-hidden": "true" }, dots);
}

function scoreWord(key, ctx) {
  if (key === "requests") return ctx.t("score.requests");
  if (key === "renown") return ctx.t("score.renown");
  const edict = C.edicts.find((e) => e.key === key);
  return edict ? word(edict.name, ctx) : key;
}

function tablePanel(view, ix, ctx) {
  const edicts = view.edicts.map((key) => {
    const e = C.edicts.find((x) => x.key === key);
    return h("div", { class: "ice-edict", "data-edict": key }, h("strong", {}, word(e.name, ctx)), " ", ctx.t(EDICT_KEYS[e.kind], { n: e.value }));
  });
  const me = view.players[ctx.seat];
  const bounty = view.bounty.map((c) => requestCard(c, ctx, ix.fulfil.get(c) || null, "bounty", me ? me.deeds : null));
  return h("div", { class: "ice-table", "data-testid": "ice-table" },
    h("div", {}, h("h3", { class: "label-heading" }, ctx.t("edicts")), edicts),
    h("div", {}, h("h3", { class: "label-heading" }, ctx.t("bounty")), h("div", { class: "ice-bounty", "data-testid": "ice-bounty" }, bounty.length ? bounty : "–")),
    h("div", { class: "ice-supply" }, ctx.t("supply", { deck: view.deck, arch: view.supply, camps: view.camp_pool })));
}

// -- the decision in progress ---------------------------------------------------------

/** The board's own button for `entry` (render-kit's): sending it drops a chosen ice tile. */
function button(entry, ctx, testid, extra = "") {
  return actionButton(entry, ctx, { class: `ice-act${extra ? ` ${extra}` : ""}`, "data-testid": testid, before: () => { ctx.ui.ice = null; } });
}

// What a dig costs and brings down; ``cost`` false where the label says the AP already
// (the Dig button's, from the server: "Dig under your leader (2 AP)").
function digText(pv, k, ctx, cost = true) {
  const parts = cost ? [ctx.t("dig.cost", { n: pv.cost[k] })] : [];
  parts.push(pv.falls.length ? plural(ctx, "dig.falls", pv.falls.length, { tiles: listOf(pv.falls.map((q) => C.positions[q].name), ctx) }) : ctx.t("dig.no_falls"));
  if (pv.cover >= 0) parts.push(ctx.t("dig.with_cover", { tile: C.positions[pv.cover].name }));
  return parts.join(" · ");
}

function tileBox(view, ix, mode, ctx) {
  const p = ctx.ui.sel;
  if (p === null || p === undefined || view.tiles[p] === null) return null;
  const layer = C.positions[p].layer;
  const bits = [h("h4", {}, `${C.positions[p].name} · ${layerName(layer, ctx)}`), h("p", {}, tileWords(view, p, ctx))];
  const things = standingOn(view, p, ctx);
  if (things) bits.push(h("p", {}, things));
  const pv = (view.digs || []).find((d) => d.tile === p);
  if (pv) {
    const here = view.players[ctx.seat] && view.players[ctx.seat].leader === p;
    bits.push(h("p", { class: "ice-dig-preview", "data-testid": "ice-dig-preview" },
      h("strong", {}, here ? ctx.t("dig.here") : ctx.t("dig.there")), " ", digText(pv, 0, ctx)));
  }
  const entries = mode === "turn" ? ix.tile.get(p) || [] : [];
  if (entries.length) {
    bits.push(h("div", { class: "ice-buttons" }, entries.map((e) => {
      const b = button(e, ctx, `ice-tile-act-${e.json.type}`);
      if (e.json.type === "explore" && pv) b.append(h("span", { class: "ice-after" }, ` — ${ctx.t("dig.after", { n: pv.cost[e.json.carry] })}`));
      return b;
    })));
  }
  return h("div", { class: "ice-tilebox", "data-testid": "ice-tilebox" }, bits);
}

/** Who and what stands on tile `p`, in words ("Ann's leader · 3 archaeologists · a
 *  camp"), or "": for the tile's box and its accessible name (a camp or a leader once
 *  hid how many archaeologists were there). */
function standingOn(view, p, ctx) {
  const who = leadersOn(view, p).map((i) => ctx.seatName(i));
  const n = view.archaeologists[p];
  const things = [];
  if (who.length) things.push(ctx.t("tile.leaders", { names: listOf(who, ctx) }));
  if (n) things.push(plural(ctx, "tile.archaeologists", n));
  if (view.camps.includes(p)) things.push(ctx.t("tile.camp"));
  return things.join(" · ");
}

function figureWords(view, fig, ctx) {
  return fig < 0 ? ctx.t("fig.archaeologist") : ctx.t("fig.leader", { name: ctx.seatName(fig) });
}

function promptBox(view, ix, mode, ctx) {
  if (!mode) {
    if (view.phase === "over") return null;
    const who = view.current === null ? "" : ctx.seatName(view.current);
    return h("div", { class: "ice-prompt muted", "data-testid": "ice-prompt" }, ctx.t("waiting", { name: who }));
  }
  const box = h("div", { class: "ice-prompt", "data-testid": "ice-prompt", "data-mode": mode });
  const say = (key, params) => box.append(h("p", { class: "ice-question" }, ctx.t(key, params)));
  if (mode === "keep") {
    say(PROMPT_KEYS.keep);
    box.append(h("div", { class: "ice-buttons" }, [...ix.giveback].map(([c, e]) => requestCard(c, ctx, e, "giveback"))));
  } else if (mode === "share") {
    const next = view.pending.figures[0];
    say(PROMPT_KEYS.share, { figure: figureWords(view, next, ctx), n: view.pending.figures.length });
  } else if (mode === "movecamp") say(PROMPT_KEYS.movecamp);
  else if (mode === "exalted") {
    say(PROMPT_KEYS.exalted);
    if (ix.exaltNone) box.append(h("div", { class: "ice-buttons" }, button(ix.exaltNone, ctx, "ice-exalted-none")));
  } else if (mode === "prism") {
    say(PROMPT_KEYS.prism);
    box.append(h("div", { class: "ice-buttons" }, ix.prism.map((e) => {
      const b = button(e, ctx, "ice-prism");
      b.prepend(artifactBadge(C.artifacts[e.json.stands_for].key, false, 16));
      return b;
    })));
  } else if (mode === "philosophy") {
    say(PROMPT_KEYS.philosophy);
    box.append(h("div", { class: "ice-buttons" }, ix.philosophy.map((e) => button(e, ctx, "ice-philosophy"))));
  } else if (mode === "night") {
    say(PROMPT_KEYS.night, { n: C.rules.take_per_day - view.night.taken });
  } else if (mode === "ice") {
    const terrain = terrainOf(ctx.ui.ice);
    say(PROMPT_KEYS.ice, { terrain: word(terrain.name, ctx), ability: ctx.t(ICE_KEYS[terrain.ability]) });
    box.append(h("div", { class: "ice-buttons" }, h("button", { type: "button", "data-testid": "ice-cancel", onclick: () => { ctx.ui.ice = null; ctx.redraw(); } }, ctx.t("cancel"))));
  } else {
    const me = view.players[ctx.seat];
    say(view.final ? PROMPT_KEYS.final : PROMPT_KEYS.turn, { left: Math.min(C.rules.turn_max_ap - view.spent, me.ap), ap: me.ap });
  }
  // what is decided with buttons: dig (with its preview), plan, harmony, end, pass, done
  const tools = [];
  const b = ix.buttons;
  if (b.dig) {
    const me = view.players[ctx.seat];
    const pv = me && (view.digs || []).find((d) => d.tile === me.leader);
    const dig = button(b.dig, ctx, "ice-act-dig", "primary");
    if (pv) dig.append(h("span", { class: "ice-after" }, ` — ${digText(pv, 0, ctx, false)}`));
    const show = () => ctx.ui.showPreview && me && ctx.ui.showPreview(me.leader);
    const hide = () => ctx.ui.showPreview && ctx.ui.showPreview(ctx.ui.sel);
    dig.addEventListener("mouseenter", show);
    dig.addEventListener("focus", show);
    dig.addEventListener("mouseleave", hide);
    dig.addEventListener("blur", hide);
    tools.push(dig);
  }
  for (const kind of ["harmony", "plan", "end", "pass", "done"]) {
    if (b[kind]) tools.push(button(b[kind], ctx, `ice-act-${kind}`));
  }
  if (tools.length) box.append(h("div", { class: "ice-buttons ice-tools" }, tools));
  if (mode === "turn" && (ctx.ui.sel === null || ctx.ui.sel === undefined) && ix.tile.size) box.append(h("p", { class: "muted" }, ctx.t("hint.select")));
  return box;
}

function legend(ctx) {
  const items = [];
  for (const t of C.terrains) {
    items.push(h("span", { class: "ice-legend-item" }, iceFace(t.key, 16), `${word(t.name, ctx)}${colon(ctx)}${ctx.t(ICE_KEYS[t.ability])}`));
  }
  for (const hint of C.hints) {
    const svg = s("svg", { viewBox: "0 0 20 20", width: 16, height: 16, class: "ice-badge", "aria-hidden": "true" });
    svg.append(s("polygon", { points: "18,10 14,17 6,17 2,10 6,3 14,3", fill: "#8fb0c8" }), hintShape(hint.key, 10, 10, 5.5));
    const kinds = C.artifacts.filter((a) => a.hint === hint.key).map((a) => word(a.name, ctx)).join(ctx.t("or"));
    items.push(h("span", { class: "ice-legend-item" }, svg, ctx.t("legend.hint", { hint: word(hint.name, ctx), kinds })));
  }
  for (const a of C.artifacts) {
    items.push(h("span", { class: "ice-legend-item" }, artifactBadge(a.key, true, 16), `${word(a.name, ctx)}${colon(ctx)}${ctx.t(ART_KEYS[a.key])}`));
  }
  items.push(h("span", { class: "ice-legend-item" }, ctx.t("legend.active")));
  items.push(h("span", { class: "ice-legend-item" }, ctx.t("legend.deeds")));
  const layers = C.layers.map((l, i) => h("span", { class: `ice-legend-layer ice-L${i}` }, word(l.name, ctx)));
  return h("details", { class: "ice-legend", "data-testid": "ice-legend" }, h("summary", {}, ctx.t("legend")), h("div", { class: "ice-legend-layers" }, ctx.t("legend.layers"), " ", layers), items);
}

// -- the page --------------------------------------------------------------------------

function render(container, view, legal, ctx) {
  const ui = ctx.ui;
  const ix = indexLegal(legal);
  if (ui.ice && !ix.iceAt.has(ui.ice)) ui.ice = null;
  const mode = modeOf(view, ix, ui);
  if (ui.sel !== null && ui.sel !== undefined && (view.tiles[ui.sel] === null || !view.visible[ui.sel])) ui.sel = null;
  if (mode !== "turn") ui.sel = mode ? null : ui.sel;
  ui.prismPlace = view.pending.prism_place;
  const players = view.players.map((_, i) => playerCard(view, i, ix, ctx));
  const old = container.querySelector("#ice-board-panel"); // where a phone had panned it
  const pan = old && !ui.freshPan ? [old.scrollLeft, old.scrollTop] : null; // a toggle pans anew
  ui.freshPan = false;
  container.replaceChildren(
    h("div", { class: "ice-wrap", "data-mode": mode || "" },
      dayTrack(view, ctx),
      finalBox(view, ctx),
      promptBox(view, ix, mode, ctx),
      boardWithTabs(drawBoard(view, ix, mode, ctx), ctx),
      tileBox(view, ix, mode, ctx),
      h("div", { class: "ice-players", "data-testid": "ice-players" }, players),
      tablePanel(view, ix, ctx),
      legend(ctx)),
  );
  const panel = container.querySelector("#ice-board-panel");
  if (panel) panBoard(panel, pan, view, ctx);
}

/** Where the board sits in its panel when it pans (a phone, ice.css): a redraw keeps the
 *  pan (`saved`, [left, top]), unless no lit tile is in sight while some are: then the lit
 *  tile nearest their middle is brought to the panel's centre. The first drawing centres
 *  a lit tile, else one's leader, else the board (the drawing's top left corner is empty
 *  ice-less void: the panel once opened on it). */
function panBoard(panel, saved, view, ctx) {
  if (panel.scrollWidth <= panel.clientWidth && panel.scrollHeight <= panel.clientHeight) return;
  if (saved) [panel.scrollLeft, panel.scrollTop] = saved;
  const box = panel.getBoundingClientRect();
  const middle = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const lit = [...panel.querySelectorAll(".ice-tile.hot")].map((g) => g.getBoundingClientRect());
  const seen = (r) => r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
  let aim = null;
  if (lit.length && (!saved || !lit.some(seen))) {
    const mids = lit.map(middle);
    const cx = mids.reduce((a, m) => a + m[0], 0) / mids.length;
    const cy = mids.reduce((a, m) => a + m[1], 0) / mids.length;
    aim = mids.reduce((best, m) => (Math.hypot(m[0] - cx, m[1] - cy) < Math.hypot(best[0] - cx, best[1] - cy) ? m : best));
  } else if (!saved) {
    const me = view.players[ctx.seat];
    const leader = me && me.leader !== null ? panel.querySelector(`.ice-tile[data-tile="${C.positions[me.leader].name}"]`) : null;
    aim = middle((leader || panel.querySelector(".ice-board")).getBoundingClientRect());
  }
  if (!aim) return;
  const [x, y] = middle(box);
  panel.scrollLeft += aim[0] - x;
  panel.scrollTop += aim[1] - y;
}

export const renderer = defineRenderer({
  game: "ice",
  render,
  stylesheet: "ice.css",
  parts: ["buttons", "preview", "tabs", "phone-toggle", "pan"],
});
