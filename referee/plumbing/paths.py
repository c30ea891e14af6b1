"""Where the project's data folders are (schemas/, migrations/), found from the package."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
MIGRATIONS = ROOT / "migrations"
