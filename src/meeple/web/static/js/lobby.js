// The lobby: create a match (game, players, options, each seat you / open /
// a bot, a clock), list open, running and finished matches, join, watch,
// replay, rematch.

import { hintChips } from "./hints.js";
import { accountHolds, drawAccount } from "./account.js";
import { api, errorText } from "./api.js";
import { botLabel, boot, hideError, onLangChange, seatName, showError } from "./common.js";
import { h } from "./dom.js";
import { syncTabs, tabKeys } from "./tabs.js";
import { loadGameStrings } from "./board.js";
import { gameTitle, getLang, hasString, t } from "./i18n.js";
import { getLastGame, getName, getSeat, saveLastGame, saveName, saveSeat } from "./store.js";
import { watchTurns } from "./turns.js";

const POLL_MS = 3000;
/** ?hidden=1: offer the options meant for tests too (the browser tests use it). */
const SHOW_HIDDEN = new URLSearchParams(location.search).get("hidden") === "1";
/** Turn-based speeds (the server's named ones; "custom" reads the three fields). */
const SPEEDS = { quick: "lobby.speed_quick", daily: "lobby.speed_daily", relaxed: "lobby.speed_relaxed", custom: "lobby.speed_custom" };
/** What happens when a clock runs out, in words (turn-based matches offer "choose"). */
const POLICIES = { choose: "lobby.timeout_choose", bot: "lobby.timeout_bot", forfeit: "lobby.timeout_forfeit" };
const HOUR = 3600;
const DAY = 86400;
/** Clock choices: [initial seconds, increment seconds]; [0, 0] is "no clock". */
const CLOCKS = [
  [0, 0],
  [60, 0],
  [180, 2],
  [300, 5],
  [600, 10],
  [1800, 0],
];

let games = [];
let tab = "open";
let lastMatches = [];
let myTurn = new Set(); // the logged-in player's matches where it is their turn (this list)

const $ = (id) => document.getElementById(id);

function currentGame() {
  return games.find((g) => g.name === $("game-select").value) || games[0];
}

function fillGames() {
  const select = $("game-select");
  const chosen = select.value;
  select.replaceChildren(...games.map((g) => h("option", { value: g.name }, gameTitle(g))));
  if (chosen) select.value = chosen;
}

function fillPlayers() {
  const game = currentGame();
  const select = $("players-select");
  const chosen = Number(select.value) || game.default_players || game.min_players;
  // player_counts lists only the supported counts (penguins: 2 or 4, not 3).
  const counts = game.player_counts ? [...game.player_counts] : [];
  if (!counts.length) for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  select.replaceChildren(...counts.map((n) => h("option", { value: n }, String(n))));
  select.value = String(counts.includes(chosen) ? chosen : game.default_players || game.min_players);
  // what the game is, in a line (the game's `blurb` string), before its rules link
  const blurb = `${game.name}.blurb`;
  $("game-blurb").textContent = hasString(blurb) ? t(blurb) : "";
  $("game-help").textContent = game.perfect_information ? "" : t("lobby.hidden_info");
  const rules = $("rules-link");
  if (rules) {
    rules.href = `/rules/${encodeURIComponent(game.name)}`;
    rules.textContent = t("lobby.rules");
  }
}

/** One of the server's word pairs ({en, zh-TW}) in the page's language. */
const said = (pair) => (pair ? pair[getLang()] || pair.en : "");

/** An option's label and help: the game's words the server sends (`spec.words`). */
function optionText(spec) {
  const words = spec.words || {};
  return { label: said(words.name) || spec.name, help: said(words.help) || spec.help || "" };
}

/** A choice in words: the server's name for the value, else the value itself (numbers). */
function choiceText(spec, value) {
  const key = typeof value === "string" ? value : JSON.stringify(value);
  return said((spec.words?.choices || {})[key]) || String(value);
}

function optionInput(spec) {
  const id = `opt-${spec.name}`;
  const { label, help } = optionText(spec);
  let input;
  if (spec.choices) {
    input = h("select", { id, name: spec.name }, spec.choices.map((c) => h("option", { value: JSON.stringify(c) }, choiceText(spec, c))));
    input.value = JSON.stringify(spec.default);
  } else if (typeof spec.default === "boolean") {
    input = h("input", { id, name: spec.name, type: "checkbox", checked: spec.default });
    return h("label", { class: "check", title: help }, input, h("span", {}, label));
  } else if (typeof spec.default === "number") {
    input = h("input", { id, name: spec.name, type: "number", value: spec.default, min: spec.minimum, max: spec.maximum });
  } else {
    input = h("input", { id, name: spec.name, value: String(spec.default ?? "") });
  }
  return h("label", { class: "field", title: help }, h("span", {}, label), input, help ? h("small", { class: "muted" }, help) : null);
}

