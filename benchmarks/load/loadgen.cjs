// Load generator: N concurrent bot-vs-bot tic-tac-toe matches over WebSockets.
//
//   node loadgen.cjs --target meeple|bgio|echo|relay --url http://127.0.0.1:PORT
//                    [--matches 50] [--duration 10] [--max-moves 200000] [--seed 1]
//
// Each of the N workers plays matches back to back: set the match up the way
// that server wants (meeple: REST create + join, two sockets; boardgame.io:
// lobby create + join, two socket.io clients forced onto WebSocket; echo: two
// sockets; relay: two sockets in one room, every frame sent to both), then
// both "bots" pick uniformly random legal moves until the game ends. A move's latency runs from sending it to the mover receiving the
// server's new state (echo: the echoed frame). Prints one JSON line of stats.
// Every loop is bounded: the run stops at --duration seconds or --max-moves
// moves, whichever comes first, and a match that stalls for 10 s is abandoned.
"use strict";

const path = require("path");
const { createRequire } = require("module");

// npm packages live in the peers harness (benchmarks/peers/node_modules).
const peerRequire = createRequire(path.join(__dirname, "..", "peers", "package.json"));
const WebSocket = peerRequire("ws");

function parseArgs(argv) {
  const args = { matches: 50, duration: 10, "max-moves": 200000, seed: 1 };
  for (let i = 2; i < argv.length; i += 2) args[argv[i].replace(/^--/, "")] = argv[i + 1];
  for (const k of ["matches", "duration", "max-moves", "seed"]) args[k] = Number(args[k]);
  if (!["meeple", "bgio", "echo", "relay"].includes(args.target)) {
    throw new Error("--target meeple|bgio|echo|relay");
  }
  if (!args.url) throw new Error("--url http://127.0.0.1:PORT");
  return args;
}

const args = parseArgs(process.argv);
const deadline = Date.now() + args.duration * 1000;
const STALL_MS = 10000;
const latencies = [];
let moves = 0;
let matchesDone = 0;
let errors = 0;

// small deterministic generator (mulberry32), one per worker
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const running = () => Date.now() < deadline && moves < args["max-moves"];
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms

// node:http with a keep-alive agent: fetch (undici) costs the load generator
// about a millisecond of CPU per request, which would be measured as server time
const http = require("http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) },
    }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        if (res.statusCode < 200 || res.statusCode >= 300) {
          reject(new Error(`${url}: HTTP ${res.statusCode} ${text}`));
        } else {
          try { resolve(JSON.parse(text)); } catch (err) { reject(err); }
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(data);
  });
}

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

