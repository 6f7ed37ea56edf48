// boardgame.io's own server (Koa + socket.io, in-memory storage) serving
// tic-tac-toe, lobby API and game socket on one port of 127.0.0.1.
// Prints "ready PORT" once listening. Benchmark-only harness.
const { Server } = require("boardgame.io/server");
const { TicTacToe } = require("./tictactoe.cjs");

const port = Number(process.argv[2] || 8001);
const server = Server({ games: [TicTacToe], origins: ["http://127.0.0.1"] });
// Koa's listen() (wrapped by the socket.io transport) takes no host from
// Server.run(): bind loopback only by passing the host through ourselves.
const listen = server.app.listen.bind(server.app);
server.app.listen = (p, callback) => listen(p, "127.0.0.1", callback);
server.run({ port, callback: () => console.log(`ready ${port}`) });
