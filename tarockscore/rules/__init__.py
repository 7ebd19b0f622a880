"""The rules core: profiles, hands, legality and scoring, one module per rule (docs/design.md). Pure: no files, no terminal."""
