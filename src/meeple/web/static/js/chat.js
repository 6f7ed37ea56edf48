// The chat of a match (issue 41, item 5; docs/protocol.md, "Chat"): a panel on the match
// page, written over the match socket and read back over REST, and on the replay page,
// where it shows the messages written up to the step shown.
//
// Every message is text: it is put in the page with textContent (dom.js's h), never as
// markup. New messages from others are said once through the page's polite live region;
// the text field keeps focus while one sends and the messages come in. The messages'
// mute and report menus are one Tab stop (the newest message's button); Up and Down, Home
// and End move between them.

import { api, errorText, hasSession } from "./api.js";
import { showError } from "./common.js";
import { clear, h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { Announcer } from "./announce.js";

/** The longest message the server takes (ChatLimits.max_text). */
const MAX_TEXT = 500;
/** Messages a history page holds (the server's page_max). */
const PAGE = 100;

function timeOf(at) {
  const d = new Date(at * 1000);
  return d.toLocaleTimeString(getLang() === "en" ? "en-GB" : "zh-TW", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** The base markup of a chat panel inside `root` (a <section>): heading, log, form. */
function build(root, { live }) {
  clear(root);
  root.classList.add("chat");
  root.setAttribute("aria-labelledby", "chat-heading");
  const parts = {
    heading: h("h2", { id: "chat-heading" }, t("chat.title")),
    mode: h("p", { class: "muted small chat-mode", "data-testid": "chat-mode" }, t("chat.mode_all")),
    older: h("button", { type: "button", class: "chat-older", "data-testid": "chat-older", hidden: true }, t("chat.older")),
    list: h("ol", { class: "chat-log", "data-testid": "chat-log", tabindex: "0", "aria-labelledby": "chat-heading" }),
    empty: h("p", { class: "muted small", "data-testid": "chat-empty" }, t("chat.empty")),
    note: h("p", { class: "muted small chat-note", "data-testid": "chat-note", hidden: true }),
    form: null,
    input: null,
    send: null,
    count: null,
    mutes: h("details", { class: "chat-mutes", "data-testid": "chat-mutes", hidden: true }),
  };
  root.append(parts.heading, parts.mode, parts.older, parts.list, parts.empty);
  if (live) {
    parts.input = h("input", {
      id: "chat-input",
      "data-testid": "chat-input",
      type: "text",
      maxlength: MAX_TEXT,
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-describedby": "chat-count",
    });
    parts.send = h("button", { type: "submit", class: "primary", "data-testid": "chat-send" }, t("chat.send"));
    parts.count = h("span", { id: "chat-count", class: "muted small chat-count", "aria-live": "off" });
    parts.label = h("label", { for: "chat-input", class: "visually-hidden" }, t("chat.label"));
    parts.form = h("form", { class: "chat-form", "data-testid": "chat-form" }, parts.label, h("div", { class: "chat-row" }, parts.input, parts.send), parts.count);
    root.append(parts.form, parts.note, parts.mutes);
  }
  return parts;
}

/**
 * The chat panel. `live`: the match page (it writes, gets messages as they come);
 * otherwise the replay's (read only, filtered by step).
 */
export class ChatPanel {
  constructor(root, { matchId, live = false, send = null, announce = null }) {
    this.root = root;
    this.matchId = matchId;
    this.live = live;
    this.sendMessage = send;
    this.announcer = announce ? new Announcer(announce) : null;
    this.messages = new Map(); // idx -> message
    this.more = false; // older messages remain on the server
    this.loaded = false;
    this.seat = null;
    this.mode = "all";
    this.status = null;
    this.step = null; // the replay's step: messages written up to it are shown
    this.open = null; // idx of the message whose menu is open
    this.reporting = null; // idx of the message whose report form is open
    this.stop = null; // idx of the message whose menu button holds the list's Tab stop
    this.told = new Set(); // idx of messages said aloud
    this.nextRef = 1;
    this.mutes = [];
    this.parts = build(root, { live });
    this.parts.mode.hidden = !live;
    if (live) {
      this.parts.form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        this.submit();
      });
      this.parts.input.addEventListener("input", () => this.drawCount());
    }
    this.parts.older.addEventListener("click", () => this.loadOlder());
    this.parts.list.addEventListener("keydown", (ev) => this.onKey(ev));
    root.dataset.ready = "0";
  }

  get loggedIn() {
    return hasSession();
  }

  /** The match page tells the panel who this page is and what the match is now. */
  update({ seat, match, status }) {
    this.seat = seat;
    this.mode = (match && match.chat) || "all";
    this.status = status;
    this.drawForm();
  }

  url(params) {
    const query = new URLSearchParams(params).toString();
    return `/api/matches/${encodeURIComponent(this.matchId)}/chat${query ? `?${query}` : ""}`;
  }

  /** First load: the newest page (the match page), or every message (the replay). */
  async load() {
    try {
      if (this.live) {
        const page = await api("GET", this.url({ limit: 50 }));
        this.add(page.messages, { history: true });
        this.more = page.more;
      } else {
        let after = -1;
        for (let i = 0; i < 40; i += 1) {
          const page = await api("GET", this.url({ after, limit: PAGE }));
          this.add(page.messages, { history: true });
          if (!page.more || !page.messages.length) break;
          after = page.messages[page.messages.length - 1].idx;
        }
      }
      this.loaded = true;
      if (this.live && this.loggedIn) {
        await this.loadMutes();
        this.drawMutes();
      }
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
    this.draw();
    this.root.dataset.ready = "1";
  }

  /** After the socket came back: the messages written while it was away. */
  async catchUp() {
    if (!this.loaded) return;
    const known = [...this.messages.keys()];
    const after = known.length ? Math.max(...known) : -1;
    try {
      for (let i = 0; i < 20; i += 1) {
        const page = await api("GET", this.url({ after, limit: PAGE }));
        this.add(page.messages, { history: false });
        if (!page.more || !page.messages.length) break;
      }
    } catch (_) {
      // the next reconnect tries again
    }
    this.draw();
  }

  async loadOlder() {
    const known = [...this.messages.keys()];
    const before = known.length ? Math.min(...known) : undefined;
    try {
      const page = await api("GET", this.url(before === undefined ? { limit: 50 } : { before, limit: 50 }));
      this.add(page.messages, { history: true });
      this.more = page.more;
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
    this.draw();
    this.parts.list.focus();
  }

  async loadMutes() {
    try {
      this.mutes = (await api("GET", "/api/account/mutes")).mutes;
    } catch (_) {
      this.mutes = [];
    }
  }

  /** Messages in (from history or live); history is never said aloud. */
  add(messages, { history }) {
    for (const m of messages) {
      if (this.messages.has(m.idx)) continue;
      this.messages.set(m.idx, m);
      if (history) this.told.add(m.idx);
    }
  }

  /** A socket message: a chat message, or the refusal of one of ours. True when handled. */
  onMessage(msg) {
    if (msg.type === "chat") {
      const mine = typeof msg.ref === "string" && msg.ref.startsWith("chat-");
      if (mine) this.parts.send.disabled = false;
      this.add([msg.message], { history: false });
      this.draw();
      return true;
    }
    if (msg.type === "error" && typeof msg.ref === "string" && msg.ref.startsWith("chat-")) {
      this.parts.send.disabled = false;
      if (msg.code === "rate_limited") showError(t("chat.slow_down", { s: msg.retry_after || 10 }));
      else showError(errorText(msg.code, msg.message));
      this.parts.input.value = this.pendingText || this.parts.input.value;
      this.drawCount();
      return true;
    }
    return false;
  }

  submit() {
    const input = this.parts.input;
    const text = input.value.trim();
    if (!text) {
      input.focus();
      return;
    }
    const ref = `chat-${this.nextRef++}`;
    if (!this.sendMessage || !this.sendMessage({ type: "chat", text, ref })) {
      showError(t("error.offline"));
      return;
    }
    this.pendingText = text;
    input.value = "";
    this.drawCount();
    input.focus();
  }

  /** Who may write here, and the form shown or its reason why not. */
  canWrite() {
    if (this.seat !== null && this.seat !== undefined) return [true, null];
    if (!this.loggedIn) return [false, t("chat.login_to_write")];
    if (this.mode === "seats") return [false, t("chat.seats_only_note")];
    return [true, null];
  }

  drawForm() {
    const p = this.parts;
    p.heading.textContent = t("chat.title");
    p.mode.textContent = this.mode === "seats" ? t("chat.mode_seats") : t("chat.mode_all");
    p.older.textContent = t("chat.older");
    p.empty.textContent = this.live ? t("chat.empty") : t("chat.empty_replay");
    p.mode.hidden = !this.live; // the replay only reads
    if (!this.live) return;
    const [ok, why] = this.canWrite();
    p.form.hidden = !ok;
    p.note.hidden = ok;
    p.note.textContent = why || "";
    p.label.textContent = t("chat.label");
    p.input.placeholder = t("chat.placeholder");
    p.send.textContent = t("chat.send");
    this.drawCount();
    this.drawMutes();
  }

  drawCount() {
    const p = this.parts;
    if (!p.count) return;
    const left = MAX_TEXT - p.input.value.length;
    p.count.textContent = left < 100 ? t("chat.left", { n: left }) : "";
  }

  drawMutes() {
    const box = this.parts.mutes;
    box.hidden = !this.loggedIn || !this.mutes.length;
    if (box.hidden) return;
    // redrawn only when it changed: the match page asks at every state message, and a
    // rebuilt list would take focus from its Unmute button
    const key = JSON.stringify([getLang(), this.mutes]);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    const open = box.open;
    clear(box);
    box.append(
      h("summary", {}, t("chat.muted_list", { n: this.mutes.length })),
      h(
        "ul",
        { class: "chat-muted" },
        this.mutes.map((m) =>
          h("li", {}, h("span", {}, m.name), " ", h("button", { type: "button", "data-testid": "chat-unmute", onclick: () => this.unmute(m) }, t("chat.unmute", { name: m.name }))),
        ),
      ),
    );
    box.open = open;
  }

  /** The messages to show: all of them live; up to the step in the replay. */
  shown() {
    const all = [...this.messages.values()].sort((a, b) => a.idx - b.idx);
    return this.step === null ? all : all.filter((m) => m.move <= this.step);
  }

  mine(m) {
    return Boolean(m.mine) || (this.seat !== null && this.seat !== undefined && m.seat === this.seat);
  }

  /** What this page may do to another's message: mute (an account), report (an account or a seat). */
  actionsFor(m) {
    if (!this.live || this.mine(m)) return [];
    const out = [];
    if (this.loggedIn) out.push("mute");
    if (this.loggedIn || (this.seat !== null && this.seat !== undefined)) out.push("report");
    return out;
  }

  draw() {
    const list = this.parts.list;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const focused = list.contains(document.activeElement) ? document.activeElement : null;
    const keep = focused ? { idx: focused.closest("li")?.dataset.idx, what: focused.dataset.what } : null;
    const shown = this.shown();
    clear(list);
    for (const m of shown) list.append(this.item(m));
    this.parts.empty.hidden = shown.length > 0;
    this.parts.older.hidden = !(this.live && this.more);
    this.rove();
    if (keep) {
      const li = list.querySelector(`li[data-idx="${keep.idx}"]`);
      const back = li && (li.querySelector(`[data-what="${keep.what}"]`) || li.querySelector("button"));
      (back || list).focus({ preventScroll: true });
    }
    if (atBottom || !this.drawnOnce) list.scrollTop = list.scrollHeight;
    this.drawnOnce = true;
    this.say(shown);
    this.root.dataset.count = String(shown.length);
  }

  item(m) {
    const own = this.mine(m);
    const who = m.seat === null ? t("chat.spectator", { name: m.name }) : m.name;
    const li = h(
      "li",
      { class: `chat-msg${own ? " own" : ""}`, "data-idx": m.idx, "data-testid": "chat-message" },
      h("span", { class: "chat-who" }, h("span", { class: "chat-name", "data-seat": m.seat === null ? "" : m.seat }, who), " ", h("time", { class: "muted small", datetime: new Date(m.at * 1000).toISOString() }, timeOf(m.at))),
      h("span", { class: "chat-text", "data-testid": "chat-text" }, m.text),
    );
    const actions = this.actionsFor(m);
    if (!actions.length) return li;
    const menuId = `chat-menu-${m.idx}`;
    const opened = this.open === m.idx;
    li.append(
      h(
        "button",
        {
          type: "button",
          class: "chat-more",
          "data-what": "more",
          "data-testid": "chat-more",
          "aria-expanded": opened ? "true" : "false",
          "aria-controls": menuId,
          "aria-label": t("chat.actions", { name: m.name }),
          title: t("chat.actions", { name: m.name }),
          onclick: () => {
            this.open = opened ? null : m.idx;
            this.reporting = null;
            this.draw();
          },
        },
        "⋯",
      ),
    );
    if (!opened) return li;
    const menu = h("div", { id: menuId, class: "chat-menu side-actions" });
    if (this.reporting === m.idx) {
      const reason = h("input", { type: "text", maxlength: 300, "data-testid": "chat-reason", id: `chat-reason-${m.idx}` });
      menu.append(
        h("label", { class: "field chat-reason" }, h("span", {}, t("chat.reason")), reason),
        h("button", { type: "button", class: "primary", "data-what": "send-report", "data-testid": "chat-send-report", onclick: () => this.report(m, reason.value) }, t("chat.send_report")),
        h("button", { type: "button", "data-what": "cancel", onclick: () => this.closeMenu(m) }, t("chat.cancel")),
      );
    } else {
      if (actions.includes("mute"))
        menu.append(h("button", { type: "button", "data-what": "mute", "data-testid": "chat-mute", onclick: () => this.mute(m) }, t("chat.mute", { name: m.name })));
      if (actions.includes("report"))
        menu.append(
          h(
            "button",
            {
              type: "button",
              "data-what": "report",
              "data-testid": "chat-report",
              onclick: () => {
                this.reporting = m.idx;
                this.draw();
                document.getElementById(`chat-reason-${m.idx}`)?.focus();
              },
            },
            t("chat.report"),
          ),
        );
      menu.append(h("button", { type: "button", "data-what": "cancel", onclick: () => this.closeMenu(m) }, t("chat.cancel")));
    }
    li.append(menu);
    return li;
  }

  closeMenu(m) {
    this.open = null;
    this.reporting = null;
    this.stop = m.idx;
    this.draw();
    this.parts.list.querySelector(`li[data-idx="${m.idx}"] .chat-more`)?.focus();
  }

  /** One Tab stop among the messages' menu buttons (the one last used, else the newest). */
  rove() {
    const buttons = [...this.parts.list.querySelectorAll(".chat-more")];
    if (!buttons.length) return;
    let stop = buttons.find((b) => b.closest("li").dataset.idx === String(this.stop));
    if (!stop) stop = buttons[buttons.length - 1];
    for (const b of buttons) b.tabIndex = b === stop ? 0 : -1;
  }

  onKey(ev) {
    const here = document.activeElement;
    if (!(here instanceof HTMLElement) || !here.classList.contains("chat-more")) return;
    const buttons = [...this.parts.list.querySelectorAll(".chat-more")];
    const i = buttons.indexOf(here);
    let next = null;
    if (ev.key === "ArrowUp") next = buttons[i - 1];
    else if (ev.key === "ArrowDown") next = buttons[i + 1];
    else if (ev.key === "Home") next = buttons[0];
    else if (ev.key === "End") next = buttons[buttons.length - 1];
    else return;
    ev.preventDefault();
    if (!next) return;
    this.stop = Number(next.closest("li").dataset.idx);
    this.rove();
    next.focus();
  }

  /** New messages of others, each said once through the polite live region. */
  say(shown) {
    if (!this.announcer || !this.live) return;
    for (const m of shown) {
      if (this.told.has(m.idx)) continue;
      this.told.add(m.idx);
      if (this.mine(m)) continue;
      this.announcer.say(`chat:${m.idx}`, t("chat.said", { name: m.name, text: m.text }));
    }
  }

  async mute(m) {
    try {
      await api("POST", `${this.url()}/${m.idx}/mute`);
      this.open = null;
      // the page reads the chat again: the server leaves the muted writer out of it
      this.messages.clear();
      await this.load();
      this.parts.list.focus();
      this.announcer?.say(`muted:${m.idx}`, t("chat.muted_done", { name: m.name }));
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
  }

  async unmute(m) {
    try {
      this.mutes = (await api("POST", "/api/account/mutes/unmute", { target: m.target })).mutes;
      this.messages.clear();
      this.told.clear();
      await this.load();
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
    this.drawMutes();
    this.parts.list.focus();
  }

  async report(m, reason) {
    const body = { reason: reason.trim() };
    const token = this.token ? this.token() : null;
    if (token && !this.loggedIn) body.token = token;
    try {
      await api("POST", `${this.url()}/${m.idx}/report`, body);
      this.open = null;
      this.reporting = null;
      this.stop = m.idx;
      this.draw();
      this.parts.list.querySelector(`li[data-idx="${m.idx}"] .chat-more`)?.focus();
      this.announcer?.say(`reported:${m.idx}`, t("chat.reported"));
      showReported(this.root);
    } catch (err) {
      showError(errorText(err.code, err.message));
    }
  }

  /** The replay's step changed: show the messages written up to it. */
  showStep(step) {
    this.step = step;
    this.draw();
  }

  /** The language changed: every word again. */
  redraw() {
    this.drawForm();
    this.draw();
  }
}

/** A short thank-you under the chat after a report (said through the live region). */
function showReported(root) {
  let box = root.querySelector(".chat-thanks");
  if (!box) {
    box = h("p", { class: "notice small chat-thanks", "data-testid": "chat-reported" });
    root.append(box);
  }
  box.textContent = t("chat.reported");
}
