"""The app's shell: the app, the launcher, the catalog of games, keys, themes, help and the commands."""
