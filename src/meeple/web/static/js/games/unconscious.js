// Unconscious Mind board: the meeting table (nine actions, sixteen idea spaces
// at their corners), the two-row method market, Vienna (three districts of two
// locations, bonus slots, district scoring slots, recall token stacks, Freud and
// the professors), the reputation track, the displays (research, treatises, goals,
// dreams, clients), and per player the notebook, the inkpot rondel, the insight
// dial and the client board.
//
// Every component is drawn with the words of unconscious.components.json
// (unconscious/preview.py, from the same words.py the action labels use), so a
// button's label and the board name a thing alike. Where the inkpot would land,
// and what it would trigger there, comes from the server too (`view.inkpot_preview`):
// the rondel space lights up and the follow-up buttons say it. What may be
// clicked is exactly the server's legal list; every label is the server's.

import { scoreTable } from "../tables.js";
import { h } from "../dom.js";
import { actionButton, actionLabel, defineRenderer, findEntry, firstByKey, isZh, listOf, loadComponents, ofType, prevAt, word as w } from "../render-kit.js";

// Every component in words, by id (unconscious/components.py client_components).
const C = await loadComponents("unconscious");

const COLOURS = ["red", "green", "purple"];
const LEVEL_KEYS = ["level.minor", "level.median", "level.major"];
const COLOUR_KEYS = ["colour.red", "colour.green", "colour.purple"];
const FALLBACK = ["red", "blue", "green", "purple"];
// Group titles the shared legal-action list looks up as "unconscious.kind.<type>".
export const GROUP_KEYS = [
  "kind.keep", "kind.place", "kind.recall", "kind.option", "kind.spot", "kind.colour", "kind.market",
  "kind.cell", "kind.steps", "kind.room", "kind.card", "kind.treat", "kind.coffee", "kind.done",
];

const colourKey = (ctx, i) => (ctx.colours && ctx.colours[i]) || FALLBACK[i % FALLBACK.length];
const colourCss = (ctx, i) => (ctx.seatColour ? ctx.seatColour(i) : colourKey(ctx, i));

/** A piece of seat `i`: carries the seat and its palette name (the clarity checks compare them). */
function piece(ctx, i, text, cls = "um-piece") {
  return h("span", {
    class: cls, "data-seat": i, "data-colour": colourKey(ctx, i), style: `background:${colourCss(ctx, i)}`,
    title: ctx.seatName ? ctx.seatName(i) : "",
  }, text);
}

/** Make `el` take `entry` when clicked (a lit place on the board). */
function hot(el, entry, ctx) {
  if (!entry) return el;
  const label = actionLabel(entry);
  el.classList.add("hot");
  el.dataset.code = entry.code;
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.title = label;
  const go = (ev) => {
    ev.preventDefault();
    if (ctx.enabled !== false) ctx.send(entry);
  };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
  return el;
}

/** The board's own button for `entry` (render-kit's, in the board's style). */
const button = (entry, ctx) => actionButton(entry, ctx, { class: "um-act" });

function section(title, testid, ...children) {
  return h("section", { class: "um-section", "data-testid": testid }, h("h3", {}, title), ...children);
}

const changed = (a, b) => JSON.stringify(a) !== JSON.stringify(b);

// -- the meeting table ----------------------------------------------------------------

