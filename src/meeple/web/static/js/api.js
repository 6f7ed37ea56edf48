// REST calls to the server (docs/protocol.md). Errors become ApiError with
// the server's code, so pages can show a translated message.

import { getLang, hasString, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The session's CSRF token (the readable cookie beside the HttpOnly session), or "". */
function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("meeple_csrf="));
  return found ? decodeURIComponent(found.slice("meeple_csrf=".length)) : "";
}

/** Whether this browser is logged in (the readable half of the session is there): the
 * server then seats it under its account's name, so no name is asked for. */
export function hasSession() {
  return Boolean(csrfToken());
}

export async function api(method, path, body) {
  const init = { method, headers: {} };
  // a logged-in browser repeats its CSRF token on every request that changes something
  const csrf = method === "GET" ? "" : csrfToken();
  if (csrf) init.headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch (_) {
    data = null;
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(e.code || "http", e.message || `HTTP ${res.status}`, res.status);
  }
  return data;
}

/**
 * A readable, translated message for an error code from REST or the WebSocket.
 * The server's own detail is English: it is added to the English banner only,
 * never to a Chinese one (a Chinese reader gets the translated sentence alone).
 */
export function errorText(code, message) {
  const key = `error.${code}`;
  if (hasString(key)) return message && getLang() === "en" ? `${t(key)} (${message})` : t(key);
  if (getLang() !== "en") return t("error.http");
  return message || code;
}
