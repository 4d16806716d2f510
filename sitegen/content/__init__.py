"""Reading and checking the content folder: its files, settings and player registry."""
