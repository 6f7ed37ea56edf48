// Snow Tails board: the course as a scrollable strip map (travel upwards),
// sleds, trees, no-go cells and the speed-limit line in front of each corner;
// one mat per sled (dogs, brake, dents, hand and deck sizes); the viewer's
// hand and the controls for the decision in progress; and a move preview that
// draws the path the chosen cards (and step order) would take, with any
// accident on the way, before anything is sent.
//
// What may be done comes only from the server's legal actions, and what a choice
// would do from the server's preview (the view's `moves`, told by the rules from
// the choice's child state, snowtails/preview.py): nothing here copies the rules.

import { h, s } from "../dom.js";
import { actionButton, actionLabel, byKey, clickAction, defineRenderer, findEntry, ofType, prevAt } from "../render-kit.js";

const LANES = 5;
const CELL_W = 44;
const ROW_H = 30;
const LEFT = 84; // room for tile labels
const COLOURS = { red: "#c0392b", yellow: "#d4a106", blue: "#2c5fa8", green: "#2e8b57", brown: "#8b5a2b" };
const SLOT_KEYS = { left: "slot.left", right: "slot.right", discard: "slot.discard" };
// Group titles the shared legal-action list looks up as "<game>.kind.<type>".
export const GROUP_KEYS = ["kind.lane", "kind.play", "kind.go", "kind.step", "kind.bonus", "kind.discard"];
// Names for the tile kinds and the shipped courses (never their ids on screen).
const TILE_KEYS = {
  start: "tile.start", finish: "tile.finish", straight: "tile.straight", forest: "tile.forest",
  canyon: "tile.canyon", snowdrift: "tile.snowdrift", corner: "tile.corner", uturn: "tile.uturn",
};
const COURSE_KEYS = {
  "first-run": "course.first-run", "forest-trail": "course.forest-trail",
  "canyon-run": "course.canyon-run", "grand-tour": "course.grand-tour", custom: "course.custom",
};

/** Each seat's colour is the colour of the sled it drives (docs/web-client.md, "Conventions"). */
function seatColours(view, players) {
  const out = new Array(players).fill(null);
  for (const sled of view.sleds || []) out[sled.seat] = sled.colour;
  return out;
}

/** A race still running after `round_limit` rounds ends there: the page warns as it nears. */
function turnCap(view, ctx) {
  if (!view.round_limit || view.phase === "over") return null;
  const turn = Math.max(1, view.round || 0);
  const text = ctx ? ctx.t("round_cap", { round: Math.min(turn, view.round_limit), limit: view.round_limit }) : null;
  return { turn, limit: view.round_limit, text };
}

function sledColour(sled, ctx) {
  return ctx.seatColour ? ctx.seatColour(sled.seat) : COLOURS[sled.colour] || "#555";
}

function courseName(view, ctx) {
  return COURSE_KEYS[view.course] ? ctx.t(COURSE_KEYS[view.course]) : ctx.t("course.custom");
}

// -- geometry: the same cell numbering as track.py's build_track -------------------

const geometryCache = new Map();

export function buildGeometry(trackView) {
  const key = JSON.stringify(trackView.tiles.map((t) => t.token));
  if (geometryCache.has(key)) return geometryCache.get(key);
  const tiles = trackView.tiles;
  const lane = [];
  const tile = [];
  const index = [];
  const kind = [];
  const count = [];
  const first = new Map();
  const laneCells = [];
  for (let l = 0; l < LANES; l++) {
    const ids = [];
    tiles.forEach((t, ti) => {
      const row = t.lanes[l];
      first.set(`${l},${ti}`, [lane.length, row.length]);
      for (let k = 0; k < row.length; k++) {
        ids.push(lane.length);
        lane.push(l);
        tile.push(ti);
        index.push(k);
        kind.push(row[k]);
        count.push(row.length);
      }
    });
    laneCells.push(ids);
  }
  const n = lane.length;
  const fwd = new Array(n).fill(-1);
  const diag = { "-1": new Array(n).fill(-1), 1: new Array(n).fill(-1) };
  for (let c = 0; c < n; c++) {
    const last = laneCells[lane[c]][laneCells[lane[c]].length - 1];
    fwd[c] = c === last ? -1 : c + 1;
    for (const d of [-1, 1]) {
      const other = lane[c] + d;
      if (other < 0 || other >= LANES) continue;
      const [start, oc] = first.get(`${other},${tile[c]}`);
      const target = start + Math.floor(((2 * index[c] + 1) * oc) / (2 * count[c])) + 1;
      const otherLast = laneCells[other][laneCells[other].length - 1];
      diag[d][c] = target <= otherLast ? target : -1;
    }
  }
  const limits = tiles.map((t) => (t.kind === "corner" || t.kind === "uturn" ? t.limit : null));
  // layout: each tile is as tall as its longest lane; travel goes up the page
  const rows = tiles.map((t) => Math.max(...t.lanes.map((r) => r.length)));
  const height = rows.reduce((a, b) => a + b, 0) * ROW_H + 40;
  const bottoms = [];
  let y = height - 20;
  for (const r of rows) {
    bottoms.push(y);
    y -= r * ROW_H;
  }
  const box = (c) => {
    const tileH = rows[tile[c]] * ROW_H;
    const cellH = tileH / count[c];
    return { x: LEFT + lane[c] * CELL_W, y: bottoms[tile[c]] - (index[c] + 1) * cellH, w: CELL_W, h: cellH };
  };
  const centre = (c) => {
    const b = box(c);
    return [b.x + b.w / 2, b.y + b.h / 2];
  };
  const startCell = (number) => laneCells[trackView.lane_one === "left" ? number - 1 : LANES - number][0];
  const geometry = { tiles, lane, tile, index, kind, fwd, diag, limits, rows, bottoms, height, box, centre, startCell, finishTile: tiles.length - 1 };
  geometryCache.set(key, geometry);
  return geometry;
}

