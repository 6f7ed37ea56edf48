// Fit To Print board: the centre (face-down sizes to draw, face-up tiles to
// take), the drawn tile with Keep / Return, your desk, your front page as an
// SVG grid, the players' progress, the centrepiece draft and the last day's
// results.
//
// Layout is two clicks (or two Enter presses): pick a desk tile (or your
// centrepiece), then a lit cell of the page: the tile's top-left corner goes
// there, face up or down as the toggle says. A picked placed tile offers Flip
// and Lift. Everything clickable comes from the server's legal actions; tile
// faces come from the view ("faces"), so no tile table is needed here.
//
// Drag and drop (pointer events: mouse, pen and touch) is a third path to the
// same actions: drag a desk tile onto the page; the cell under the part of the
// tile you grabbed fixes its top-left corner, and the drop sends the server's
// listed `place` entry for (tile, that cell, the face toggle), or nothing when
// the server lists none: legality is never computed here.

import { scoreTable } from "../tables.js";
import { clickable, h, s } from "../dom.js";
import { actionButton, actionLabel, added, colon, defineRenderer, gap, inLang, isZh, ofType, prevAt } from "../render-kit.js";

const CELL = 44;
const COLOURS = { sports: "#d9534f", news: "#3a78c2", business: "#3e9e5a", photo: "#8e6bbf", ad: "#e0a526" };
const COLOUR_KEYS = { sports: "colour.sports", news: "colour.news", business: "colour.business" };
const MOOD_KEYS = { good: "mood.good", bad: "mood.bad" };
const LETTERS = "abcdefg";
const DAY_KEYS = ["day.0", "day.1", "day.2"];
const RULE_KEYS = {
  adjacent_colour: "rule.adjacent_colour",
  adjacent_mood: "rule.adjacent_mood",
  adjacent_photos: "rule.adjacent_photos",
  no_adjacent_ads: "rule.no_adjacent_ads",
  page_colours: "rule.page_colours",
  page_photos: "rule.page_photos",
  page_ads: "rule.page_ads",
  balanced: "rule.balanced",
};
// Group titles of the legal-action list (legal.js looks them up as <game>.kind.<type>).
export const GROUP_KEYS = [
  "kind.draw", "kind.keep", "kind.return", "kind.take", "kind.layout", "kind.place",
  "kind.flip", "kind.lift", "kind.centre", "kind.print", "kind.draft",
];
// The header between real-time days: `${MODE_KEYS[mode]}_plain` (keys listed for the string check).
export const PLAIN_MODE_KEYS = ["mode_realtime_plain", "mode_family_realtime_plain"];
/** The header's words for each mode. */
const MODE_KEYS = {
  slo: "mode_slo",
  realtime: "mode_realtime",
  family: "mode_family",
  family_realtime: "mode_family_realtime",
  puzzle: "mode_puzzle",
};
/** A puzzle goal's parts in the order the game checks them (puzzles.py). */
const GOAL_KEYS = {
  all_placed: "goal.all_placed",
  all_face_up: "goal.all_face_up",
  no_flips: "goal.no_flips",
  max_empty: "goal.max_empty",
  min_revenue: "goal.min_revenue",
  min_points: "goal.min_points",
};
/** The faces of the last view drawn (the legal list's labels use them too). */
let lastFaces = {};
/** A drag in progress (tile, grabbed chip cell, start point, ghost...), or null. */
let drag = null;
/** The latest render's ctx, `place` entries and container: a drop uses the newest
 * legal list (in real time a state may arrive mid-drag). */
let latest = null;
const DRAG_THRESHOLD_PX = 6;
/** A tile chip's cell: a 1x1 tile is a 24 px target, big enough for a finger (WCAG 2.5.8; issue 37, item 4). */
const CHIP_UNIT = 24;

/** The page cell (column, row) under a client point, from the page SVG's own transform. */
function cellAtPoint(svg, x, y) {
  const ctm = svg && svg.getScreenCTM();
  if (!ctm) return null;
  const pt = new DOMPoint(x, y).matrixTransform(ctm.inverse());
  return { col: Math.floor(pt.x / CELL), row: Math.floor(pt.y / CELL) };
}

function endDrag() {
  if (drag && drag.ghost) drag.ghost.remove();
  window.removeEventListener("pointermove", onDragMove);
  window.removeEventListener("pointerup", onDragEnd);
  window.removeEventListener("pointercancel", onDragCancel);
  drag = null;
}

