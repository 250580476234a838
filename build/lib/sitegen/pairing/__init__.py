"""Pure pairing and seating algorithms: no I/O, randomness only from a passed-in Random."""
