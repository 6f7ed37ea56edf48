// The leaderboard (issue 40, item 4): a game's rated players, accounts and house bots,
// best first (by rating less its uncertainty), at /leaderboard/<game>.

import { api, errorText } from "./api.js";
import { boot, onLangChange, pathId, showError } from "./common.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { playerCell, ratingText } from "./ratings.js";

let games = [];
let game = "";
let players = [];

/** Every leaderboard: [key, game, player count or null]; a game that plays differently
 * by player count has one per count ("penguins:4p"). */
function boards() {
  const out = [];
  for (const g of games) {
    if (g.ratings_by_player_count) for (const n of g.player_counts) out.push([`${g.name}:${n}p`, g, n]);
    else out.push([g.name, g, null]);
  }
  return out;
}

function draw() {
  const box = document.getElementById("page");
  const entry = games.find((g) => g.name === game.split(":")[0]);
  document.title = `${t("ratings.title")} · ${entry ? gameTitle(entry) : game} · meeple`;
  const select = h(
    "select",
    { id: "leaderboard-game", "data-testid": "leaderboard-game", onchange: (ev) => { location.href = `/leaderboard/${encodeURIComponent(ev.target.value)}`; } },
    boards().map(([key, g, n]) => h("option", { value: key, selected: key === game ? "" : null }, n ? t("ratings.at_count", { game: gameTitle(g), n }) : gameTitle(g))),
  );
  const rows = players.map((p, i) =>
    h("tr", { "data-testid": "leaderboard-row", "data-player": p.name || `bot:${p.bot}` },
      h("td", {}, String(i + 1)), h("td", {}, playerCell(p)), h("td", {}, ratingText(p)), h("td", {}, String(p.games))),
  );
  box.replaceChildren(
    h("h1", { class: "page-title" }, t("ratings.title")),
    h("label", { class: "field" }, h("span", {}, t("ratings.game")), select),
    h("p", { class: "muted small" }, t("ratings.explain")),
    players.length
      ? h("table", { class: "ratings-table", "data-testid": "leaderboard" },
          h("caption", { class: "visually-hidden" }, t("ratings.title")),
          h("thead", {}, h("tr", {}, ["ratings.rank", "ratings.player", "ratings.rating", "ratings.games"].map((k) => h("th", { scope: "col" }, t(k))))),
          h("tbody", {}, rows))
      : h("p", { class: "muted", "data-testid": "leaderboard-empty" }, t("ratings.none")),
  );
}

async function main() {
  await boot();
  try {
    games = (await api("GET", "/api/games")).games;
    const asked = pathId();
    game = boards().some(([key]) => key === asked) ? asked : boards()[0][0];
    players = (await api("GET", `/api/leaderboard/${encodeURIComponent(game)}`)).players;
  } catch (err) {
    showError(errorText(err.code, err.message));
  }
  onLangChange(draw);
  draw();
  document.body.dataset.ready = "1";
}

main();
