// What the leaderboard and the profile pages share: a rating as people read it, a
// player's name (an account's, or a house bot's), and the history chart.

import { botLabel } from "./common.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

/** "1523 ± 210": the rating and its uncertainty (two standard deviations). */
export function ratingText(r) {
  return t("ratings.value", { rating: r.rating, pm: r.plus_minus });
}

/** A player of the leaderboard: a link to an account's profile, or a house bot's name. */
export function playerCell(p) {
  if (p.bot) return h("span", { class: "muted" }, t("ratings.house_bot", { bot: botLabel(p.bot) }));
  return h("a", { href: `/players/${encodeURIComponent(p.name)}`, "data-testid": "player-link" }, p.name);
}

/**
 * A rating's history as a line (one point per rated game), with its words as the
 * drawing's accessible name; the same figures are in the table beside it.
 */
export function historyChart(history) {
  const W = 320;
  const H = 120;
  const pad = 28;
  const values = history.map((p) => p.rating);
  const lo = Math.min(1500, ...values) - 20;
  const hi = Math.max(1500, ...values) + 20;
  const x = (i) => pad + (history.length < 2 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (history.length - 1));
  const y = (v) => H - pad / 2 - ((v - lo) * (H - pad)) / (hi - lo);
  const first = values[0];
  const last = values[values.length - 1];
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img",
    "aria-label": t("ratings.chart", { from: first, to: last, n: values.length }), "data-testid": "rating-chart",
  });
  svg.append(s("line", { x1: pad, x2: W - pad, y1: y(1500), y2: y(1500), class: "rating-base" }));
  svg.append(s("text", { x: 2, y: y(1500) + 4, class: "rating-axis" }, "1500"));
  svg.append(s("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "rating-line" }));
  values.forEach((v, i) => svg.append(s("circle", { cx: x(i), cy: y(v), r: 3, class: "rating-dot" })));
  svg.append(s("text", { x: W - pad, y: y(last) - 6, class: "rating-axis", "text-anchor": "end" }, String(last)));
  return svg;
}