function fillOptions() {
  const game = currentGame();
  const values = readOptionValues();
  // options for tests and tables (`hidden`) are not offered to players (?hidden=1 shows them)
  const specs = (game.options || []).filter((spec) => !spec.hidden || SHOW_HIDDEN);
  $("options-box").hidden = specs.length === 0;
  $("options").replaceChildren(...specs.map(optionInput));
  for (const [name, value] of Object.entries(values)) {
    const el = $(`opt-${name}`);
    if (!el) continue;
    if (el.type === "checkbox") el.checked = value;
    else el.value = value;
  }
}

/** What is typed in the option fields now (kept across a language switch). */
function readOptionValues() {
  const out = {};
  for (const el of document.querySelectorAll("#options input, #options select")) {
    out[el.name] = el.type === "checkbox" ? el.checked : el.value;
  }
  return out;
}

function readOptions() {
  const out = {};
  for (const spec of currentGame().options || []) {
    if (spec.hidden && !SHOW_HIDDEN) continue;
    const el = $(`opt-${spec.name}`);
    if (!el) continue;
    if (spec.choices) out[spec.name] = JSON.parse(el.value);
    else if (typeof spec.default === "boolean") out[spec.name] = el.checked;
    else if (typeof spec.default === "number") out[spec.name] = Number(el.value);
    else out[spec.name] = el.value;
  }
  return out;
}

/** One select per seat: "you", "open" (another human) or a bot. */
function fillSeats() {
  const game = currentGame();
  const n = Number($("players-select").value);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const select = h(
      "select",
      { id: `seat-${i}`, "data-seat": i, "data-testid": `seat-${i}` },
      h("option", { value: "@you" }, t("lobby.seat_you")),
      h("option", { value: "@open" }, t("lobby.seat_open")),
      (game.bots || []).map((b) => h("option", { value: b }, t("lobby.seat_bot", { bot: botLabel(b) }))),
    );
    const fallback = i === 0 ? "@you" : "@open";
    const want = previous[i];
    select.value = want && [...select.options].some((o) => o.value === want) ? want : fallback;
    select.addEventListener("change", () => {
      if (select.value !== "@you") return;
      for (const other of box.querySelectorAll("select")) {
        if (other !== select && other.value === "@you") other.value = "@open";
      }
    });
    box.append(h("label", { class: "seat-label", for: `seat-${i}` }, t("seat.n", { n: i + 1 })), select);
  }
}

function fillClock() {
  const pace = $("pace-select");
  const turnBased = (pace.value || "realtime") === "turn";
  pace.replaceChildren(
    h("option", { value: "realtime" }, t("lobby.pace_realtime")),
    h("option", { value: "turn" }, t("lobby.pace_turn")),
  );
  pace.value = turnBased ? "turn" : "realtime";
  const select = $("clock-select");
  const chosen = select.value || (turnBased ? "daily" : "0");
  if (turnBased) {
    select.replaceChildren(...Object.entries(SPEEDS).map(([s, key]) => h("option", { value: s }, t(key))));
    select.value = SPEEDS[chosen] ? chosen : "daily";
  } else {
    select.replaceChildren(
      ...CLOCKS.map(([initial, inc], i) =>
        h(
          "option",
          { value: String(i) },
          initial === 0
            ? t("lobby.clock_none")
            : t(inc ? "lobby.clock_inc" : "lobby.clock_plain", { min: initial / 60, inc }),
        ),
      ),
    );
    select.value = CLOCKS[Number(chosen)] ? chosen : "0";
  }
  $("custom-bank").hidden = !(turnBased && select.value === "custom");
  $("turn-note").hidden = !turnBased;
  const timeout = $("timeout-select");
  const policies = turnBased ? ["choose", "bot", "forfeit"] : ["bot", "forfeit"];
  const policy = policies.includes(timeout.value) ? timeout.value : policies[0];
  timeout.replaceChildren(...policies.map((p) => h("option", { value: p }, t(POLICIES[p]))));
  timeout.value = policy;
  timeout.disabled = !turnBased && select.value === "0";
}

