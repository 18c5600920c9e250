"""The TI-57's hidden-move games across two terminals: ``arcade host`` and ``arcade join``.

``open.py`` opens a game (hosted here, or joined); ``duel.py`` and ``wolf.py`` are the screens
either terminal plays on, each under its game's TI-57 layout; ``play.py`` the part both hold
(``screen.net``: the seat, who is where, the keys of two terminals); ``seats.py`` the link to the game.  The game
itself, and what crosses the network, is ``games/net/`` (``docs/netplay.md``).
"""
