// Knowing it is your turn (issue 41, item 4): the tab's title counts the matches where
// it is the player's turn ("(2) meeple"), and, with the player's permission, the browser
// shows a notification when a turn comes while the page is in the background.
// A logged-in player's count comes from "My matches" (GET /api/account/matches, every
// POLL_MS while logged in); a guest's match page counts its own match.

import { api, hasSession } from "./api.js";
import { t } from "./i18n.js";

const POLL_MS = 20000;
let base = document.title;
let mine = new Set(); // the account's matches where it is its turn (ids)
let here = null; // the match this page shows, when it is the player's turn there
let seen = null; // the ids last seen, to notice a turn that came

function count() {
  const all = new Set(mine);
  if (here) all.add(here);
  return all.size;
}

function apply() {
  const n = count();
  document.title = n ? `(${n}) ${base}` : base;
  document.documentElement.dataset.turns = String(n);
}

/** The page's own title, before the count. */
export function setTitle(text) {
  base = text;
  apply();
}

/** This page's match is (or is no longer) waiting for the player; ``body``: what a
 * notification says when the turn came while the page was in the background. */
export function setTurnHere(matchId, myTurn, body) {
  const came = myTurn && here !== matchId; // (My matches may still list it from before)
  here = myTurn ? matchId : null;
  apply();
  if (came) notify(body);
}

/** Whether notifications can be asked for, and what the browser says now. */
export function notificationState() {
  return "Notification" in window ? Notification.permission : "unsupported";
}

/** Ask the browser for permission (after the player pressed a button). */
export async function askNotifications() {
  if (!("Notification" in window)) return "unsupported";
  return Notification.requestPermission();
}

/** A notification that a turn came, only while the page is in the background. */
export function notify(body = t("match.notify_title")) {
  if (!document.hidden || notificationState() !== "granted") return;
  try {
    new Notification(t("match.notify_title"), { body, tag: "meeple-turn" });
  } catch (_) {
    // a browser that only notifies from a service worker: the title still counts
  }
}

/** Take a "My matches" list (the lobby has it already) as the count. */
export function takeMyMatches(entries) {
  mine = new Set(entries.filter((e) => e.my_turn).map((e) => e.match.id));
  const came = seen !== null && [...mine].some((id) => !seen.has(id));
  seen = new Set(mine);
  apply();
  if (came) notify();
}

async function poll() {
  if (!hasSession() || document.hidden === undefined) return;
  try {
    takeMyMatches((await api("GET", "/api/account/matches")).matches);
  } catch (_) {
    // logged out or offline: the count stays as it was
  }
}

/** Keep the count up to date from the server while the page is open. */
export function watchTurns() {
  poll();
  setInterval(poll, POLL_MS);
}
