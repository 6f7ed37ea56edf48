"""The shape of a cluster: its node list, each node's name, each match's order of nodes.

Shared by the nodes (:mod:`meeple.server.ownership`) and the proxy's
configuration (:mod:`meeple.server.proxy`), which must agree on it.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass


def preference(match_id: str, count: int) -> list[int]:
    """The nodes that should serve a match, best first: the proxy's order too.

    ``crc32`` is HAProxy's ``crc32`` converter (the zlib/Ethernet CRC), so the
    generated proxy configuration computes the same first node.

    >>> preference("3f9a0c11d2", 3)
    [2, 0, 1]
    >>> preference("3f9a0c11d2", 1)
    [0]
    """
    first = zlib.crc32(match_id.encode()) % count
    return [(first + k) % count for k in range(count)]


def node_name(index: int) -> str:
    """The name a node registers under: its place in the ``--cluster`` list, from 1."""
    return f"node{index + 1}"


@dataclass(frozen=True)
class ClusterConfig:
    """This node's view of the cluster: every node's address and which one it is."""

    nodes: tuple[str, ...]
    index: int
    lease: float = 3.0

    def __post_init__(self) -> None:
        if not self.nodes:
            raise ValueError("a cluster needs at least one node")
        if not 0 <= self.index < len(self.nodes):
            raise ValueError(f"--node must be 1..{len(self.nodes)}, got {self.index + 1}")
        if not 0.5 <= self.lease <= 60:
            raise ValueError(f"the lease must be 0.5..60 seconds, got {self.lease}")

    @property
    def name(self) -> str:
        return node_name(self.index)

    @property
    def address(self) -> tuple[str, int]:
        return parse_address(self.nodes[self.index])

    @property
    def interval(self) -> float:
        """Seconds between heartbeats (and between ownership sweeps)."""
        return self.lease / 4

    @property
    def margin(self) -> float:
        """How long before the database's expiry a node stops acting on its own."""
        return self.lease / 4


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` (``[::1]:port`` for IPv6) of one node.

    >>> parse_address("127.0.0.1:8001"), parse_address("[::1]:9")
    (('127.0.0.1', 8001), ('::1', 9))
    """
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"a node address is HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)


def parse_nodes(text: str) -> tuple[str, ...]:
    """The ``--cluster`` list: comma-separated ``host:port`` entries, all different."""
    nodes = tuple(part.strip() for part in text.split(",") if part.strip())
    for node in nodes:
        parse_address(node)
    if len(set(nodes)) != len(nodes):
        raise ValueError(f"a node is listed twice in {text!r}")
    if not nodes:
        raise ValueError("--cluster lists no node")
    return nodes
