// The lobby's account panel (issue 40): log in or create an account, log out, and
// "My matches", the account's matches with those where it is the player's turn first.
// The session lives in an HttpOnly cookie the page never reads; api.js repeats the
// CSRF cookie in a header on every request that changes something.

import { api, errorText } from "./api.js";
import { hideError, showError } from "./common.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { formatInstant } from "./panels.js";
import { allSeats } from "./store.js";
import { askNotifications, notificationState, takeMyMatches } from "./turns.js";

let account = null; // {id, name} while logged in
let mine = []; // the account's matches, as /api/account/matches lists them
let vacation = null; // GET /api/account/vacation
let notices = null; // GET /api/account/notices

/** Who is logged in (null: a guest), read once the panel has loaded. */
export function currentAccount() {
  return account;
}

/** Whether the logged-in account holds a seat in ``matchId`` (the lobby offers "Continue"). */
export function accountHolds(matchId) {
  return mine.some((m) => m.match.id === matchId && m.match.status !== "finished");
}

async function load() {
  try {
    account = (await api("GET", "/api/account")).account;
  } catch (err) {
    account = null;
    if (err.code !== "not_logged_in") throw err;
  }
  mine = account ? (await api("GET", "/api/account/matches")).matches : [];
  takeMyMatches(mine);
  [vacation, notices] = account
    ? await Promise.all([api("GET", "/api/account/vacation"), api("GET", "/api/account/notices")])
    : [null, null];
}

/** Days off (issue 41, item 3): what is left this year, start some, or end the one now;
 * ``redraw`` draws again after a change. */
