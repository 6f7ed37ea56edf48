// Penguin Eggs board: the rhombus lattice with a ring of faded "ghost" points
// past every edge (what a slide finds when it wraps around), barriers and
// terrain, river arrows and tent turns, eggs and penguins. Choosing one of your
// penguins shows every legal slide: the path, the eggs it lays, the rival eggs
// it removes and the effects it sets off, before anything is sent. Questions
// the game asks (where the seagull flies, cancel with #10, which hand...) come
// up under the board, the cancel question as a prompt of its own.
//
// What may be done comes only from the server's legal actions; the slide
// previews come from the view (the server computes them from the rules).

import { clickable, h, s } from "../dom.js";
import { MAX_BUTTONS, renderLegalList } from "../legal.js";
import { actionButton, actionLabel, byKey, changedAt, clickAction, colon, defineRenderer, findEntry, loadComponents, ofType, prevAt, word } from "../render-kit.js";

// Card and scene names, kept equal to data.toml by tests/games/penguins.
const COMPONENTS = await loadComponents("penguins");

const U = 40; // distance between neighbouring points
const ROW = U * 0.866;
const PAD = 12;
/** On a phone (css/penguins.css's 600 px) the board is drawn at this scale and pans:
 *  points 30 px apart, each point's target 27 px, its marks (16 units there) 12 px. */
const PHONE_SCALE = 0.75;
const PHONE = "(max-width: 600px)";
const DIRS = ["E", "SE", "SW", "W", "NW", "NE", "CW", "CCW"];
const STEPS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const SIDE_COLOURS = ["#2c5fa8", "#c0392b"]; // the palette's blue and red (panels.js)
const SIDE_NAMES = ["blue", "red"];
// Actions that name one point and are taken by clicking it (the rest stay buttons).
const POINT_KINDS = ["land", "hatch", "pick", "seal", "emperor"];
const LEGEND_BARRIERS = ["seagull", "iceberg", "emperor", "nest", "seal"];
const TERRAIN_COLOURS = {
  storm: "#8e9aaf", tent: "#d9b38c", river: "#7fb8e6", hole: "#555", freezing: "#c7ecff",
  radiation: "#c6e86b", seaweed: "#4f9d69", blazing: "#f39c5a", krill: "#f7b7c3",
};
const TERRAIN_MARKS = {
  storm: "*", tent: "^", river: "~", hole: "@", freezing: "=", radiation: "!", seaweed: "%",
  blazing: "&", krill: ",",
};
const BARRIER_MARKS = { seagull: "G", iceberg: "#", emperor: "E", nest: "N", seal: "S" };
const LEGEND_KEYS = { egg: "legend.egg", penguin: "legend.penguin", star: "legend.star" };
// The barriers' fills (as css/penguins.css draws them on the board), for the legend's marks.
const BARRIER_FILLS = { seagull: "#7a7a7a", iceberg: "#5fa8c9", emperor: "#222", nest: "#8b5a2b", seal: "#59636e" };
// Keys built at run time, listed here so the string table check sees them.
export const GROUP_KEYS = [
  "kind.land", "kind.hatch", "kind.explore", "kind.play", "kind.keep", "kind.discard",
  "kind.return", "kind.pick", "kind.triangle", "kind.emperor", "kind.seal", "kind.end",
  "kind.draw", "kind.pass", "kind.cancel", "kind.hide", "kind.guess", "kind.resolve",
  "kind.scene", "kind.set",
];
const DIR_KEYS = {
  E: "dir.E", SE: "dir.SE", SW: "dir.SW", W: "dir.W", NW: "dir.NW", NE: "dir.NE", CW: "dir.CW", CCW: "dir.CCW",
};
const PENDING_KEYS = {
  scene: "q.scene", freeset: "q.freeset", freeplace: "q.freeplace", keep: "q.keep",
  rival: "q.rival", peek: "q.peek", peek_return: "q.peek_return", discard: "q.discard",
  hole: "q.hole", storm: "q.storm", order: "q.order", seagull: "q.seagull", krill: "q.krill",
  river_first: "q.river_first", river_branch: "q.river_branch", blaze: "q.blaze",
  cancel: "q.cancel", c_point: "q.c_point", c_to: "q.c_to", c_rival: "q.c_rival",
  c_triangle: "q.c_triangle", tailwind: "q.tailwind", hide: "q.hide", guess: "q.guess",
  c_place: "q.c_place",
};
const EFFECT_KEYS = { seagull: "fx.seagull", tent: "fx.tent", river: "fx.river", krill: "fx.krill" };
const SET_KEYS = {
  seagull: "set.seagull", iceberg: "set.iceberg", storm: "set.storm", emperor: "set.emperor",
  nest: "set.nest", tent: "set.tent", river: "set.river", hole: "set.hole", freezing: "set.freezing",
  radiation: "set.radiation", blazing: "set.blazing", seaweed: "set.seaweed", krill: "set.krill",
  seal: "set.seal",
};