// A picked desk tile lights the anchors of the face the toggle shows. When the tile fits
// nowhere that way but does the other way (family mode lists no face-up spot that breaks an
// adjacency rule, so a tile may fit face down only), the toggle turns over for it: a lit
// tile that lit no cell looked broken.
function faceThatFits(ui, places, tile) {
  const fits = new Set(places.filter((e) => e.json.tile === tile).map((e) => e.json.face));
  if (fits.size && !fits.has(ui.face)) ui.face = fits.has("up") ? "up" : "down";
}

function onDragMove(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.start.x, ev.clientY - drag.start.y) < DRAG_THRESHOLD_PX) return;
  ev.preventDefault();
  if (!drag.moved) {
    drag.moved = true;
    drag.ghost = drag.chip.cloneNode(true);
    Object.assign(drag.ghost.style, { position: "fixed", pointerEvents: "none", opacity: "0.75", zIndex: "1000" });
    drag.ghost.classList.add("ftp-ghost");
    document.body.append(drag.ghost);
    // Light the legal anchors, as the two-click path does.
    drag.ctx.ui.sel = { tile: drag.tile };
    if (latest) faceThatFits(drag.ctx.ui, latest.places, drag.tile);
    drag.ctx.redraw();
  }
  drag.ghost.style.left = `${ev.clientX - drag.offset.x}px`;
  drag.ghost.style.top = `${ev.clientY - drag.offset.y}px`;
}

function onDragEnd(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  const { moved, tile, grab } = drag;
  endDrag();
  if (!moved || !latest) return; // a plain click: the chip's click handler picks the tile
  const { ctx, places, container } = latest;
  const cell = cellAtPoint(container.querySelector("[data-testid=ftp-page]"), ev.clientX, ev.clientY);
  const col = cell ? cell.col - grab.col : -1;
  const row = cell ? cell.row - grab.row : -1;
  const at = col >= 0 && row >= 0 && col < LETTERS.length ? `${LETTERS[col]}${row + 1}` : null;
  const entry = at && places.find((e) => e.json.tile === tile && e.json.at === at && e.json.face === ctx.ui.face);
  ctx.ui.sel = null;
  if (entry && ctx.enabled !== false) ctx.send(entry);
  else ctx.redraw(); // dropped off the page or on a spot the server does not list
}

function onDragCancel(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  const { moved, ctx } = drag;
  endDrag();
  if (moved && ctx) {
    ctx.ui.sel = null;
    ctx.redraw();
  }
}

/** Let a desk chip be dragged onto the page (mouse, pen and touch alike). */
function draggable(chip, tile, ctx) {
  chip.style.touchAction = "none"; // a touch drag moves the tile, not the page
  chip.dataset.draggable = "true";
  chip.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || ctx.enabled === false) return;
    endDrag();
    const box = chip.getBoundingClientRect();
    const offset = { x: ev.clientX - box.left, y: ev.clientY - box.top };
    // the chip's SVG has a 2-unit margin, then CHIP_UNIT per cell
    const grab = { col: Math.max(0, Math.floor((offset.x - 2) / CHIP_UNIT)), row: Math.max(0, Math.floor((offset.y - 2) / CHIP_UNIT)) };
    drag = { tile, grab, offset, start: { x: ev.clientX, y: ev.clientY }, moved: false, ghost: null, chip, ctx, pointerId: ev.pointerId };
    window.addEventListener("pointermove", onDragMove);
    window.addEventListener("pointerup", onDragEnd);
    window.addEventListener("pointercancel", onDragCancel);
  });
}

/** The countdown's ticking interval (one at a time: each render replaces it). */
let countdownTick = null;

/** Seconds left on the server's round timer now (ticks down between messages). */
function secondsLeft(timer) {
  return Math.max(0, timer.remaining - (performance.now() - timer.receivedAt) / 1000);
}

/** The round's countdown from ctx.roundTimer; the server's clock decides, this only shows it. */
function countdown(ctx) {
  if (countdownTick !== null) clearInterval(countdownTick);
  countdownTick = null;
  const timer = ctx.roundTimer;
  if (!timer || ctx.status !== "running") return null;
  const el = h("p", { class: "ftp-countdown", "data-testid": "ftp-countdown", role: "timer", "aria-live": "off" });
  const show = () => {
    const left = Math.ceil(secondsLeft(timer));
    el.dataset.seconds = String(left);
    el.textContent = ctx.t("countdown", { m: Math.floor(left / 60), s: String(left % 60).padStart(2, "0") });
    el.classList.toggle("ftp-hurry", left <= 10);
    el.style.color = left <= 10 ? "#b3261e" : "";
  };
  show();
  countdownTick = setInterval(() => {
    if (!el.isConnected) {
      clearInterval(countdownTick);
      countdownTick = null;
      return;
    }
    show();
  }, 250);
  return el;
}

