"""What the scripts say when the service cannot be reached or the URL is
wrong: one line on stderr and a non-zero exit, never a traceback. Ctrl-C
stops a script silently.

    from reaching import run, service_url

    def main(argv=None) -> int:
        args = parser.parse_args(argv)
        base_url = service_url(args.base_url)
        ...

    if __name__ == "__main__":
        sys.exit(run(main))
"""

import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from buttonup_client.errors import UnexpectedStatus

EXAMPLE = "http://127.0.0.1:8000"


class WrongURL(Exception):
    pass


def service_url(text: str) -> str:
    """`text` as the service's base URL (no trailing slash); WrongURL unless
    it is an http(s) URL with a host and, if it has one, a port that exists."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WrongURL(f"{text!r} is not the service's URL (like {EXAMPLE})")
    try:
        parts.port  # noqa: B018 - urllib checks the port when asked for it
    except ValueError:
        raise WrongURL(f"{text!r}: a port is a number from 1 to 65535") from None
    return text.rstrip("/")


def run(main: Callable[[], int]) -> int:
    """`main`'s exit code; a wrong URL, a service out of reach or an answer
    the client does not know said in one line."""
    name = Path(sys.argv[0]).name
    try:
        return main()
    except WrongURL as wrong:
        print(f"{name}: {wrong}", file=sys.stderr)
        return 2
    except httpx.TransportError as error:
        print(
            f"{name}: cannot reach the service at {_where(error)}: {_why(error)}", file=sys.stderr
        )
        return 1
    except UnexpectedStatus as answer:
        print(
            f"{name}: the service answered {answer.status_code}, which this script does not "
            "expect: is the URL the service's?",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 130


def _where(error: httpx.TransportError) -> str:
    try:
        url = error.request.url
    except RuntimeError:  # raised before a request was made
        return "its URL"
    return f"{url.scheme}://{url.netloc.decode()}"


def _why(error: httpx.TransportError) -> str:
    if isinstance(error, httpx.ConnectError):
        return "nothing answers there (is `make run` running, and is the port right?)"
    if isinstance(error, httpx.TimeoutException):
        return "it did not answer in time"
    return str(error) or type(error).__name__


def expect(result, kind: type, what: str):
    """`result` when it is the `kind` of answer wanted; otherwise the script
    stops with one line: the problem's status, code and detail."""
    if isinstance(result, kind):
        return result
    status = getattr(result, "status", None)
    if status is not None and hasattr(result, "code"):
        raise SystemExit(f"{what}: {status} {result.code}: {result.detail}")
    raise SystemExit(f"{what}: unexpected answer {result!r}")
