"""JSON Schemas of the public data files (written to output/schema/)."""