/** A centrepiece's name and condition (side index) in words. */
/** A centrepiece's name in the page's language (its number stays off the screen). */
function centreName(view, cp, ctx) {
  const info = (view.centrepieces || {})[String(cp)];
  if (!info) return "";
  return inLang(ctx, info.name, info.name_zh);
}

/** Split a name into lines of about `width` characters (words in English, characters in Chinese). */
function wrapName(name, width) {
  const words = width < 6 ? [...name] : name.split(" ");
  const lines = [];
  for (const word of words) {
    const joint = width < 6 ? "" : " ";
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + joint + word).length <= width) lines[lines.length - 1] = last + joint + word;
    else lines.push(word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(width < 6 ? "" : " ")] : lines;
}

function centreText(view, cp, side, ctx) {
  const info = (view.centrepieces || {})[String(cp)];
  if (!info) return String(cp);
  const [rule, arg, value, limit] = info.sides[side];
  const argText = arg ? likeName(arg, ctx) : "";
  const name = inLang(ctx, info.name, info.name_zh);
  return `${name}${colon(ctx)}${ctx.t(RULE_KEYS[rule], { v: value, arg: argText, limit })}`;
}

function cellXY(name) {
  return { col: LETTERS.indexOf(name[0]), row: Number(name.slice(1)) - 1 };
}

function likeName(word, ctx) {
  if (COLOUR_KEYS[word]) return ctx.t(COLOUR_KEYS[word]);
  return ctx.t(MOOD_KEYS[word]);
}

/** A tile's face in words, with its copy number ("#2") when tiles share that face, as the labels say it. */
function faceText(face, ctx) {
  const words = faceWords(face, ctx);
  return face && face.copy ? ctx.t("tile.copy", { desc: words, n: face.copy }) : words;
}

/** The copy number the board writes on a tile ("#2"), or "" when no other tile has its face. */
function copyMark(face) {
  return face && face.copy ? `#${face.copy}` : "";
}

function faceWords(face, ctx) {
  if (!face) return "?";
  if (face.kind === "article") {
    return ctx.t("tile.article", {
      colour: ctx.t(COLOUR_KEYS[face.colour]),
      size: face.size,
      points: face.points,
      mood: ctx.t(MOOD_KEYS[face.mood]),
      icons: face.icons,
    });
  }
  if (face.kind === "photo") {
    return ctx.t("tile.photo", { size: face.size, likes: face.likes.map((w) => likeName(w, ctx)).join(" / ") });
  }
  return ctx.t("tile.ad", { size: face.size, dollars: face.dollars });
}

function tileFill(face) {
  if (!face) return "#999";
  return face.kind === "article" ? COLOURS[face.colour] : COLOURS[face.kind];
}

function tileMark(face) {
  if (!face) return "";
  if (face.kind === "article") return `${face.points} ${face.mood === "good" ? "☺" : "☹"}`;
  if (face.kind === "photo") return "📷";
  return `$${face.dollars}`;
}

/**
 * What the last move changed (ctx.prevView is the view one move earlier):
 * tiles newly on (or moved or flipped on) your page, new on your desk, new
 * face up in the centre, and the seats whose progress line changed.
 */
function lastMove(view, ctx) {
  const before = prevAt(ctx);
  const none = { page: new Set(), desk: new Set(), faceUp: new Set(), seats: new Set() };
  if (!before || before.day !== view.day) return none; // a new day resets the table: nothing to point at
  const was = new Map(((before.you && before.you.page) || []).map(([t, at, face]) => [t, `${at}/${face}`]));
  for (const [t, at, face] of (view.you && view.you.page) || []) if (was.get(t) !== `${at}/${face}`) none.page.add(t);
  none.desk = added(view.you && view.you.desk, (before.you && before.you.desk) || []);
  none.faceUp = added(view.face_up, before.face_up || []);
  const line = (p) => JSON.stringify([p.status, p.token, p.desk_count, p.page_count]);
  const lines = new Map((before.players || []).map((p) => [p.seat, line(p)]));
  for (const p of view.players || []) if (lines.has(p.seat) && lines.get(p.seat) !== line(p)) none.seats.add(p.seat);
  return none;
}

/** Give a tile chip (an <svg>) the last-move ring. */
function markChip(chip) {
  chip.classList.add("last-move");
  const w = Number(chip.getAttribute("width")) - 4;
  const hh = Number(chip.getAttribute("height")) - 4;
  chip.append(s("rect", { x: -1, y: -1, width: w + 2, height: hh + 2, rx: 3, class: "last-move-ring", "stroke-width": 2.5, "stroke-dasharray": "4 2" }));
}

/** The board's own button for `entry` (render-kit's, in the board's style). */
function button(label, entry, ctx, testid) {
  return actionButton(entry, ctx, { class: "ftp-btn", "data-testid": testid, "data-kind": null, text: label });
}

