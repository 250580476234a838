"""Time Swiss pairing on synthetic Joust fields.

Builds fields of 64, 512 and 2048 players, plays a few rounds with random
results from a fixed seed, then times pairing the next round (best of 3) and
checks its quality: rematches, and pairs on unequal points against the
parity lower bound (one floater per odd cumulative points group). A second
table times each stage of the large-field search for several neighbour
counts K (the bench swaps the module's CHUNK to force the whole-field stage).

Run from the repository root: PYTHONPATH=. python bench/bench_swiss.py [--full] [--sizes 64 512 2048]
(--full also times the complete graph for 2048 players, which is slow).
"""

import argparse
import random
import time
from itertools import accumulate, groupby

from sitegen.pairing import swiss
from sitegen.pairing.swiss import SwissPairing, pair_swiss

# Points for (player, opponent): win, modified win, draw, modified loss, loss.
RESULTS = [(5, 0), (4, 1), (2, 2), (1, 4), (0, 5)]
RESULT_WEIGHTS = [60, 15, 2, 15, 8]
BYE_POINTS = 5
REPEATS = 3
SIZES = (64, 512, 2048)
ROUNDS_PLAYED = 5
FIELD_SEED = 2015


class Field:
    """A synthetic tournament: points, who met whom, who had a bye."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.rng = rng
        self.players = [f"p{i:04d}" for i in range(size)]
        self.tiebreak = {p: rng.random() for p in self.players}  # stands in for SoS and friends
        self.points = dict.fromkeys(self.players, 0)
        self.opponents: dict[str, set[str]] = {p: set() for p in self.players}
        self.had_bye: set[str] = set()
        self.rounds_played = 0

    def ranked(self) -> list[str]:
        return sorted(self.players, key=lambda p: (-self.points[p], -self.tiebreak[p]))

    def pair(self, **tuning: int) -> SwissPairing:
        return pair_swiss(
            self.ranked(),
            self.points,
            self.opponents,
            self.had_bye,
            random.Random(self.rounds_played),
            first_round=self.rounds_played == 0,
            **tuning,
        )

    def play(self, pairing: SwissPairing) -> None:
        for a, b in pairing.pairs:
            points_a, points_b = self.rng.choices(RESULTS, RESULT_WEIGHTS)[0]
            self.points[a] += points_a
            self.points[b] += points_b
            self.opponents[a].add(b)
            self.opponents[b].add(a)
        if pairing.bye is not None:
            self.points[pairing.bye] += BYE_POINTS
            self.had_bye.add(pairing.bye)
        self.rounds_played += 1

    def quality(self, pairing: SwissPairing) -> tuple[int, int, int, int]:
        """(rematches, unequal pairs, their parity lower bound, sum of squared point gaps)."""
        paired = [p for pair in pairing.pairs for p in pair]
        group_sizes = [len(list(g)) for _, g in groupby(sorted((self.points[p] for p in paired), reverse=True))]
        lower_bound = sum(total % 2 for total in accumulate(group_sizes[:-1]))
        gaps = [self.points[a] - self.points[b] for a, b in pairing.pairs]
        rematches = sum(b in self.opponents[a] for a, b in pairing.pairs)
        return rematches, sum(g != 0 for g in gaps), lower_bound, sum(g * g for g in gaps)


def played_field(size: int) -> Field:
    field = Field(size, random.Random(FIELD_SEED + size))
    for _ in range(ROUNDS_PLAYED):
        field.play(field.pair())
    return field


def best_time(field: Field, repeats: int = REPEATS, **tuning: int) -> tuple[float, SwissPairing]:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        pairing = field.pair(**tuning)
        timings.append(time.perf_counter() - start)
    return min(timings), pairing


def main(sizes: list[int], include_full_2048: bool) -> None:
    print(f"Default settings, best of {REPEATS}; quality of the round-{ROUNDS_PLAYED + 1} pairing")
    next_round = f"round {ROUNDS_PLAYED + 1} s"
    print(f"{'players':>7} {'round 1 s':>9} {next_round:>9} {'rematches':>9} {'unequal':>7} {'bound':>5}")
    fields = {}
    for size in sizes:
        opening, _ = best_time(Field(size, random.Random(FIELD_SEED)))
        fields[size] = field = played_field(size)
        seconds, pairing = best_time(field)
        rematches, unequal, bound, _ = field.quality(pairing)
        print(f"{size:>7} {opening:>9.3f} {seconds:>9.3f} {rematches:>9} {unequal:>7} {bound:>5}")

    print("\nStages for large fields: slices (the default first try), the whole sparse graph")
    print("(used when slicing is not provably optimal), the complete graph (last resort)")
    print(f"{'players':>7} {'stage':>9} {'K':>3} {'seconds':>8} {'unequal':>7} {'sq.gap':>6}")
    default_chunk = swiss.CHUNK
    for size in sizes[1:]:
        field = fields[size]
        for stage, chunk in (("slices", default_chunk), ("whole", size)):
            for k in (8, 12, 16, 24):
                swiss.CHUNK = chunk
                try:
                    seconds, pairing = best_time(field, neighbours=k)
                finally:
                    swiss.CHUNK = default_chunk
                _, unequal, _, squared = field.quality(pairing)
                print(f"{size:>7} {stage:>9} {k:>3} {seconds:>8.3f} {unequal:>7} {squared:>6}")
        if size < max(sizes) or include_full_2048:
            seconds, pairing = best_time(field, repeats=1, sparse_above=size)
            _, unequal, _, squared = field.quality(pairing)
            print(f"{size:>7} {'complete':>9} {'-':>3} {seconds:>8.3f} {unequal:>7} {squared:>6}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="field sizes (the stages table: all but the first)")
    parser.add_argument("--full", action="store_true", help="also the complete graph for the largest field (slow)")
    args = parser.parse_args()
    main(args.sizes, args.full)
