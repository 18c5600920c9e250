"""The wolf and the lambs screen."""
