// The match page: one WebSocket (reconnecting), the board (the game's
// renderer, or the generic view), the legal-action list, whose turn it is,
// clocks, the log, undo, leave, results and rematch.

import { api, errorText, hasSession } from "./api.js";
import { boot, hideError, onLangChange, pathId, queryParam, seatName, showError } from "./common.js";
import { gameT, loadGameStrings, loadRenderer, renderBoard, renderGenericView } from "./board.js";
import { Connection } from "./connection.js";
import { h } from "./dom.js";
import { gameTitle, getLang, t } from "./i18n.js";
import { renderLegalList } from "./legal.js";
import { Announcer } from "./announce.js";
import { boardArrows, restoreFocus, roveBoard, watchFocus } from "./focus.js";
import { initTextView, onDescription, refresh as refreshTextView } from "./textview.js";
import { PALETTE, capWarning, logText, renderLog, renderPlayers, renderResults, seatColor, seatColourNames, seatColourWord, tickClocks } from "./panels.js";
import { forgetSeat, getName, getSeat, saveName, saveSeat } from "./store.js";
import { drawHints } from "./hints.js";
import { ChatPanel } from "./chat.js";
import { setTitle, setTurnHere, watchTurns } from "./turns.js";

const matchId = pathId();
const $ = (id) => document.getElementById(id);

let conn = null;
let last = null; // the latest state message
let prevView = null; // the view one state message before `last` (the last move is marked on the board)
let clocks = null; // last.clocks plus receivedAt
let roundTimer = null; // last.round_timer plus receivedAt (a game's own round timer)
let renderer = null;
let pending = false; // an action or undo is in flight: buttons off until the answer
let pendingRef = null; // the `ref` of that action or undo: its answer carries it
let nextRef = 1;
let leaving = false; // the leave choices are shown
let asking = null; // a legal entry whose question (entry.confirm) waits for the player
let playedHere = false; // this page saw the match running (not opened after its end)
let resultShown = false; // the result was drawn once (the page scrolled up to it)
const ui = {}; // the renderer's own memory across redraws (selections...)
let announcer = null; // the live region: others' moves, my turn, the end, each said once
let toldFrom = null; // the first log index to announce (what was there at load is history)
let wasMine = false; // it was my turn at the last draw (a new turn is announced once)
let lastTold = null; // the last log line said, to say a run of secret steps once
let chat = null; // the chat panel (chat.js): its messages come over the same socket

function wsPath() {
  const mine = getSeat(matchId);
  const query = mine ? `?token=${encodeURIComponent(mine.token)}` : "";
  return `/ws/match/${encodeURIComponent(matchId)}${query}`;
}

function isMyTurn() {
  return !!last && last.seat !== null && last.legal.length > 0;
}

function send(message) {
  const ref = nextRef++;
  if (!conn || !conn.send({ ...message, ref })) {
    showError(t("error.offline"));
    return false;
  }
  pending = true;
  pendingRef = ref;
  draw();
  return true;
}

/**
 * Submit one legal action (an entry of the state's `legal` list). An entry the game asks
 * about first (`entry.confirm`: "Print now? Your page would miss ...") waits for the
 * player's yes in the question box, unless the caller already asked (`confirmed`).
 */
function sendAction(entry, { confirmed = false } = {}) {
  if (!last || pending) return;
  if (entry.confirm && !confirmed) {
    asking = entry;
    drawAsk();
    $("ask").querySelector("button")?.focus();
    $("ask").scrollIntoView({ block: "nearest" });
    return;
  }
  asking = null;
  drawAsk();
  hideError();
  send({ type: "action", state_id: last.state_id, code: entry.code });
}

/**
 * Say what a screen reader should hear once (issue 37): each line of the others' moves
 * as the log tells it, a run of one seat's secret steps that read the same once, my turn
 * with its prompt when it becomes mine, and the end. The page's own text is not live, so
 * a redraw says nothing again.
 */
