// Every user-visible string goes through t(key). The tables live in
// /static/i18n/*.json as {"key": {"en": "...", "zh-TW": "..."}} so that a
// missing translation is visible side by side (and tests/e2e/test_i18n_table.py
// checks both languages are present for every key the code uses).

const STORAGE_KEY = "meeple.lang";

/** Languages offered by the switch, as [code, native name]. */
export const LANGS = [
  ["en", "English"],
  ["zh-TW", "繁體中文"],
];

const table = new Map(); // key -> {en, "zh-TW"}
let lang = initialLang();

function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch (_) {
    saved = null; // storage disabled: fall back to the browser language
  }
  if (LANGS.some(([code]) => code === saved)) return saved;
  const nav = (navigator.language || "en").toLowerCase();
  return nav.startsWith("zh") ? "zh-TW" : "en";
}

/** Load a string table; keys get `prefix` (e.g. "province.") prepended. */
export async function loadStrings(url, prefix = "") {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load strings ${url}: ${res.status}`);
  addStrings(await res.json(), prefix);
}

export function addStrings(data, prefix = "") {
  for (const [key, value] of Object.entries(data)) table.set(prefix + key, value);
}

export function hasString(key) {
  return table.has(key);
}

/**
 * The string for `key` in the current language, with {name} placeholders
 * filled from `params`. A missing key shows itself (and warns) rather than
 * failing, so a gap is visible but never breaks play.
 */
export function t(key, params = {}) {
  const entry = table.get(key);
  let text;
  if (!entry) {
    console.warn(`i18n: missing key ${key}`);
    text = key;
  } else {
    text = entry[lang] ?? entry.en ?? key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function getLang() {
  return lang;
}

/** Switch language, remember it, and tell every page part to redraw. */
export function setLang(code) {
  if (!LANGS.some(([c]) => c === code)) return;
  lang = code;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch (_) {
    // storage disabled: the choice lasts for this page only
  }
  document.documentElement.lang = code;
  applyI18n(document);
  window.dispatchEvent(new CustomEvent("meeple:lang", { detail: code }));
}

/** Fill static markup: data-i18n (text), data-i18n-placeholder, -title, -aria-label. */
export function applyI18n(root) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]"))
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  for (const el of root.querySelectorAll("[data-i18n-title]"))
    el.setAttribute("title", t(el.dataset.i18nTitle));
  for (const el of root.querySelectorAll("[data-i18n-aria-label]"))
    el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
}

/** A game's title in the current language, from the /api/games entry. */
export function gameTitle(game) {
  if (!game) return "";
  return lang === "zh-TW" && game.title_zh ? game.title_zh : game.title || game.name;
}
