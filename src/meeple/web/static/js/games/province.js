// Province board: the work cycle (click a highlighted worker to move it one
// step clockwise), the eight buildings (click a highlighted one to build it,
// or its "Borrow" tab to borrow it with the Lender), the face-up goal, the
// boats, the coin supply, the loan token, and one panel per player. The other
// actions (grind, union, hire, repay, end turn) are buttons under the board.
//
// What is clickable comes only from the server's legal actions; costs and
// names come from province.components.json, which `python -m meeple.web.components`
// writes from the rules' data.toml (a test keeps the two equal).

import { h, s } from "../dom.js";
import { actionButton, actionLabel, byKey, clickAction, colon, defineRenderer, isZh, loadComponents, prevAt } from "../render-kit.js";

const COMPONENTS = await loadComponents("province");
const BUILDING = Object.fromEntries(COMPONENTS.buildings.map((b) => [b.id, b]));
const GOAL = Object.fromEntries(COMPONENTS.goals.map((g) => [g.id, g]));

const SEAT_FILL = ["#c0392b", "#2c5fa8"]; // only when a page gives no ctx.seatColour

/** A seat's colour: the page's (docs/web-client.md, "Conventions"). */
function seatFill(seat, ctx) {
  return ctx.seatColour ? ctx.seatColour(seat) : SEAT_FILL[seat];
}

/** Province ends at the designed turn cap if no end condition comes first. */
function turnCap(view) {
  return view.max_turns ? { turn: (view.turns || 0) + 1, limit: view.max_turns } : null;
}
const WORKER_FILL = { green: "#3f9b4f", camp: "#e8c21c", village: "#e8832a", red: "#c0392b", blue: "#2c5fa8" };
const BOARD_KINDS = new Set(["move", "build", "borrow"]);

// Two layouts: "wide" (buildings left and right of the cycle, as on the real
// board) and "tall" (cycle on top, buildings in two columns below) for phones.
const LAYOUTS = {
  wide: {
    w: 760,
    h: 420,
    columns: [
      { x: 8, y: 8, ids: ["lender", "bank", "camp", "village"] },
      { x: 542, y: 8, ids: ["mill", "smithy", "union", "harbor"] },
    ],
    cardW: 210,
    cardH: 94,
    gap: 8,
    top: { x: 230, y: 8, w: 300 },
    cycle: { cx: 380, cy: 258, r: 104, space: 56 },
    k: 1,
    label: 14,
  },
  tall: {
    w: 420,
    h: 772,
    columns: [
      { x: 4, y: 376, ids: ["lender", "bank", "camp", "village"] },
      { x: 214, y: 376, ids: ["mill", "smithy", "union", "harbor"] },
    ],
    cardW: 202,
    cardH: 92,
    gap: 8,
    top: { x: 10, y: 6, w: 400 },
    cycle: { cx: 210, cy: 250, r: 104, space: 56 },
    // A phone draws this 420-unit board about 347 px wide (0.83 px a unit): the
    // words are 15 units (app.css, .pv-tall) so that they read at 12 px or more,
    // and the marks that hold words (gems, houses, workers, the loan, the
    // Borrow tab) are k times the wide board's (issue 37, item 4).
    k: 1.3,
    label: 15,
    labor: { x: 412, y: 6 }, // the labor counter's top right corner
  },
};

let lastCtx = null;
let lastLayout = null;
window.addEventListener("resize", () => {
  if (lastCtx && lastLayout && chooseLayout(lastCtx.container) !== lastLayout) lastCtx.redraw();
});

function chooseLayout(container) {
  const width = container ? container.clientWidth : 800;
  return width && width < 620 ? "tall" : "wide";
}

// -- names ----------------------------------------------------------------------

export function buildingName(id, ctx) {
  const b = BUILDING[id];
  if (!b) return id;
  return isZh(ctx) ? b.name_zh : b.name;
}

function goalName(id, ctx) {
  const g = GOAL[id];
  if (!g) return id;
  return isZh(ctx) ? g.name_zh : g.name;
}

function goalText(id, ctx) {
  const g = GOAL[id];
  if (!g) return "";
  return isZh(ctx) ? g.text_zh : g.text;
}

