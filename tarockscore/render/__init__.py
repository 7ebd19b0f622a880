"""Results turned into text for people and machines: tables, JSON, CSV, the chart. No scoring."""
