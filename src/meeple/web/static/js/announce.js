// What a screen reader hears: one polite live region a page, each thing said once.
//
// The page redraws its whole board on every state message; a live region inside it
// would say the same words again each time ("Your turn" 8 times in 4 moves). So the
// match and the replay say things here, by key: a log line once, a turn once.

import { h } from "./dom.js";

/** The most lines kept in the region (older ones are gone from the page, not unsaid). */
const KEEP = 20;

export class Announcer {
  /** `el`: an element with aria-live="polite", visually hidden (docs/web-client.md). */
  constructor(el) {
    this.el = el;
    this.said = new Set();
  }

  /** Say `text` unless `key` was said already; returns whether it was said now. */
  say(key, text) {
    if (!text || this.said.has(key)) return false;
    this.said.add(key);
    this.el.append(h("p", {}, text));
    while (this.el.children.length > KEEP) this.el.firstElementChild.remove();
    return true;
  }

  /** Forget what was said (a new language: the words are new). */
  reset() {
    this.said.clear();
    this.el.replaceChildren();
  }
}
