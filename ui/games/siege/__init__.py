"""Siege's page: its renderer, words, deck file and deck editor, how-to words, build context."""
