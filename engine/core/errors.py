"""The project's error types: each carries a one-line message a user can act on."""


class SkirmishError(Exception):
    """Base of every error the engine raises on purpose; its message is one line for the user."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class UnknownRuleset(SkirmishError):
    """A ruleset id that no registered ruleset answers to."""


class BadOption(SkirmishError):
    """An option key or value that the ruleset does not accept."""


class BadSetup(SkirmishError):
    """A setup (decks, squads, seats) the ruleset cannot start from."""


class BadCards(SkirmishError):
    """Card data that fails validation; `problems` lists `file: card: field: message` lines."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        first = self.problems[0] if self.problems else "invalid card data"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


class BadRecord(SkirmishError):
    """A game record that is malformed, of an unknown version, or contradicts the rules."""


class BadLink(SkirmishError):
    """A share-link payload that cannot be decoded into a record."""


class IllegalAction(SkirmishError):
    """An action that is not legal in the current position; the state is left untouched."""