/** The request's clock: null for none, else real-time or turn-based seconds. */
function readClock(game) {
  const policy = $("timeout-select").value;
  const bot = game.house_bot || "random";
  if ($("pace-select").value === "turn") {
    const speed = $("clock-select").value;
    if (speed !== "custom") return { pace: "turn", speed, policy, bot };
    const whole = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
    const initial = whole("bank-days") * DAY + whole("bank-hours") * HOUR;
    return { pace: "turn", speed, initial, increment: whole("per-move-hours") * HOUR, policy, bot };
  }
  const [initial, increment] = CLOCKS[Number($("clock-select").value)] || [0, 0];
  return initial ? { initial, increment, policy, bot } : null;
}

/** Draw the whole form in the current language, keeping what was chosen. */
function drawForm() {
  fillGames();
  fillPlayers();
  fillOptions();
  fillSeats();
  fillClock();
}

async function createMatch(ev) {
  ev.preventDefault();
  hideError();
  const game = currentGame();
  const name = $("player-name").value.trim();
  saveName(name);
  saveLastGame(game.name);
  const selects = [...$("seats").querySelectorAll("select")];
  const seats = selects.map((s) => (s.value.startsWith("@") ? "human" : s.value));
  const mine = selects.findIndex((s) => s.value === "@you");
  const body = { game: game.name, players: seats.length, options: readOptions(), seats };
  if ($("hints").checked) body.hints = true; // every seat agrees by taking it (not rated)
  if ($("chat-seats").checked) body.chat = "seats"; // spectators read the chat, do not write
  const clock = readClock(game);
  if (clock) body.clock = clock;
  if (mine >= 0) {
    body.join = mine;
    if (name) body.name = name;
    if (!$("rated-field").hidden && $("rated").checked) {
      body.rated = true;
      delete body.hints; // a rated match is played without hints
    }
  }
  const button = ev.submitter || $("create-form").querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const data = await api("POST", "/api/matches", body);
    if (data.token !== undefined && data.token !== null) saveSeat(data.match.id, data.seat, data.token);
    location.href = `/match/${encodeURIComponent(data.match.id)}`;
  } catch (err) {
    showError(errorText(err.code, err.message));
    button.disabled = false;
  }
}

async function join(match, seat) {
  hideError();
  const name = $("player-name").value.trim();
  saveName(name);
  const body = { seat };
  if (name) body.name = name;
  try {
    const data = await api("POST", `/api/matches/${encodeURIComponent(match.id)}/join`, body);
    saveSeat(match.id, data.seat, data.token);
    location.href = `/match/${encodeURIComponent(match.id)}`;
  } catch (err) {
    showError(errorText(err.code, err.message));
    refresh();
  }
}

