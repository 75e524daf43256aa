"""Download every game of a player as records (docs/notation.md), to a file.

    .venv/bin/python scripts/export_games.py --base-url http://127.0.0.1:8000 \
        --key "$PLAYER_KEY" --output my-games.txt

The key is the player's (POST /v1/players answered it), read from --key or
the BUTTONUP_PLAYER_KEY environment variable. Each record is written as the
service wrote it, oldest game first, each followed by an empty line: import
any of them again with POST /v1/games/import.

Written only against the generated client.
"""

import argparse
import os
import sys
from pathlib import Path

from buttonup_client import AuthenticatedClient
from buttonup_client.api.players import get_my_records
from buttonup_client.models import Problem
from reaching import run, service_url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--key", default=os.environ.get("BUTTONUP_PLAYER_KEY"))
    parser.add_argument("--output", type=Path, required=True, help="the file to write ('-': out)")
    args = parser.parse_args(argv)
    if not args.key:
        print(
            "export_games.py: a player's key is needed: --key or BUTTONUP_PLAYER_KEY",
            file=sys.stderr,
        )
        return 2
    client = AuthenticatedClient(base_url=service_url(args.base_url), token=args.key, timeout=60)
    answer = get_my_records.sync(client=client)
    if isinstance(answer, Problem) and answer.status == 401:
        print("export_games.py: no player holds this key (401 unauthorized)", file=sys.stderr)
        return 1
    if isinstance(answer, Problem) or answer is None:
        detail = f"{answer.detail} ({answer.code})" if isinstance(answer, Problem) else "no answer"
        print(f"export_games.py: {detail}", file=sys.stderr)
        return 1
    if str(args.output) == "-":
        sys.stdout.write(answer)
    else:
        args.output.write_text(answer, encoding="utf-8")
        games = answer.count("\n[Result ")
        print(f"{games} games written to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(run(main))
