// The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) for a
// role="tablist" of role="tab" buttons: the selected tab is the list's one Tab stop,
// the arrow keys, Home and End move to a tab and select it, and each tab names the
// panel it shows (aria-controls), which is labelled by the selected tab. The lobby's
// match lists and ICE's layers use it; both once had tabs without panels or arrow keys.

const KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

const tabsOf = (list) => [...list.querySelectorAll("[role=tab]")];

/**
 * Bring the tabs' ARIA state in line with which one is selected (`aria-selected`, set by
 * the caller's drawing): tab stops, the panel's role and label. Call after each redraw.
 * A panel is a Tab stop of its own only when `focusPanel` (a list of matches may hold no
 * control; a board always does).
 */
export function syncTabs(list, panel, focusPanel = false) {
  const tabs = tabsOf(list);
  const selected = tabs.find((tab) => tab.getAttribute("aria-selected") === "true") || tabs[0];
  for (const tab of tabs) {
    tab.tabIndex = tab === selected ? 0 : -1;
    if (panel && panel.id) tab.setAttribute("aria-controls", panel.id);
  }
  if (panel) {
    panel.setAttribute("role", "tabpanel");
    if (selected && selected.id) panel.setAttribute("aria-labelledby", selected.id);
    if (focusPanel && !panel.hasAttribute("tabindex")) panel.tabIndex = 0;
  }
}

/**
 * Arrow keys, Home and End on `list` select the next, previous, first or last tab by
 * calling `select(tab)` (what a click does), then focus that tab by its id (a renderer
 * may have drawn the list again). Call once for each list element.
 */
export function tabKeys(list, select) {
  list.addEventListener("keydown", (ev) => {
    if (!KEYS.has(ev.key)) return;
    const tabs = tabsOf(list);
    const at = tabs.indexOf(ev.target.closest("[role=tab]"));
    if (at < 0) return;
    ev.preventDefault();
    const last = tabs.length - 1;
    const next = ev.key === "Home" ? 0 : ev.key === "End" ? last
      : ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? (at === 0 ? last : at - 1)
      : at === last ? 0 : at + 1;
    const id = tabs[next].id;
    select(tabs[next]);
    const target = (id && document.getElementById(id)) || tabs[next];
    target.focus();
  });
}