function meetingTable(view, legal, ctx, used) {
  const place = ofType(legal, "place");
  const bySpace = new Map();
  for (const e of place) {
    if (!bySpace.has(e.json.space)) bySpace.set(e.json.space, []);
    bySpace.get(e.json.space).push(e);
  }
  if (ctx.ui.space !== undefined && !bySpace.has(ctx.ui.space)) ctx.ui.space = undefined;
  const prev = prevAt(ctx);
  const keys = Object.keys(C.actions);
  const cells = [];
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 8; c++) {
      if (c === 7) {
        if (r % 2 === 1) {
          const n = C.row_inkpots[(r - 1) / 2];
          cells.push(h("div", { class: "um-inkrow", title: ctx.t("table.inkpots", { n }) }, `✒+${n}`));
        } else cells.push(h("div", { class: "um-gap" }));
        continue;
      }
      if (r % 2 === 0 && c % 2 === 0) {
        const space = (r / 2) * 4 + c / 2;
        const sp = view.table[space];
        const bolts = C.lightning[space];
        const el = h("div", { class: "um-space", "data-space": space + 1, title: ctx.t("table.bolts", { n: bolts }) },
          h("span", { class: "um-num" }, String(space + 1)),
          sp ? piece(ctx, sp.seat, "●".repeat(sp.ideas)) : h("span", { class: "um-bolts" }, "⚡".repeat(bolts)));
        if (prev && changed(prev.table[space], sp) && sp) el.classList.add("last-move");
        if (bySpace.has(space)) {
          const label = ctx.t("table.choose_space", { space: space + 1 });
          el.classList.add("hot", "um-select");
          el.setAttribute("role", "button");
          el.setAttribute("tabindex", "0");
          el.setAttribute("aria-label", label);
          el.title = label;
          if (ctx.ui.space === space) el.classList.add("um-selected");
          el.addEventListener("click", () => { ctx.ui.space = space; ctx.redraw(); });
        }
        cells.push(el);
      } else if (r % 2 === 1 && c % 2 === 1) {
        const a = ((r - 1) / 2) * 3 + (c - 1) / 2;
        cells.push(h("div", { class: `um-action um-row${(r - 1) / 2}` }, w(C.actions[keys[a]], ctx)));

      } else {
        cells.push(h("div", { class: "um-gap" }));
      }
    }
  }
  for (const e of place) used.add(e.code);
  const chosen = ctx.ui.space !== undefined ? bySpace.get(ctx.ui.space) : null;
  const picks = chosen
    ? h("div", { class: "um-buttons", "data-testid": "um-place" },
      h("p", {}, ctx.t("table.space_chosen", { space: ctx.ui.space + 1 })), chosen.map((e) => button(e, ctx)))
    : place.length ? h("p", { class: "um-hint" }, ctx.t("table.hint")) : null;
  return section(ctx.t("table.title"), "um-table",
    h("div", { class: "um-grid" }, cells),
    h("p", { class: "um-note" }, ctx.t("table.rows")), picks);
}

// -- the market -----------------------------------------------------------------------

function tileCard(view, t, ctx, cls = "um-tile") {
  if (t < 0) return h("div", { class: `${cls} um-empty` }, ctx.t("empty"));
  return h("div", { class: cls },
    h("div", { class: "um-main" }, w(C.tiles[t], ctx)),
    h("div", { class: "um-banner" }, ctx.t("tile.banner", { what: w(C.banners[t], ctx) })));
}

function market(view, legal, ctx, used) {
  const ix = firstByKey(ofType(legal, "market"), (j) => `${j.row}/${j.column}`);
  const prev = prevAt(ctx);
  const rows = [0, 1].map((r) => {
    const stack = h("div", { class: "um-tile um-stack" }, ctx.t("market.stack", { n: view.market.stacks[r] }));
    const mid = tileCard(view, view.market.middle[r], ctx);
    const right = tileCard(view, view.market.right[r], ctx);
    [stack, mid, right].forEach((el, c) => {
      const e = ix.get(`${r}/${c}`);
      if (e) { hot(el, e, ctx); used.add(e.code); }
    });
    if (prev && prev.market.right[r] !== view.market.right[r]) right.classList.add("last-move");
    return h("div", { class: "um-market-row" }, h("span", { class: "um-label" }, ctx.t("market.row", { n: r + 1 })),
      stack, mid, right);
  });
  return section(ctx.t("market.title"), "um-market",
    h("p", { class: "um-note" }, ctx.t("market.note")), rows);
}

// -- Vienna ---------------------------------------------------------------------------

