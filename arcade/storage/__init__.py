"""What the arcade keeps on disk: saves (written atomically, read back whatever the disk holds) and settings."""
