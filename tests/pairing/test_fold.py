"""The fold of a late arrival or a drop into a paired round: worked examples (each table by number, who waits),
and the invariants: everyone placed once, the sizes met, and only the tables the change needs are touched."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.pairing.fold import Seating, fold_seating


def test_a_late_arrival_plays_the_bye_player_at_a_new_table():
    before = Seating({1: ("a", "b"), 2: ("c", "d")}, ("e",))
    after = fold_seating(before, [2, 2, 2], newcomer="n")
    assert after == Seating({1: ("a", "b"), 2: ("c", "d"), 3: ("n", "e")}, ())
    assert after.changed_tables(before) == [3]


def test_a_drop_gives_the_opponent_the_bye_player_or_the_bye():
    with_bye = Seating({1: ("a", "b"), 2: ("c", "d")}, ("e",))
    assert fold_seating(with_bye, [2, 2], dropped="c") == Seating({1: ("a", "b"), 2: ("d", "e")}, ())
    without = Seating({1: ("a", "b"), 2: ("c", "d")}, ())
    assert fold_seating(without, [2], dropped="c") == Seating({1: ("a", "b")}, ("d",))


def test_vtes_a_four_table_gains_the_player_a_five_table_loses_one():
    nine = Seating({1: ("a", "b", "c", "d", "e"), 2: ("f", "g", "h", "i")}, ())
    assert fold_seating(Seating({1: nine.tables[1], 2: ("f", "g", "h", "i")}, ()), [5, 5], newcomer="n").tables[2] == ("f", "g", "h", "i", "n")
    dropped = fold_seating(nine, [4, 4], dropped="f")  # the 4-table is short: the 5-table's last seat moves there
    assert dropped == Seating({1: ("a", "b", "c", "d"), 2: ("g", "h", "i", "e")}, ())


def test_vtes_six_and_eleven_players():
    six = Seating({1: ("a", "b", "c", "d", "e")}, ("f",))  # 5 seated, 1 sits out
    assert fold_seating(six, [5], dropped="c") == Seating({1: ("a", "b", "d", "e", "f")}, ())
    assert fold_seating(six, [5], newcomer="n") == Seating({1: six.tables[1]}, ("n", "f"))  # 7: two sit out
    eleven = Seating({1: ("a", "b", "c", "d", "e"), 2: ("f", "g", "h", "i", "j")}, ("k",))
    assert fold_seating(eleven, [5, 5], dropped="a") == Seating({1: ("b", "c", "d", "e", "k"), 2: eleven.tables[2]}, ())
    twelve = fold_seating(eleven, [4, 4, 4], newcomer="n")
    assert twelve == Seating({1: ("a", "b", "c", "d"), 2: ("f", "g", "h", "i"), 3: ("n", "k", "e", "j")}, ())


@settings(max_examples=60)
@given(st.lists(st.integers(4, 5), min_size=1, max_size=6), st.integers(0, 2), st.booleans(), st.data())
def test_everyone_is_placed_once_and_the_sizes_are_met(sizes, out, add, data):
    names = iter(f"p{i}" for i in range(100))
    before = Seating({n: tuple(next(names) for _ in range(size)) for n, size in enumerate(sizes, start=1)},
                     tuple(next(names) for _ in range(out)))
    everyone = [p for t in before.tables.values() for p in t] + list(before.waiting)
    dropped = None if add else data.draw(st.sampled_from(everyone))
    count = len(everyone) + (1 if add else -1)
    target = [5] * (count // 5) if count % 5 == 0 else [4] * (count // 4)  # any sizes the players can fill
    after = fold_seating(before, target, newcomer="new" if add else None, dropped=dropped)
    placed = [p for t in after.tables.values() for p in t] + list(after.waiting)
    assert sorted(placed) == sorted([p for p in everyone if p != dropped] + (["new"] if add else []))
    assert sorted(len(t) for t in after.tables.values()) == sorted(target)
