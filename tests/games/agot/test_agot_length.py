"""The AGoT round-structure tables at their boundaries, the open 'more' row included."""
import pytest

from sitegen.games.agot.length import default_cut, default_rounds


@pytest.mark.parametrize("players, rounds", [(2, 3), (8, 3), (9, 4), (24, 4), (25, 5), (44, 5), (45, 6), (148, 6), (149, 7), (10_000, 7)])
def test_default_rounds(players, rounds):
    assert default_rounds(players) == rounds


@pytest.mark.parametrize("players, cut", [(2, 0), (16, 0), (17, 4), (40, 4), (41, 8), (76, 8), (77, 16), (10_000, 16)])
def test_default_cut(players, cut):
    assert default_cut(players) == cut
