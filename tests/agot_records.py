"""An AGoT Joust event of four players over two rounds whose published lists give the meta page's records: one event
for the records' worked example (tests/decklists/test_list_records.py) and for the pages in every language."""

EVENT = """name: Records
format: agot-joust
date: 2026-12-05
rounds: 2
cut: 0
players: [Ann Example, Ben Example, Cat Example, Dan Example]
decklists:
  collect: optional
  publish: all
"""
# Round 1: Ann beats Ben; Cat and Dan draw (equal power). Round 2: Ann beats Cat; Ben beats Dan.
ROUNDS = {"round-1.yaml": """tables:
- {table: 1, players: [ann-example, ben-example], winner: ann-example}
- {table: 2, players: [cat-example, dan-example], power: {cat-example: 5, dan-example: 5}}
""", "round-2.yaml": """tables:
- {table: 1, players: [ann-example, cat-example], winner: ann-example}
- {table: 2, players: [ben-example, dan-example], winner: ben-example}
"""}


def event_in(language: str) -> str:
    """The event's event.yaml in `language`, its name saying which."""
    return EVENT.replace("name: Records\n", f"name: Records {language}\nlanguage: {language}\n")