function vienna(view, legal, ctx, used) {
  const W = C;
  const steps = ofType(legal, "steps");
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  const keys = W.locations.map((l) => l.key);
  const stepTo = new Map();
  if (me && me.professor) {
    const at = keys.indexOf(me.professor);
    for (const e of steps) stepTo.set((at + e.json.n) % keys.length, e);
  }
  const districts = W.districts.map((d, di) => {
    const locs = W.locations.filter((l) => l.district === di).map((l) => {
      const li = keys.indexOf(l.key);
      const profs = view.players.map((p, i) => (p.professor === l.key ? piece(ctx, i, "♟") : null));
      const freud = view.freud.location === l.key
        ? h("span", { class: "um-freud", "data-testid": "um-freud" }, ctx.t("vienna.freud")) : null;
      const slots = l.bonus.map((b, k) => {
        const who = view.bonus_slots[li][k];
        return h("li", { class: "um-slot" }, who >= 0 ? piece(ctx, who, "■") : "□", " ", w(b, ctx));
      });
      const el = h("div", { class: `um-loc um-c${l.colour}`, "data-location": l.key },
        h("strong", {}, w(l.name, ctx)), " ", profs, freud,
        h("div", { class: "um-eff" }, ctx.t("vienna.effect", { what: w(l.effect, ctx) })),
        h("ul", { class: "um-slots" }, slots));
      const e = stepTo.get(li);
      if (e) { hot(el, e, ctx); used.add(e.code); }
      if (prevAt(ctx) && prevAt(ctx, "freud", "location") !== view.freud.location && view.freud.location === l.key) {
        el.classList.add("last-move");
      }
      return el;
    });
    const scoring = d.thresholds.map((need, k) => {
      const who = view.district_slots[di][k];
      return h("li", {}, who >= 0 ? piece(ctx, who, "■") : "□", " ",
        ctx.t("vienna.slot", { need, what: w(d.rewards[k], ctx) }));
    });
    const tokens = view.recall_tokens[di].map((n, k) => ctx.t("vienna.stack", { stack: "Ⅰ Ⅱ Ⅲ".split(" ")[k], n }));
    const tokenSep = isZh(ctx) ? "、" : " · ";
    return h("div", { class: `um-district um-c${d.colour}` },
      h("h4", {}, w(d.name, ctx)), locs,
      h("div", { class: "um-eff" }, ctx.t("vienna.tokens", { stacks: tokens.join(tokenSep) })),
      h("ul", { class: "um-slots" }, scoring));
  });
  const track = [];
  for (let v = 0; v <= 10; v++) {
    const here = view.players.map((p, i) => (p.reputation === v ? piece(ctx, i, "") : null));
    track.push(h("div", { class: "um-rep" }, h("span", {}, String(v)),
      h("small", {}, ctx.t("vienna.rep_vp", { vp: W.reputation_vp[v] })),
      view.freud.reputation === v ? h("span", { class: "um-freud-mark" }, ctx.t("vienna.freud_mark")) : null, here));
  }
  return section(ctx.t("vienna.title"), "um-vienna",
    h("p", { class: "um-note" }, ctx.t("vienna.note")),
    h("div", { class: "um-districts" }, districts),
    h("h4", {}, ctx.t("vienna.track")),
    h("div", { class: "um-track", "data-testid": "um-track" }, track));
}

// -- the displays ---------------------------------------------------------------------

function research(view, c, ctx) {
  const r = C.research[c];
  if (!r) return h("span", {}, ctx.t("research.hidden"));
  return h("div", { class: `um-card um-c${r.colour}` },
    h("strong", {}, w(r.tag, ctx)), " · ", ctx.t(COLOUR_KEYS[r.colour]), h("div", {}, w(r.effect, ctx)));
}

function clientCard(view, c, grief, ctx) {
  const cl = C.clients[c];
  const g = grief >= 0 ? C.grief[grief] : null;
  return h("div", { class: "um-client" },
    h("strong", {}, w(cl.name, ctx)), " ",
    h("small", {}, ctx.t(cl.complex ? "client.complex" : "client.normal",
      { hearts: cl.hearts, vp: cl.vp, tags: listOf(cl.tags.map((x) => w(x, ctx)), ctx) })),
    h("div", { class: "um-eff" }, w(cl.ability, ctx)),
    g ? h("div", { class: "um-grief" }, ctx.t("client.grief", { hearts: g.hearts, symbol: w(g.symbol, ctx) })) : null);
}