/** What the page got for a goal part: tiles left on the desk for "every tile on the page". */
function goalGot(check, ctx) {
  return ctx.t(check.part === "all_placed" ? "goal_got_desk" : "goal_got", { got: check.got });
}

/** What one unmet item says: a goal part with the page's figure, or the desk's tiles. */
function unmetText(item, ctx) {
  if (item.kind === "goal") return `${ctx.t(GOAL_KEYS[item.part], { want: item.want })}${gap(ctx)}${goalGot(item, ctx)}`;
  return ctx.t("unmet_desk", { n: item.n, points: item.points });
}

/**
 * "Print!": at once when nothing is left undone; otherwise it first says what the page
 * would miss (a puzzle's goal parts, family mode's tiles left on the desk) and asks.
 * The question lives in `ctx.ui`, so a redraw while it is open keeps it open.
 */
function printButton(entry, unmet, ctx) {
  const ui = ctx.ui;
  const box = h("span", { class: "ftp-print" });
  const go = button(actionLabel(entry), entry, ctx, "ftp-print");
  if (!unmet.length || ctx.enabled === false) {
    ui.confirmPrint = false;
    box.append(go);
    return box;
  }
  const ask = go.cloneNode(true); // the same words, but it opens the question
  ask.dataset.asks = "1";
  ask.setAttribute("aria-expanded", String(Boolean(ui.confirmPrint)));
  ask.addEventListener("click", () => {
    ui.confirmPrint = true;
    ctx.redraw();
  });
  box.append(ask);
  if (ui.confirmPrint) {
    const anyway = h("button", { type: "button", class: "ftp-btn", "data-testid": "ftp-print-anyway", "data-code": entry.code }, ctx.t("print_anyway"));
    anyway.addEventListener("click", () => ctx.send(entry, { confirmed: true })); // asked here already
    const back = h("button", { type: "button", class: "ftp-btn", "data-testid": "ftp-print-back" }, ctx.t("print_back"));
    back.addEventListener("click", () => {
      ui.confirmPrint = false;
      ctx.redraw();
    });
    box.append(
      h(
        "div",
        { class: "ftp-confirm notice", role: "alertdialog", "aria-labelledby": "ftp-confirm-title", "data-testid": "ftp-confirm" },
        h("p", { id: "ftp-confirm-title" }, ctx.t("print_confirm")),
        h("ul", {}, unmet.map((item) => h("li", { "data-kind": item.kind, "data-part": item.part || null }, unmetText(item, ctx)))),
        anyway,
        " ",
        back,
      ),
    );
  }
  return box;
}

function tileChip(tile, face, onPick, label, selected) {
  const w = face ? face.w : 1;
  const hh = face ? face.h : 1;
  const u = CHIP_UNIT;
  const svg = s("svg", {
    class: "ftp-chip" + (selected ? " selected" : ""),
    width: w * u + 4,
    height: hh * u + 4,
    viewBox: `-2 -2 ${w * u + 4} ${hh * u + 4}`,
    "data-tile": tile,
  });
  const g = s("g", {});
  g.append(
    s("rect", {
      x: 0,
      y: 0,
      width: w * u,
      height: hh * u,
      rx: 2,
      fill: tileFill(face),
      stroke: selected ? "#000" : "#333",
      "stroke-width": selected ? 2.5 : 1,
    }),
  );
  const mark = copyMark(face);
  if (mark) g.append(s("text", { class: "ftp-copy", x: 3, y: hh * u - 5, "font-size": 12, fill: "#fff" }, mark));
  svg.append(g);
  if (onPick) clickable(g, label, onPick);
  else g.append(s("title", {}, label));
  return svg;
}

