"""Tactics' page: its renderer, log words, how-to words, build context."""
