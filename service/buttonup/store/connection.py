"""A Redis client with the timeouts that keep requests bounded when Redis is down.

`redis+cluster://host:port` (or `rediss+cluster://`) names any node of a Redis
Cluster and gives redis-py's cluster client; every key of one game shares a
hash tag, so each game's scripts and transactions stay on one node.

Tested in tests/store/test_scripts.py, tests/e2e/test_redis_faults.py.
"""

from typing import TypeAlias

import redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisClusterException
from redis.retry import Retry

from buttonup.store.errors import ErrorsAs, StorageFull, StorageUnavailable

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
# Every scheme a Redis URL may have here: redis-py's own, and the cluster's.
REDIS_SCHEMES = ("redis", "rediss", "unix", *CLUSTER_SCHEMES)

Client: TypeAlias = redis.Redis | redis.RedisCluster
# What a call to either client may raise when Redis is unreachable or refuses.
REDIS_ERRORS = (redis.RedisError, RedisClusterException)
# Those errors as the store's own, around every call the store makes. Redis
# refuses a script at its first write when over `maxmemory` (a script that has
# written goes on), so a refusal for memory never leaves a change half made.
STORAGE_ERRORS = ErrorsAs((REDIS_ERRORS, lambda error: _store_error(error)))
# How Redis words a refusal for memory; inside a script (Redis 6) it comes
# as the script's error, which redis-py does not type as OutOfMemoryError.
OUT_OF_MEMORY = "OOM command not allowed"


def _store_error(error: BaseException) -> StorageUnavailable:
    if isinstance(error, redis.OutOfMemoryError) or (
        isinstance(error, redis.ResponseError) and OUT_OF_MEMORY in str(error)
    ):
        return StorageFull(str(error))
    return StorageUnavailable(str(error))


def redis_url_problem(url: str) -> str | None:
    """What is wrong with `url` as a Redis URL, in a few words; None: nothing."""
    scheme, separator, rest = url.partition("://")
    if not separator or scheme not in REDIS_SCHEMES or not rest:
        schemes = ", ".join(f"{name}://" for name in REDIS_SCHEMES)
        return f"{url!r} is not a Redis URL (one of {schemes})"
    return None


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
