// A WebSocket that comes back: reconnects with capped exponential backoff and
// lets the page say "hello again" (seat token, last state id) on every open,
// so a dropped connection resumes the match where it was.

const MIN_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;

export class Connection {
  /**
   * @param {string} path e.g. "/ws/match/abc"
   * @param {object} hooks
   *   onOpen(conn): called on every (re)connect; send the hello here.
   *   onMessage(msg): each parsed JSON message.
   *   onStatus(status): "connecting" | "online" | "offline" | "closed".
   *   shouldRetry(closeEvent): false to stop reconnecting (e.g. bad token).
   */
  constructor(path, hooks) {
    this.path = path;
    this.hooks = hooks;
    this.ws = null;
    this.delay = MIN_DELAY_MS;
    this.timer = null;
    this.stopped = false;
    this.reconnects = 0;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  connect() {
    if (this.stopped) return;
    this.hooks.onStatus?.("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = MIN_DELAY_MS;
      this.hooks.onStatus?.("online");
      this.hooks.onOpen?.(this);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (_) {
        console.warn("ignoring a message that is not JSON", ev.data);
        return;
      }
      this.hooks.onMessage?.(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped || this.hooks.shouldRetry?.(ev) === false) {
        this.stopped = true;
        this.hooks.onStatus?.("closed");
        return;
      }
      this.hooks.onStatus?.("offline");
      this.timer = setTimeout(() => {
        this.reconnects += 1;
        this.connect();
      }, this.delay);
      this.delay = Math.min(MAX_DELAY_MS, this.delay * 2);
    });
  }

  /** Send one JSON message; false when not connected (the caller says so). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  get online() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Drop the socket now and reconnect (used by tests of resume, and by "retry"). */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
