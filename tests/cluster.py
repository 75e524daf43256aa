"""A real three-master Redis Cluster on loopback, from the same redis-server
binary the suite uses: slots split in three with CLUSTER ADDSLOTS, nodes
introduced with CLUSTER MEET."""

import random
import socket
import time
from pathlib import Path

import redis

from buttonup.redis_server import RedisServer

SLOTS = 16384
BUS_OFFSET = 10000  # a cluster node also listens on its port + 10000


def cluster_port() -> int:
    """A free port whose bus port is free too (so at most 55535)."""
    for _ in range(200):
        port = random.randint(20000, 45000)
        if all(_bindable(candidate) for candidate in (port, port + BUS_OFFSET)):
            return port
    raise RuntimeError("no free port pair for a cluster node")


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class RedisCluster:
    def __init__(self, data_dir: Path, masters: int = 3) -> None:
        self.nodes = [
            RedisServer(
                data_dir / f"node{n}",
                port=cluster_port(),
                persistent=False,
                extra_args=self._cluster_args(data_dir / f"node{n}"),
            )
            for n in range(masters)
        ]

    @staticmethod
    def _cluster_args(node_dir: Path) -> list[str]:
        return [
            "--cluster-enabled", "yes",
            "--cluster-config-file", str(node_dir / "nodes.conf"),
            "--cluster-node-timeout", "2000",
        ]  # fmt: skip

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def clients(self) -> list[redis.Redis]:
        return [redis.Redis(port=node.port) for node in self.nodes]

    def start(self, timeout: float = 20.0) -> None:
        try:
            self._start(timeout)
        except BaseException:
            self.stop()  # no node left behind
            raise

    def _start(self, timeout: float) -> None:
        for node in self.nodes:
            node.start()
        clients = self.clients()
        share = SLOTS // len(clients)
        for n, client in enumerate(clients):
            last = SLOTS - 1 if n == len(clients) - 1 else (n + 1) * share - 1
            client.execute_command("CLUSTER ADDSLOTS", *range(n * share, last + 1))
        for node in self.nodes[1:]:
            clients[0].execute_command("CLUSTER MEET", "127.0.0.1", node.port)
        deadline = time.monotonic() + timeout
        while not all(self._ready(client) for client in clients):
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not come up")
            time.sleep(0.1)
        for client in clients:
            client.close()

    def _ready(self, client: redis.Redis) -> bool:
        info = client.execute_command("CLUSTER INFO")
        return info["cluster_state"] == "ok" and int(info["cluster_known_nodes"]) == len(self.nodes)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
