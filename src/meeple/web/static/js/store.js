// What the browser remembers between pages: seat tokens per match and the
// player's name. Tokens are the seat's secret (see docs/protocol.md).

const TOKEN_PREFIX = "meeple.token.";
const NAME_KEY = "meeple.name";
const GAME_KEY = "meeple.game";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) {
    // storage disabled: the seat lasts for this page only
  }
}

/** {seat, token} for `matchId`, or null. */
export function getSeat(matchId) {
  const raw = read(TOKEN_PREFIX + matchId);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw);
    return typeof data.token === "string" && Number.isInteger(data.seat) ? data : null;
  } catch (_) {
    return null;
  }
}

export function saveSeat(matchId, seat, token) {
  write(TOKEN_PREFIX + matchId, JSON.stringify({ seat, token }));
}

/** Every seat this browser holds: [matchId, {seat, token}] pairs. */
export function allSeats() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(TOKEN_PREFIX)) {
        const seat = getSeat(key.slice(TOKEN_PREFIX.length));
        if (seat) out.push([key.slice(TOKEN_PREFIX.length), seat]);
      }
    }
  } catch (_) {
    // storage disabled: nothing held
  }
  return out;
}

export function forgetSeat(matchId) {
  write(TOKEN_PREFIX + matchId, null);
}

export function getName() {
  return read(NAME_KEY) || "";
}

export function saveName(name) {
  write(NAME_KEY, name || null);
}

/** The game chosen last in the lobby (it opens on it next time). */
export function getLastGame() {
  return read(GAME_KEY) || "";
}

export function saveLastGame(slug) {
  write(GAME_KEY, slug || null);
}