async function rematch(match) {
  hideError();
  const mine = getSeat(match.id);
  const body = {};
  if (mine) body.token = mine.token;
  const name = $("player-name").value.trim();
  if (name) body.name = name;
  try {
    const data = await api("POST", `/api/matches/${encodeURIComponent(match.id)}/rematch`, body);
    if (data.token) saveSeat(data.match.id, data.seat, data.token);
    location.href = `/match/${encodeURIComponent(data.match.id)}`;
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

function seatChip(seat) {
  if (seat.kind === "bot") return h("span", { class: "chip bot" }, t("seat.bot_named", { bot: botLabel(seat.bot) }));
  if (!seat.taken) return h("span", { class: "chip open" }, t("lobby.seat_free", { n: seat.seat + 1 }));
  return h("span", { class: "chip" }, seat.name || t("seat.n", { n: seat.seat + 1 }));
}

function matchItem(match) {
  const game = games.find((g) => g.name === match.game) || match;
  const mine = getSeat(match.id);
  const href = `/match/${encodeURIComponent(match.id)}`;
  const buttons = [];
  if (match.status === "finished") {
    buttons.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(match.id)}`, "data-testid": "replay" }, t("lobby.replay")));
    if (match.rematch) buttons.push(h("a", { class: "button", href: `/match/${encodeURIComponent(match.rematch)}` }, t("lobby.to_rematch")));
    else buttons.push(h("button", { type: "button", "data-testid": "rematch", onclick: () => rematch(match) }, t("lobby.rematch")));
  } else if (mine || accountHolds(match.id)) {
    buttons.push(h("a", { class: "button primary", href, "data-testid": "resume" }, t("lobby.resume")));
  } else {
    for (const seat of match.seats) {
      if (seat.kind === "human" && !seat.taken) {
        buttons.push(
          h(
            "button",
            { type: "button", class: "primary", "data-testid": `join-${seat.seat}`, onclick: () => join(match, seat.seat) },
            t("lobby.join_seat", { n: seat.seat + 1 }),
          ),
        );
      }
    }
  }
  if (match.status !== "finished") buttons.push(h("a", { class: "button", href, "data-testid": "watch" }, t("lobby.watch")));
  let summary;
  if (match.status === "finished" && match.result) {
    const winners = (match.result.winners || []).map((i) => seatName(match.seats, i));
    // the same headline as the match page's result (panels.js renderResults)
    if (match.players === 1) summary = t(winners.length ? "result.solo_won" : "result.solo_lost", { name: seatName(match.seats, 0) });
    else if (!winners.length) summary = t("result.no_winner");
    else summary = winners.length === match.players ? t("result.draw") : t("result.winners", { names: winners.join(", ") });
  } else {
    summary = t("lobby.moves", { n: match.moves });
  }
  return h(
    "li",
    { class: "match-item", "data-match-id": match.id, "data-testid": "match-item" },
    h(
      "div",
      {},
      h("strong", {}, gameTitle(game)),
      " ",
      h("span", { class: "muted" }, `#${match.id}`),
      myTurn.has(match.id) ? h("span", { class: "chip turn", "data-testid": "lobby-my-turn" }, ` ${t("lobby.my_turn")}`) : null,
      h("div", { class: "who" }, match.seats.map(seatChip), hintChips(match)),
      h("div", { class: "muted" }, summary),
    ),
    h("div", { class: "actions" }, buttons),
  );
}

function drawList() {
  for (const b of document.querySelectorAll("[data-tab]")) b.setAttribute("aria-selected", String(b.dataset.tab === tab));
  const list = $("match-list");
  syncTabs($("match-tabs"), $("match-panel"), true);
  if (!lastMatches.length) {
    list.replaceChildren(h("li", { class: "muted" }, t(`lobby.none_${tab}`)));
    return;
  }
  list.replaceChildren(...lastMatches.map(matchItem));
}

async function refresh() {
  try {
    const data = await api("GET", `/api/matches?status=${tab}&limit=50`);
    lastMatches = data.matches;
    myTurn = new Set(data.my_turn || []);
    drawList();
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

async function main() {
  await boot();
  $("player-name").value = getName();
  try {
    games = (await api("GET", "/api/games")).games;
  } catch (err) {
    showError(errorText(err.code, err.message));
    return;
  }
  // ?game=... wins; else the game chosen last time
  const wanted = new URLSearchParams(location.search).get("game") || getLastGame();
  await Promise.all(games.map((g) => loadGameStrings(g.name)));
  drawForm();
  if (wanted && games.some((g) => g.name === wanted)) {
    $("game-select").value = wanted;
    drawForm();
  }
  let shownGame = currentGame().name;
  $("game-select").addEventListener("change", async () => {
    if (currentGame().name === shownGame) return; // same game again: keep the options
    shownGame = currentGame().name;
    saveLastGame(shownGame);
    $("players-select").value = "";
    $("options").replaceChildren();
    await loadGameStrings(currentGame().name);
    fillPlayers();
    fillOptions();
    fillSeats();
  });
  $("players-select").addEventListener("change", fillSeats);
  $("clock-select").addEventListener("change", fillClock);
  $("pace-select").addEventListener("change", () => {
    $("clock-select").value = ""; // each pace opens on its own default clock and policy
    $("timeout-select").value = "";
    fillClock();
  });
  $("create-form").addEventListener("submit", createMatch);
  const pick = (b) => {
    tab = b.dataset.tab;
    lastMatches = [];
    drawList();
    refresh();
  };
  for (const b of document.querySelectorAll("[data-tab]")) b.addEventListener("click", () => pick(b));
  tabKeys($("match-tabs"), pick);
  $("refresh").addEventListener("click", refresh);
  onLangChange(() => {
    drawForm();
    drawList();
    drawAccount($("account-panel"), games);
  });
  await drawAccount($("account-panel"), games); // before the page shows: no shift later
  document.body.dataset.ready = "1";
  watchTurns();
  await refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, POLL_MS);
}

main();
