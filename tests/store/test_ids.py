"""Ids: commit ids are unique within a process and across forked workers."""

import os

from buttonup.store.ids import new_commit_id


def test_commit_ids_never_repeat_within_a_process():
    ids = [new_commit_id() for _ in range(10_000)]
    assert len(set(ids)) == len(ids)
    assert all(" " not in made and made for made in ids)  # one word in the record's header


def test_a_forked_worker_draws_commit_ids_of_its_own():
    read, write = os.pipe()
    parent_ids = {new_commit_id() for _ in range(100)}
    pid = os.fork()
    if pid == 0:  # the child: as gunicorn forks its workers
        try:
            os.write(write, "\n".join(new_commit_id() for _ in range(100)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        child_ids = set(pipe.read().split("\n"))
    os.waitpid(pid, 0)
    assert len(child_ids) == 100
    parent_ids |= {new_commit_id() for _ in range(100)}
    assert not child_ids & parent_ids
