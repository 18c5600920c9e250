"""Development tools: the README's screenshots and the event-loop stall probe (not used by a player)."""
