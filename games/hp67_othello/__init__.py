"""Othello on the HP-67: J.-M. Verniajou's 199-step listing (othello.txt) and its driver."""
