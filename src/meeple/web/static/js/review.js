// The game review on the replay page (issue 38, item 6; docs/web-client.md, "Game
// review"): ask the server for a review of the finished match, show its progress while
// it is made, then a win-chance chart (one line per seat in its colour, a dot on each
// judged move; a click moves the replay there), each seat's accuracy, the key moments
// and the marked moves as buttons, and a panel for the decision at the step shown:
// what was played, the better move and both win chances, in the game's own labels.
// The replay page draws the better move on the board through the renderer's legal
// list (bestLegal) and marks it (markBest).

import { api, errorText } from "./api.js";
import { renderBoard } from "./board.js";
import { h, s } from "./dom.js";
import { getLang, t } from "./i18n.js";

const POLL_MS = 1000;
const MARKED = ["inaccuracy", "mistake", "blunder"];
// the chart's drawing box (viewBox units; the SVG scales to the panel's width)
const W = 600;
const H = 180;
const LEFT = 40;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 22;

let hooks = null; // {matchId, container, lists, go, index, redraw, seatName, seatColour}
let status = null; // the server's review object (docs/protocol.md), or null: none asked
let timer = null;
// the polite live region saying the review's status: one element for the page's life
// (a region redrawn with the panel would be a new one each time, said or not at whim)
const live = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "review-live" });

const pct = (x) => `${Math.round(100 * x)}%`;
const label = (l) => (l ? l[getLang()] || l.en || "" : "");

/** Start on the replay page: read the review (if someone asked for one) and draw. */
export async function initReview(h0) {
  hooks = h0;
  await refresh();
}

async function refresh() {
  try {
    status = (await api("GET", `/api/matches/${encodeURIComponent(hooks.matchId)}/review`)).review;
  } catch (err) {
    status = null;
    if (err.code !== "not_found") return fail(err);
  }
  after();
}

function after() {
  clearTimeout(timer);
  if (status && (status.status === "queued" || status.status === "running")) {
    timer = setTimeout(refresh, POLL_MS);
  }
  const review = done();
  if (review) hooks.redraw();
  else drawReview(hooks.index());
}

function fail(err) {
  drawReview(hooks.index(), errorText(err.code, err.message));
}

async function request() {
  try {
    status = (await api("POST", `/api/matches/${encodeURIComponent(hooks.matchId)}/review`, {})).review;
  } catch (err) {
    return fail(err);
  }
  after();
}

/** The finished review, or null. */
function done() {
  return status && status.status === "done" ? status.review : null;
}

/** The review's entry for the decision taken at step `index` (the move out of it). */
export function reviewEntry(index) {
  const review = done();
  return review ? review.entries[index] || null : null;
}

/** The better move at step `index` as a one-entry legal list for the renderer ([] when
 * the move made was the best, or nothing is judged there). */
export function bestLegal(index) {
  const e = reviewEntry(index);
  if (!e || e.best === null || e.best === undefined || e.best === e.code || !e.drop) return [];
  return [{ code: e.best, label: e.best_label, json: e.best_json || {}, text: e.best_text || "" }];
}

/**
 * Draw the replay's board at step `index` with the review's better move as its one legal
 * action, and mark it. A board that cannot draw a choice without a seat of the page's
 * own (ICE's prompt reads the seat's counters) is drawn as before, without the choice:
 * the move panel still names the move.
 */
export function drawWithBest(renderer, board, view, ctx, index) {
  const legal = bestLegal(index);
  if (legal.length) {
    try {
      renderBoard(renderer, board, view, legal, ctx);
      markBest(board, index);
      return;
    } catch (err) {
      console.info("this board draws no choice on a replay; the better move is named only", err);
    }
  }
  renderBoard(renderer, board, view, [], { ...ctx, enabled: false });
}

/** Mark the better move where the board drew it (the elements carrying its code). */
export function markBest(board, index) {
  const [best] = bestLegal(index);
  if (!best) return;
  for (const el of board.querySelectorAll(`[data-code="${best.code}"]`)) {
    el.classList.add("review-best");
    el.dataset.reviewBest = "1";
  }
}

let jumped = false; // the step shown was reached from the review: say its decision

/** Move the replay to step `ply` from the review's own controls; the live region then
 * says the decision there (the page's own announcement says only the step). */
function jump(ply) {
  jumped = true;
  hooks.go(ply);
}

function seatLabel(seat) {
  return seat === null || seat === undefined ? t("log.chance") : hooks.seatName(seat);
}

const VERDICTS = {
  best: "review.verdict_best",
  good: "review.verdict_good",
  inaccuracy: "review.verdict_inaccuracy",
  mistake: "review.verdict_mistake",
  blunder: "review.verdict_blunder",
};

