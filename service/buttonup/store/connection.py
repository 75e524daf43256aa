"""A Redis client with the timeouts that keep requests bounded when Redis is down."""

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry


def connect(
    url: str,
    *,
    connect_timeout: float = 0.5,
    socket_timeout: float = 0.8,
    max_connections: int = 64,
) -> redis.Redis:
    """One retry only: it replaces a pooled connection that a Redis restart
    closed, while two timeouts still fit well inside the 2 s a request may take."""
    return redis.Redis.from_url(
        url,
        socket_connect_timeout=connect_timeout,
        socket_timeout=socket_timeout,
        retry=Retry(NoBackoff(), 1),
        max_connections=max_connections,
        decode_responses=False,
    )