// -- seats, teams and the turn cap (docs/web-client.md, "Conventions") ---------------

function sideOf(view, seat) {
  const i = (view.sides || []).findIndex((side) => (side.seats || []).includes(seat));
  return i < 0 ? seat % 2 : i;
}

/** A seat wears its side's colour: blue lays blue eggs, red lays red ones. */
function seatColours(view, players) {
  return Array.from({ length: players }, (_, seat) => SIDE_NAMES[sideOf(view, seat)]);
}

/** In the four-player game two seats share a side: name it. */
function seatTeam(view, seat, ctx) {
  if ((view.sides || []).every((side) => (side.seats || []).length < 2)) return null;
  return ctx.t(sideOf(view, seat) === 0 ? "side.blue" : "side.red");
}

function turnCap(view) {
  return view.turn_limit ? { turn: (view.turns || 0) + 1, limit: view.turn_limit } : null;
}

// -- geometry (the same axial lattice as geometry.py) -----------------------------

function label(view, p) {
  return String.fromCharCode(65 + (p % view.width)) + String(Math.floor(p / view.width) + 1);
}

function xy(c, r) {
  return [PAD + (c + 1 + (r + 1) / 2) * U, PAD + (r + 1) * ROW];
}

function pointXY(view, p) {
  return xy(p % view.width, Math.floor(p / view.width));
}

function wrapIndex(view, c, r) {
  const cc = ((c % view.width) + view.width) % view.width;
  const rr = ((r % view.height) + view.height) % view.height;
  return rr * view.width + cc;
}

// -- words -----------------------------------------------------------------------

function cardName(n, ctx) {
  const card = COMPONENTS.cards[String(n)];
  return card ? `#${n} ${word(card.name, ctx)}` : `#${n}`;
}

function sceneName(n, ctx) {
  const scene = COMPONENTS.scenes[String(n)];
  return scene ? word(scene.name, ctx) : String(n);
}

function pointName(p, ctx) {
  const view = ctx.ui && ctx.ui.view;
  return view ? label(view, p) : String(p);
}

function hand(name, ctx) {
  return ctx.t(name === "left" ? "hand.left" : "hand.right");
}

// -- drawing ---------------------------------------------------------------------------

function drawPiece(g, cell, x, y, frozen) {
  if (!cell) return;
  const m = /^(egg|penguin|star)(\d)$/.exec(cell);
  if (m) {
    const colour = SIDE_COLOURS[Number(m[2])];
    g.setAttribute("data-side-colour", SIDE_NAMES[Number(m[2])]);
    if (m[1] === "egg") {
      g.append(s("ellipse", { class: `pg-egg${frozen ? " pg-frozen" : ""}`, cx: x, cy: y, rx: U * 0.2, ry: U * 0.26, fill: colour, "data-piece": cell }));
    } else {
      g.append(s("circle", { class: "pg-penguin", cx: x, cy: y, r: U * 0.3, fill: colour, "data-piece": cell }));
      g.append(s("text", { x, y: y + 5, class: "pg-penguin-mark" }, m[1] === "star" ? "★" : "p"));
    }
    return;
  }
  g.append(s("rect", { class: `pg-barrier pg-${cell}`, x: x - U * 0.3, y: y - U * 0.3, width: U * 0.6, height: U * 0.6, rx: 5, "data-piece": cell }));
  g.append(s("text", { x, y: y + 5, class: "pg-barrier-mark" }, BARRIER_MARKS[cell] || "?"));
}

