"""The state's generator (`core.rng.Rng`): SplitMix64's known outputs, and a shuffle that is
exactly a Fisher-Yates of `below` draws (it is written out for speed: issue 25)."""

from __future__ import annotations

import random

from colosseum.core.rng import Rng


def test_next64_gives_splitmix64s_reference_outputs() -> None:
    # SplitMix64 seeded with 0 (Vigna's reference implementation)
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_shuffle_is_fisher_yates_over_below() -> None:
    draw = random.Random(25)
    for _ in range(500):
        seed, size = draw.getrandbits(64), draw.randrange(40)
        fast, plain = Rng(seed), Rng(seed)
        shuffled, expected = list(range(size)), list(range(size))
        fast.shuffle(shuffled)
        for i in range(size - 1, 0, -1):
            j = plain.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected
        assert fast.state == plain.state
