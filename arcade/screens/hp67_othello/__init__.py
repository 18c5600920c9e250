"""The HP-67 Othello screen: the board, the calculator's display and printer, its insides."""