function dreamCard(view, m, ctx) {
  const d = C.dreams[m];
  if (!d) return h("div", { class: "um-dream um-empty" }, ctx.t("empty"));
  const sym = w(d.symbol, ctx);
  return h("div", { class: "um-dream" }, sym ? h("small", {}, ctx.t("dream.symbol", { symbol: sym })) : null,
    h("div", {}, w(d, ctx)));
}

function displays(view, legal, ctx, used) {
  const W = C;
  const decision = view.decision ? view.decision.kind : null;
  const opts = firstByKey(ofType(legal, "option"), (j) => j.n);
  const clients = view.clients.map((c, i) => {
    const el = c >= 0 ? clientCard(view, c, view.client_grief[i], ctx) : h("div", { class: "um-client um-empty" }, ctx.t("empty"));
    if (decision === "client" && opts.get(i)) { hot(el, opts.get(i), ctx); used.add(opts.get(i).code); }
    return el;
  });
  const dreams = view.dreams.map((m, i) => {
    const el = dreamCard(view, m, ctx);
    if (decision === "manifest" && opts.get(i)) { hot(el, opts.get(i), ctx); used.add(opts.get(i).code); }
    return el;
  });
  const treatises = W.treatises.map((tr, t) => {
    const owner = view.treatise_owner[t];
    const el = h("div", { class: "um-treatise" },
      h("span", { class: "um-dots" }, tr.articles.map((c) => h("i", { class: `um-dot um-c${c}`, title: ctx.t(COLOUR_KEYS[c]) }))),
      ctx.t("treatise.vp", { vp: tr.vp, tags: listOf(tr.tags.map((x) => w(x, ctx)), ctx) }),
      owner >= 0 ? piece(ctx, owner, "■") : null);
    if (decision === "treatise" && opts.get(t)) { hot(el, opts.get(t), ctx); used.add(opts.get(t).code); }
    return el;
  });
  const goals = W.goals.map((g, i) => {
    const key = ["district_slots", "full_columns", "research_colours", "normal_cures", "complex_cures", "treatises", "any_cures"][i];
    const left = view.goals.includes(key);
    const holder = view.players.findIndex((p) => p.goals.includes(i));
    return h("li", { class: left ? "" : "um-taken" },
      ctx.t("goal.line", { tag: w(g.tag, ctx), what: w(g.condition, ctx), vp: g.vp }), " ",
      holder >= 0 ? piece(ctx, holder, "■") : null);
  });
  return section(ctx.t("display.title"), "um-displays",
    h("h4", {}, ctx.t("display.clients", { normal: view.decks.normal, complex: view.decks.complex })),
    h("div", { class: "um-row-of" }, clients),
    h("h4", {}, ctx.t("display.dreams", { n: view.decks.manifest })),
    h("div", { class: "um-row-of" }, dreams),
    h("h4", {}, ctx.t("display.research", { n: view.decks.research })),
    view.research_up >= 0 ? research(view, view.research_up, ctx) : h("p", {}, ctx.t("empty")),
    h("h4", {}, ctx.t("display.treatises")),
    h("div", { class: "um-row-of" }, treatises),
    h("h4", {}, ctx.t("display.goals")),
    h("ul", { class: "um-goals" }, goals));
}

// -- a player's boards ----------------------------------------------------------------

// The player board: the notebook's 3 x 3 spaces framed by the inkpot rondel, as
// printed: the top space above the notebook, the three row spaces right of its
// rows, the bottom space below, and the three left spaces up the left side
// (clockwise from the top: top, rows 1-3, bottom, lower left, left, upper left).
const RONDEL_AT = [[0, 2], [1, 4], [2, 4], [3, 4], [4, 2], [3, 0], [2, 0], [1, 0]];

