"""The guided entry of a hand, below every front end: its questions, their flow, the answers and the hand they make (entry layer)."""
