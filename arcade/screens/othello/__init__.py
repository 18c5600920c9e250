"""What the Othello screens share: the turn flow, saves, undo, history, pause and stop."""
