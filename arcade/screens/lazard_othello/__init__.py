"""The Lazard Othello screen: the CPC's own screen beside a rich board."""