function drawTerrain(g, kind, x, y) {
  if (!kind) return;
  g.append(s("circle", { class: `pg-terrain pg-t-${kind}`, cx: x, cy: y, r: U * 0.44, fill: TERRAIN_COLOURS[kind], "data-terrain": kind }));
  g.append(s("text", { x: x + U * 0.3, y: y - U * 0.26, class: "pg-terrain-mark" }, TERRAIN_MARKS[kind]));
}

function arrow(x1, y1, x2, y2, cls) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const hx = x2 - ux * 8;
  const hy = y2 - uy * 8;
  return s("g", { class: cls },
    s("line", { x1, y1, x2: hx, y2: hy }),
    s("polygon", { points: `${x2},${y2} ${hx - uy * 4},${hy + ux * 4} ${hx + uy * 4},${hy - ux * 4}` }));
}

function slidePreview(view, slide, ctx) {
  const g = s("g", { class: "pg-preview", "data-move": DIRS[slide.move], "data-testid": `pg-preview-${DIRS[slide.move]}` });
  const pts = slide.path.map((p) => pointXY(view, p));
  const segs = [];
  for (let i = 1; i < slide.path.length; i++) {
    const [c0, r0] = [slide.path[i - 1] % view.width, Math.floor(slide.path[i - 1] / view.width)];
    const [c1, r1] = [slide.path[i] % view.width, Math.floor(slide.path[i] / view.width)];
    if (Math.abs(c1 - c0) > 1 || Math.abs(r1 - r0) > 1) segs.push(null); // wrapped or jumped: a gap
    segs.push([pts[i - 1], pts[i]]);
  }
  for (const seg of segs) {
    if (!seg) continue;
    g.append(s("line", { class: "pg-path", x1: seg[0][0], y1: seg[0][1], x2: seg[1][0], y2: seg[1][1] }));
  }
  for (const p of slide.eggs || []) {
    const [x, y] = pointXY(view, p);
    g.append(s("circle", { class: "pg-egg-ghost", cx: x, cy: y, r: U * 0.12 }));
  }
  for (const p of slide.removed || []) {
    const [x, y] = pointXY(view, p);
    g.append(s("text", { x, y: y + 6, class: "pg-removed" }, "×"));
  }
  const [ex, ey] = pts[pts.length - 1];
  g.append(s("circle", { class: "pg-stop", cx: ex, cy: ey, r: U * 0.34 }));
  return g;
}

function previewText(slide, ctx) {
  const parts = [ctx.t("preview.eggs", { n: (slide.eggs || []).length })];
  if ((slide.removed || []).length) parts.push(ctx.t("preview.removed", { n: slide.removed.length }));
  if (slide.hole !== undefined) parts.push(ctx.t("preview.hole"));
  if (slide.storm) parts.push(ctx.t("preview.storm"));
  if (slide.seaweed) parts.push(ctx.t("preview.seaweed"));
  if (slide.frozen !== null && slide.frozen !== undefined) parts.push(ctx.t("preview.frozen"));
  for (const fx of slide.effects || []) parts.push(ctx.t(EFFECT_KEYS[fx]));
  return parts.join(" · ");
}