function verdictWord(v) {
  return t(VERDICTS[v] || VERDICTS.good);
}

/** Draw the review panel for step `index` (the replay page calls it on every draw). */
export function drawReview(index, error = null) {
  if (!hooks) return;
  const box = hooks.container;
  const parts = [h("h2", { id: "review-heading" }, t("review.title"))];
  const review = done();
  let line = "";
  if (error) parts.push(h("p", { class: "error-text", role: "alert" }, error));
  if (!status || status.status === "failed") {
    if (status && status.status === "failed") parts.push(h("p", {}, t("review.failed")));
    parts.push(h("p", { class: "muted" }, t("review.explain")));
    parts.push(h("button", { type: "button", class: "primary", "data-testid": "review-request", onclick: request }, t("review.request")));
  } else if (!review) {
    line = status.status === "queued" ? t("review.queued") : t("review.running", { done: status.done, total: status.total });
    parts.push(
      h("p", { "data-testid": "review-progress-text" }, line),
      h("progress", { max: String(Math.max(1, status.total)), value: String(status.done), "data-testid": "review-progress", "aria-label": t("review.progress") }),
    );
    line = status.status === "queued" ? t("review.queued") : t("review.running_short");
  } else {
    parts.push(
      ...summary(review),
      h("div", { class: "review-body" }, chart(review, index), movePanel(review, index)),
    );
    line = t("review.ready");
    if (jumped) {
      const panel = parts.find((p) => p.classList && p.classList.contains("review-body"));
      const words = panel ? [...panel.querySelectorAll(".review-move p")].map((p) => p.textContent).join(" ") : "";
      if (words) line = words;
    }
  }
  jumped = false;
  box.replaceChildren(...parts, live);
  if (live.textContent !== line) live.textContent = line;
  box.hidden = false;
  const lists = hooks.lists;
  if (lists) {
    lists.hidden = !review;
    if (review) lists.replaceChildren(h("h2", { id: "review-moves-heading" }, t("review.moments")), keyMoments(review), markedMoves(review, index));
    else lists.replaceChildren();
  }
}

function summary(review) {
  const out = [];
  const rows = review.accuracy.map((acc, seat) => {
    if (acc === null || acc === undefined) return null;
    const c = review.counts[seat] || {};
    return h(
      "li",
      { "data-testid": `review-seat-${seat}` },
      h("span", { class: "dot", style: `background:${hooks.seatColour(seat)}`, "aria-hidden": "true" }),
      " ",
      t("review.accuracy", { seat: hooks.seatName(seat), acc: acc, blunder: c.blunder || 0, mistake: c.mistake || 0, inaccuracy: c.inaccuracy || 0 }),
    );
  });
  out.push(h("ul", { class: "review-seats" }, rows.filter(Boolean)));
  const exact = review.entries.some((e) => e.exact);
  const rough = review.rough !== undefined ? review.rough : !exact && !review.calibrated;
  if (rough) out.push(h("p", { class: "muted", "data-testid": "review-rough" }, t("review.rough")));
  return out;
}

// -- the chart --------------------------------------------------------------------------

