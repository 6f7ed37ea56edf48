// The replay page: step forward and back through a finished match, as a
// spectator saw it (the server sends every step's public view).

import { api, errorText } from "./api.js";
import { boot, onLangChange, pathId, seatName, showError } from "./common.js";
import { gameT, loadRenderer, renderBoard, renderGenericView } from "./board.js";
import { h } from "./dom.js";
import { gameTitle, getLang, t } from "./i18n.js";
import { Announcer } from "./announce.js";
import { ChatPanel } from "./chat.js";
import { bestLegal, drawReview, drawWithBest, initReview } from "./review.js";
import { PALETTE, logText, renderLog, renderPlayers, renderResults, seatColor, seatColourNames, seatColourWord } from "./panels.js";

const matchId = pathId();
const $ = (id) => document.getElementById(id);

let data = null;
let renderer = null;
let chat = null; // the chat as it stood at the step shown (chat.js)
let index = 0;
/** The renderer's own state (the layer a tab shows, a selection): kept across redraws and
 * steps, as on the match page; a fresh object each draw once undid every tab click. */
const ui = {};

/** Palette names by seat, from the step shown (docs/web-client.md, "Conventions"). */
function colours() {
  return seatColourNames(renderer, data.steps[index].view, data.match.players);
}

function ctx() {
  const names = colours();
  return {
    game: data.match.game,
    seat: null,
    match: data.match,
    players: data.match.players,
    turn: data.steps[index].turn,
    status: "finished",
    lang: getLang(),
    t: gameT(data.match.game),
    // the review's better move at this step is the board's one "legal" action, so the
    // renderer draws it where it draws a choice (review.js marks it); choosing it only
    // takes the reader to the review's panel
    send: () => document.getElementById("review-move")?.focus(),
    enabled: bestLegal(index).length > 0,
    renderer,
    ui,
    log: data.steps.slice(1, index + 1).map((s) => s.log).filter(Boolean),
    redraw: draw,
    seatName: (i) => seatName(data.match.seats, i),
    colours: names,
    seatColour: (i) => seatColor(i, names),
    seatColourName: (i) => seatColourWord(i, names),
    palette: PALETTE,
    prevView: index > 0 ? data.steps[index - 1].view : null,
    roundTimer: null,
  };
}

let announcer = null;

/** Say where the replay stands once per step shown ("Move 5 of 40. Ann: plays Lender"). */
function announceStep(step, last) {
  if (!announcer) announcer = new Announcer($("announce"));
  const where = t("replay.step", { n: index, total: last });
  const entry = step.log;
  const who = entry ? (entry.seat === null || entry.seat === undefined ? t("log.chance") : seatName(data.match.seats, entry.seat)) : "";
  announcer.reset(); // a step is said whenever it is shown again, never twice in a row
  announcer.say(`step:${index}`, entry ? `${where}. ${who}: ${logText(entry)}` : where);
}

function draw() {
  if (!data) return;
  const step = data.steps[index];
  const last = data.steps.length - 1;
  if (Number(document.body.dataset.step) !== index || !announcer) announceStep(step, last);
  $("game-title").textContent = `${gameTitle(data.match)} · ${t("replay.title")}`;
  $("step-label").textContent = t("replay.step", { n: index, total: last });
  document.title = `${gameTitle(data.match)} · ${t("replay.title")} · meeple`;
  $("slider").max = String(last);
  $("slider").value = String(index);
  $("first").disabled = $("back").disabled = index === 0;
  $("forward").disabled = $("last").disabled = index === last;
  const c = ctx();
  let drawn = false;
  if (renderer) {
    try {
      drawWithBest(renderer, $("board"), step.view, c, index);
      drawn = true;
    } catch (err) {
      console.error("renderer failed; showing the generic view", err);
    }
  }
  if (!drawn) renderGenericView($("board"), step.view);
  const rivals = renderer && typeof renderer.rivals === "function" ? renderer.rivals(step.view, c) : null;
  renderPlayers($("players"), { match: data.match, seat: null, turn: step.turn, clocks: null, scores: step.scores, colours: c.colours, rivals });
  const lines = data.steps.slice(1, index + 1).map((s) => s.log).filter(Boolean);
  renderLog($("log"), lines, c, index > 0 ? data.steps[index].log?.index ?? null : null);
  const extra = [h("a", { class: "button", href: `/match/${encodeURIComponent(matchId)}` }, t("replay.to_match")), h("a", { class: "button", href: "/" }, t("nav.lobby"))];
  renderResults($("results"), index === last ? data.match.result : null, data.match, extra, c.colours);
  const rules = $("rules-link");
  if (rules) {
    rules.href = `/rules/${encodeURIComponent(data.match.game)}`;
    rules.textContent = t("match.rules");
    rules.hidden = false;
  }
  drawReview(index);
  document.body.dataset.step = String(index);
  history.replaceState(null, "", `#${index}`);
  chat?.showStep(index);
}

function go(k) {
  if (!data) return;
  index = Math.max(0, Math.min(data.steps.length - 1, k));
  draw();
}

async function main() {
  await boot();
  try {
    data = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay`);
  } catch (err) {
    showError(errorText(err.code, err.message));
    $("step-label").textContent = errorText(err.code);
    return;
  }
  renderer = await loadRenderer(data.match.game);
  const fromHash = Number.parseInt(location.hash.slice(1), 10);
  index = Number.isInteger(fromHash) ? Math.max(0, Math.min(fromHash, data.steps.length - 1)) : 0;
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(index - 1));
  $("forward").addEventListener("click", () => go(index + 1));
  $("last").addEventListener("click", () => go(data.steps.length - 1));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    if (ev.key === "ArrowLeft") go(index - 1);
    else if (ev.key === "ArrowRight") go(index + 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(data.steps.length - 1);
    else return;
    ev.preventDefault();
  });
  chat = new ChatPanel($("chat"), { matchId });
  chat.step = index;
  await chat.load();
  onLangChange(() => {
    draw();
    chat.redraw();
  });
  // the review (if one was asked for) is read before the first draw: the panel above the
  // board then appears with the board, not after it (no layout shift)
  await initReview({
    matchId,
    container: $("review"),
    lists: $("review-moves"),
    go,
    index: () => index,
    redraw: draw,
    seatName: (i) => seatName(data.match.seats, i),
    seatColour: (i) => seatColor(i, colours()),
  });
  document.body.dataset.ready = "1";
  draw();
}

main();