function board(view, legal, ctx) {
  const W = view.width;
  const H = view.height;
  const [maxX] = xy(W, H);
  const width = maxX + U + PAD;
  const height = PAD * 2 + (H + 2) * ROW;
  const svg = s("svg", {
    viewBox: `-28 -30 ${width + 28} ${height + 30}`, class: "board pg-board", role: "group", "aria-label": ctx.t("board"), "data-testid": "pg-board",
    style: `--pg-phone-width:${Math.ceil((width + 28) * PHONE_SCALE)}px`,
  });
  const phone = window.matchMedia(PHONE).matches;
  const frozen = new Set(view.frozen || []);
  const byPoint = boardPoints(legal);
  const explores = byKey(legal, (j) => (j.type === "explore" ? j.point : null));
  const enabled = ctx.enabled !== false;
  // lines of the lattice, dashed where they cross an edge to a ghost point
  const lines = s("g", { class: "pg-lines" });
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const [x, y] = xy(c, r);
      for (const [dc, dr] of STEPS.slice(0, 3)) {
        const [x2, y2] = xy(c + dc, r + dr);
        const inside = c + dc >= 0 && c + dc < W && r + dr >= 0 && r + dr < H;
        lines.append(s("line", { x1: x, y1: y, x2, y2, class: inside ? "pg-line" : "pg-line pg-wrap" }));
      }
      for (const [dc, dr] of STEPS.slice(3)) {
        const inside = c + dc >= 0 && c + dc < W && r + dr >= 0 && r + dr < H;
        if (!inside) {
          const [x2, y2] = xy(c + dc, r + dr);
          lines.append(s("line", { x1: x, y1: y, x2, y2, class: "pg-line pg-wrap" }));
        }
      }
    }
  }
  svg.append(lines);
  // ghost points past every edge: what lies on the other side
  const ghosts = s("g", { class: "pg-ghosts", "aria-hidden": "true" });
  for (let r = -1; r <= H; r++) {
    for (let c = -1; c <= W; c++) {
      if (r >= 0 && r < H && c >= 0 && c < W) continue;
      const p = wrapIndex(view, c, r);
      const [x, y] = xy(c, r);
      const g = s("g", { class: "pg-ghost", "data-ghost-of": label(view, p) });
      g.append(s("circle", { class: "pg-dot", cx: x, cy: y, r: 3 }));
      drawTerrain(g, view.terrain[p], x, y);
      drawPiece(g, view.cells[p], x, y, frozen.has(p));
      ghosts.append(g);
    }
  }
  svg.append(ghosts);
  // terrain, rivers, tents
  const flat = s("g", { class: "pg-flat" });
  for (let p = 0; p < W * H; p++) {
    const [x, y] = pointXY(view, p);
    drawTerrain(flat, view.terrain[p], x, y);
  }
  for (const [p, targets] of view.river || []) {
    const [x, y] = pointXY(view, p);
    for (const q of targets) {
      if (q >= 0) {
        const [x2, y2] = pointXY(view, q);
        flat.append(arrow(x, y, x + (x2 - x) * 0.8, y + (y2 - y) * 0.8, "pg-river-arrow"));
      } else {
        const up = (view.river || []).find(([, ts]) => ts.includes(p));
        const [ux, uy] = up ? pointXY(view, up[0]) : [x - U, y];
        flat.append(arrow(x, y, x + (x - ux) * 0.8, y + (y - uy) * 0.8, "pg-river-arrow pg-river-off"));
      }
    }
  }
  for (const [p, turn] of view.tents || []) {
    const [x, y] = pointXY(view, p);
    flat.append(s("text", { x, y: y + U * 0.55, class: "pg-tent-turn" }, turn > 0 ? "↻" : "↺"));
  }
  svg.append(flat);
  // points and pieces
  const points = s("g", { class: "pg-points" });
  for (let p = 0; p < W * H; p++) {
    const [x, y] = pointXY(view, p);
    const g = s("g", { class: "pg-point", "data-point": label(view, p) });
    g.append(s("circle", { class: "pg-hit", cx: x, cy: y, r: U * 0.45 }));
    g.append(s("circle", { class: "pg-dot", cx: x, cy: y, r: 3 }));
    drawPiece(g, view.cells[p], x, y, frozen.has(p));
    if (enabled) {
      const own = byPoint.get(p);
      const slides = explores.get(p);
      if (own && own.length === 1) {
        clickAction(g, own[0], ctx);
      } else if (own) {
        // several things may be done here (land, or move the seal...): choose the point, then one
        clickable(g, ctx.t("choose_point", { p: label(view, p) }), () => {
          ctx.ui.pt = ctx.ui.pt === p ? null : p;
          ctx.redraw();
        });
        g.classList.add("pg-choose");
        if (ctx.ui.pt === p) g.classList.add("pg-selected");
      } else if (slides) {
        clickable(g, ctx.t("choose_penguin", { p: label(view, p) }), () => {
          ctx.ui.sel = ctx.ui.sel === p ? null : p;
          ctx.redraw();
        });
        g.classList.add("pg-mine");
      }
      if (ctx.ui.sel === p) g.classList.add("pg-selected");
    }
    points.append(g);
  }
  svg.append(points);
  svg.append(coordinates(view));
  svg.append(lastMove(view, ctx));
  // the selected penguin: every legal slide, and a handle per direction
  const sel = ctx.ui.sel;
  const chosen = sel !== null && sel !== undefined ? explores.get(sel) : null;
  if (chosen && enabled) {
    const previews = new Map((view.slides || []).filter((sl) => sl.point === sel).map((sl) => [sl.move, sl]));
    const layer = s("g", { class: "pg-previews", "data-testid": "pg-previews" });
    const handles = s("g", { class: "pg-handles" });
    const [x0, y0] = pointXY(view, sel);
    for (const entry of chosen) {
      const move = entry.json.move;
      const slide = previews.get(move);
      const pv = slide ? slidePreview(view, slide, ctx) : null;
      if (pv) layer.append(pv);
      let hx = x0;
      let hy = y0 - U * 0.75;
      // a phone's handles are larger (25 px) and further out: on the neighbouring points,
      // a turn's above and below, none nearer another than 30 px
      const out = phone ? 1 : 0.62;
      if (move < 6) {
        const [dc, dr] = STEPS[move];
        const [x1, y1] = xy(dc, dr);
        const [xb, yb] = xy(0, 0);
        hx = x0 + (x1 - xb) * out;
        hy = y0 + (y1 - yb) * out;
      } else if (phone) {
        hy = y0 + (move === 6 ? 2 : -2) * ROW;
      } else {
        hx = x0 + (move === 6 ? 0.5 : -0.5) * U;
        hy = y0 + U * 0.75;
      }
      const handle = s("g", { class: "pg-handle", "data-move": DIRS[move] },
        s("circle", { cx: hx, cy: hy, r: phone ? 17 : U * 0.2 }),
        s("text", { x: hx, y: hy + (phone ? 5.5 : 4), class: "pg-handle-mark" }, DIRS[move]));
      clickAction(handle, entry, ctx, slide ? `${actionLabel(entry)}${colon(ctx)}${previewText(slide, ctx)}` : actionLabel(entry));
      const show = () => pv && pv.classList.add("pg-preview-on");
      const hide = () => pv && pv.classList.remove("pg-preview-on");
      handle.addEventListener("mouseenter", show);
      handle.addEventListener("focus", show);
      handle.addEventListener("mouseleave", hide);
      handle.addEventListener("blur", hide);
      handles.append(handle);
    }
    svg.append(layer, handles);
  }
  return svg;
}

