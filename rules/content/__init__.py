"""The content pipeline: read ``fixtures/<game>/``, validate everything, render
Markdown once, and replace the game's rows in one transaction."""
