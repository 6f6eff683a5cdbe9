"""Autobattle's page: its renderer, board effects, squad file and squad editor, how-to words, build context."""
