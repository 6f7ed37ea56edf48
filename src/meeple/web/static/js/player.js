// A player's profile (issue 40, item 4), at /players/<name>: each game's rating with
// its history (a chart and the same figures as a table), solo records, recent matches.

import { drawOwnVacation } from "./account.js";
import { api, errorText } from "./api.js";
import { boot, onLangChange, pathId, showError } from "./common.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { formatInstant } from "./panels.js";
import { historyChart, ratingText } from "./ratings.js";

let games = [];
let profile = null;

/** A rating's game in words: "Penguin Eggs (4 players)" for a per-count rating. */
function titleOf(key) {
  const [name, count] = key.split(":");
  const g = games.find((x) => x.name === name);
  const title = g ? gameTitle(g) : name;
  return count ? t("ratings.at_count", { game: title, n: parseInt(count, 10) }) : title;
}

function ratingBlock(r) {
  const table = h("table", { class: "ratings-table" },
    h("thead", {}, h("tr", {}, [h("th", { scope: "col" }, t("ratings.game_n")), h("th", { scope: "col" }, t("ratings.rating"))])),
    h("tbody", {}, r.history.map((p, i) => h("tr", {}, h("td", {}, h("a", { href: `/replay/${encodeURIComponent(p.match)}` }, String(i + 1))), h("td", {}, ratingText(p))))));
  return h("section", { class: "rating-block", "data-testid": "profile-rating", "data-game": r.game },
    h("h2", {}, titleOf(r.game)),
    h("p", {}, h("strong", { "data-testid": "profile-value" }, ratingText(r)), " ", t("ratings.over", { n: r.games })),
    historyChart(r.history),
    h("details", {}, h("summary", {}, t("ratings.history")), table));
}

function draw() {
  const box = document.getElementById("page");
  if (!profile) return;
  const name = profile.account.name;
  document.title = `${name} · meeple`;
  const parts = [h("h1", { class: "page-title", "data-testid": "profile-name" }, name)];
  // days off that pause this player's turn-based clocks: the others see it (issue 41)
  if (profile.vacation_until) parts.push(h("p", { class: "notice", "data-testid": "profile-vacation" }, t("ratings.vacation", { date: formatInstant(profile.vacation_until) })));
  // on one's own profile, the days off can be taken and ended here too
  const own = h("div", { "data-testid": "own-vacation" });
  parts.push(own);
  drawOwnVacation(own, name).catch((err) => showError(errorText(err.code, err.message)));
  parts.push(profile.ratings.length ? h("div", {}, profile.ratings.map(ratingBlock)) : h("p", { class: "muted" }, t("ratings.no_ratings")));
  if (profile.solo.length) {
    parts.push(h("h2", {}, t("ratings.solo")),
      h("table", { class: "ratings-table", "data-testid": "profile-solo" },
        h("thead", {}, h("tr", {}, ["ratings.game", "ratings.difficulty", "ratings.games", "ratings.wins", "ratings.best"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, profile.solo.map((r) => h("tr", {}, h("td", {}, titleOf(r.game)), h("td", {}, r.difficulty || "–"), h("td", {}, String(r.games)), h("td", {}, String(r.wins)), h("td", {}, r.best === null ? "–" : String(r.best)))))));
  }
  parts.push(h("h2", {}, t("ratings.recent")));
  parts.push(profile.recent.length
    ? h("ul", { class: "match-list", "data-testid": "profile-recent" }, profile.recent.map(({ match }) => {
        const href = match.status === "finished" ? `/replay/${encodeURIComponent(match.id)}` : `/match/${encodeURIComponent(match.id)}`;
        return h("li", { class: "match-item" }, h("a", { href }, titleOf(match.game), " ", h("span", { class: "muted" }, `#${match.id}`)));
      }))
    : h("p", { class: "muted" }, t("ratings.no_recent")));
  box.replaceChildren(...parts);
}

async function main() {
  await boot();
  try {
    games = (await api("GET", "/api/games")).games;
    profile = await api("GET", `/api/players/${encodeURIComponent(pathId())}`);
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
  onLangChange(draw);
  draw();
  document.body.dataset.ready = "1";
}

main();