function chart(review, index) {
  const total = Math.max(1, review.entries.length);
  const x = (ply) => LEFT + ((W - LEFT - RIGHT) * ply) / Math.max(1, total - 1);
  const y = (chance) => TOP + (H - TOP - BOTTOM) * (1 - chance);
  const judged = review.entries.filter((e) => e.after !== null && e.after !== undefined && e.seat !== null);
  const seats = [...new Set(judged.map((e) => e.seat))].sort((a, b) => a - b);
  const desc = seats
    .map((seat) => {
      const mine = judged.filter((e) => e.seat === seat);
      const last = mine[mine.length - 1];
      return t("review.chart_seat", { seat: hooks.seatName(seat), n: mine.length, last: last ? pct(last.after) : "-" });
    })
    .join(" ");
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "review-chart",
    role: "img",
    "aria-label": `${t("review.chart")}. ${desc}`,
    "data-testid": "review-chart",
  });
  for (const v of [0, 0.5, 1]) {
    svg.append(s("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 0.5 ? "review-mid" : "review-grid" }));
    svg.append(s("text", { x: LEFT - 6, y: y(v) + 4, "text-anchor": "end", class: "review-axis" }, pct(v)));
  }
  svg.append(s("text", { x: LEFT, y: H - 4, class: "review-axis" }, t("review.axis_start")));
  svg.append(s("text", { x: W - RIGHT, y: H - 4, "text-anchor": "end", class: "review-axis" }, t("review.axis_end")));
  svg.append(s("line", { x1: x(index), x2: x(index), y1: TOP, y2: H - BOTTOM, class: "review-now", "data-testid": "review-now" }));
  for (const seat of seats) {
    const mine = judged.filter((e) => e.seat === seat);
    const colour = hooks.seatColour(seat);
    svg.append(s("polyline", { points: mine.map((e) => `${x(e.ply)},${y(e.after)}`).join(" "), fill: "none", stroke: colour, class: "review-line", "data-seat": seat }));
    for (const e of mine) {
      const dot = s("circle", {
        cx: x(e.ply), cy: y(e.after), r: MARKED.includes(e.verdict) ? 6 : 4,
        fill: MARKED.includes(e.verdict) ? "#fff" : colour, stroke: colour,
        class: `review-dot verdict-${e.verdict}${e.ply === index ? " current" : ""}`,
        "data-ply": e.ply, "data-seat": seat, "data-chance": e.after, "data-testid": `review-dot-${e.ply}`,
      });  // prettier-ignore
      dot.addEventListener("click", (ev) => {
        ev.stopPropagation();
        jump(e.ply);
      });
      svg.append(dot);
    }
  }
  // a click anywhere else goes to the nearest judged move (a phone's finger is wide)
  svg.addEventListener("click", (ev) => {
    const ctm = svg.getScreenCTM();
    if (!ctm || !judged.length) return;
    const at = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse()).x;
    const near = judged.reduce((a, b) => (Math.abs(x(b.ply) - at) < Math.abs(x(a.ply) - at) ? b : a));
    jump(near.ply);
  });
  return h("figure", { class: "review-figure" }, svg, h("figcaption", { class: "muted" }, t("review.chart_caption")));
}

// -- the decision at the step shown --------------------------------------------------------

function movePanel(review, index) {
  const e = review.entries[index];
  const rows = [];
  if (!e) {
    rows.push(h("p", {}, t("review.move_end")));
  } else {
    rows.push(h("p", { class: "review-played" }, t("review.played", { n: index + 1, seat: seatLabel(e.seat), move: label(e.label) })));
    if (e.chance) rows.push(h("p", { class: "muted" }, t("review.chance_step")));
    else if (e.forced) rows.push(h("p", { class: "muted" }, t("review.forced")));
    else if (e.verdict) {
      rows.push(h("p", {}, h("span", { class: `review-verdict verdict-${e.verdict}`, "data-testid": "review-verdict" }, verdictWord(e.verdict)), " ", t("review.after", { chance: pct(e.after) })));
      if (e.best !== null && e.best !== e.code && e.drop) {
        rows.push(h("p", { "data-testid": "review-better" }, t("review.better", { move: label(e.best_label), chance: pct(e.before) })));
        if (document.querySelector("#board .review-best")) rows.push(h("p", { class: "muted" }, t("review.best_here")));
      } else {
        rows.push(h("p", {}, t("review.was_best")));
      }
    }
  }
  return h("section", { class: "review-move", "data-testid": "review-move", "aria-label": t("review.move_panel"), tabindex: "-1", id: "review-move" }, rows);
}

function keyMoments(review) {
  if (!review.key_moments || !review.key_moments.length) return null;
  return h(
    "div",
    { class: "review-keys" },
    h("h3", { id: "review-keys-heading" }, t("review.key_moments")),
    h(
      "ol",
      { "aria-labelledby": "review-keys-heading" },
      review.key_moments.map((ply, k) => {
        const e = review.entries[ply];
        const text = t("review.key", { n: ply + 1, seat: seatLabel(e.seat), verdict: verdictWord(e.verdict || "good"), move: label(e.label) });
        return h("li", {}, h("button", { type: "button", class: "link-button", "data-testid": `review-key-${k}`, "data-ply": ply, onclick: () => jump(ply) }, text));
      }),
    ),
  );
}

function markedMoves(review, index) {
  const marked = review.entries.filter((e) => MARKED.includes(e.verdict));
  if (!marked.length) return h("p", { class: "muted" }, t("review.none_marked"));
  return h(
    "div",
    { class: "review-marked" },
    h("h3", { id: "review-marked-heading" }, t("review.marked")),
    h(
      "ol",
      { class: "review-list", "aria-labelledby": "review-marked-heading" },
      marked.map((e) =>
        h(
          "li",
          { class: e.ply === index ? "current" : null },
          h(
            "button",
            { type: "button", class: "link-button", "data-ply": e.ply, "data-testid": `review-move-${e.ply}`, "aria-current": e.ply === index ? "step" : null, onclick: () => jump(e.ply) },
            t("review.key", { n: e.ply + 1, seat: seatLabel(e.seat), verdict: verdictWord(e.verdict), move: label(e.label) }),
          ),
        ),
      ),
    ),
  );
}
