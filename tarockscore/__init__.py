"""tarockscore: scoring, ledgers and standings for Austrian Tarock (Königrufen, Zwanzigerrufen)."""

__version__ = "0.1.0"
