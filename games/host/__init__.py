"""The machine host: games run in a process of their own, apart from the screen that shows them.

A screen (``arcade/runtime/``) opens a *table* in a host process -- one game's session
with its driver, machine, referee and computer players -- then sends it requests and
receives typed news (``news.py``).  The host is plain Python: no Textual, headless,
tested without a screen.  ``server.serve`` is the host's side of the pipe; ``tables``
names the games a host can open.
"""
