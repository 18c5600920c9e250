"""The one reader of files, for the arcade: ``machines.files`` (the arcade never imports a machine).

The arcade reads its own files (saves, settings, keymaps: ``arcade/storage/readback.py``) exactly
as the machines read the player's cards, pages and disc files: only a regular file, never
blocking on opening, bounded, and never through a link out of its folder when one is named.
"""

from __future__ import annotations

from machines.files import FileRefused, read_file

__all__ = ["FileRefused", "read_file"]