// -- panels ----------------------------------------------------------------------------

function statusPanel(view, ctx) {
  const rows = [];
  if (view.scene) rows.push(h("div", { class: "pg-scene", "data-testid": "pg-scene" }, ctx.t("scene", { n: view.scene.number, name: sceneName(view.scene.number, ctx) })));
  view.sides.forEach((side, i) => {
    rows.push(h("div", { class: "pg-side", "data-side": i, style: `--side:${SIDE_COLOURS[i]}` },
      h("strong", {}, ctx.t(i === 0 ? "side.blue" : "side.red")), " ",
      ctx.t("supply", { on: side.eggs_on_board, target: side.egg_target, eggs: side.eggs_unused, penguins: side.assistants_unused + side.star_unused }),
      " · ", side.seats.map((x) => ctx.seatName(x)).join(", ")));
  });
  if (view.gold.length || view.silver.length) {
    rows.push(h("div", { class: "pg-cards" }, ctx.t("deck", { deck: view.deck_size, discard: view.discard.length, limit: view.hand_limit })));
    if (view.hand) {
      rows.push(h("div", { class: "pg-hand", "data-testid": "pg-hand" }, ctx.t("your_hand"), " ",
        view.hand.length ? view.hand.map((c) => h("span", { class: `pg-card pg-${COMPONENTS.cards[String(c)].colour}`, title: word(COMPONENTS.cards[String(c)].text, ctx) }, cardName(c, ctx))) : "–"));
    }
  }
  if (view.winner !== null && view.winner !== undefined) {
    rows.push(h("div", { class: "pg-winner" }, view.winner === 2 ? ctx.t("draw") : ctx.t("winner", { side: ctx.t(view.winner === 0 ? "side.blue" : "side.red") })));
  }
  rows.push(legend(view, ctx));
  return h("div", { class: "pg-status" }, rows);
}