// -- the move preview: drawn from what the server sends ------------------------------

/**
 * The rules' preview of one choice (the view's `moves`, snowtails/preview.py):
 * {path: [cells], marks: [{type, cell, n}], dents, out}, or null. `match` is the
 * action's JSON fields ({type: "play", value, slot}).
 */
export function previewOf(view, match) {
  const moves = view.moves;
  if (!moves) return null;
  const keys = Object.keys(match);
  const found = moves.actions.find((e) => keys.every((k) => e.action[k] === match[k]));
  return found || null;
}

// -- names and labels ---------------------------------------------------------------

function slotName(slot, ctx) {
  return ctx.t(SLOT_KEYS[slot] || "slot.left");
}

// -- drawing ------------------------------------------------------------------------

function drawCourse(G, view, legal, ctx) {
  const width = LEFT + LANES * CELL_W + 12;
  const svg = s("svg", {
    viewBox: `0 0 ${width} ${G.height}`,
    width,
    height: G.height,
    class: "st-course",
    role: "group",
    "aria-label": ctx.t("map"),
    "data-testid": "st-course",
  });
  const trees = new Set(view.trees);
  G.tiles.forEach((t, ti) => {
    const top = G.bottoms[ti] - G.rows[ti] * ROW_H;
    svg.append(s("rect", { x: LEFT - 2, y: top, width: LANES * CELL_W + 4, height: G.rows[ti] * ROW_H, class: `st-tile st-${t.kind}` }));
    const name = `${ti + 1} ${ctx.t(TILE_KEYS[t.kind] || "tile.straight")}`;
    const label = t.kind === "corner" || t.kind === "uturn" ? `${name} ${t.turn === "left" ? "↰" : "↱"}` : name;
    svg.append(s("text", { x: 4, y: top + 14, class: "st-tile-label" }, label));
    if (G.limits[ti] !== null) {
      const y = G.bottoms[ti];
      svg.append(s("line", { x1: LEFT - 4, x2: LEFT + LANES * CELL_W + 4, y1: y, y2: y, class: "st-limit-line" }));
      svg.append(s("circle", { cx: LEFT - 14, cy: y, r: 10, class: "st-limit-badge" }));
      svg.append(s("text", { x: LEFT - 14, y: y + 4, class: "st-limit-text", "text-anchor": "middle" }, String(G.limits[ti])));
      svg.append(s("text", { x: 4, y: y - 4, class: "st-tile-note" }, ctx.t("limit", { n: G.limits[ti] })));
    }
    if (ti === G.finishTile) {
      const y = G.bottoms[ti];
      for (let k = 0; k < LANES * 4; k++) {
        svg.append(s("rect", { x: LEFT + k * (CELL_W / 4), y: y - 4, width: CELL_W / 4, height: 4, class: k % 2 ? "st-chk-a" : "st-chk-b" }));
      }
      const flagX = view.track.flag === "left" ? LEFT - 10 : LEFT + LANES * CELL_W + 2;
      svg.append(s("text", { x: flagX, y: y - 6, class: "st-flag" }, "⚑"));
    }
  });
  for (let c = 0; c < G.lane.length; c++) {
    const b = G.box(c);
    const cls = G.kind[c] === "X" ? "st-cell st-nogo" : "st-cell";
    svg.append(s("rect", { x: b.x + 1, y: b.y + 1, width: b.w - 2, height: b.h - 2, rx: 3, class: cls, "data-cell": c }));
    if (G.kind[c] === "X") {
      svg.append(s("path", { d: `M${b.x + 10} ${b.y + 6} L${b.x + b.w - 10} ${b.y + b.h - 6} M${b.x + b.w - 10} ${b.y + 6} L${b.x + 10} ${b.y + b.h - 6}`, class: "st-cross" }));
    }
    if (trees.has(c)) {
      const [cx, cy] = G.centre(c);
      svg.append(s("path", { d: `M${cx} ${cy - 10} L${cx + 8} ${cy + 7} L${cx - 8} ${cy + 7} Z`, class: "st-tree", "data-tree": c }));
    }
  }
  // start lanes the viewer may choose
  const lanes = byKey(legal, (j) => (j.type === "lane" ? j.lane : null));
  for (let number = 1; number <= LANES; number++) {
    const c = G.startCell(number);
    const b = G.box(c);
    const g = s("g", { class: "st-start", "data-lane": number });
    g.append(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 4, class: "st-start-box" }));
    g.append(s("text", { x: b.x + b.w / 2, y: b.y + b.h - 8, "text-anchor": "middle", class: "st-start-number" }, String(number)));
    const options = lanes.get(number);
    if (options && ctx.enabled !== false) {
      g.dataset.code = options[0].code;
      clickAction(g, options[0], ctx);
    }
    svg.append(g);
  }
  const preview = s("g", { class: "st-preview", "data-testid": "st-preview" });
  svg.append(preview);
  for (const sled of view.sleds) {
    if (sled.cell === null) continue;
    const [cx, cy] = G.centre(sled.cell);
    const g = s("g", { class: "st-sled", "data-seat": sled.seat, "data-cell": sled.cell });
    g.setAttribute("data-colour", sled.colour);
    const moved = (prevAt(ctx, "sleds") || []).find((x) => x.seat === sled.seat);
    if (moved && moved.cell !== sled.cell) {
      g.classList.add("last-move");
      g.append(s("circle", { cx, cy, r: 17, class: "last-move-dot" }));
      if (moved.cell !== null) {
        const [px, py] = G.centre(moved.cell);
        g.append(s("line", { x1: px, y1: py, x2: cx, y2: cy, class: "st-last-path", stroke: sledColour(sled, ctx) }));
      }
    }
    g.append(s("circle", { cx, cy, r: 12, fill: sledColour(sled, ctx), class: sled.seat === view.to_move ? "st-sled-body st-moving" : "st-sled-body" }));
    g.append(s("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "st-sled-number" }, String(sled.seat + 1)));
    svg.append(g);
  }
  return { svg, preview };
}

function drawPreview(G, group, result, colour) {
  group.replaceChildren();
  if (!result || result.path.length < 1) return;
  const points = result.path.map((c) => G.centre(c).join(",")).join(" ");
  group.append(s("polyline", { points, class: "st-path", stroke: colour }));
  for (const c of result.path.slice(1)) {
    const [cx, cy] = G.centre(c);
    group.append(s("circle", { cx, cy, r: 4, class: "st-path-dot", fill: colour }));
  }
  for (const m of result.marks) {
    const [cx, cy] = G.centre(m.cell);
    const text = { crash: "✖", bump: "■", speed: `−${m.n}`, tree: "✸", out: "☠" }[m.type];
    group.append(s("text", { x: cx + 14, y: cy - 6, class: `st-mark st-mark-${m.type}` }, text));
  }
}

function dentDots(n) {
  return "●".repeat(n) + "○".repeat(Math.max(0, 5 - n));
}

function drawMats(view, ctx) {
  const list = h("div", { class: "st-mats", "data-testid": "st-mats" });
  for (const sled of view.sleds) {
    const fwd = sled.left + sled.right - sled.brake;
    const drift = sled.right - sled.left;
    const status = { racing: "status.racing", finished: "status.finished", eliminated: "status.eliminated" }[sled.status];
    list.append(
      h(
        "div",
        { class: `st-mat${sled.seat === view.to_move ? " current" : ""}`, style: `--seat:${sledColour(sled, ctx)}`, "data-testid": `st-mat-${sled.seat}` },
        h(
          "div",
          { class: "st-mat-head" },
          h("span", { class: "dot", style: `background:${sledColour(sled, ctx)}`, title: ctx.seatColourName ? ctx.seatColourName(sled.seat) : "" }),
          h("span", { class: "name" }, `${sled.seat + 1}. ${ctx.seatName ? ctx.seatName(sled.seat) : ""}`),
          h("span", { class: "st-status" }, ctx.t(status), sled.place ? ` · ${ctx.t("place", { n: sled.place })}` : ""),
        ),
        h(
          "div",
          { class: "st-dogs" },
          h("span", { class: "st-dog", title: ctx.t("slot.left") }, ctx.t("dog_left", { n: sled.left })),
          h("span", { class: "st-dog", title: ctx.t("slot.right") }, ctx.t("dog_right", { n: sled.right })),
          h("span", { class: "st-brake" }, ctx.t("brake", { n: sled.brake })),
          h("span", { class: "st-speed" }, ctx.t("speed", { f: fwd, d: drift === 0 ? "0" : drift > 0 ? `→${drift}` : `←${-drift}` })),
        ),
        h(
          "div",
          { class: "st-stats" },
          h("span", { class: "st-dents", title: ctx.t("dents", { n: sled.dents }) }, dentDots(sled.dents)),
          h("span", {}, ctx.t("hand_deck", { hand: sled.hand_size, deck: sled.deck_size })),
          sled.past_finish ? h("span", {}, ctx.t("past", { n: sled.past_finish })) : null,
          view.races > 1 ? h("span", {}, ctx.t("points", { n: sled.points })) : null,
        ),
      ),
    );
  }
  return list;
}

function drawControls(G, view, legal, ctx, previewGroup) {
  const ui = ctx.ui;
  const seat = ctx.seat;
  const box = h("div", { class: "st-controls", "data-testid": "st-controls" });
  const enabled = ctx.enabled !== false && legal.length > 0;
  const me = seat !== null && seat !== undefined ? view.sleds[seat] : null;
  const colour = me ? sledColour(me, ctx) : "#333";
  const plays = byKey(legal, (j) => (j.type === "play" ? `${j.value}:${j.slot}` : null));
  const discards = byKey(legal, (j) => (j.type === "discard" ? j.value : null));
  const playValues = new Set(ofType(legal, "play").map((e) => e.json.value));
  if (ui.turnKey !== `${view.round}:${view.to_move}:${view.placed_slots.length}`) {
    ui.turnKey = `${view.round}:${view.to_move}:${view.placed_slots.length}`;
    ui.value = view.placed_value || null;
  }
  if (view.placed_value) ui.value = view.placed_value;
  if (ui.value && !playValues.has(ui.value)) ui.value = null;
  if (!ui.value && playValues.size === 1) ui.value = [...playValues][0];

  const show = (result) => drawPreview(G, previewGroup, result, colour);
  // what the preview shows when nothing is hovered (the server's `base`)
  const base = () => (view.moves && view.to_move === seat ? view.moves.base : null);
  const hoverable = (el, makeResult) => {
    const on = () => show(makeResult());
    const off = () => show(base());
    el.addEventListener("mouseenter", on);
    el.addEventListener("focus", on);
    el.addEventListener("mouseleave", off);
    el.addEventListener("blur", off);
    return el;
  };

  if (view.hand) {
    const hand = h("div", { class: "st-hand", "data-testid": "st-hand" }, h("span", { class: "st-label" }, ctx.t("your_hand")));
    const counts = {};
    for (const v of view.hand) counts[v] = (counts[v] || 0) + 1;
    view.hand.forEach((v, i) => {
      if (v === 0) {
        hand.append(h("span", { class: "st-card st-dent", title: ctx.t("dent_card") }, ctx.t("dent_short")));
        return;
      }
      const attrs = { type: "button", class: "st-card", "data-value": v, "data-i": i };
      if (enabled && view.phase === "play" && playValues.has(v)) {
        attrs.class += ` hot${ui.value === v ? " selected" : ""}`;
        attrs.onclick = () => {
          ui.value = v;
          ctx.redraw();
        };
        attrs["aria-pressed"] = ui.value === v ? "true" : "false";
      } else if (enabled && view.phase === "discard" && discards.has(v)) {
        attrs.class += " discard-hot";
        attrs["data-code"] = discards.get(v)[0].code;
        attrs.onclick = () => ctx.send(discards.get(v)[0]);
        attrs.title = actionLabel(discards.get(v)[0]);
      } else {
        attrs.disabled = true;
      }
      hand.append(h("button", attrs, String(v)));
    });
    box.append(hand);
  }

  const row = h("div", { class: "st-buttons" });
  if (view.phase === "play" && me) {
    if (ui.value) {
      for (const slot of ["left", "right", "discard"]) {
        const entry = (plays.get(`${ui.value}:${slot}`) || [])[0];
        const btn = h(
          "button",
          { type: "button", class: "st-slot", "data-slot": slot, "data-testid": `st-slot-${slot}`, "data-code": entry && enabled ? entry.code : null, disabled: !enabled || !entry, onclick: entry ? () => ctx.send(entry) : null },
          ctx.t("put_on", { v: ui.value, slot: slotName(slot, ctx) }),
        );
        if (entry) {
          hoverable(btn, () => previewOf(view, { type: "play", value: ui.value, slot }));
        }
        row.append(btn);
      }
    } else if (enabled && playValues.size) {
      row.append(h("span", { class: "muted" }, ctx.t("pick_card")));
    }
    const go = findEntry(legal, { type: "go" });
    if (go) {
      row.append(hoverable(actionButton(go, ctx, { class: "primary", "data-testid": "st-go", "data-code": enabled ? go.code : null, "data-kind": null, disabled: !enabled }), base));
    }
  }
  if (view.phase === "steps" && me) {
    for (const move of ["forward", "diagonal"]) {
      const entry = findEntry(legal, { type: "step", move });
      if (!entry) continue;
      const btn = actionButton(entry, ctx, { "data-testid": `st-step-${move}`, "data-code": enabled ? entry.code : null, "data-kind": null, disabled: !enabled });
      hoverable(btn, () => previewOf(view, { type: "step", move }));
      row.append(btn);
    }
    row.append(h("span", { class: "muted" }, ctx.t("steps_left", { f: view.steps_left.forward, d: view.steps_left.diagonal })));
  }
  if (view.phase === "bonus" && me) {
    for (const choice of ["yes", "no"]) {
      const entry = findEntry(legal, { type: "bonus", choice });
      if (!entry) continue;
      const label = choice === "yes" ? `${actionLabel(entry)} (+${view.bonus})` : actionLabel(entry);
      const btn = actionButton(entry, ctx, { class: choice === "yes" ? "primary" : "", "data-testid": `st-bonus-${choice}`, "data-code": enabled ? entry.code : null, "data-kind": null, disabled: !enabled, text: label });
      if (choice === "yes") {
        hoverable(btn, () => previewOf(view, { type: "bonus", choice: "yes" }));
      }
      row.append(btn);
    }
  }
  if (view.phase === "discard" && enabled) row.append(h("span", { class: "muted" }, ctx.t("discard_hint")));
  if (view.phase === "lanes" && enabled) row.append(h("span", { class: "muted" }, ctx.t("lane_hint")));
  box.append(row);
  return { box, base };
}

// -- entry point --------------------------------------------------------------------

function render(container, view, legal, ctx) {
  const G = buildGeometry(view.track);
  const ui = ctx.ui;
  const header = h(
    "div",
    { class: "st-header" },
    h("strong", {}, ctx.t("course", { name: courseName(view, ctx) })),
    " · ",
    view.phase === "lanes" ? ctx.t("setup", { race: view.race, races: view.races }) : ctx.t("race_round", { race: view.race, races: view.races, round: view.round }),
  );
  const { svg, preview } = drawCourse(G, view, legal, ctx);
  // a region a keyboard can scroll too (the course is wider than a phone)
  const scroller = h("div", {
    class: "st-scroll", "data-testid": "st-map", tabindex: "0", role: "region",
    "aria-label": ctx.t("course", { name: courseName(view, ctx) }),
  }, svg);
  const { box, base } = drawControls(G, view, legal, ctx, preview);
  const side = h("div", { class: "st-side" }, box, drawMats(view, ctx));
  container.replaceChildren(h("div", { class: "st", "data-testid": "st-board" }, header, h("div", { class: "st-body" }, scroller, side)));
  const result = base();
  if (result) drawPreview(G, preview, result, sledColour(view.sleds[ctx.seat], ctx));
  // keep the sled that matters in sight, without fighting the reader's own scrolling
  const focus = view.sleds[ctx.seat ?? -1] || view.sleds[view.to_move ?? 0];
  const target = focus && focus.cell !== null ? focus.cell : G.startCell(1);
  const scrollKey = `${view.tiles.join(",")}:${target}`;
  if (ui.scrollKey !== scrollKey || ui.scrollTop === undefined) {
    ui.scrollKey = scrollKey;
    scroller.scrollTop = Math.max(0, G.centre(target)[1] - scroller.clientHeight * 0.65);
  } else {
    scroller.scrollTop = ui.scrollTop;
  }
  ui.scrollTop = scroller.scrollTop;
  scroller.addEventListener("scroll", () => {
    ui.scrollTop = scroller.scrollTop;
  });
}

export const renderer = defineRenderer({ game: "snowtails", render, seatColours, turnCap, parts: ["buttons", "preview"] });
