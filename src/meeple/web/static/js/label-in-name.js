// A control's accessible name holds the text drawn on it (WCAG 2.5.3, "label in name"),
// so a person using speech input can say what they see to press it.
//
// Boards name their controls by the action ("Hire Artist from segment 1 for free") and
// often draw words on them too (the card's name, its cost, a count). Rather than each
// game keeping every name in step with every drawing, the page runs one pass after a
// board is drawn (board.js renderBoard): a named control whose drawn text is not part of
// its name gets that text added after the action, "Build Lender (2 labor + 2 coins)
// (Lender 2 2)". First the drawn pieces are set a word apart where a space is not drawn
// (between SVG elements, flex or grid items, blocks): read as one text, the pieces of
// a tile otherwise run together ("Lender22"), both for assistive technology and for
// axe-core, which joins an element's child elements with nothing between them.

/** The controls whose name is given (aria-label) and would otherwise come from their content. */
const NAMED_CONTROLS = [
  "button", "a[href]", "[role=button]", "[role=link]", "[role=checkbox]", "[role=radio]",
  "[role=switch]", "[role=tab]", "[role=menuitem]", "[role=option]", "[role=treeitem]",
].map((sel) => `${sel}[aria-label]`).join(", ");

/** Elements whose text is never drawn (a tooltip, a description, code). */
const UNDRAWN = new Set(["title", "desc", "script", "style", "template"]);

const shown = (el) => !UNDRAWN.has(el.localName) && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true }));

const collapse = (text) => text.replace(/\s+/g, " ").trim();

/** Marks that are no words: ASCII punctuation, general punctuation, arrows and symbols
 *  (→ ★ ⚡); a name and a drawing are compared without them (a subset of what axe-core
 *  leaves out, so what passes here passes there). */
const MARKS = /[!-/:-@[-`{-~\u2000-\u206F\u2190-\u27BF]/g;

const words = (text) => collapse(text.toLowerCase().replace(MARKS, ""));

/** Whether `drawn` says nothing a voice could name: no letter or digit, or one letter. */
const wordless = (drawn) => !/[\p{L}\p{N}]/u.test(words(drawn)) || (drawn.length === 1 && /\D/.test(drawn));

/** Whether the name holds the drawn text (both compared without marks). */
const holds = (name, drawn) => wordless(drawn) || words(name).includes(words(drawn));

/**
 * The text drawn on `el`, read as one text the way axe-core reads a control's visible
 * label: its own text nodes as they are, each child element's text trimmed, joined with
 * nothing between (so the separators added by `setWordsApart` are what part the words).
 */
export function drawnText(el) {
  const visible = shown(el);
  let out = "";
  for (const child of el.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) out += visible ? child.nodeValue : "";
    else if (child.nodeType === Node.ELEMENT_NODE) out += child.localName === "br" ? " " : (shown(child) ? drawnText(child) : "");
  }
  return collapse(out);
}

/** Whether a space put between two of `parent`'s child elements is left undrawn. */
function spaceUndrawn(parent, before, after) {
  if (parent instanceof SVGElement) return !(parent instanceof SVGTextContentElement);
  const display = getComputedStyle(parent).display;
  if (/flex|grid/.test(display)) return true;
  // a space beside a block is not drawn (one beside a hidden or boxless element may be)
  const blockish = (el) => !/^(inline|none|contents)/.test(getComputedStyle(el).display);
  return blockish(before) || blockish(after);
}

/** Put an undrawn space between adjacent child elements, inside `el` at every depth. */
export function setWordsApart(el) {
  for (const child of [...el.children]) {
    const next = child.nextSibling;
    if (next && next.nodeType === Node.ELEMENT_NODE && spaceUndrawn(el, child, next)) child.after(" ");
    setWordsApart(child);
  }
}

/** Add to each named control's name the text drawn on it, where the name lacks it. */
export function nameControlsByWhatTheyShow(root) {
  for (const el of root.querySelectorAll(NAMED_CONTROLS)) {
    const name = el.getAttribute("aria-label") || "";
    if (holds(name, drawnText(el))) continue;
    setWordsApart(el);
    const drawn = drawnText(el);
    if (!holds(name, drawn)) el.setAttribute("aria-label", `${name} (${drawn})`);
  }
}
