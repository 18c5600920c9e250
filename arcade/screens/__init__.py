"""The screens: the one game-screen base, one package per game, the machine rooms, the match."""