function vacationBox(vacation, redraw) {
  const post = async (path, body) => {
    hideError();
    try {
      await api("POST", path, body);
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
    await redraw();
  };
  const box = h(
    "section",
    { class: "account-box", "data-testid": "vacation-box", "aria-labelledby": "vacation-title" },
    h("h3", { id: "vacation-title" }, t("account.vacation")),
    h("p", { class: "muted small", "data-testid": "vacation-left" }, t("account.vacation_explain", { left: vacation.left, allowance: vacation.allowance })),
  );
  if (vacation.current) {
    box.append(
      h("p", { "data-testid": "vacation-on" }, t("account.vacation_on", { date: formatInstant(vacation.current.end) })),
      h("button", { type: "button", "data-testid": "vacation-end", onclick: () => post("/api/account/vacation/end", {}) }, t("account.vacation_end")),
    );
  } else if (vacation.left > 0) {
    const days = h("input", { id: "vacation-days", type: "number", min: "1", max: String(vacation.left), step: "1", value: "1", inputmode: "numeric", "data-testid": "vacation-days" });
    box.append(
      h(
        "form",
        {
          class: "row",
          onsubmit: (ev) => {
            ev.preventDefault();
            post("/api/account/vacation", { days: Math.floor(Number(days.value)) });
          },
        },
        h("label", { class: "field" }, h("span", {}, t("account.vacation_days")), days),
        h("button", { type: "submit", "data-testid": "vacation-start" }, t("account.vacation_start")),
      ),
    );
  }
  return box;
}

/** The vacation box on the player's own profile page (``box``: where it goes); nothing
 * for another player's profile or a guest. */
export async function drawOwnVacation(box, name) {
  let me = null;
  try {
    me = (await api("GET", "/api/account")).account;
  } catch (_) {
    me = null; // a guest
  }
  if (!me || me.name !== name) return;
  const status = await api("GET", "/api/account/vacation");
  box.replaceChildren(vacationBox(status, () => drawOwnVacation(box, name)));
}

/** Turn notices (issue 41, item 4): this browser's notifications, and mail if the server sends any. */
function noticesBox(panel, games) {
  const box = h("section", { class: "account-box", "data-testid": "notices-box", "aria-labelledby": "notices-title" }, h("h3", { id: "notices-title" }, t("account.notices")));
  const state = notificationState();
  if (state === "granted") box.append(h("p", { class: "muted small", "data-testid": "notify-on" }, t("account.notify_on")));
  else if (state === "denied") box.append(h("p", { class: "muted small" }, t("account.notify_blocked")));
  else if (state === "default") {
    box.append(
      h("button", { type: "button", "data-testid": "notify-ask", onclick: async () => { await askNotifications(); await drawAccount(panel, games); } }, t("account.notify_browser")),
    );
  }
  if (!notices.available) {
    box.append(h("p", { class: "muted small" }, t("account.email_none")));
    return box;
  }
  const email = h("input", { id: "notice-email", type: "email", maxlength: "254", autocomplete: "email", value: notices.email || "", "data-testid": "notice-email" });
  const on = h("input", { id: "notice-on", type: "checkbox", "data-testid": "notice-on", ...(notices.enabled ? { checked: "" } : {}) });
  const saved = h("p", { class: "muted small", role: "status", "data-testid": "notice-saved" });
  box.append(
    h(
      "form",
      {
        onsubmit: async (ev) => {
          ev.preventDefault();
          hideError();
          try {
            notices = await api("POST", "/api/account/notices", { email: email.value.trim() || null, enabled: on.checked });
            saved.textContent = t("account.email_saved");
          } catch (err) {
            showError(errorText(err.code, err.message));
          }
        },
      },
      h("label", { class: "field" }, h("span", {}, t("account.email")), email),
      h("label", { class: "check" }, on, " ", t("account.email_on", { minutes: Math.round((notices.interval || 3600) / 60) })),
      h("button", { type: "submit", "data-testid": "notice-save" }, t("account.email_save")),
      saved,
    ),
  );
  return box;
}

function field(id, key, type, autocomplete) {
  return h(
    "label",
    { class: "field" },
    h("span", {}, t(key)),
    h("input", { id, type, name: id, autocomplete, required: "", ...(type === "password" ? { minlength: "8", maxlength: "256" } : { maxlength: "40" }) }),
  );
}

function loginForm(panel, games) {
  const submit = async (ev, path) => {
    ev.preventDefault();
    hideError();
    const body = { name: panel.querySelector("#account-name").value, password: panel.querySelector("#account-password").value };
    try {
      await api("POST", path, body);
      await claimGuestSeats();
      await drawAccount(panel, games);
      panel.querySelector("h2").focus();
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
  };
  const form = h(
    "form",
    { class: "account-form", "data-testid": "account-form", onsubmit: (ev) => submit(ev, "/api/account/login") },
    h("p", { class: "muted small" }, t("account.intro")),
    field("account-name", "account.name", "text", "username"),
    field("account-password", "account.password", "password", "current-password"),
    h(
      "div",
      { class: "actions" },
      h("button", { type: "submit", class: "primary", "data-testid": "account-login" }, t("account.login")),
      h("button", { type: "button", "data-testid": "account-register", onclick: (ev) => { if (form.reportValidity()) submit(ev, "/api/account/register"); } }, t("account.register")),
    ),
  );
  return form;
}

function myMatch(entry, games) {
  const { match, seat, my_turn: myTurn } = entry;
  const game = games.find((g) => g.name === match.game) || match;
  const state = myTurn ? "account.your_turn" : match.status === "finished" || match.status === "expired" ? "account.ended" : "account.waiting";
  const href = match.status === "finished" ? `/replay/${encodeURIComponent(match.id)}` : `/match/${encodeURIComponent(match.id)}`;
  return h(
    "li",
    { class: `match-item${myTurn ? " my-turn" : ""}`, "data-testid": "my-match", "data-match-id": match.id, "data-my-turn": String(myTurn) },
    h("a", { href }, h("strong", {}, gameTitle(game)), " ", h("span", { class: "muted" }, `#${match.id} · ${t("account.seat", { n: seat + 1 })}`)),
    h("span", { class: `chip${myTurn ? " turn" : ""}` }, t(state)),
  );
}

/**
 * The seats this browser took as a guest become the account's once it logs in here
 * (POST /claim with each seat's token), so the player finds them from any browser.
 * A seat the server no longer knows (a match ended or forgotten) is left as it is.
 */
async function claimGuestSeats() {
  for (const [matchId, { token }] of allSeats()) {
    try {
      await api("POST", `/api/matches/${encodeURIComponent(matchId)}/claim`, { token });
    } catch (_) {
      // finished, gone, or another account's: nothing to claim
    }
  }
}

/** Draw the panel for who is logged in now (asking the server). */
export async function drawAccount(panel, games) {
  try {
    await load();
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
  const body = panel.querySelector("#account-body");
  const rated = document.getElementById("rated-field");
  if (rated) rated.hidden = !account; // a rated match is for accounts
  if (!account) {
    body.replaceChildren(loginForm(panel, games));
    return;
  }
  const logout = async () => {
    hideError();
    try {
      await api("POST", "/api/account/logout", {});
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
    await drawAccount(panel, games);
  };
  const list = mine.length ? mine.map((m) => myMatch(m, games)) : [h("li", { class: "muted" }, t("account.none"))];
  body.replaceChildren(
    h(
      "p",
      { class: "account-who", "data-testid": "account-who" },
      t("account.signed_in", { name: account.name }),
      " ",
      h("button", { type: "button", "data-testid": "account-logout", onclick: logout }, t("account.logout")),
    ),
    h("p", {}, h("a", { href: `/players/${encodeURIComponent(account.name)}`, "data-testid": "account-profile" }, t("account.profile"))),
    h("h3", { id: "my-matches-title" }, t("account.my_matches")),
    h("ul", { class: "match-list", "data-testid": "my-matches", "aria-labelledby": "my-matches-title" }, list),
    vacation ? vacationBox(vacation, () => drawAccount(panel, games)) : null,
    notices ? noticesBox(panel, games) : null,
  );
}