/** Every player's printed front page of a scored day (shown to all, spectators too). */
function frontPages(view, res, ctx) {
  const U = 18;
  const area = view.area;
  const faces = view.faces || {};
  const box = h("div", { class: "ftp-front-pages", "data-testid": "ftp-front-pages" });
  (res.pages || []).forEach((page, seat) => {
    const svg = s("svg", {
      class: "ftp-front",
      viewBox: `-1 -1 ${area.columns * U + 2} ${area.rows * U + 2}`,
      width: area.columns * U + 2,
      height: area.rows * U + 2,
      role: "img",
      "aria-label": ctx.t("front_page_of", { name: ctx.seatName(seat) }),
    });
    svg.append(s("rect", { x: 0, y: 0, width: area.columns * U, height: area.rows * U, fill: "#fbf8ef", stroke: "#cfc6ad" }));
    const [cp, , at] = page.centrepiece || [];
    if (at) {
      const { col, row } = cellXY(at);
      svg.append(s("rect", { x: col * U + 1, y: row * U + 1, width: 2 * U - 2, height: 2 * U - 2, fill: "#222", rx: 3 }, s("title", {}, centreName(view, cp, ctx))));
    }
    for (const [tile, cell, face] of page.tiles || []) {
      const info = faces[String(tile)];
      const { col, row } = cellXY(cell);
      const w = info ? info.w : 1;
      const hh = info ? info.h : 1;
      const up = face === "up";
      svg.append(
        s(
          "rect",
          { x: col * U + 1, y: row * U + 1, width: w * U - 2, height: hh * U - 2, rx: 2, fill: up ? tileFill(info) : "#d8d2c4", stroke: "#333", "stroke-width": 0.8 },
          s("title", {}, up ? faceText(info, ctx) : ctx.t("face_down")),
        ),
      );
    }
    const p = res.scores[seat] || {};
    box.append(
      h("figure", { class: "ftp-front-page", "data-seat": seat }, svg, h("figcaption", {}, ctx.t("front_page_caption", { name: ctx.seatName(seat), points: p.points ?? 0, revenue: p.revenue ?? 0 }))),
    );
  });
  return box;
}

