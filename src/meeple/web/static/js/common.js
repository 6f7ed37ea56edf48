// What every page shares: strings, the header with the language switch, the
// error banner, small formatters.

import { h } from "./dom.js";
import { LANGS, applyI18n, getLang, hasString, loadStrings, setLang, t } from "./i18n.js";

/** Load the shared strings, fill the static markup, wire the language switch. */
export async function boot() {
  await loadStrings("/static/i18n/strings.json");
  const select = document.getElementById("lang-switch");
  if (select) {
    for (const [code, name] of LANGS) select.append(h("option", { value: code }, name));
    select.value = getLang();
    select.addEventListener("change", () => setLang(select.value));
  }
  applyI18n(document);
}

/** Re-run `draw` whenever the language changes. */
export function onLangChange(draw) {
  window.addEventListener("meeple:lang", () => draw());
}

let errorTimer = null;

/** Show a message in the page's alert banner (role=alert, so screen readers hear it). */
export function showError(message) {
  const box = document.getElementById("error");
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    box.hidden = true;
  }, 8000);
}

export function hideError() {
  const box = document.getElementById("error");
  if (box) box.hidden = true;
}

/** 83_000 ms -> "1:23"; an hour or more -> "1:02:03". */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const sec = total % 60;
  const min = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(min)}:${pad(sec)}` : `${min}:${pad(sec)}`;
}

/** A bot spec ("mcts:iters=200") in words: the bot's translated name, parameters kept. */
export function botLabel(spec) {
  const [name, params] = String(spec).split(/:(.*)/s);
  const key = `bot.${name}`;
  if (!hasString(key)) return spec;
  return params ? `${t(key)} (${params})` : t(key);
}

/** Who plays a seat now: its player's name, its bot, or "Seat N". */
function playerName(seats, index) {
  const seat = seats[index];
  if (seat.bot) {
    // Several bots of one kind are told apart by number ("Bot 2 (heuristic)"), counted
    // among the bots of that kind, so three heuristic opponents never share one name.
    const same = seats.filter((s) => s && s.bot === seat.bot);
    if (same.length < 2) return t("seat.bot_named", { bot: botLabel(seat.bot) });
    return t("seat.bot_numbered", { bot: botLabel(seat.bot), n: same.indexOf(seat) + 1 });
  }
  return seat.name || t("seat.n", { n: index + 1 });
}

/**
 * The display name of a seat: its player's name, its bot, or "Seat N"; a seat whose
 * player left stays theirs ("Newcomer, then Bot (heuristic)", "Newcomer (left)").
 */
export function seatName(seats, index) {
  const seat = seats && seats[index];
  if (!seat) return t("seat.n", { n: index + 1 });
  const left = seat.left || [];
  if (!left.length) return playerName(seats, index);
  const before = left.join(t("seat.list_sep"));
  if (!seat.taken) return t("seat.left", { name: before });
  return t("seat.then", { before, after: playerName(seats, index) });
}

/** Read ?key=value from the page URL. */
export function queryParam(key) {
  return new URLSearchParams(location.search).get(key);
}

/** The last path segment: /match/abc -> "abc". */
export function pathId() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}