/** What each mark on this board means: the terrain and barriers it has, with their names. */
function legend(view, ctx) {
  // Only what the board shows now, each with the board's own mark: the pieces
  // in the colours of the sides that have them, then terrains and barriers.
  const cells = view.cells || [];
  const sides = { egg: new Set(), penguin: new Set(), star: new Set() };
  for (const cell of cells) {
    const m = /^(egg|penguin|star)(\d)$/.exec(cell || "");
    if (m) sides[m[1]].add(Number(m[2]));
  }
  const items = [];
  for (const kind of ["egg", "penguin", "star"]) {
    if (!sides[kind].size) continue;
    const marks = [...sides[kind]].sort().map((side) => pieceIcon(kind, side));
    items.push(h("span", { class: "pg-legend-item", "data-legend": kind }, marks, " ", ctx.t(LEGEND_KEYS[kind])));
  }
  for (const kind of [...new Set((view.terrain || []).filter(Boolean))]) {
    items.push(
      h("span", { class: "pg-legend-item", "data-legend": kind },
        h("span", { class: "pg-legend-mark", style: `background:${TERRAIN_COLOURS[kind]}` }, TERRAIN_MARKS[kind]), " ", ctx.t(SET_KEYS[kind])),
    );
  }
  for (const kind of LEGEND_BARRIERS.filter((b) => cells.includes(b))) {
    items.push(
      h("span", { class: "pg-legend-item", "data-legend": kind },
        h("span", { class: "pg-legend-mark pg-legend-barrier", style: `background:${BARRIER_FILLS[kind]}` }, BARRIER_MARKS[kind]), " ", ctx.t(SET_KEYS[kind])),
    );
  }
  if (!items.length) return null;
  return h("div", { class: "pg-legend", "data-testid": "pg-legend" }, h("strong", {}, ctx.t("legend.title")), " ", items);
}

