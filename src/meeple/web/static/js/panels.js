// Page parts shared by the match and replay pages: the players list (with
// whose turn it is and the clocks), the log, the results table.

import { formatClock, seatName } from "./common.js";
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { actionLabel } from "./legal.js";

/**
 * The seat colours, by name (docs/web-client.md, "Conventions"): a renderer
 * names one per seat with `seatColours(view, players)`; every part of the page
 * (players list, log, result table, board pieces) paints a seat with it.
 */
export const PALETTE = {
  red: "#c0392b",
  blue: "#2c5fa8",
  green: "#2f7d4f",
  purple: "#8e44ad",
  yellow: "#d4a106",
  brown: "#8b5a2b",
  orange: "#e67e22",
  grey: "#6d7a86",
};
const DEFAULT_ORDER = ["red", "blue", "green", "purple", "orange", "brown"];

/** One palette name per seat: the renderer's `seatColours(view, players)`, else the default order. */
export function seatColourNames(renderer, view, players) {
  let names = null;
  if (renderer && typeof renderer.seatColours === "function" && view) {
    try {
      names = renderer.seatColours(view, players);
    } catch (err) {
      console.error("seatColours failed; using the default colours", err);
    }
  }
  const out = [];
  for (let i = 0; i < players; i++) {
    const name = names && names[i];
    out.push(name && PALETTE[name] ? name : DEFAULT_ORDER[i % DEFAULT_ORDER.length]);
  }
  return out;
}

/**
 * Darker shades of the palette's light colours for a seat's name written in its colour:
 * yellow and orange text on the page's paper measure 2.3:1 and 2.8:1, under WCAG's 4.5:1.
 * Pieces and dots keep the bright shade (a shape needs 3:1, and they carry the name too).
 */
const TEXT_SHADES = { yellow: "#8a6a00", orange: "#a35200", grey: "#5f6f7d" };

/** A seat's colour for text (its name in the log), readable on the page's paper. */
export function seatTextColor(i, colours) {
  const name = (colours && colours[i]) || DEFAULT_ORDER[i % DEFAULT_ORDER.length];
  return TEXT_SHADES[name] || seatColor(i, colours);
}

/** A seat's CSS colour from the page's colour names (`colours`, see seatColourNames). */
export function seatColor(i, colours) {
  const name = colours && colours[i];
  return PALETTE[name] || PALETTE[DEFAULT_ORDER[i % DEFAULT_ORDER.length]];
}

/** A seat's colour in words ("blue" / "藍色"). */
export function seatColourWord(i, colours) {
  const name = (colours && colours[i]) || DEFAULT_ORDER[i % DEFAULT_ORDER.length];
  return t(`seatcolour.${name}`);
}

/**
 * The turn-cap warning, or null while the cap is not near. `cap` is a
 * renderer's turnCap(view, ctx): `{turn, limit}` and optionally `text`, the
 * game's own sentence (Snow Tails caps rounds per race, not turns per game).
 * Near means the last tenth of the turns, and at least the last 3.
 */
export function capWarning(cap) {
  if (!cap || !(cap.limit > 0)) return null;
  if (cap.limit - cap.turn > Math.max(3, Math.ceil(cap.limit / 10))) return null;
  return cap.text || t("match.turn_cap", { turn: Math.min(cap.turn, cap.limit), limit: cap.limit });
}

/** "1 point", "2 points" (a score may be fractional: 0.5 points). */
export function pointsText(n) {
  return t(Number(n) === 1 ? "seat.point" : "seat.points", { n: formatNumber(n) });
}

