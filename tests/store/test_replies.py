"""Idempotent replies as the store keeps them: a reference to the versions
an answer made, read back as written, and those of earlier releases."""

from buttonup.store.replies import Reply, decode_reply


def test_a_commits_reply_reads_back_as_it_was_written():
    reply = Reply("digest", 3, 5, "sealed-secret")
    assert decode_reply(reply.encode()) == reply


def test_a_creates_reply_names_its_last_version_and_starts_at_the_first():
    assert decode_reply(Reply("digest", 1, 4).encode_create()) == Reply("digest", 1, 4)


def test_a_reply_an_earlier_release_kept_without_a_seal_reads_with_none():
    assert decode_reply("digest:3:5") == Reply("digest", 3, 5, "")