function pageSvg(view, ctx, places, centres, pick, moved) {
  const area = view.area;
  const you = view.you;
  const faces = view.faces || {};
  const W = area.columns * CELL;
  const H = area.rows * CELL;
  const svg = s("svg", {
    viewBox: `-20 -20 ${W + 24} ${H + 24}`,
    class: "board ftp-page",
    style: "max-width: 480px",
    role: "group",
    "aria-label": ctx.t("page"),
    "data-testid": "ftp-page",
  });
  for (let c = 0; c < area.columns; c++) {
    svg.append(s("text", { x: c * CELL + CELL / 2, y: -6, "text-anchor": "middle", "font-size": 12 }, LETTERS[c]));
  }
  for (let r = 0; r < area.rows; r++) {
    svg.append(s("text", { x: -12, y: r * CELL + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12 }, r + 1));
  }
  const star = cellXY(view.star);
  for (let r = 0; r < area.rows; r++) {
    for (let c = 0; c < area.columns; c++) {
      const at = `${LETTERS[c]}${r + 1}`;
      const g = s("g", { class: "ftp-cell", "data-cell": at });
      g.append(s("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "#fbf8ef", stroke: "#cfc6ad" }));
      if (star.col === c && star.row === r) {
        g.append(s("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 + 6, "text-anchor": "middle", "font-size": 18 }, "★"));
      }
      svg.append(g);
    }
  }
  svg.append(s("line", { x1: 0, x2: W, y1: 4 * CELL, y2: 4 * CELL, stroke: "#555", "stroke-dasharray": "6 4" }));
  const [cp, , cpAt] = you.centrepiece;
  if (cpAt) {
    const p = cellXY(cpAt);
    const g = s("g", { class: "ftp-centrepiece", "data-testid": "ftp-centrepiece" });
    g.append(s("rect", { x: p.col * CELL + 2, y: p.row * CELL + 2, width: 2 * CELL - 4, height: 2 * CELL - 4, fill: "#222", rx: 4 }));
    // its name, as the labels say it (never its card number), on up to three lines
    const lines = wrapName(centreName(view, cp, ctx), inLang(ctx, 11, 4));
    lines.forEach((line, i) => {
      const y = p.row * CELL + CELL + 4 + (i - (lines.length - 1) / 2) * 14;
      g.append(s("text", { x: p.col * CELL + CELL, y, fill: "#fff", "text-anchor": "middle", "font-size": 12, class: "ftp-cp-name" }, line));
    });
    if (centres.size && ctx.enabled !== false) clickable(g, ctx.t("pick_centrepiece"), () => pick({ centre: true }));
    svg.append(g);
  }
  for (const [tile, at, faceUp] of you.page) {
    const face = faces[String(tile)];
    const p = cellXY(at);
    const g = s("g", { class: "ftp-placed", "data-tile": tile });
    g.append(
      s("rect", {
        x: p.col * CELL + 2,
        y: p.row * CELL + 2,
        width: face.w * CELL - 4,
        height: face.h * CELL - 4,
        rx: 3,
        fill: faceUp === "up" ? tileFill(face) : "#777",
        stroke: ctx.ui.sel && ctx.ui.sel.tile === tile ? "#000" : "#333",
        "stroke-width": ctx.ui.sel && ctx.ui.sel.tile === tile ? 3 : 1,
      }),
    );
    g.append(s("text", { x: p.col * CELL + 8, y: p.row * CELL + 18, fill: "#fff", "font-size": 12 }, faceUp === "up" ? tileMark(face) : ""));
    if (copyMark(face)) {
      g.append(s("text", { class: "ftp-copy", x: p.col * CELL + 8, y: (p.row + face.h) * CELL - 8, fill: "#fff", "font-size": 12 }, copyMark(face)));
    }
    if (moved.has(tile)) {
      g.classList.add("last-move");
      g.append(s("rect", { x: p.col * CELL, y: p.row * CELL, width: face.w * CELL, height: face.h * CELL, rx: 5, class: "last-move-ring" }));
    }
    if (ctx.enabled !== false && (ctx.ui.flips.has(tile) || ctx.ui.lifts.has(tile))) {
      clickable(g, ctx.t("pick_tile", { desc: faceText(face, ctx) }), () => pick({ tile, placed: true }));
    }
    svg.append(g);
  }
  // Lit anchor cells for the picked tile (or the centrepiece).
  const sel = ctx.ui.sel;
  let targets = new Map();
  if (sel && sel.centre) targets = centres;
  else if (sel && !sel.placed) {
    for (const e of places) {
      if (e.json.tile === sel.tile && e.json.face === ctx.ui.face) targets.set(e.json.at, e);
    }
  }
  for (const [at, entry] of targets) {
    const p = cellXY(at);
    const g = s("g", { class: "ftp-target", "data-at": at, "data-code": entry.code });
    g.append(s("rect", { x: p.col * CELL + 6, y: p.row * CELL + 6, width: CELL - 12, height: CELL - 12, fill: "rgba(40,160,60,0.35)", stroke: "#2a8a3a", rx: 6 }));
    clickable(g, actionLabel(entry), () => {
      ctx.ui.sel = null;
      ctx.send(entry);
    });
    svg.append(g);
  }
  return svg;
}

/** The puzzle's goal part by part; once printed, solved or not and the score. */
function puzzlePanel(view, ctx) {
  const puzzle = view.puzzle;
  const name = inLang(ctx, puzzle.name, puzzle.name_zh);
  const goal = puzzle.goal;
  const parts = ["all_placed", "all_face_up", "no_flips"].filter((k) => goal[k]).map((k) => [k, 0]);
  if (goal.max_empty >= 0) parts.push(["max_empty", goal.max_empty]);
  if (goal.min_revenue) parts.push(["min_revenue", goal.min_revenue]);
  parts.push(["min_points", goal.min_points]);
  const result = view.final && view.final.puzzle;
  const list = h("ul", { class: "ftp-goal" });
  parts.forEach(([k, want], i) => {
    const check = result ? result.checks[i] : null;
    const mark = check ? (check.ok ? "✓ " : "✗ ") : "";
    const got = check ? `${gap(ctx)}${goalGot(check, ctx)}` : "";
    list.append(h("li", { "data-part": k, "data-ok": check ? String(check.ok) : "" }, mark, ctx.t(GOAL_KEYS[k], { want }), got));
  });
  const box = h(
    "div",
    { class: "ftp-puzzle", "data-testid": "ftp-puzzle" },
    h("h4", {}, ctx.t("puzzle_title", { n: puzzle.number, name })),
    h("p", {}, ctx.t("goal_title")),
    list,
  );
  if (result) {
    const points = view.final.scores[0];
    box.append(
      h(
        "p",
        { class: "ftp-puzzle-result", "data-testid": "ftp-puzzle-result", "data-solved": String(result.solved) },
        h("strong", {}, ctx.t(result.solved ? "puzzle_solved" : "puzzle_failed", { points, best: puzzle.best })),
      ),
    );
  } else {
    box.append(h("p", { class: "muted" }, ctx.t("puzzle_best", { best: puzzle.best })));
  }
  return box;
}

function render(container, view, legal, ctx) {
  lastFaces = view.faces || {};
  const ui = ctx.ui;
  latest = { ctx, places: ofType(legal, "place"), container };
  if (ui.face !== "up" && ui.face !== "down") ui.face = "up";
  const by = (type) => ofType(legal, type);
  const one = (type) => by(type)[0];
  const places = by("place");
  ui.flips = new Set(by("flip").map((e) => e.json.tile));
  ui.lifts = new Set(by("lift").map((e) => e.json.tile));
  const centres = new Map(by("centre").map((e) => [e.json.at, e]));
  if (ui.sel && !ui.sel.centre && !ui.sel.placed && !places.some((e) => e.json.tile === ui.sel.tile)) ui.sel = null;
  if (ui.sel && ui.sel.placed && !ui.flips.has(ui.sel.tile) && !ui.lifts.has(ui.sel.tile)) ui.sel = null;
  const pick = (sel) => {
    ui.sel = ui.sel && JSON.stringify(ui.sel) === JSON.stringify(sel) ? null : sel;
    if (ui.sel && !ui.sel.placed && !ui.sel.centre) faceThatFits(ui, places, ui.sel.tile);
    ctx.redraw();
  };
  const faces = view.faces || {};
  const last = lastMove(view, ctx);
  const root = h("div", { class: "ftp", "data-testid": "ftp-board" });

  // Header: day, mode, timer, breaking news.
  const puzzle = view.puzzle;
  // between days the view carries no round length: say "real time" without a figure
  const realtime = view.mode === "realtime" || view.mode === "family_realtime";
  const modeKey = realtime && !view.round_seconds ? `${MODE_KEYS[view.mode]}_plain` : MODE_KEYS[view.mode] || "mode_slo";
  const mode = ctx.t(modeKey, {
    seconds: view.round_seconds || 0,
    n: puzzle ? puzzle.number : 0,
    count: puzzle ? puzzle.count : 0,
  });
  root.append(h("h3", { class: "ftp-header", "data-testid": "ftp-header" }, ctx.t("header", { day: ctx.t(DAY_KEYS[view.day]), mode })));
  const clock = countdown(ctx);
  if (clock) root.append(clock);
  if (view.news_card) {
    const card = view.news_card;
    const zh = isZh(ctx);
    root.append(h("p", { class: "ftp-news" }, ctx.t("news", { name: zh ? card.name_zh : card.name, text: zh ? card.text_zh : card.text })));
  }
  if (view.you) {
    const [cp, side] = view.you.centrepiece;
    root.append(h("p", { class: "ftp-mycentre", "data-testid": "ftp-mycentre" }, ctx.t("your_centrepiece", { text: centreText(view, cp, side, ctx) })));
  }

  if (puzzle) root.append(puzzlePanel(view, ctx));

  // Players' progress (never their pages).
  const plist = h("ul", { class: "ftp-players", "data-testid": "ftp-players" });
  for (const p of view.players) {
    const status = p.status === "reporting" ? ctx.t("status_reporting") : p.status === "layout" ? ctx.t("status_layout") : ctx.t("status_printed");
    plist.append(
      h(
        "li",
        { "data-seat": p.seat, class: last.seats.has(p.seat) ? "last-move" : null },
        ctx.t("player_line", {
          name: ctx.seatName(p.seat),
          status,
          token: p.token ? ctx.t("player_token", { token: p.token }) : "", // none yet: not said
          desk: p.desk_count,
          page: p.page_count,
          points: p.total_points,
          revenue: p.total_revenue,
          last: p.last_day ? ctx.t("player_last_day", { day: ctx.t(`day.${p.last_day.day}`), points: p.last_day.points, revenue: p.last_day.revenue }) : "",
        }),
      ),
    );
  }
  root.append(plist);

  // The centre: draw by size, take face-up tiles (a puzzle has none).
  const centre = h("div", { class: "ftp-centre", "data-testid": "ftp-centre", hidden: Boolean(puzzle) });
  centre.append(h("h4", {}, ctx.t("centre_title")));
  const draws = h("div", { class: "ftp-draws" });
  for (const e of by("draw")) draws.append(button(ctx.t("draw_button", { size: e.json.size, n: view.pool[e.json.size] || 0 }), e, ctx, `ftp-draw-${e.json.size}`));
  centre.append(draws);
  const takes = new Map(by("take").map((e) => [e.json.tile, e]));
  const up = h("div", { class: "ftp-faceup", "data-testid": "ftp-faceup" });
  for (const t of view.face_up) {
    const face = faces[String(t)];
    const e = takes.get(t);
    const label = ctx.t("take", { desc: faceText(face, ctx) });
    const chip = tileChip(t, face, e && ctx.enabled !== false ? () => ctx.send(e) : null, label, false);
    if (last.faceUp.has(t)) markChip(chip);
    up.append(chip);
  }
  centre.append(up);
  // Nothing to draw or take (a puzzle, the end, between days): no empty heading either.
  if (!draws.children.length && !up.children.length) centre.hidden = true;
  root.append(centre);

  // The drawn tile.
  const you = view.you;
  if (you && you.drawn !== null && you.drawn !== undefined) {
    const face = faces[String(you.drawn)];
    const box = h("div", { class: "ftp-drawn", "data-testid": "ftp-drawn" }, ctx.t("drawn", { desc: faceText(face, ctx) }), " ");
    box.append(tileChip(you.drawn, face, null, faceText(face, ctx), false));
    if (one("keep")) box.append(button(actionLabel(one("keep")), one("keep"), ctx, "ftp-keep"));
    if (one("return")) box.append(button(actionLabel(one("return")), one("return"), ctx, "ftp-return"));
    root.append(box);
  }

  if (you) {
    // The page and the desk.
    if (view.phase === "day") root.append(pageSvg(view, ctx, places, centres, pick, last.page));
    const desk = h("div", { class: "ftp-desk", "data-testid": "ftp-desk" }, h("h4", {}, ctx.t("desk_title")));
    const placeable = new Set(places.map((e) => e.json.tile));
    for (const t of you.desk) {
      const face = faces[String(t)];
      const chosen = ui.sel && !ui.sel.placed && ui.sel.tile === t;
      const onPick = placeable.has(t) && ctx.enabled !== false ? () => pick({ tile: t }) : null;
      const chip = tileChip(t, face, onPick, ctx.t("pick_tile", { desc: faceText(face, ctx) }), chosen);
      if (onPick) draggable(chip, t, ctx);
      if (last.desk.has(t)) markChip(chip);
      desk.append(chip);
    }
    root.append(desk);
    const tools = h("div", { class: "ftp-tools" });
    if (places.length) {
      const toggle = h("button", { type: "button", class: "ftp-btn", "data-testid": "ftp-face" }, ui.face === "up" ? ctx.t("face_up") : ctx.t("face_down"));
      toggle.addEventListener("click", () => {
        ui.face = ui.face === "up" ? "down" : "up";
        ctx.redraw();
      });
      tools.append(toggle);
    }
    if (ui.sel && ui.sel.placed) {
      const flip = by("flip").find((e) => e.json.tile === ui.sel.tile);
      const lift = by("lift").find((e) => e.json.tile === ui.sel.tile);
      if (flip) tools.append(button(actionLabel(flip), flip, ctx, "ftp-flip"));
      if (lift) tools.append(button(actionLabel(lift), lift, ctx, "ftp-lift"));
    }
    if (one("layout")) tools.append(button(actionLabel(one("layout")), one("layout"), ctx, "ftp-layout"));
    if (one("print")) tools.append(printButton(one("print"), you.unmet || [], ctx));
    tools.append(h("span", { class: "muted" }, " ", ctx.t("rearrangements", { n: you.rearrangements_left })));
    root.append(tools);
    const pv = you.preview;
    if (pv) {
      root.append(
        h(
          "p",
          { class: "ftp-preview", "data-testid": "ftp-preview" },
          ctx.t("preview", { points: pv.points, revenue: pv.revenue, empty: pv.largest_empty }),
          pv.violations.length ? h("strong", { class: "ftp-violations" }, " ", ctx.t("violations", { list: pv.violations.map((p) => p.join("-")).join(", ") })) : "",
        ),
      );
    }
  }

  // The draft.
  if (view.offer && view.offer.length) {
    const offer = h("div", { class: "ftp-offer", "data-testid": "ftp-offer" }, h("h4", {}, ctx.t("offer_title")));
    const drafts = new Map(by("draft").map((e) => [e.json.centrepiece, e]));
    for (const [cp, side] of view.offer) {
      const label = centreText(view, cp, side, ctx); // by name, as the draft's label says it
      const e = drafts.get(cp);
      offer.append(e ? button(label, e, ctx, `ftp-draft-${cp}`) : h("span", { class: "ftp-offer-item" }, label));
    }
    root.append(offer);
  }

  // The last day's results, pages included.
  if (view.results && view.results.length) {
    const res = view.results[view.results.length - 1];
    const table = scoreTable(
      { class: "ftp-results", "data-testid": "ftp-results" },
      ["res_player", "res_points", "res_revenue", "res_articles", "res_photos", "res_centre", "res_white", "res_mood", "res_desk"].map((k) => ctx.t(k)),
      res.scores.map((p, seat) => [ctx.seatName(seat), p.points, `$${p.revenue}`, p.articles, p.photos, p.centrepiece, p.white_space, p.mood, p.desk].map(String)),
    );
    root.append(h("h4", {}, ctx.t("results_title", { day: ctx.t(DAY_KEYS[res.day]) })), table);
    root.append(frontPages(view, res, ctx));
  }
  const revenuePoints = view.final && view.final.revenue_points;
  if (revenuePoints && (view.mode === "family" || view.mode === "family_realtime")) { // said even at $0
    const list = revenuePoints.map((p, seat) => ctx.t("revenue_item", { name: ctx.seatName(seat), points: p })).join(", ");
    root.append(h("p", { class: "ftp-family-revenue", "data-testid": "ftp-family-revenue" }, ctx.t("revenue_added", { list })));
  }
  container.replaceChildren(root);
}

export const renderer = defineRenderer({ game: "fittoprint", render, parts: ["buttons", "preview"] });
