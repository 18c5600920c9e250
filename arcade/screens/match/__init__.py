"""The match screen: the HP-67 Othello program against Lazard's BASIC Othello on the CPC."""
