"""Initiative's page: its renderer, words, hex map, panels, draft screen, how-to words, build context."""