/** A piece as the board draws it (an egg, a penguin "p", a star penguin "★"), small, for the legend. */
function pieceIcon(kind, side) {
  const svg = s("svg", { class: "pg-legend-icon", width: 20, height: 20, viewBox: "-10 -10 20 20", "aria-hidden": "true" });
  const fill = SIDE_COLOURS[side];
  if (kind === "egg") svg.append(s("ellipse", { cx: 0, cy: 0, rx: 6.5, ry: 8.5, fill, stroke: "#111", "stroke-width": 1 }));
  else {
    svg.append(s("circle", { cx: 0, cy: 0, r: 9, fill, stroke: "#111", "stroke-width": 1 }));
    svg.append(s("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }, kind === "star" ? "★" : "p"));
  }
  return svg;
}

function controls(view, legal, ctx) {
  const enabled = ctx.enabled !== false;
  const wrap = h("div", { class: "pg-controls", "data-testid": "pg-controls" });
  const pending = view.pending;
  if (pending && pending.seat === ctx.seat) {
    let question = ctx.t(PENDING_KEYS[pending.kind] || "q.other");
    if (pending.kind === "cancel") {
      const box = h("div", { class: "pg-cancel-prompt", role: "alert", "data-testid": "pg-cancel-prompt" },
        ctx.t("q.cancel_card", { card: cardName(pending.data[1], ctx), seat: ctx.seatName(pending.data[0]) }));
      wrap.append(box);
      question = null;
    }
    if (question) wrap.append(h("p", { class: "pg-question", "data-testid": "pg-question" }, question));
  }
  // direction buttons with their previews for the selected penguin
  const sel = ctx.ui.sel;
  const buttons = [];
  const rest = [];
  for (const entry of legal) {
    const j = entry.json || {};
    // a point's actions are taken on the board: as buttons only for the point chosen there
    if (POINT_KINDS.includes(j.type) && j.point !== ctx.ui.pt) continue;
    if (j.type === "explore" && j.point !== sel) continue;
    let text = actionLabel(entry);
    if (j.type === "explore") {
      const slide = (view.slides || []).find((sl) => sl.point === j.point && sl.move === j.move);
      if (slide) text += ` — ${previewText(slide, ctx)}`;
    }
    rest.push(entry);
    buttons.push(actionButton(entry, ctx, { class: `pg-act pg-act-${j.type}`, "data-code": null, disabled: !enabled, text }));
  }
  if (buttons.length > MAX_BUTTONS - 2) {
    // too many to show at once (a card's targets...): the shared list folds them by kind
    const box = h("div", { class: "pg-buttons", "data-testid": "pg-folded" });
    renderLegalList(box, rest, { ...ctx, game: "penguins", enabled });
    wrap.append(box);
  } else if (buttons.length) wrap.append(h("div", { class: "pg-buttons" }, buttons));
  if (explorable(legal) && (sel === null || sel === undefined)) wrap.append(h("p", { class: "muted" }, ctx.t("hint_select")));
  return wrap;
}

/** Legal actions that name a point, by point (a point with several is chosen first). */
function boardPoints(legal) {
  return byKey(legal, (j) => (POINT_KINDS.includes(j.type) ? j.point : null));
}

/** Column letters along the top, row numbers down the left: the names the actions use. */
function coordinates(view) {
  const g = s("g", { class: "pg-coords", "aria-hidden": "true", "data-testid": "pg-coords" });
  for (let c = 0; c < view.width; c++) {
    const [x, y] = xy(c, -1.75);
    g.append(s("text", { x, y: y + 4, class: "pg-coord" }, String.fromCharCode(65 + c)));
  }
  for (let r = 0; r < view.height; r++) {
    const [x, y] = xy(-1.85, r);
    g.append(s("text", { x, y: y + 4, class: "pg-coord" }, String(r + 1)));
  }
  return g;
}

/** Ring what changed since the view before the last move (pieces placed, moved or removed). */
function lastMove(view, ctx) {
  const g = s("g", { class: "pg-last", "aria-hidden": "true" });
  for (const p of changedAt(view.cells, prevAt(ctx, "cells"))) {
    const [x, y] = pointXY(view, p);
    g.append(s("circle", { class: "last-move-dot", cx: x, cy: y, r: U * 0.4, "data-last": label(view, p) }));
  }
  return g;
}

function explorable(legal) {
  return ofType(legal, "explore").length > 0;
}

function render(container, view, legal, ctx) {
  ctx.ui.view = view;
  if ((boardPoints(legal).get(ctx.ui.pt) || []).length < 2) ctx.ui.pt = null;
  if (ctx.ui.sel !== null && ctx.ui.sel !== undefined && !findEntry(legal, { type: "explore", point: ctx.ui.sel })) {
    ctx.ui.sel = null;
  }
  const box = boardBox(view, legal, ctx);
  container.replaceChildren(h("div", { class: "pg-wrap" }, box, controls(view, legal, ctx), statusPanel(view, ctx)));
  placeBoard(box, view, ctx);
}

// -- the board on a phone: drawn large enough to read and tap, panned sideways --------------

/** The board in a box of its own: on a phone (css/penguins.css) the box pans sideways,
 *  a region a keyboard can scroll too; elsewhere the board fits it. */
function boardBox(view, legal, ctx) {
  const box = h("div", { class: "pg-board-box", "data-testid": "pg-board-box", tabindex: "0", role: "region", "aria-label": ctx.t("board") },
    board(view, legal, ctx));
  box.addEventListener("scroll", () => { ctx.ui.scroll = box.scrollLeft; }, { passive: true });
  return box;
}

/** Keep the pan across redraws; the first time, the board's own points in the middle
 *  (at 390 px they are all in view, the wrap-around ring and row numbers at the edges). */
function placeBoard(box, view, ctx) {
  const room = box.scrollWidth - box.clientWidth;
  if (room <= 0) return;
  const svg = box.querySelector("svg");
  const vb = svg.viewBox.baseVal;
  const px = (x) => ((x - vb.x) / vb.width) * svg.getBoundingClientRect().width; // units to the box's pixels
  const sel = ctx.ui.sel;
  if (ctx.ui.scroll !== null && ctx.ui.scroll !== undefined) box.scrollLeft = ctx.ui.scroll;
  else box.scrollLeft = Math.max(0, Math.min(room, px((xy(0, 0)[0] + xy(view.width - 1, view.height - 1)[0]) / 2) - box.clientWidth / 2));
  if (sel !== null && sel !== undefined && sel !== ctx.ui.shown) {
    // a penguin just chosen: its handles (a point away, on a phone) come into view
    const x = pointXY(view, sel)[0];
    const [left, right] = [px(x - 1.5 * U), px(x + 1.5 * U)];
    if (left < box.scrollLeft) box.scrollLeft = Math.max(0, left);
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = Math.min(room, right - box.clientWidth);
  }
  ctx.ui.shown = sel;
}

export const renderer = defineRenderer({
  game: "penguins",
  render,
  stylesheet: "penguins.css",
  seatColours,
  seatTeam,
  turnCap,
  parts: ["buttons", "preview", "pan"],
});