function announce() {
  if (!announcer) announcer = new Announcer($("announce"));
  const log = last.log;
  if (toldFrom === null) {
    // At load: a seated player hears what the others did since their own last move (at
    // most the last 12 lines: a bot's opening turn, not a whole game); a spectator only
    // what happens from now.
    const end = log.length ? log[log.length - 1].index + 1 : 0;
    if (last.seat === null) toldFrom = end;
    else {
      const mine = log.findLast((e) => e.seat === last.seat);
      toldFrom = Math.max(mine ? mine.index + 1 : 0, end - 12);
    }
  }
  for (const entry of log) {
    if (entry.index < toldFrom || (last.seat !== null && entry.seat === last.seat)) continue;
    const who = entry.seat === null || entry.seat === undefined ? t("log.chance") : seatName(last.match.seats, entry.seat);
    const text = `${who}: ${logText(entry)}`;
    const secret = !("json" in entry);
    if (secret && lastTold === text) continue;
    if (announcer.say(`log:${entry.index}:${text}`, text)) lastTold = secret ? text : null;
  }
  const mine = isMyTurn() && !pending && last.status === "running";
  if (mine && !wasMine) {
    const prompt = $("board").querySelector("[data-testid$=prompt]")?.textContent?.trim();
    announcer.say(`turn:${last.state_id}`, prompt ? `${turnText()}. ${prompt}` : turnText());
  }
  wasMine = mine || (pending && wasMine); // an action in flight is still my turn
  if (last.result) {
    const res = $("results");
    const line = [res.querySelector("[data-testid=winner-line]"), res.querySelector("[data-testid=end-reason]")];
    announcer.say("end", line.map((el) => el?.textContent || "").filter(Boolean).join(". "));
  }
}

/** The game's question before an action, with "go ahead" and "choose again". */
function drawAsk() {
  const box = $("ask");
  const still = asking && last && last.status === "running" && last.legal.some((e) => e.code === asking.code);
  if (!still) asking = null;
  box.hidden = !asking;
  if (!asking) return box.replaceChildren();
  const entry = asking;
  box.replaceChildren(
    h("p", { id: "ask-question" }, entry.confirm[getLang()] || entry.confirm.en),
    h(
      "div",
      { class: "side-actions" },
      h("button", { type: "button", class: "primary", "data-testid": "ask-yes", onclick: () => sendAction(entry, { confirmed: true }) }, t("match.ask_yes")),
      h("button", { type: "button", "data-testid": "ask-no", onclick: () => ((asking = null), draw()) }, t("match.ask_no")),
    ),
  );
}

/** The palette name of every seat (the renderer's seatColours, else the default order). */
function colours() {
  return last ? seatColourNames(renderer, last.view, last.match.players) : [];
}

function makeCtx() {
  const names = colours();
  return {
    game: last.game,
    seat: last.seat,
    match: last.match,
    players: last.match.players,
    turn: last.turn,
    status: last.status,
    lang: getLang(),
    t: gameT(last.game),
    send: sendAction,
    enabled: !pending && last.status === "running",
    renderer,
    ui,
    log: last.log,
    redraw: draw,
    seatName: (i) => seatName(last.match.seats, i),
    colours: names,
    seatColour: (i) => seatColor(i, names),
    seatColourName: (i) => seatColourWord(i, names),
    palette: PALETTE,
    prevView,
    roundTimer,
  };
}

function turnText() {
  if (!last) return t("match.loading");
  if (last.result || last.status === "finished") return t("match.over");
  if (last.status === "open") return t("match.waiting_players");
  if (last.status === "expired") return t("match.expired");
  const turn = last.turn || {};
  const seats = turn.seats || [];
  if (turn.kind === "chance") return t("match.chance");
  if (last.seat !== null && seats.includes(last.seat)) return t("match.your_turn");
  const names = seats.map((i) => seatName(last.match.seats, i)).join(", ");
  return t("match.their_turn", { names });
}

