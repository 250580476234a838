"""How hard the randomised tests try: `make test` runs 12 examples of each invariant, `make test-fast` 3
(SITEGEN_INVARIANT_EXAMPLES); the other random runs scale with it."""
import os

EXAMPLES = int(os.environ.get("SITEGEN_INVARIANT_EXAMPLES", "12"))


def scaled(full: int) -> int:
    """A property test's example budget: `full` under make test, in proportion to EXAMPLES under make test-fast
    (a quarter: 300 -> 75), where Hypothesis's own overhead made the pure-function properties a tenth of the run."""
    return max(10, full * EXAMPLES // 12)
