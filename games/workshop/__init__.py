"""The workshop: each machine usable on its own (the machine room), and a game's
program changed by the player and played as a variant.  Headless: the arcade's room
screens talk to these models, which wrap the machines and hand out frozen views."""