function drawTurn() {
  const el = $("turn");
  el.textContent = turnText();
  el.classList.toggle("mine", !!last && !last.result && last.status === "running" && isMyTurn());
  const mine = !!last && !last.result && last.status === "running" && isMyTurn();
  // a player in another tab sees from the title that it is their turn
  setTitle(`${mine ? `${t("match.your_turn")} · ` : ""}${last ? gameTitle(last.match) : ""} · meeple`);
  // the tab's count, and a notification when the turn came while the page was hidden
  setTurnHere(matchId, mine, last ? t("match.notify_body", { game: gameTitle(last.match) }) : undefined);
  $("game-title").textContent = last ? `${gameTitle(last.match)} · ${seatLine()}` : "";
  $("game-title").dataset.colour = last && last.seat !== null ? colours()[last.seat] : "";
  drawRulesLink();
  drawTurnCap();
}

/** "you play Ann, blue" (and the team where the game has teams), or "watching". */
function seatLine() {
  if (last.seat === null) return t("match.spectating");
  const name = seatName(last.match.seats, last.seat);
  const colour = seatColourWord(last.seat, colours());
  let team = null;
  if (renderer && typeof renderer.seatTeam === "function") team = renderer.seatTeam(last.view, last.seat, makeCtx());
  return team ? t("match.you_are_team", { name, colour, team }) : t("match.you_are", { name, colour });
}

function drawRulesLink() {
  const link = $("rules-link");
  if (!link || !last) return;
  link.href = `/rules/${encodeURIComponent(last.game)}`;
  link.textContent = t("match.rules");
  link.hidden = false;
}

/** The turn cap, said on the page once it is near (the renderer's turnCap(view, ctx): see capWarning). */
function drawTurnCap() {
  const box = $("turn-cap");
  if (!box) return;
  const cap = last && last.status === "running" && renderer && typeof renderer.turnCap === "function" ? renderer.turnCap(last.view, makeCtx()) : null;
  const text = capWarning(cap);
  box.hidden = !text;
  box.textContent = text || "";
}

