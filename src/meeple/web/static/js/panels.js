// Page parts shared by the match and replay pages: the players list (with
// whose turn it is and the clocks), the log, the results table.

import { formatClock, seatName } from "./common.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { actionLabel } from "./legal.js";

export function seatColor(i) {
  return `var(--seat${i % 4})`;
}

/**
 * The players list. `clocks` is the state message's clock block plus
 * `receivedAt` (performance.now() when it arrived), or null.
 */
export function renderPlayers(list, { match, seat, turn, clocks, scores }) {
  const active = new Set(turn && turn.kind !== "terminal" ? turn.seats || [] : []);
  list.replaceChildren();
  const n = match ? match.players : 0;
  for (let i = 0; i < n; i++) {
    const info = match.seats[i] || {};
    const bits = [];
    if (info.kind === "human" && !info.taken) bits.push(h("span", { class: "chip open" }, t("seat.open")));
    else if (info.kind === "human" && !info.connected) bits.push(h("span", { class: "chip" }, t("seat.offline")));
    if (scores) bits.push(h("span", { class: "chip", "data-testid": `score-${i}` }, t("seat.score", { n: scores[i] })));
    if (clocks) bits.push(h("span", { class: "clock", "data-clock": i, "data-testid": `clock-${i}` }));
    list.append(
      h(
        "li",
        { class: `player${active.has(i) ? " active" : ""}`, "data-seat": i, "data-testid": `player-${i}` },
        h("span", { class: "dot", style: `background:${seatColor(i)}` }),
        h("span", { class: "name" }, seatName(match.seats, i), i === seat ? h("span", { class: "you" }, ` ${t("seat.you")}`) : null),
        bits,
      ),
    );
  }
  tickClocks(list, clocks);
}

/** Update the clock faces: running seats lose the time since the message came. */
export function tickClocks(list, clocks) {
  if (!clocks) return;
  const elapsed = (performance.now() - clocks.receivedAt) / 1000;
  for (const el of list.querySelectorAll("[data-clock]")) {
    const i = Number(el.dataset.clock);
    const running = (clocks.running || []).includes(i);
    const left = clocks.remaining[i] - (running ? elapsed : 0);
    el.textContent = formatClock(left * 1000);
    el.classList.toggle("running", running);
    el.classList.toggle("low", running && left < 15);
  }
}

/** The text of one log line: the label the server sent (the game's words), else its text. */
function logText(entry) {
  return entry.label ? actionLabel(entry) : entry.text.replace(/^seat \d+: /, "");
}

/** The log as an ordered list; `current` (replay) marks one line. */
export function renderLog(list, entries, ctx, current = null) {
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const line = (entry) =>
    h(
      "li",
      { class: entry.index === current ? "current" : null, "data-index": entry.index },
      entry.seat === null || entry.seat === undefined
        ? h("em", {}, t("log.chance"), " ")
        : h("strong", { style: `color:${seatColor(entry.seat)}` }, seatName(ctx.match?.seats, entry.seat), ": "),
      logText(entry),
    );
  // A live log only grows: append the new lines instead of redrawing hundreds.
  // Anything else (another language, new names, an undo, the replay's marker) redraws.
  const key = JSON.stringify([ctx.lang, (ctx.match?.seats || []).map((s) => s.name)]);
  const have = list.children.length;
  const grows =
    current === null &&
    list.dataset.key === key &&
    entries.length >= have &&
    (have === 0 || Number(list.children[have - 1].dataset.index) === entries[have - 1].index);
  if (grows) list.append(...entries.slice(have).map(line));
  else list.replaceChildren(...entries.map(line));
  list.dataset.key = key;
  if (current !== null) {
    list.querySelector("li.current")?.scrollIntoView({ block: "nearest" });
  } else if (nearBottom || entries.length < 3) {
    list.scrollTop = list.scrollHeight;
  }
}

/** The final standings. */
export function renderResults(box, result, match, extra = []) {
  if (!result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const winners = new Set(result.winners || []);
  const forfeited = new Set(result.forfeited || []);
  const rows = [];
  for (let i = 0; i < match.players; i++) {
    rows.push(
      h(
        "tr",
        { class: winners.has(i) ? "winner" : null, "data-testid": `result-${i}` },
        h("td", {}, String(result.ranks?.[i] ?? "")),
        h("td", {}, seatName(match.seats, i), forfeited.has(i) ? ` (${t("result.forfeit")})` : ""),
        h("td", {}, String(result.scores?.[i] ?? "")),
      ),
    );
  }
  const names = [...winners].map((i) => seatName(match.seats, i));
  const headline = winners.size === match.players && match.players > 1 ? t("result.draw") : t("result.winners", { names: names.join(", ") });
  box.replaceChildren(
    h("h2", {}, t("result.title")),
    h("p", { class: "turn", "data-testid": "winner-line" }, headline),
    h(
      "table",
      { class: "results" },
      h("thead", {}, h("tr", {}, h("th", {}, t("result.rank")), h("th", {}, t("result.player")), h("th", {}, t("result.score")))),
      h("tbody", {}, rows),
    ),
    extra.length ? h("div", { class: "side-actions", style: "margin-top:.6rem" }, extra) : null,
  );
}
