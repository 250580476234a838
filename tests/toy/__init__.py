"""A fourth game added in a test, file for file as docs/architecture.md's checklist says."""
