"""The blind duel screen (and the widgets both TI-57 screens share)."""