function rondelSpace(view, p, i, lands, ctx) {
  const pl = view.players[p];
  const sp = C.rondel[i];
  const [r, c] = RONDEL_AT[i];
  const el = h("div", {
    class: `um-rspace${pl.inkpot === i ? " um-ink" : ""}${lands.has(i) ? " um-lands" : ""}`,
    style: `grid-row:${r + 1};grid-column:${c + 1}`, "data-rondel": sp.key,
    title: w(sp.name, ctx) + (sp.bonus ? ` · ${w(sp.bonus, ctx)}` : ""),
  }, pl.inkpot === i ? piece(ctx, p, ctx.t("rondel.inkpot")) : null,
  h("small", {}, w(sp.name, ctx)), sp.bonus ? h("small", { class: "um-eff" }, w(sp.bonus, ctx)) : null);
  const prev = prevAt(ctx, "players", p);
  if (prev && prev.inkpot !== pl.inkpot && pl.inkpot === i) el.classList.add("last-move");
  return el;
}

function notebook(view, p, legal, ctx, used) {
  const pl = view.players[p];
  const cellsLegal = p === ctx.seat ? firstByKey(ofType(legal, "cell"), (j) => j.cell) : new Map();
  // setup: with a starting tile chosen above, the leftmost space of each row takes it
  if (p === ctx.seat && ctx.ui.keepTile !== undefined) {
    for (const e of legal) {
      if (e.json.type === "keep" && e.json.tile === ctx.ui.keepTile) cellsLegal.set(e.json.row * 3, e);
    }
  }
  const prev = prevAt(ctx, "players", p);
  const preview = p === ctx.seat ? view.inkpot_preview || [] : [];
  const lands = new Set(preview.map((x) => x.space));
  const cells = pl.notebook.map((t, i) => {
    const el = t >= 0 ? tileCard(view, t, ctx, "um-tile um-note-tile") : h("div", { class: "um-tile um-empty" }, ctx.t("notebook.empty"));
    el.style.gridRow = String(Math.floor(i / 3) + 2);
    el.style.gridColumn = String((i % 3) + 2);
    if (prev && prev.notebook[i] !== t) el.classList.add("last-move");
    const e = cellsLegal.get(i);
    if (e) { hot(el, e, ctx); used.add(e.code); }
    return el;
  });
  const ring = C.rondel.map((_, i) => rondelSpace(view, p, i, lands, ctx));
  const out = [
    h("small", {}, ctx.t("notebook.title", { cols: bits(pl.columns_done, ctx), rows: bits(pl.rows_done, ctx) })),
    h("div", { class: "um-notebook", "data-testid": `um-notebook-${p}` }, cells, ring),
  ];
  if (preview.length) {
    out.push(h("ul", { class: "um-preview", "data-testid": "um-preview" }, preview.map((x) =>
      h("li", { "data-space": x.space }, ctx.t(x.bright ? "rondel.lands_bright" : "rondel.lands", {
        n: x.steps, k: x.bright, space: w(C.rondel[x.space].name, ctx), what: w(x.what, ctx),
      })))));
  }
  return h("div", { class: "um-nb-box" }, out);
}

const bits = (m, ctx) => listOf([0, 1, 2].filter((k) => (m >> k) & 1).map((k) => String(k + 1)), ctx) || "-";

function dial(view, p, legal, ctx, used) {
  const d = view.players[p].dial;
  const spots = p === ctx.seat ? firstByKey(ofType(legal, "spot").filter((e) => e.json.colour >= 0), (j) => `${j.colour}/${j.level}`) : new Map();
  const rows = COLOURS.map((_, c) => h("tr", { class: `um-c${c}` }, h("th", {}, ctx.t(COLOUR_KEYS[c])),
    [0, 1, 2].map((k) => {
      const generic = d[c * 3 + k];
      const own = d[9 + c * 3 + k];
      const cell = h("td", {}, generic || own ? `${generic}${own ? ` + ${own}★` : ""}` : "·");
      const e = spots.get(`${c}/${k + 1}`);
      if (e) { hot(cell, e, ctx); used.add(e.code); }
      return cell;
    })));
  return h("table", { class: "um-dial", "data-testid": `um-dial-${p}` },
    h("caption", {}, ctx.t("dial.title", { res: d[18], own: d[19] })),
    h("tr", {}, h("th", {}), LEVEL_KEYS.map((k) => h("th", {}, ctx.t(k)))), rows);
}

