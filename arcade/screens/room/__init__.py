"""The machine room: each machine usable on its own, as its owner used it (issue 15)."""
