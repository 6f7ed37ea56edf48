// Hints while playing (issue 38, item 7; docs/web-client.md, "Hints"): where the match
// allows them (a solo match, or one whose players all agreed when it was created: the
// summary's hints_allowed), the seat to move may ask the server's search for a
// suggestion (POST /api/matches/<id>/hint), made from its own information only. The
// suggestion is said in words and ringed on the board where the board draws that action
// (the elements carrying its legal code). Asking marks the match as played with hints,
// for everyone, in its record and in every list (hintChips).

import { api, errorText } from "./api.js";
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";

let shown = null; // {stateId, hint} of the last suggestion, while its position lasts
let asking = false;
let failure = "";

/** The lobby's and lists' marks of a match: hints agreed (open to join) or used. */
export function hintChips(match) {
  if (match.hints_used) return [h("span", { class: "chip hint-chip", "data-testid": "hints-used" }, t("hint.used_chip"))];
  if (match.hints && match.status === "open") return [h("span", { class: "chip hint-chip", "data-testid": "hints-agreed" }, t("hint.agreed_chip"))];
  return [];
}

/**
 * Draw the hint box of the match page (`box`) for the state message `state`; `token`
 * is the seat's token (null for an account's seat), `myTurn` whether the seat may act
 * now, `redraw` draws the page again. Then ring the suggestion on `board`.
 */
export function drawHints(box, { matchId, state, token, myTurn, board, redraw }) {
  const match = state.match;
  if (shown && shown.stateId !== state.state_id) shown = null;
  const parts = [];
  const seated = state.seat !== null && state.seat !== undefined;
  if (match.hints_used) parts.push(h("p", { class: "muted", "data-testid": "hints-used-note" }, t("hint.used_note")));
  if (seated && match.hints_allowed && state.status === "running") {
    const ask = async () => {
      asking = true;
      failure = "";
      redraw();
      try {
        const got = await api("POST", `/api/matches/${encodeURIComponent(matchId)}/hint`, token ? { token } : {});
        shown = { stateId: got.state_id, hint: got.hint };
      } catch (err) {
        failure = errorText(err.code, err.message);
      }
      asking = false;
      redraw();
    };
    parts.push(h("button", { type: "button", "data-testid": "hint", disabled: !myTurn || asking || Boolean(shown), onclick: ask }, asking ? t("hint.asking") : t("hint.button")));
    const live = h("p", { "aria-live": "polite", "data-testid": "hint-text", class: "hint-text" });
    if (shown) {
      const hint = shown.hint;
      const move = (hint.label && (hint.label[getLang()] || hint.label.en)) || "";
      live.textContent = hint.chance === null || hint.chance === undefined ? t("hint.suggest_forced", { move }) : t("hint.suggest", { move, chance: `${Math.round(100 * hint.chance)}%` });
    } else if (failure) {
      live.textContent = failure;
    }
    parts.push(live);
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
  markHint(board);
}

/** Ring the shown suggestion where the board draws it. */
function markHint(board) {
  if (!shown || !board) return;
  for (const el of board.querySelectorAll(`[data-code="${shown.hint.code}"]`)) el.classList.add("hint-mark");
}