function rooms(view, p, legal, ctx, used) {
  const pl = view.players[p];
  const mine = p === ctx.seat;
  const treat = mine ? ofType(legal, "treat") : [];
  const roomPick = mine ? firstByKey(ofType(legal, "room"), (j) => j.room) : new Map();
  return h("div", { class: "um-rooms" }, pl.rooms.map((room, r) => {
    if (r === 1 && !pl.second_room_open) return h("div", { class: "um-room um-empty" }, ctx.t("room.closed"));
    if (room.client < 0) return h("div", { class: "um-room um-empty" }, ctx.t("room.empty"));
    const acts = treat.filter((e) => e.json.room === r);
    acts.forEach((e) => used.add(e.code));
    const el = h("div", { class: "um-room", "data-room": r },
      h("div", { class: "um-track-line" }, ctx.t("room.track", { n: room.track })),
      clientCard(view, room.client, room.grief, ctx),
      h("small", {}, ctx.t("room.dreams")),
      room.manifest >= 0 ? dreamCard(view, room.manifest, ctx) : null,
      room.latent >= 0 ? h("div", { class: "um-latent" }, ctx.t("room.latent"), dreamCard(view, room.latent, ctx)) : null,
      acts.length ? h("div", { class: "um-buttons" }, acts.map((e) => button(e, ctx))) : null);
    const e = roomPick.get(r);
    if (e) { hot(el, e, ctx); used.add(e.code); }
    return el;
  }));
}

function hand(view, p, legal, ctx, used) {
  const pl = view.players[p];
  const cards = p === ctx.seat ? firstByKey(ofType(legal, "card"), (j) => j.card) : new Map();
  const drawCard = (c) => {
    const el = research(view, c, ctx);
    const e = cards.get(c);
    if (e) { hot(el, e, ctx); used.add(e.code); }
    return el;
  };
  const handPart = pl.hand !== null
    ? h("div", { class: "um-row-of" }, pl.hand.length ? pl.hand.map(drawCard) : ctx.t("none"))
    : h("p", {}, ctx.t("research.hand_hidden", { n: pl.hand_size }));
  return h("div", { class: "um-hand" },
    h("small", {}, ctx.t("research.hand")), handPart,
    h("small", {}, ctx.t("research.played")),
    h("div", { class: "um-row-of" }, pl.played.length ? pl.played.map(drawCard) : ctx.t("none")),
    pl.cured.length ? h("small", {}, ctx.t("room.cured", { names: listOf(pl.cured.map((c) => w(C.clients[c].name, ctx)), ctx) })) : null);
}

function playerBoard(view, p, legal, ctx, used) {
  const pl = view.players[p];
  const name = ctx.seatName ? ctx.seatName(p) : `#${p + 1}`;
  return h("section", { class: `um-player${view.current === p ? " um-current" : ""}`, "data-testid": `um-player-${p}` },
    h("h3", {}, piece(ctx, p, ""), " ", name),
    h("p", { class: "um-stats" }, ctx.t("player.stats", {
      vp: pl.vp, rep: pl.reputation, coffee: pl.coffee, bright: pl.bright, ideas: pl.ideas, locked: pl.locked_ideas,
    })),
    // in the first round: why this seat has a VP, a catharsis or more coffee than another
    pl.start_note ? h("p", { class: "um-note um-start", "data-testid": `um-start-${p}` }, w(pl.start_note, ctx)) : null,
    h("div", { class: "um-boards" },
      dial(view, p, legal, ctx, used),
      notebook(view, p, legal, ctx, used)),
    rooms(view, p, legal, ctx, used),
    hand(view, p, legal, ctx, used));
}

// -- the page -------------------------------------------------------------------------