function withStall(promise, label) {
  let timer;
  const stall = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: stalled`)), STALL_MS);
  });
  return Promise.race([promise, stall]).finally(() => clearTimeout(timer));
}

// -- meeple ------------------------------------------------------------------
async function meepleMatch(random) {
  const base = args.url;
  const created = await post(`${base}/api/matches`, {
    game: "tictactoe", seats: ["human", "human"], join: 0, name: "bot0",
  });
  const id = created.match.id;
  const joined = await post(`${base}/api/matches/${id}/join`, { name: "bot1" });
  const wsBase = base.replace("http://", "ws://") + `/ws/match/${id}?token=`;
  const sockets = [];
  // handlers are attached before the sockets open: no state message is missed
  await withStall(new Promise((resolve, reject) => {
    for (const token of [created.token, joined.token]) {
      const ws = new WebSocket(wsBase + token, { perMessageDeflate: false });
      sockets.push(ws);
      let actedOn = null;
      let sentAt = 0;
      ws.on("error", reject);
      ws.on("message", (data) => {
        const msg = JSON.parse(data);
        if (msg.type === "error") {
          errors += 1;
          if (errors <= 3) console.error(JSON.stringify(msg));
          return;
        }
        if (msg.type !== "state") return;
        if (actedOn !== null && msg.state_id !== actedOn) {
          latencies.push(now() - sentAt);
          moves += 1;
          actedOn = null;
        }
        if (msg.status === "finished" || !running()) { resolve(); return; }
        if (msg.legal.length && actedOn === null) {
          const pick = msg.legal[Math.floor(random() * msg.legal.length)];
          actedOn = msg.state_id;
          sentAt = now();
          ws.send(JSON.stringify({ type: "action", state_id: msg.state_id, code: pick.code }));
        }
      });
    }
  }), `meeple match ${id}`).finally(() => sockets.forEach((ws) => ws.terminate()));
}

// -- boardgame.io --------------------------------------------------------------
let bgio = null;
function bgioModules() {
  if (!bgio) {
    bgio = {
      Client: peerRequire("boardgame.io/client").Client,
      SocketIO: peerRequire("boardgame.io/multiplayer").SocketIO,
      TicTacToe: require(path.join(__dirname, "..", "peers", "tictactoe.cjs")).TicTacToe,
    };
  }
  return bgio;
}

async function bgioMatch(random) {
  const { Client, SocketIO, TicTacToe } = bgioModules();
  const base = args.url;
  const { matchID } = await post(`${base}/games/tictactoe/create`, { numPlayers: 2 });
  const creds = [];
  for (const playerID of ["0", "1"]) {
    const j = await post(`${base}/games/tictactoe/${matchID}/join`, { playerID, playerName: `bot${playerID}` });
    creds.push(j.playerCredentials);
  }
  const clients = ["0", "1"].map((playerID, i) => Client({
    game: TicTacToe,
    matchID,
    playerID,
    credentials: creds[i],
    debug: false,
    multiplayer: SocketIO({ server: base, socketOpts: { transports: ["websocket"], forceNew: true } }),
  }));
  await withStall(new Promise((resolve) => {
    clients.forEach((client) => {
      let actedOn = null;
      let sentAt = 0;
      client.subscribe((state) => {
        if (!state || !state.isConnected) return;
        if (actedOn !== null && state._stateID !== actedOn) {
          latencies.push(now() - sentAt);
          moves += 1;
          actedOn = null;
        }
        if (state.ctx.gameover) { resolve(); return; }
        if (!running()) { resolve(); return; }
        if (state.ctx.currentPlayer === client.playerID && actedOn === null) {
          const free = [];
          state.G.cells.forEach((c, i) => { if (c === null) free.push(i); });
          actedOn = state._stateID;
          sentAt = now();
          client.moves.place(free[Math.floor(random() * free.length)]);
        }
      });
      client.start();
    });
  }), `bgio match ${matchID}`).finally(() => clients.forEach((c) => c.stop()));
}

// -- echo ------------------------------------------------------------------------
async function echoMatch(random) {
  const url = args.url.replace("http://", "ws://") + "/ws/echo";
  const sockets = await Promise.all([openSocket(url), openSocket(url)]);
  const length = 5 + Math.floor(random() * 5); // 5..9 "moves", like a tic-tac-toe game
  try {
    for (let i = 0; i < length && running(); i++) {
      const ws = sockets[i % 2];
      const payload = JSON.stringify({ type: "action", state_id: `s${i}`, code: i });
      const t0 = now();
      await withStall(new Promise((resolve, reject) => {
        ws.once("message", resolve);
        ws.once("error", reject);
        ws.send(payload);
      }), "echo");
      latencies.push(now() - t0);
      moves += 1;
    }
  } finally {
    sockets.forEach((ws) => ws.terminate());
  }
}

// -- relay: the echo with a game's fan-out (each frame to both players) -----------
let rooms = 0;
async function relayMatch(random) {
  const room = `${process.pid}-${rooms++}`;
  const url = args.url.replace("http://", "ws://") + `/ws/relay/${room}`;
  const sockets = await Promise.all([openSocket(url), openSocket(url)]);
  const length = 5 + Math.floor(random() * 5);
  try {
    for (let i = 0; i < length && running(); i++) {
      const ws = sockets[i % 2];
      const other = sockets[(i + 1) % 2];
      const payload = JSON.stringify({ type: "action", state_id: `s${i}`, code: i });
      const t0 = now();
      // the move is done when both players have the frame
      await withStall(Promise.all([
        new Promise((resolve) => ws.once("message", resolve)),
        new Promise((resolve) => other.once("message", resolve)),
        Promise.resolve(ws.send(payload)),
      ]), "relay");
      latencies.push(now() - t0);
      moves += 1;
    }
  } finally {
    sockets.forEach((ws) => ws.terminate());
  }
}

const play = { meeple: meepleMatch, bgio: bgioMatch, echo: echoMatch, relay: relayMatch }[args.target];

async function worker(index) {
  const random = rng(args.seed * 7919 + index);
  while (running()) {
    try {
      await play(random);
      matchesDone += 1;
    } catch (err) {
      errors += 1;
      if (errors <= 3) console.error(`${args.target}: ${err.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

(async () => {
  const t0 = now();
  await Promise.all(Array.from({ length: args.matches }, (_, i) => worker(i)));
  const seconds = (now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const out = {
    target: args.target,
    matches_concurrent: args.matches,
    seconds: Number(seconds.toFixed(2)),
    moves,
    matches_played: matchesDone,
    errors,
    moves_per_s: Number((moves / seconds).toFixed(1)),
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
  };
  for (const k of ["p50_ms", "p99_ms"]) if (out[k] !== null) out[k] = Number(out[k].toFixed(2));
  console.log(JSON.stringify(out));
  process.exit(0);
})();
