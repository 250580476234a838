"""How hard the randomised tests try: `make test` runs 12 examples of each invariant, `make test-fast` 3
(SITEGEN_INVARIANT_EXAMPLES); the other random runs scale with it."""
import os

EXAMPLES = int(os.environ.get("SITEGEN_INVARIANT_EXAMPLES", "12"))
