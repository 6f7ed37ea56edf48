// Loading a game's renderer module (static/js/games/<slug>.js) and its
// strings (static/i18n/<slug>.json), with a generic fallback that shows the
// view as a readable tree, so any game can be played from its action list.

import { h } from "./dom.js";
import { hasString, loadStrings, t } from "./i18n.js";

const cache = new Map();
const stringsLoaded = new Map();

/**
 * Load the game's own strings (action group names, board words) once. Separate from
 * the renderer: the generic view (`?view=raw`, or a game with no board yet) names its
 * action groups with them too, in the page's language.
 */
export function loadGameStrings(slug) {
  if (!/^[a-z0-9_]+$/.test(slug)) return Promise.resolve();
  if (!stringsLoaded.has(slug)) {
    stringsLoaded.set(
      slug,
      loadStrings(`/static/i18n/${slug}.json`, `${slug}.`).catch(() => {
        // no strings: groups and board words fall back to their raw keys
      }),
    );
  }
  return stringsLoaded.get(slug);
}

/** The renderer module of `slug` (its strings loaded too), or null when the game has none yet. */
export async function loadRenderer(slug) {
  if (cache.has(slug)) return cache.get(slug);
  let module = null;
  if (/^[a-z0-9_]+$/.test(slug)) {
    try {
      module = await import(`./games/${slug}.js`);
    } catch (err) {
      console.info(`no renderer for ${slug}: ${err}`);
      module = null;
    }
    await loadGameStrings(slug);
  }
  cache.set(slug, module);
  return module;
}

/** A `t` that looks in the game's strings first, then the shared ones. */
export function gameT(slug) {
  return (key, params) => (hasString(`${slug}.${key}`) ? t(`${slug}.${key}`, params) : t(key, params));
}

function valueNode(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "-");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.map(String).join(" "));
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, valueNode(v))));
  }
  if (typeof value === "object") {
    return h(
      "dl",
      { class: "tree" },
      Object.entries(value).map(([k, v]) => [h("dt", {}, k), h("dd", {}, valueNode(v))]),
    );
  }
  return h("span", {}, String(value));
}

/** The fallback board: the seat's view as nested lists. */
export function renderGenericView(container, view) {
  container.replaceChildren(
    h("div", { class: "generic-view", "data-testid": "generic-view" }, h("p", { class: "muted" }, t("board.generic")), valueNode(view)),
  );
}