function drawJoinBox() {
  const box = $("join-box");
  const open = last && last.status !== "finished" ? last.match.seats.filter((s) => s.kind === "human" && !s.taken) : [];
  // Redraw only when something it shows changed: a guest may be typing a name in it.
  const key = JSON.stringify([getLang(), last?.seat ?? null, last?.status, open.map((s) => s.seat), pending]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const typed = document.getElementById("join-name")?.value;
  box.replaceChildren();
  if (!open.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (last.seat === null) {
    // An invited guest says who they are before taking a seat (remembered for next time).
    box.append(
      h("p", {}, t("match.seats_open")),
      h(
        "label",
        { class: "field" },
        h("span", {}, t("match.name_ask")),
        h("input", {
          id: "join-name",
          "data-testid": "join-name",
          maxlength: 40,
          autocomplete: "nickname",
          value: typed ?? getName(),
          placeholder: t("lobby.name_placeholder"),
        }),
      ),
      h(
        "div",
        { class: "side-actions" },
        open.map((s) =>
          h("button", { type: "button", class: "primary", "data-testid": `take-${s.seat}`, onclick: () => takeSeat(s.seat) }, t("lobby.join_seat", { n: s.seat + 1 })),
        ),
      ),
    );
  } else {
    const link = `${location.origin}/match/${matchId}`;
    box.append(
      h("p", {}, last.status === "open" ? t("match.invite") : t("match.seat_left")),
      h("p", {}, h("code", { "data-testid": "invite-link" }, link)),
      h(
        "div",
        { class: "side-actions" },
        open.map((s) =>
          h("button", { type: "button", "data-testid": `bot-${s.seat}`, onclick: () => botTakeover(s.seat) }, t("match.bot_takes", { n: s.seat + 1 })),
        ),
      ),
    );
  }
}

/**
 * A turn-based seat whose clock ran out (`late`): the other players choose to skip its
 * turn (the house bot plays it, the seat stays its player's) or to hand the seat to the
 * house bot for good (POST .../seats/N/late); its own player is told to move now.
 */
function drawLate() {
  const box = $("late-box");
  const late = last && last.status === "running" ? last.match.seats.filter((s) => s.late) : [];
  const key = JSON.stringify([getLang(), last?.seat ?? null, late.map((s) => s.seat), last?.turn?.seats || [], pending]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  const me = last ? last.seat : null;
  const mine = me !== null && last.match.seats[me]?.kind === "human";
  box.hidden = !late.length;
  if (!late.length) return;
  const toMove = last.turn?.seats || [];
  for (const seat of late) {
    const name = seatName(last.match.seats, seat.seat);
    if (seat.seat === me) {
      box.append(h("p", { class: "notice warn", "data-testid": "late-you" }, t("match.late_you")));
      continue;
    }
    const choices = mine && !last.match.seats[me].late
      ? h(
          "div",
          { class: "side-actions" },
          toMove.includes(seat.seat)
            ? h("button", { type: "button", "data-testid": `late-skip-${seat.seat}`, onclick: () => decideLate(seat.seat, "skip") }, t("match.late_skip"))
            : null,
          h("button", { type: "button", "data-testid": `late-bot-${seat.seat}`, onclick: () => decideLate(seat.seat, "bot") }, t("match.late_bot")),
        )
      : null;
    box.append(h("p", { "data-testid": `late-note-${seat.seat}` }, t("match.late", { name })), choices);
  }
}

async function decideLate(seat, choice) {
  hideError();
  const body = { choice };
  const mine = getSeat(matchId);
  if (mine) body.token = mine.token;
  try {
    await api("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/late`, body);
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

function drawActions() {
  const panel = $("actions-panel");
  const legalBox = $("legal");
  const mine = last && last.seat !== null;
  panel.hidden = !mine;
  if (!mine) return;
  renderLegalList(legalBox, last.status === "running" ? last.legal : [], makeCtx());
  const undo = $("undo");
  undo.hidden = false;
  undo.disabled = pending || !last.can_undo;
  const leave = $("leave");
  leave.hidden = last.status === "finished";
  let choices = document.getElementById("leave-choices");
  if (choices) choices.remove();
  if (leaving && last.status !== "finished") {
    choices = h(
      "div",
      { id: "leave-choices", class: "notice", style: "margin-top:.6rem" },
      h("p", {}, t("match.leave_ask")),
      h(
        "div",
        { class: "side-actions" },
        h("button", { type: "button", "data-testid": "leave-bot", onclick: () => leave_(last.match.house_bot || "random") }, t("match.leave_bot")),
        h("button", { type: "button", "data-testid": "leave-open", onclick: () => leave_(null) }, t("match.leave_open")),
        h("button", { type: "button", onclick: () => ((leaving = false), draw()) }, t("match.cancel")),
      ),
    );
    panel.append(choices);
  }
}

function drawBoard() {
  const box = $("board");
  if (!last) return;
  const ctx = makeCtx();
  const legal = last.status === "running" ? last.legal : [];
  if (renderer) {
    try {
      renderBoard(renderer, box, last.view, legal, ctx);
      return;
    } catch (err) {
      console.error("renderer failed; showing the generic view", err);
    }
  }
  renderGenericView(box, last.view);
}

function drawResults() {
  const extra = [h("a", { class: "button", href: `/replay/${encodeURIComponent(matchId)}`, "data-testid": "to-replay" }, t("lobby.replay"))];
  if (last.match.rematch) {
    extra.push(h("a", { class: "button primary", href: `/match/${encodeURIComponent(last.match.rematch)}`, "data-testid": "to-rematch" }, t("lobby.to_rematch")));
  } else {
    extra.push(h("button", { type: "button", class: "primary", "data-testid": "rematch", onclick: rematch }, t("lobby.rematch")));
  }
  extra.push(h("a", { class: "button", href: "/" }, t("nav.lobby")));
  renderResults($("results"), last.result, last.match, extra, colours());
  // The result sits above the board; a player who watched the last move lower down is
  // brought up to it once, when the game ends while the page is open.
  if (last.result && !resultShown) {
    resultShown = true;
    if (playedHere && $("results").getBoundingClientRect().top < 0) $("results").scrollIntoView({ block: "start" });
  }
}

/** No action of ours is in flight (any more). */
function settle() {
  pending = false;
  pendingRef = null;
}

function drawConn(status) {
  // A new socket: an answer the old one did not deliver is lost, and the whole
  // state the server sends on connecting shows whether the action was applied.
  if (status === "online") settle();
  const el = $("conn");
  el.dataset.status = status;
  el.textContent = t(`conn.${status}`);
  el.classList.toggle("offline", status === "offline" || status === "closed");
}

function draw() {
  drawTurn();
  if (!last) return;
  drawJoinBox();
  drawLate();
  drawBoard();
  drawActions();
  drawHints($("hint-box"), { matchId, state: last, token: getSeat(matchId)?.token ?? null, myTurn: isMyTurn() && !pending, board: $("board"), redraw: draw });
  drawAsk();
  const rivals = renderer && typeof renderer.rivals === "function" ? renderer.rivals(last.view, makeCtx()) : null;
  renderPlayers($("players"), { match: last.match, seat: last.seat, turn: last.turn, clocks, scores: last.result ? last.result.scores : null, colours: colours(), rivals });
  renderLog($("log"), last.log, makeCtx());
  drawResults();
  announce();
  refreshTextView();
  roveBoard();
  restoreFocus(isMyTurn() && !pending);
  document.body.dataset.stateId = last.state_id;
  document.body.dataset.status = last.status;
  document.body.dataset.myTurn = String(isMyTurn() && !pending);
  document.body.dataset.seat = last.seat === null ? "" : String(last.seat);
  document.body.dataset.moves = String(last.moves);
  chat?.update({ seat: last.seat, match: last.match, status: last.status });
}

function onMessage(msg) {
  if (chat && chat.onMessage(msg)) return; // a chat message, or the refusal of ours
  if (msg.type === "state") {
    if (msg.match_id !== matchId) return;
    // A state message carries only what this connection lacks (docs/protocol.md,
    // "Deltas"): the log lines from log_start on, and the summary when it changed.
    const known = last ? last.log : [];
    if (msg.log_start > known.length || (!msg.match && !last)) {
      conn.send({ type: "sync" }); // a gap: ask for the whole state again
      return;
    }
    msg.log = known.slice(0, msg.log_start).concat(msg.log);
    if (!msg.match) msg.match = { ...last.match, moves: msg.moves };
    if (last && last.state_id !== msg.state_id) prevView = last.view;
    last = msg;
    if (msg.status === "running") playedHere = true;
    clocks = msg.clocks ? { ...msg.clocks, receivedAt: performance.now() } : null;
    roundTimer = msg.round_timer ? { ...msg.round_timer, receivedAt: performance.now() } : null;
    // Only the state that answers our own action ends the wait: in a simultaneous
    // turn (real time) other seats' moves arrive meanwhile and show the position
    // before ours, whose buttons must stay off (docs/protocol.md, "ref").
    if (!pending || msg.ref === pendingRef || msg.status !== "running") settle();
    if (msg.seat === null && getSeat(matchId)) forgetSeat(matchId);
    draw();
  } else if (msg.type === "description") {
    onDescription(msg);
  } else if (msg.type === "error") {
    settle();
    showError(errorText(msg.code, msg.message));
    if (msg.code === "not_found") {
      $("turn").textContent = t("error.not_found");
      return;
    }
    if (msg.code === "bad_token") forgetSeat(matchId);
    draw();
    if (msg.code === "stale_state") conn.send({ type: "sync" });
  }
}

function connect() {
  if (conn) conn.close();
  conn = new Connection(wsPath(), {
    onMessage,
    onOpen: () => chat?.catchUp(), // what was written while the socket was away
    onStatus: drawConn,
    shouldRetry: (ev) => {
      if (ev.code === 4404) return false;
      if (ev.code === 4403) {
        // our token was refused: watch as a spectator instead
        forgetSeat(matchId);
        setTimeout(connect, 0);
        return false;
      }
      return true;
    },
  });
  conn.connect();
  window.meepleConnection = conn; // lets the end-to-end tests drop the socket
}

async function takeSeat(seat) {
  hideError();
  const body = { seat };
  const field = document.getElementById("join-name");
  const name = field ? field.value.trim() : getName();
  if (field && !name && !hasSession()) {
    field.focus();
    showError(t("match.name_ask"));
    return;
  }
  if (name) {
    body.name = name;
    saveName(name);
  }
  try {
    const data = await api("POST", `/api/matches/${encodeURIComponent(matchId)}/join`, body);
    saveSeat(matchId, data.seat, data.token);
    connect();
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

async function botTakeover(seat) {
  const mine = getSeat(matchId);
  if (!mine) return;
  try {
    await api("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/bot`, { token: mine.token, bot: last.match.house_bot || "random" });
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

async function leave_(bot) {
  const mine = getSeat(matchId);
  leaving = false;
  if (!mine) return;
  const body = { token: mine.token };
  if (bot) body.bot = bot;
  try {
    await api("POST", `/api/matches/${encodeURIComponent(matchId)}/leave`, body);
    forgetSeat(matchId);
    location.href = "/";
  } catch (err) {
    showError(errorText(err.code, err.message));
    draw();
  }
}

async function rematch() {
  const mine = getSeat(matchId);
  const body = {};
  if (mine) body.token = mine.token;
  const name = getName();
  if (name) body.name = name;
  try {
    const data = await api("POST", `/api/matches/${encodeURIComponent(matchId)}/rematch`, body);
    if (data.token) saveSeat(data.match.id, data.seat, data.token);
    location.href = `/match/${encodeURIComponent(data.match.id)}`;
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
}

async function main() {
  await boot();
  watchFocus();
  boardArrows();
  initTextView((message) => conn && conn.send(message), () => (last ? last.state_id : null));
  drawTurn();
  $("undo").addEventListener("click", () => {
    if (last && !pending) send({ type: "undo", state_id: last.state_id });
  });
  $("leave").addEventListener("click", () => {
    leaving = !leaving;
    draw();
  });
  chat = new ChatPanel($("chat"), { matchId, live: true, send: (message) => Boolean(conn && conn.send(message)), announce: $("announce") });
  chat.token = () => getSeat(matchId)?.token; // a guest's seat reports by its token
  chat.load();
  onLangChange(() => {
    drawConn($("conn").dataset.status || "connecting");
    draw();
    chat.redraw();
  });
  setInterval(() => tickClocks($("players"), clocks), 250);
  watchTurns();
  // Load the game's renderer before the first draw, so the board does not flash.
  try {
    const summary = (await api("GET", `/api/matches/${encodeURIComponent(matchId)}`)).match;
    // ?view=raw shows the generic view and list even when the game has a board
    // (what every game looks like before its renderer exists; handy to debug one).
    // The game's strings load either way: the list's group names are in them.
    renderer = queryParam("view") === "raw" ? null : await loadRenderer(summary.game);
    await loadGameStrings(summary.game);
  } catch (err) {
    showError(errorText(err.code, err.message));
    if (err.code === "not_found") {
      $("turn").textContent = t("error.not_found");
      return;
    }
  }
  document.body.dataset.ready = "1";
  connect();
}

main();