// Setup: the starting tiles of one's letter as buttons; the one chosen lights the leftmost
// space of each notebook row, where a click keeps it (nine choices, no long buttons).
function keepPicker(view, legal, ctx, used) {
  const keeps = ofType(legal, "keep");
  if (!keeps.length) return null;
  keeps.forEach((e) => used.add(e.code));
  const tiles = [...new Set(keeps.map((e) => e.json.tile))];
  if (ctx.ui.keepTile !== undefined && !tiles.includes(ctx.ui.keepTile)) ctx.ui.keepTile = undefined;
  const cards = tiles.map((t) => {
    const loc = C.locations[C.tile_tags[t]];
    const chosen = ctx.ui.keepTile === t;
    const what = ctx.t("keep.tile", { main: w(C.tiles[t], ctx), banner: w(C.banners[t], ctx), loc: w(loc.name, ctx) });
    return h("button", {
      type: "button", class: `um-keep-tile${chosen ? " um-selected" : ""}`, "data-tile": t,
      "aria-pressed": chosen ? "true" : "false", "aria-label": what, title: what,
      disabled: ctx.enabled === false,
      onclick: () => { ctx.ui.keepTile = t; ctx.redraw(); },
    },
    h("span", { class: "um-main" }, w(C.tiles[t], ctx)),
    h("span", { class: "um-banner" }, ctx.t("tile.banner", { what: w(C.banners[t], ctx) })),
    h("span", { class: "um-banner" }, ctx.t("keep.prof", { loc: w(loc.name, ctx) })));
  });
  const hint = ctx.ui.keepTile === undefined ? "keep.hint" : "keep.hint_row";
  return h("div", { class: "um-keep", "data-testid": "um-keep" },
    h("div", { class: "um-row-of" }, cards), h("p", { class: "um-hint" }, ctx.t(hint)));
}

function prompt(view, legal, ctx, used) {
  if (view.phase === "over") return null; // the result box above says it all
  let text;
  if (view.phase === "keep") text = ctx.t("prompt.keep");
  else {
    const kind = view.decision ? view.decision.kind : "turn";
    text = ctx.t(PROMPTS[kind] || "prompt.turn");
  }
  const last = view.last_round >= 0 ? ctx.t("head.last", { n: view.last_round }) : "";
  // the designed round cap: said once it is near (the last tenth, at least the last 3 rounds)
  const near = view.round_cap - view.round < Math.max(3, Math.ceil(view.round_cap / 10));
  const fr = view.freud;
  const solo = view.solo;
  const placing = view.decision && view.decision.tile !== undefined ? view.decision.tile : null;
  return h("div", { class: "um-head", "data-testid": "um-head" },
    h("strong", {}, ctx.t("head.round", {
      round: view.round, cap: view.round_cap, era: "I".repeat(view.era), rep: fr.reputation,
    }), last),
    h("p", { class: "um-note", "data-testid": "um-freud-moves" }, ctx.t("head.freud", {
      spaces: listOf(fr.walks_at.map(String), ctx), era2: fr.era2_at, end: fr.end_at,
    })),
    solo ? h("p", { class: "um-solo", "data-testid": "um-solo" }, ctx.t("head.solo", {
      target: solo.target, vp: view.players[0].vp, moves: solo.moves, every: solo.every, next: solo.next,
    })) : null,
    near ? h("p", { class: "um-warn", "data-testid": "um-cap" }, ctx.t("head.cap", { n: view.round_cap })) : null,
    h("p", { "data-testid": "um-prompt" }, text),
    placing !== null ? h("div", { class: "um-placing", "data-testid": "um-placing" },
      h("small", {}, ctx.t("place.tile")), tileCard(view, placing, ctx)) : null,
    view.phase === "keep" ? keepPicker(view, legal, ctx, used) : null);
}

/** At the end: each seat's points by where they came from: the game's VP by source (the
 * VP ledger, listed in one cell with their sum), each line of the final scoring, the total.
 * A part nobody scored in is left out, so the table stays narrow enough for the board. */
