"""The Textual app: launcher, one screen per game, widgets. Renders; never decides rules."""
