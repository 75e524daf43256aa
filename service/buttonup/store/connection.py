"""A Redis client with the timeouts that keep requests bounded when Redis is down.

`redis+cluster://host:port` (or `rediss+cluster://`) names any node of a Redis
Cluster and gives redis-py's cluster client; every key of one game shares a
hash tag, so each game's scripts and transactions stay on one node.
"""

import redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisClusterException
from redis.retry import Retry

from buttonup.store.errors import ErrorsAs, StorageUnavailable

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}

Client = redis.Redis | redis.RedisCluster
# What a call to either client may raise when Redis is unreachable or refuses.
REDIS_ERRORS = (redis.RedisError, RedisClusterException)
# Those errors as the store's own, around every call the store makes.
STORAGE_ERRORS = ErrorsAs((REDIS_ERRORS, lambda error: StorageUnavailable(str(error))))


def is_cluster_url(url: str) -> bool:
    return url.partition("://")[0] in CLUSTER_SCHEMES


def connect(
    url: str,
    *,
    connect_timeout: float = 0.5,
    socket_timeout: float = 0.8,
    max_connections: int = 64,
) -> Client:
    """One retry only: it replaces a pooled connection that a Redis restart
    closed, while two timeouts still fit well inside the 2 s a request may take."""
    options = {
        "socket_connect_timeout": connect_timeout,
        "socket_timeout": socket_timeout,
        "retry": Retry(NoBackoff(), 1),
        "max_connections": max_connections,
        "decode_responses": False,
    }
    scheme, _, rest = url.partition("://")
    if scheme in CLUSTER_SCHEMES:
        # Connects at once to learn which node holds which slots.
        return redis.RedisCluster.from_url(f"{CLUSTER_SCHEMES[scheme]}://{rest}", **options)
    return redis.Redis.from_url(url, **options)