function finalScoring(view, ctx) {
  if (!view.final) return null;
  const parts = C.final_parts.filter((s) => view.final.some((f) => f[s.key]));
  const during = (p) => {
    const by = view.players[p].vp_by;
    const items = C.vp_sources.filter((s) => by[s.key]).map((s) =>
      h("li", { "data-source": s.key }, `${w(s.name, ctx)} ${by[s.key]}`));
    return h("span", { class: "um-during" }, h("strong", {}, String(view.players[p].vp)),
      items.length ? h("ul", { class: "um-sources" }, items) : null);
  };
  return section(ctx.t("final.title"), "um-final",
    h("p", { class: "um-note" }, ctx.t("final.note")),
    scoreTable({ class: "um-final" },
      ["", ctx.t("final.during"), ...parts.map((s) => w(s.name, ctx)), ctx.t("final.total")],
      view.final.map((f, p) => [
        h("span", {}, piece(ctx, p, ""), " ", ctx.seatName ? ctx.seatName(p) : `#${p + 1}`),
        during(p),
        ...parts.map((s) => String(f[s.key] || 0)),
        h("strong", {}, String(view.scores[p])),
      ])));
}

const PROMPTS = {
  turn: "prompt.turn", choose: "prompt.choose", spot: "prompt.spot", colour: "prompt.colour", market: "prompt.market",
  cell: "prompt.cell", steps: "prompt.steps", room: "prompt.room", card: "prompt.card", treatise: "prompt.treatise",
  article: "prompt.article", bright_ink: "prompt.bright_ink", recall_bonus: "prompt.recall_bonus",
  client: "prompt.client", manifest: "prompt.manifest",
};

// On a phone the part holding the choice at hand comes first under the prompt: the meeting
// table for a placement, the market for a tile, else one's own boards (notebook, dial,
// clients); a wide screen shows the three side by side.
function first(legal) {
  if (findEntry(legal, { type: "place" })) return "table";
  if (findEntry(legal, { type: "market" })) return "market";
  return "mine";
}

// "1 space(s)" reads "1 space", "2 space(s)" "2 spaces" (as meeple.core.i18n.settle_plurals).
const PLURAL = /\b(\d+)((?: [A-Za-z-]+){1,2})\(s\)/g;
const settle = (text) => text.replace(PLURAL, (_, n, words) => `${n}${words}${n === "1" ? "" : "s"}`);

function render(container, view, legal, outer) {
  const ctx = { ...outer, t: (key, params) => settle(outer.t(key, params)) };
  const used = new Set();
  const order = ctx.seat !== null && ctx.seat !== undefined
    ? [ctx.seat, ...view.players.map((_, i) => i).filter((i) => i !== ctx.seat)] : view.players.map((_, i) => i);
  const head = prompt(view, legal, ctx, used);
  const table = meetingTable(view, legal, ctx, used);
  const mkt = market(view, legal, ctx, used);
  const players = order.map((p) => playerBoard(view, p, legal, ctx, used));
  const city = vienna(view, legal, ctx, used);
  const shown = displays(view, legal, ctx, used);
  // whatever has no place on the board: buttons under the prompt
  const rest = legal.filter((e) => !used.has(e.code));
  // the table, the market and one's own boards (notebook, dial, clients) side by side on a
  // wide screen, right under the prompt; on a phone the notebook comes after the table
  container.replaceChildren(h("div", { class: "um-wrap", "data-testid": "um-board" },
    head,
    finalScoring(view, ctx),
    rest.length ? h("div", { class: "um-buttons um-rest", "data-testid": "um-buttons" }, rest.slice(0, 28).map((e) => button(e, ctx))) : null,
    h("div", { class: `um-layout um-first-${first(legal)}` },
      h("div", { class: "um-area-table" }, table),
      h("div", { class: "um-area-mine" }, players[0]),
      h("div", { class: "um-area-market" }, mkt)),
    h("div", { class: "um-cols" },
      h("div", { class: "um-col" }, city),
      h("div", { class: "um-col" }, shown)),
    h("div", { class: "um-others" }, players.slice(1))));
}

export const renderer = defineRenderer({ game: "unconscious", render, stylesheet: "unconscious.css", parts: ["buttons", "preview"] });
