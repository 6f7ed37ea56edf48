// The board as text (issue 37, item 3), like lichess's blind mode: a keyboard command
// (Alt+Shift+T, or the "Board as text" button) opens a region that reads the position
// as the terminal draws it for this seat, in the page's language, as lists a screen
// reader moves through line by line. The server writes it from this seat's own view
// (docs/protocol.md, "describe"), so it tells no secret; while the region is open it
// follows every new state. Escape closes it and focus goes back where it came from.

import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";

/** The keyboard command that opens (or closes) the text view. */
export const SHORTCUT = { altKey: true, shiftKey: true, code: "KeyT" };

let send = null; // sends a message on the match's connection
let opener = null; // what had focus when the view opened (focus goes back there)
let asked = null; // [state id, lang] of the last request, so a redraw asks once
let stateId = () => null;

const $ = (id) => document.getElementById(id);

/** Whether the text view is open. */
export function isOpen() {
  return !$("text-view").hidden;
}

/** The text as lists: one list per paragraph of the drawing, one item per line. */
function blocks(text) {
  const out = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((line) => line.replace(/\s+$/, "")).filter((line) => line.trim());
    if (lines.length) out.push(h("ul", { class: "text-view-block" }, lines.map((line) => h("li", {}, line.trim()))));
  }
  return out;
}

/** Ask the server for the position, once per state and language. */
export function refresh() {
  if (!isOpen() || !send) return;
  const key = [stateId(), getLang()];
  if (asked && asked[0] === key[0] && asked[1] === key[1]) return;
  asked = key;
  send({ type: "describe", lang: key[1] });
}

/** A `description` message from the server: draw it (if it is still the one wanted). */
export function onDescription(msg) {
  if (!isOpen() || msg.lang !== getLang()) return;
  $("text-view-body").replaceChildren(...blocks(msg.text));
  $("text-view").dataset.stateId = msg.state_id;
}

function open() {
  const view = $("text-view");
  opener = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  view.hidden = false;
  asked = null;
  $("text-view-body").replaceChildren(h("p", { class: "muted" }, t("textview.loading")));
  refresh();
  $("text-view-title").focus();
}

function close() {
  $("text-view").hidden = true;
  asked = null;
  if (opener && opener.isConnected) opener.focus();
  else $("text-view-open").focus();
}

function toggle() {
  if (isOpen()) close();
  else open();
}

/**
 * Wire the text view: `sendMessage` sends on the match's connection, `currentStateId()`
 * names the state drawn (a new one is asked for while the view is open).
 */
export function initTextView(sendMessage, currentStateId) {
  send = sendMessage;
  stateId = currentStateId;
  $("text-view-open").addEventListener("click", toggle);
  $("text-view-close").addEventListener("click", close);
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey === SHORTCUT.altKey && ev.shiftKey === SHORTCUT.shiftKey && ev.code === SHORTCUT.code) {
      ev.preventDefault();
      toggle();
    } else if (ev.key === "Escape" && isOpen() && $("text-view").contains(document.activeElement)) {
      ev.preventDefault();
      close();
    }
  });
}