function workerKind(id) {
  if (id.startsWith("green")) return "green";
  if (id === "camp" || id === "village") return id;
  return id.startsWith("red") ? "red" : "blue";
}

export function workerName(id, ctx) {
  const kind = workerKind(id);
  const n = id.replace(/^\D+/, "");
  if (kind === "green") return ctx.t("worker.green", { n });
  if (kind === "camp" || kind === "village") return ctx.t(`worker.${kind}`);
  return ctx.t("worker.sailor", { colour: ctx.t(`colour.${kind}`), n });
}

function playerName(seat, ctx) {
  return ctx.seatName ? ctx.seatName(seat) : `#${seat + 1}`;
}

// -- drawing helpers ------------------------------------------------------------------

function coinIcon(x, y, r = 8) {
  return s(
    "g",
    { class: "pv-coin" },
    s("circle", { cx: x, cy: y, r, fill: "#f2c14e", stroke: "#a57c12", "stroke-width": 1.5 }),
    s("circle", { cx: x, cy: y, r: r * 0.55, fill: "none", stroke: "#a57c12", "stroke-width": 1 }),
  );
}

function hammerIcon(x, y) {
  return s(
    "g",
    { class: "pv-hammer", transform: `translate(${x} ${y}) rotate(-35)` },
    s("rect", { x: -1.8, y: -2, width: 3.6, height: 14, rx: 1, fill: "#7a5a3a" }),
    s("rect", { x: -7, y: -7, width: 14, height: 6, rx: 1.5, fill: "#555" }),
  );
}

function gem(x, y, points, k = 1) {
  const [a, b] = [10 * k, 11 * k];
  return s(
    "g",
    { class: "pv-gem" },
    s("polygon", { points: `${x},${y - b} ${x + a},${y} ${x},${y + b} ${x - a},${y}`, fill: "#c0392b", stroke: "#7d1f16" }),
    s("text", { x, y: y + 4.5 * k, "text-anchor": "middle", class: "pv-gem-text" }, String(points)),
  );
}

