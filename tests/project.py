"""Where the project's own files are, for tests in any folder under tests/."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "content"
README = ROOT / "README.md"
