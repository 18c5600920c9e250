"""`arcade web`: the arcade in a browser (the server, the web driver made to end like a terminal, the page)."""