function meeple(x, y, fill, scale = 1) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${scale})` },
    s("path", {
      d: "M0,-15 a5.5,5.5 0 1,1 0.01,0 Z M-11,12 L-9,1 L-14,-3 L-12,-7 L-4,-6 L4,-6 L12,-7 L14,-3 L9,1 L11,12 L3,12 L0,5 L-3,12 Z",
      fill,
      stroke: "#222",
      "stroke-width": 1.4,
      "stroke-linejoin": "round",
    }),
  );
}

/** Rough width of a label in px (SVG text cannot be measured before it is drawn). */
function textWidth(text, size) {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0) > 0x2e80 ? size : size * 0.6;
  return w;
}

// -- the board parts ------------------------------------------------------------------

function drawCycle(svg, L, view, moves, ctx) {
  const { cx, cy, r, space } = L.cycle;
  const spaces = view.spaces || COMPONENTS.spaces;
  // Space 0 on top, then clockwise: lower right, lower left.
  const angles = spaces.map((_, i) => -Math.PI / 2 + (i * 2 * Math.PI) / spaces.length);
  const centres = angles.map((a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  const g = s("g", { class: "pv-cycle", "data-testid": "pv-cycle" }, s("title", {}, ctx.t("clockwise")));
  // clockwise arrows between spaces
  for (let i = 0; i < centres.length; i++) {
    const [x1, y1] = centres[i];
    const [x2, y2] = centres[(i + 1) % centres.length];
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    const ux = dx / len;
    const uy = dy / len;
    const sx = x1 + ux * (space + 6);
    const sy = y1 + uy * (space + 6);
    const ex = x2 - ux * (space + 10);
    const ey = y2 - uy * (space + 10);
    // bow outwards from the centre
    const mx = (sx + ex) / 2;
    const my = (sy + ey) / 2;
    const ox = mx - cx;
    const oy = my - cy;
    const olen = Math.hypot(ox, oy) || 1;
    const qx = mx + (ox / olen) * 22;
    const qy = my + (oy / olen) * 22;
    g.append(s("path", { d: `M${sx},${sy} Q${qx},${qy} ${ex},${ey}`, class: "pv-arrow", "marker-end": "url(#pv-arrowhead)" }));
  }
  const workers = view.workers || {};
  const moved = new Set(view.moved || []);
  for (let i = 0; i < spaces.length; i++) {
    const [x, y] = centres[i];
    const kind = spaces[i];
    const sg = s("g", { class: `pv-space pv-space-${kind}`, "data-space": i });
    sg.append(s("circle", { cx: x, cy: y, r: space, class: "pv-space-bg" }));
    const label = ctx.t(`space.${kind}`);
    const half = textWidth(label, L.label) / 2;
    if (kind === "coin") sg.append(coinIcon(x - half - 2, y - space + 20, 7));
    else sg.append(hammerIcon(x - half - 3, y - space + 21));
    sg.append(s("text", { x: x + 8, y: y - space + 25, "text-anchor": "middle", class: "pv-space-label" }, label));
    const here = Object.keys(workers).filter((w) => workers[w] === i);
    // workers (and their numbers) grow a little on the phone board, not as much as the words
    const wk = 1 + (L.k - 1) / 2;
    here.forEach((w, k) => {
      const row = Math.floor(k / 4);
      const col = k % 4;
      const inRow = Math.min(4, here.length - row * 4);
      const step = Math.min(27 * wk, (2 * space - 30 * wk) / Math.max(1, inRow - 1)); // a row of four stays in its space
      const wx = x + (col - (inRow - 1) / 2) * step;
      const wy = y + 2 + row * 30 * wk - (here.length > 8 ? 12 : here.length > 4 ? 4 : -4) * wk;
      const wg = s("g", { class: "pv-worker", "data-worker": w, "data-testid": `worker-${w}` });
      const options = moves.get(w);
      if (options && ctx.enabled !== false) {
        wg.append(s("circle", { cx: wx, cy: wy - 2, r: 15 * wk, class: "pv-hot-ring" }));
      }
      wg.append(meeple(wx, wy, WORKER_FILL[workerKind(w)], 0.95 * wk));
      // the number the worker's action names ("Move the green worker 2")
      const number = w.replace(/^\D+/, "");
      if (number) wg.append(s("text", { x: wx, y: wy + 7 * wk, "text-anchor": "middle", class: "pv-worker-n" }, number));
      const before = prevAt(ctx, "workers");
      if (before && before[w] !== undefined && before[w] !== workers[w]) {
        wg.classList.add("last-move");
        wg.append(s("circle", { cx: wx, cy: wy - 2, r: 17 * wk, class: "last-move-dot" }));
      }
      if (moved.has(w)) {
        wg.classList.add("pv-moved");
        wg.append(s("text", { x: wx + 9 * wk, y: wy - 10 * wk, class: "pv-check" }, "✓"));
      }
      if (options && ctx.enabled !== false) {
        wg.dataset.code = options[0].code;
        clickAction(wg, options[0], ctx);
      } else {
        wg.append(s("title", {}, workerName(w, ctx)));
      }
      sg.append(wg);
    });
    g.append(sg);
  }
  // labor counter in the middle, or top right on the phone board (its bigger words
  // would run into the spaces and arrows round the middle)
  if (view.current !== null && view.current !== undefined) {
    const at = L.labor;
    const [nx, ny] = at ? [at.x - 18, at.y + 50] : [cx + 6, cy + 10];
    g.append(
      s("g", { class: "pv-labor", "data-testid": "pv-labor" }, hammerIcon(nx - 28, ny - 8), s("text", { x: nx, y: ny, "text-anchor": "middle", class: "pv-labor-n" }, String(view.labor ?? 0))),
      at ? s("text", { x: at.x, y: at.y + 14, "text-anchor": "end", class: "pv-small" }, ctx.t("labor_now")) : s("text", { x: cx, y: cy + 30, "text-anchor": "middle", class: "pv-small" }, ctx.t("labor_now")),
    );
  }
  svg.append(g);
}

/** `seat` owns building `id` now but did not one move ago (ctx.prevView): the last move built it. */
function justBuilt(ctx, seat, id) {
  const before = prevAt(ctx, "players", seat);
  return !!before && !(before.buildings || []).includes(id);
}

function drawBuildings(svg, L, view, builds, borrows, ctx) {
  const players = view.players || [];
  const firsts = view.first_builder || {};
  const loan = view.loan || {};
  for (const column of L.columns) {
    column.ids.forEach((id, row) => {
      const b = BUILDING[id];
      const x = column.x;
      const y = column.y + row * (L.cardH + L.gap);
      const w = L.cardW;
      const hgt = L.cardH;
      const card = s("g", { class: "pv-building", "data-building": id, "data-testid": `building-${id}` });
      const canBuild = builds.get(id);
      const canBorrow = borrows.get(id);
      const live = ctx.enabled !== false;
      card.append(s("rect", { x, y, width: w, height: hgt, rx: 9, class: `pv-card${canBuild && live ? " pv-card-hot" : ""}` }));
      card.append(s("text", { x: x + 10, y: y + 22, class: "pv-card-name" }, buildingName(id, ctx)));
      card.append(gem(x + w - 8 - 10 * L.k, y + 6 + 11 * L.k, b.points, L.k));
      // cost (a little lower on the phone board, clear of the bigger gem)
      const cy = y + 46 + (L.k > 1 ? 4 : 0);
      card.append(hammerIcon(x + 16, cy - 5));
      card.append(s("text", { x: x + 27, y: cy, class: "pv-cost" }, String(b.labor)));
      card.append(coinIcon(x + 52, cy - 5, 7));
      card.append(s("text", { x: x + 63, y: cy, class: "pv-cost" }, String(b.coins)));
      if (b.requires) {
        card.append(s("text", { x: x + (L.k > 1 ? 80 : 84), y: cy, class: "pv-small" }, ctx.t("needs", { building: buildingName(b.requires, ctx) })));
      }
      // builders: one house per seat that built it; the first builder's is starred
      const builders = [];
      players.forEach((p, seat) => {
        if ((p.buildings || []).includes(id)) builders.push(seat);
      });
      const hs = 18 * L.k; // a house's size
      builders.forEach((seat, k) => {
        const bx = x + 12 + k * (hs + 12);
        const by = y + hgt - 8 - hs;
        const house = s(
          "g",
          { class: "pv-owner", "data-owner": seat },
          s("path", { d: `M${bx},${by + (hs * 4) / 9} L${bx + hs / 2},${by} L${bx + hs},${by + (hs * 4) / 9} L${bx + hs},${by + hs} L${bx},${by + hs} Z`, fill: seatFill(seat, ctx), stroke: "#222" }),
          firsts[id] === seat ? s("text", { x: bx + hs / 2, y: by + (hs * 8) / 9, "text-anchor": "middle", class: "pv-star" }, "★") : null,
        );
        if (justBuilt(ctx, seat, id)) {
          // the last move built it: ring the card and the builder's house
          card.classList.add("last-move");
          card.append(s("rect", { x: x - 3, y: y - 3, width: w + 6, height: hgt + 6, rx: 11, class: "last-move-ring" }));
          house.append(s("circle", { cx: bx + hs / 2, cy: by + (hs * 5) / 9, r: (hs * 7) / 9, class: "last-move-dot" }));
        }
        card.append(house);
      });
      if (loan.building === id && loan.holder !== null && loan.holder !== undefined) {
        const [tw, th] = [58 * L.k, 22 * (1 + (L.k - 1) / 2)];
        const lx = x + w - 52 - tw;
        const ly = y + hgt - 8 - th;
        const token = s(
          "g",
          { class: "pv-loan", "data-testid": "pv-loan" },
          s("rect", { x: lx, y: ly, width: tw, height: th, rx: 5, fill: "#2b2620", stroke: seatFill(loan.holder, ctx), "stroke-width": 3 }),
          s("text", { x: lx + tw / 2, y: ly + th / 2 + 5 * L.k, "text-anchor": "middle", class: "pv-loan-text" }, ctx.t("loan_short", { penalty: COMPONENTS.loan_penalty })),
          s("title", {}, ctx.t("loan_on", { name: playerName(loan.holder, ctx) })),
        );
        const was = prevAt(ctx, "loan");
        if (was && (was.building !== loan.building || was.holder !== loan.holder)) {
          // the last move borrowed it (or took it over)
          token.classList.add("last-move");
          token.append(s("rect", { x: lx - 4, y: ly - 4, width: tw + 8, height: th + 8, rx: 8, class: "last-move-ring" }));
        }
        card.append(token);
      }
      const tip = [isZh(ctx) ? b.effect_zh : b.effect];
      if (builders.length) tip.push(ctx.t("built_by", { names: builders.map((p) => playerName(p, ctx)).join(", ") }));
      if (firsts[id] !== null && firsts[id] !== undefined) tip.push(ctx.t("first_builder", { name: playerName(firsts[id], ctx) }));
      if (canBuild && live) {
        card.dataset.code = canBuild[0].code;
        clickAction(card, canBuild[0], ctx, `${actionLabel(canBuild[0])}${colon(ctx)}${tip.join(" · ")}`);
      } else {
        card.append(s("title", {}, tip.join(" · ")));
      }
      svg.append(card);
      if (canBorrow && live) {
        const bw = 64 * (1 + (L.k - 1) / 2);
        const bh = 24 * L.k; // 24 px high on the phone board too (WCAG 2.5.8)
        const bx = x + w - bw - 8;
        const by = y + hgt - 6 - bh;
        const tab = s("g", { class: "pv-borrow", "data-testid": `borrow-${id}` });
        tab.append(s("rect", { x: bx, y: by, width: bw, height: bh, rx: bh / 2, class: "pv-borrow-bg" }));
        tab.append(s("text", { x: bx + bw / 2, y: by + bh / 2 + 5 * L.k, "text-anchor": "middle", class: "pv-borrow-text" }, ctx.t("borrow_short")));
        tab.dataset.code = canBorrow[0].code;
        clickAction(tab, canBorrow[0], ctx);
        svg.append(tab);
      }
    });
    // prerequisite arrows between pairs stacked in the column
    column.ids.forEach((id, row) => {
      const req = BUILDING[id].requires;
      const above = column.ids[row - 1];
      if (req && above === req) {
        const ax = column.x + L.cardW / 2;
        const ay = column.y + row * (L.cardH + L.gap);
        svg.append(s("path", { d: `M${ax},${ay - L.gap - 2} L${ax},${ay + 1}`, class: "pv-prereq", "marker-end": "url(#pv-arrowhead-small)" }));
      }
    });
  }
}

function drawTop(svg, L, view, ctx) {
  const { x, y, w } = L.top;
  const g = s("g", { class: "pv-top" });
  // goal token
  const up = view.goal_up;
  const gw = Math.min(150, w / 2 - 6);
  g.append(s("text", { x, y: y + 14, class: "pv-small" }, ctx.t("goal")));
  const token = s("g", { class: "pv-goal", "data-testid": "pv-goal", "data-goal": up || "" });
  token.append(s("rect", { x, y: y + 20, width: gw, height: 40, rx: 20, class: up ? "pv-goal-bg" : "pv-goal-empty" }));
  const upName = up ? goalName(up, ctx) : ctx.t("goal_none");
  const squeeze = textWidth(upName, L.label) > gw - 16; // long names are squeezed into the token
  token.append(
    s(
      "text",
      { x: x + gw / 2, y: y + 45, "text-anchor": "middle", class: "pv-goal-name", textLength: squeeze ? gw - 16 : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null },
      upName,
    ),
  );
  if (up) token.append(s("title", {}, goalText(up, ctx)));
  g.append(token);
  g.append(s("text", { x, y: y + 76, class: "pv-small" }, ctx.t("goals_left", { n: view.goals_left ?? 0 })));
  // boats and supply
  const bx = x + gw + 16;
  g.append(s("text", { x: bx, y: y + 14, class: "pv-small" }, ctx.t("boats")));
  const toss = lastBoatToss(ctx.log);
  const colours = { white: ["#fff", "#fff"], black: ["#333", "#333"], mixed: ["#fff", "#333"] }[toss] || ["#fff", "#333"];
  for (let k = 0; k < 2; k++) {
    const ox = bx + k * 40;
    g.append(
      s("path", {
        d: `M${ox},${y + 30} L${ox + 34},${y + 30} L${ox + 27},${y + 42} L${ox + 7},${y + 42} Z M${ox + 16},${y + 30} L${ox + 16},${y + 18} L${ox + 26},${y + 27} Z`,
        class: `pv-boat${toss ? "" : " pv-boat-idle"}`,
        "data-testid": `pv-boat-${k}`,
        fill: colours[k],
        stroke: "#333",
      }),
    );
  }
  const tosser = view.harbor_tosser;
  if (view.may_hire) g.append(s("text", { x: bx + 86, y: y + 38, class: "pv-small pv-strong" }, "⚓"));
  g.append(coinIcon(bx + 8, y + 62, 8));
  g.append(s("text", { x: bx + 22, y: y + 67, class: "pv-cost", "data-testid": "pv-supply" }, `${view.supply ?? 0} ${ctx.t("supply")}`));
  const boatsTip = tosser === null || tosser === undefined ? ctx.t("boats_nobody") : ctx.t("boats_tosser", { name: playerName(tosser, ctx) });
  const tossTip = toss ? ` ${ctx.t(`log.boats_${toss}`)}.` : "";
  g.append(s("title", {}, `${boatsTip}${tossTip}${view.may_hire ? ` ${ctx.t("may_hire")}` : ""}`));
  svg.append(g);
}

/** The last boat toss in the log ("white", "black", "mixed"), or null before the first. */
function lastBoatToss(log) {
  for (let i = (log || []).length - 1; i >= 0; i--) {
    const entry = log[i];
    const m = entry.seat === null || entry.seat === undefined ? /^boats (white|black|mixed)$/.exec(entry.text) : null;
    if (m) return m[1];
  }
  return null;
}

function defs() {
  return s(
    "defs",
    {},
    s("marker", { id: "pv-arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 Z", fill: "#8a7d6b" })),
    s("marker", { id: "pv-arrowhead-small", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 Z", fill: "#8a7d6b" })),
  );
}

// -- HTML parts: players, goal text, buttons -----------------------------------------------

/** "1 coin" but "2 coins": English needs a singular key; Chinese has none to pick. */
function plural(ctx, key, n) {
  return ctx.t(n === 1 ? `${key}_one` : key, { n });
}

function coinBadge() {
  const svg = s("svg", { viewBox: "0 0 20 20", class: "pv-coin-badge", "aria-hidden": "true" });
  svg.append(coinIcon(10, 10, 8));
  return svg;
}

function playerPanel(view, seat, ctx) {
  const p = view.players[seat];
  const current = view.current === seat;
  const bd = p.score_breakdown || {};
  const chips = (p.buildings || []).map((id) =>
    h("span", { class: "chip pv-chip", style: `border-color:${seatFill(seat, ctx)}` }, buildingName(id, ctx), view.first_builder?.[id] === seat ? " ★" : ""),
  );
  const goals = (p.goals || []).map((id) => h("span", { class: "chip pv-goal-chip", title: goalText(id, ctx) }, "◆ ", goalName(id, ctx)));
  return h(
    "div",
    { class: `pv-player${current ? " current" : ""}`, "data-seat": seat, "data-testid": `pv-player-${seat}`, style: `--seat:${seatFill(seat, ctx)}` },
    h(
      "div",
      { class: "pv-player-head" },
      h("span", { class: "dot", style: `background:${seatFill(seat, ctx)}` }),
      h("strong", { class: "name" }, playerName(seat, ctx), seat === ctx.seat ? ` ${ctx.t("seat.you")}` : ""),
      h("span", { class: "pv-score", "data-testid": `pv-score-${seat}` }, plural(ctx, "points", p.score)),
    ),
    h(
      "div",
      { class: "pv-stats" },
      h("span", { "data-testid": `pv-coins-${seat}` }, coinBadge(), plural(ctx, "coins", p.coins)),
      h("span", {}, plural(ctx, "buildings_n", (p.buildings || []).length)),
      h("span", {}, plural(ctx, "sailors", p.sailors || 0)),
    ),
    view.loan?.holder === seat ? h("div", { class: "pv-holds-loan" }, h("span", { class: "pv-loan-chip", title: ctx.t("loan") }, ctx.t("loan_short", { penalty: COMPONENTS.loan_penalty })), " ", ctx.t("holds_loan", { penalty: COMPONENTS.loan_penalty })) : null,
    chips.length || goals.length ? h("div", { class: "pv-chips" }, chips, goals) : null,
    h("div", { class: "pv-breakdown muted" }, ctx.t("breakdown", { buildings: bd.buildings ?? 0, goals: bd.goals ?? 0, coins: bd.coins ?? 0, loan: bd.loan ?? 0 })),
  );
}

function toolbar(view, legal, ctx) {
  const others = legal.filter((e) => !BOARD_KINDS.has(e.json?.type));
  const bar = h("div", { class: "pv-toolbar", "data-testid": "pv-toolbar" });
  if (legal.length) {
    const workPhase = view.phase === "work" && !(view.moved || []).length;
    bar.append(h("p", { class: "pv-hint" }, ctx.t(workPhase ? "hint.move" : "hint.spend")));
  }
  for (const entry of others) {
    const kind = entry.json?.type;
    bar.append(actionButton(entry, ctx, { class: kind === "end" ? "primary pv-end" : "pv-act", "data-testid": `pv-act-${kind}` }));
  }
  return bar;
}

// -- entry point -------------------------------------------------------------------------

function render(container, view, legal, ctx) {
  lastCtx = { ...ctx, container };
  const layoutName = chooseLayout(container);
  lastLayout = layoutName;
  const L = LAYOUTS[layoutName];
  const moves = byKey(legal, (j) => (j.type === "move" ? j.worker : null));
  const builds = byKey(legal, (j) => (j.type === "build" ? j.building : null));
  const borrows = byKey(legal, (j) => (j.type === "borrow" ? j.building : null));

  const svg = s("svg", {
    viewBox: `0 0 ${L.w} ${L.h}`,
    class: `board pv-board pv-${layoutName}`,
    role: "group",
    "aria-label": ctx.t("board"),
    "data-testid": "pv-board",
    "data-layout": layoutName,
  });
  svg.append(defs());
  drawTop(svg, L, view, ctx);
  drawCycle(svg, L, view, moves, ctx);
  drawBuildings(svg, L, view, builds, borrows, ctx);

  const players = h("div", { class: "pv-players" }, (view.players || []).map((_, seat) => playerPanel(view, seat, ctx)));
  const info = [];
  if (view.goal_up) info.push(h("p", { class: "pv-goal-text" }, h("strong", {}, `${ctx.t("goal")}${colon(ctx)}${goalName(view.goal_up, ctx)}`), " — ", goalText(view.goal_up, ctx)));
  if ((view.goals_removed || []).length) info.push(h("p", { class: "muted" }, ctx.t("goals_removed", { names: view.goals_removed.map((g) => goalName(g, ctx)).join(", ") })));
  const tosser = view.harbor_tosser;
  info.push(
    h(
      "p",
      { class: "muted" },
      `${ctx.t("boats")}${colon(ctx)}`,
      tosser === null || tosser === undefined ? ctx.t("boats_nobody") : ctx.t("boats_tosser", { name: playerName(tosser, ctx) }),
      lastBoatToss(ctx.log) ? ` ${ctx.t(`log.boats_${lastBoatToss(ctx.log)}`)}.` : "",
      view.may_hire ? ` ${ctx.t("may_hire")}` : "",
      view.sailors_in_supply === undefined ? "" : ` · ${ctx.t("sailors_left", { n: view.sailors_in_supply })}`,
      ` · ${ctx.t("turn_n", { n: (view.turns ?? 0) + 1 })}`,
    ),
  );
  container.replaceChildren(h("div", { class: "pv" }, players, svg, toolbar(view, legal, ctx), h("div", { class: "pv-info" }, info)));
}

export const renderer = defineRenderer({ game: "province", render, turnCap, parts: ["buttons"] });
