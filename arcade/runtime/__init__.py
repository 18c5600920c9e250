"""The UI's side of the machine host (``games/host/``): a screen's link to the table it plays at."""
