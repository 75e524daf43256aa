"""Programs run in a process gevent patched, as the workers are."""

import subprocess
import sys
import textwrap


def under_gevent(program: str) -> None:
    """`program` in a process gevent patched, as the workers are: it must
    end by printing "ok"; `raises(call, message)` checks what a call raised."""
    prelude = textwrap.dedent(
        """
        from gevent import monkey
        monkey.patch_all()

        def raises(call, message):
            try:
                call()
            except ValueError as error:
                assert str(error) == message
            else:
                raise AssertionError("not raised")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(program) + '\nprint("ok")\n'],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip() == "ok", done.stderr
