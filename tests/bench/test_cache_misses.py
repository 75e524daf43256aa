"""bench/cache_misses.py reads its counts from cachegrind's summary."""

from tests import bench_modules

SUMMARY = """==1== I   refs:      2,721,822,339
==1== I1  misses:       27,495,913
==1== LLi misses:           23,736
==1== D   refs:      1,238,437,906  (829,615,393 rd   + 408,822,513 wr)
==1== D1  misses:       26,541,841  ( 23,272,811 rd   +   3,269,030 wr)
==1== LLd misses:          679,025  (     89,706 rd   +     589,319 wr)
==1== LL misses:           702,761  (    113,442 rd   +     589,319 wr)
"""


def test_the_last_levels_misses_are_read_for_code_and_data_apart():
    cache_misses = bench_modules.load("cache_misses")
    assert cache_misses.parse_counts(SUMMARY) == {
        "instructions": 2_721_822_339,
        "code misses": 23_736,
        "data misses": 679_025,
    }
