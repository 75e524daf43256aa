"""Time controls as players write them, for the scripts: `3+2` is 3 minutes
each plus 2 s after each move (Fischer); `30s`, `10m`, `2h`, `1d` is that
long for every move.

A helper of play.py and selfplay.py (`--clock`). Run alone, it tells what a
time control means, as the service is sent it:

    python scripts/clocks.py 3+2
"""

import argparse
import json
import re
import sys

from buttonup_client.models import FischerClockSettings, PerMoveClockSettings

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_clock(text: str) -> FischerClockSettings | PerMoveClockSettings:
    """`3+2`: 3 minutes each, 2 s more after each move; `1d`, `30s`: per move."""
    fischer = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+)", text)
    if fischer:
        initial = round(float(fischer.group(1)) * 60)
        return FischerClockSettings(
            type_="fischer", initial_seconds=initial, increment_seconds=int(fischer.group(2))
        )
    per_move = re.fullmatch(r"(\d+)([smhd])", text)
    if per_move:
        seconds = int(per_move.group(1)) * UNITS[per_move.group(2)]
        return PerMoveClockSettings(type_="per_move", seconds=seconds)
    raise argparse.ArgumentTypeError(f"{text!r}: use minutes+increment (3+2) or 30s/10m/2h/1d")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("clock", type=parse_clock, help="a time control: 3+2, 30s, 10m, 2h, 1d")
    args = parser.parse_args(argv)
    print(json.dumps(args.clock.to_dict()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
