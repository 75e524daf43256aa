"""Requests as raw bytes over a socket, for what no HTTP client would send."""

import contextlib
import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class RawResponse:
    status: int
    headers: dict[str, str]  # lower-case names; the last of repeated ones
    body: bytes


def exchange(port: int, request: bytes, timeout: float = 10.0) -> RawResponse:
    """Sends `request` and reads one response (until its length, or the close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        # The server may answer and close before reading it all.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(request)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = _recv(sock)
            if not chunk:
                raise ConnectionError(f"closed without an answer: {received[:200]!r}")
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "-1"))
        while length < 0 or len(body) < length:
            chunk = _recv(sock)
            if not chunk:
                break
            body += chunk
        return RawResponse(status, headers, body[:length] if length >= 0 else body)


def _recv(sock: socket.socket) -> bytes:
    try:
        return sock.recv(65536)
    except ConnectionResetError:
        return b""
