"""The HAProxy configuration in front of a cluster (``meeple serve --print-proxy-config``).

HAProxy (Debian's ``haproxy`` package) sends every request that names a match
(``/ws/match/{id}``, ``/api/matches/{id}...``) to backend ``match_K`` where
``K = crc32(id) mod N``: the same first node as
:func:`meeple.server.ownership.preference`. Backend ``match_K`` lists node K
first and the others as backups in the order of the ring, and HAProxy uses
the first healthy backup when node K is down, which is the second node of the
match's preference order, and so on. Everything else (pages, the lobby list,
creating a match) goes round-robin to any healthy node.

Health comes from ``GET /api/cluster/health`` (200 while the node holds its
lease in PostgreSQL), checked twice a second by the ``any`` backend; the
match backends track those checks rather than repeating them. A node marked
down has its sockets cut (``on-marked-down shutdown-sessions``); its clients
reconnect and reach the next node in line.
"""

from __future__ import annotations

from meeple.server.cluster import node_name, parse_address

HEALTH_PATH = "/api/cluster/health"


def _server(address: str) -> str:
    host, port = parse_address(address)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def haproxy_config(nodes: tuple[str, ...], listen: str, check_ms: int = 500) -> str:
    """A complete ``haproxy.cfg`` for these nodes (in ``--cluster`` order) on ``listen``.

    >>> cfg = haproxy_config(("127.0.0.1:8001", "127.0.0.1:8002"), "127.0.0.1:8000")
    >>> "use_backend match_%[var(txn.match),crc32,mod(2)] if match_path" in cfg
    True
    """
    count = len(nodes)
    lines = [
        "# HAProxy in front of a meeple cluster; written by meeple serve --print-proxy-config.",
        "# Run it with: haproxy -f THIS_FILE   (-db to stay in the foreground)",
        "global",
        "    # each connection holds two descriptors (client and node): raise ulimit -n for more",
        "    maxconn 4000",
        "",
        "defaults",
        "    mode http",
        "    timeout connect 2s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    # a match socket stays open for the whole game (the server pings every 20 s)",
        "    timeout tunnel 1h",
        "    timeout client-fin 5s",
        "    # the client's address for the nodes' per-address limits (uvicorn trusts it",
        "    # from 127.0.0.1; a proxy on another machine: FORWARDED_ALLOW_IPS=its address)",
        "    option forwardfor",
        "    option redispatch",
        "    # REST calls are independent: any idle connection to a node may carry the next one",
        "    http-reuse always",
        "    retries 2",
        "",
        "frontend meeple",
        f"    bind {_server(listen)}",
        "    acl match_path path_reg ^/(ws/match|api/matches)/[0-9A-Za-z]+(/|$)",
        "    http-request set-var(txn.match) path,field(4,/) if match_path",
        f"    use_backend match_%[var(txn.match),crc32,mod({count})] if match_path",
        "    default_backend any",
        "",
        "backend any",
        "    balance roundrobin",
        f"    option httpchk GET {HEALTH_PATH}",
        "    http-check expect status 200",
        f"    default-server inter {check_ms}ms fall 2 rise 2 on-marked-down shutdown-sessions",
    ]
    lines += [f"    server {node_name(i)} {_server(a)} check" for i, a in enumerate(nodes)]
    for first in range(count):
        lines += ["", f"backend match_{first}"]
        for k in range(count):
            i = (first + k) % count
            backup = " backup" if k else ""
            lines.append(
                f"    server {node_name(i)} {_server(nodes[i])} track any/{node_name(i)}{backup}"
            )
    return "\n".join(lines) + "\n"
