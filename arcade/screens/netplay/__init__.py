"""The TI-57's hidden-move games across two terminals: ``arcade host`` and ``arcade join``.

``open.py`` opens a game (hosted here, or joined); ``screen.py`` is the screen either terminal
plays on, ``duel.py`` and ``wolf.py`` its two games; ``seats.py`` the link to the game.  The game
itself, and what crosses the network, is ``games/net/`` (``docs/netplay.md``).
"""