/** 3 -> "3", 2.5 -> "2.5", 1/3 -> "0.33": scores as people write them. */
export function formatNumber(n) {
  const x = Number(n);
  if (!Number.isFinite(x)) return String(n ?? "");
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

/**
 * The players list. `clocks` is the state message's clock block plus
 * `receivedAt` (performance.now() when it arrived), or null.
 */
export function renderPlayers(list, { match, seat, turn, clocks, scores, colours, rivals = null }) {
  const active = new Set(turn && turn.kind !== "terminal" ? turn.seats || [] : []);
  list.replaceChildren();
  const n = match ? match.players : 0;
  for (let i = 0; i < n; i++) {
    const info = match.seats[i] || {};
    const bits = [];
    if (info.kind === "human" && !info.taken) bits.push(h("span", { class: "chip open" }, t("seat.open")));
    else if (info.kind === "human" && !info.connected) bits.push(h("span", { class: "chip" }, t("seat.offline")));
    // a turn-based seat out of time, or its player on vacation: everyone sees it
    if (info.late) bits.push(h("span", { class: "chip late", "data-testid": `late-${i}` }, t("seat.late")));
    if (info.vacation_until) bits.push(h("span", { class: "chip note", "data-testid": `vacation-${i}` }, t("seat.vacation", { date: formatInstant(info.vacation_until) })));
    if (scores) bits.push(h("span", { class: "chip", "data-testid": `score-${i}` }, pointsText(scores[i])));
    if (clocks) bits.push(h("span", { class: "clock", "data-clock": i, "data-testid": `clock-${i}` }));
    list.append(
      h(
        "li",
        { class: `player${active.has(i) ? " active" : ""}`, "data-seat": i, "data-testid": `player-${i}`, "data-colour": colours?.[i], "aria-current": active.has(i) ? "true" : null },
        // the colour and whose turn it is in words too, not only painted (issue 37, item 3)
        h("span", { class: "dot", style: `background:${seatColor(i, colours)}`, title: seatColourWord(i, colours), role: "img", "aria-label": seatColourWord(i, colours) }),
        h("span", { class: "name" }, seatName(match.seats, i), i === seat ? h("span", { class: "you" }, ` ${t("seat.you")}`) : null),
        active.has(i) ? h("span", { class: "visually-hidden", "data-testid": `to-move-${i}` }, ` ${t("seat.to_move")}`) : null,
        bits,
      ),
    );
  }
  // sides with no seat (Viscounts' solo AI: the renderer's rivals(view, ctx)), listed too
  (rivals || []).forEach((r, k) =>
    list.append(
      h(
        "li",
        { class: "player rival", "data-testid": `player-rival-${k}` },
        h("span", { class: "dot", style: `background:${PALETTE.grey}` }),
        h("span", { class: "name" }, r.name),
        r.score === undefined || r.score === null ? null : h("span", { class: "chip" }, pointsText(r.score)),
      ),
    ),
  );
  tickClocks(list, clocks);
}

/** Update the clock faces: running seats lose the time since the message came (not a
 * seat whose player is on vacation: `paused`). Turn-based banks read in days and hours. */
export function tickClocks(list, clocks) {
  if (!clocks) return;
  const elapsed = (performance.now() - clocks.receivedAt) / 1000;
  const turnBased = clocks.pace === "turn";
  for (const el of list.querySelectorAll("[data-clock]")) {
    const i = Number(el.dataset.clock);
    const running = (clocks.running || []).includes(i) && !(clocks.paused || []).includes(i);
    const left = clocks.remaining[i] - (running ? elapsed : 0);
    el.textContent = turnBased ? formatBank(left) : formatClock(left * 1000);
    el.classList.toggle("running", running);
    el.classList.toggle("low", running && left < (turnBased ? 3600 : 15));
  }
}

/** A turn-based bank: "2 d 5 h" from a day up, else "5 h 30 min" (never below zero). */
export function formatBank(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("match.clock_days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  return t("match.clock_hours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}

/** An instant (seconds since the epoch) as a short date and time in the page's language. */
export function formatInstant(seconds) {
  return new Date(seconds * 1000).toLocaleString(getLang(), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** The text of one log line: the label the server sent (the game's words), else its text. */
export function logText(entry) {
  return entry.label ? actionLabel(entry) : entry.text.replace(/^seat \d+: /, "");
}

/**
 * The log's lines: a run of lines of one seat that hide what was done from this reader
 * and read the same (a bot working on its secret layout, 76 times) is one line with
 * its count. A line the reader sees whole carries the action (`json`) and never folds.
 */
export function foldLog(entries) {
  const out = [];
  for (const entry of entries) {
    const prev = out[out.length - 1];
    const hidden = (e) => !("json" in e) && e.seat !== null && e.seat !== undefined;
    if (prev && hidden(entry) && hidden(prev.entry) && prev.entry.seat === entry.seat && logText(prev.entry) === logText(entry)) {
      prev.count += 1;
      prev.last = entry.index;
    } else {
      out.push({ entry, count: 1, last: entry.index });
    }
  }
  return out;
}

/** The log as an ordered list; `current` (replay) marks the line holding that step. */
export function renderLog(list, entries, ctx, current = null) {
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const line = ({ entry, count, last }) =>
    h(
      "li",
      { class: current !== null && entry.index <= current && current <= last ? "current" : null, "data-index": entry.index },
      entry.seat === null || entry.seat === undefined
        ? h("em", {}, t("log.chance"), " ")
        : h(
            "strong",
            { style: `color:${seatTextColor(entry.seat, ctx.colours)}`, "data-seat": entry.seat, "data-colour": ctx.colours?.[entry.seat] },
            seatName(ctx.match?.seats, entry.seat),
            getLang() === "zh-TW" ? "：" : ": ",
          ),
      count > 1 ? t("log.times", { text: logText(entry), n: count }) : logText(entry),
    );
  // A live log only grows: append the new lines instead of redrawing hundreds (the last
  // line is drawn again, as a fold may have grown). Anything else (another language, new
  // names, an undo, the replay's marker) redraws.
  const lines = foldLog(entries);
  const key = JSON.stringify([ctx.lang, (ctx.match?.seats || []).map((s) => seatName(ctx.match?.seats, s.seat)), ctx.colours || []]);
  const have = list.children.length;
  const grows =
    current === null &&
    list.dataset.key === key &&
    lines.length >= have &&
    (have === 0 || Number(list.children[have - 1].dataset.index) === lines[have - 1].entry.index);
  if (grows) {
    if (have) list.children[have - 1].replaceWith(line(lines[have - 1]));
    list.append(...lines.slice(have).map(line));
  } else list.replaceChildren(...lines.map(line));
  list.dataset.key = key;
  if (current !== null) {
    list.querySelector("li.current")?.scrollIntoView({ block: "nearest" });
  } else if (nearBottom || entries.length < 3) {
    list.scrollTop = list.scrollHeight;
  }
}

/** The server's end sentence names seats as {seat:N}: put each seat's name (as the page shows it) there. */
export function fillSeats(text, match) {
  return text.replace(/\{seat:(\d+)\}/g, (_, n) => seatName(match?.seats, Number(n)));
}

/** Why the match ended, in words: a forfeit, or the game's own end sentence from the server. */
function endText(result, match) {
  const forfeited = result.forfeited || [];
  if (result.reason && result.reason !== "finished" && forfeited.length) {
    return ["forfeit", t("result.end_timeout", { names: forfeited.map((i) => seatName(match.seats, i)).join(", ") })];
  }
  const end = result.end;
  if (end) return ["game", fillSeats(end[getLang()] || end.en || "", match)];
  return ["none", t("result.end_finished")];
}

/**
 * The final standings: why it ended, then the seats sorted by rank, each in
 * its colour with its score in words ("1 point"). `colours`: palette names by seat.
 */
export function renderResults(box, result, match, extra = [], colours = null) {
  if (!result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const winners = new Set(result.winners || []);
  const forfeited = new Set(result.forfeited || []);
  // sides with no seat (a solo AI opponent) are ranked with the seats (docs/protocol.md)
  const rivals = result.rivals || [];
  const ranks = rivals.length && result.seat_ranks ? result.seat_ranks : result.ranks;
  const order = [...Array(match.players).keys()].sort(
    (a, b) => (ranks?.[a] ?? 99) - (ranks?.[b] ?? 99) || a - b,
  );
  // Alone at the table there is no rank to give: a solo game is won or lost (the
  // end sentence says against what), never "rank 1" beside "lost"; against a rival
  // (Viscounts' AI), the two are ranked together.
  const solo = match.players === 1 && !rivals.length;
  const rivalRow = (r, k) =>
    h(
      "tr",
      { class: r.rank === 1 ? "winner" : null, "data-testid": `result-rival-${k}`, "data-rank": r.rank },
      h("td", {}, String(r.rank)),
      h("td", {}, h("span", { class: "dot", style: `background:${PALETTE.grey}` }), " ", r.name[getLang()] || r.name.en),
      h("td", {}, pointsText(r.score)),
    );
  const rows = order.map((i) =>
    h(
      "tr",
      { class: winners.has(i) ? "winner" : null, "data-testid": `result-${i}`, "data-seat": i, "data-colour": colours?.[i] },
      solo ? null : h("td", {}, String(ranks?.[i] ?? "")),
      h(
        "td",
        {},
        h("span", { class: "dot", style: `background:${seatColor(i, colours)}`, title: seatColourWord(i, colours) }),
        " ",
        seatName(match.seats, i),
        forfeited.has(i) ? ` (${t("result.forfeit")})` : "",
      ),
      h("td", {}, result.scores?.[i] === undefined ? "" : pointsText(result.scores[i])),
    ),
  );
  // each rival goes before the first seat it outranks (or at the end)
  rivals.forEach((r, k) => {
    const at = order.findIndex((i) => (ranks?.[i] ?? 99) > r.rank);
    const seatsBefore = at < 0 ? order.length : at;
    const rivalsBefore = rivals.slice(0, k).filter((q) => q.rank <= r.rank).length;
    rows.splice(seatsBefore + rivalsBefore, 0, rivalRow(r, k));
  });
  const names = [...winners].map((i) => seatName(match.seats, i));
  // a solo game is won or lost (against a target, or a rival ranked in the table)
  const headline = match.players === 1
    ? t(winners.size ? "result.solo_won" : "result.solo_lost", { name: seatName(match.seats, 0) })
    : !winners.size
    ? t("result.no_winner")
    : winners.size === match.players && match.players > 1
      ? t("result.draw")
      : t("result.winners", { names: names.join(", ") });
  const why = endText(result, match);
  box.replaceChildren(
    h("h2", {}, t("result.title")),
    h("p", { class: "turn", "data-testid": "winner-line" }, headline),
    h("p", { class: "end-reason", "data-testid": "end-reason", "data-from": why[0] }, why[1]),
    h(
      "table",
      { class: "results" },
      h("thead", {}, h("tr", {}, solo ? null : h("th", {}, t("result.rank")), h("th", {}, t("result.player")), h("th", {}, t("result.score")))),
      h("tbody", {}, rows),
    ),
    extra.length ? h("div", { class: "side-actions", style: "margin-top:.6rem" }, extra) : null,
  );
}
