"""The project's error types: each carries a one-line message a user can act on."""


def one_line(text) -> str:
    """`text` safe to print as (part of) one line: every character that is not printable — line
    breaks, other control characters, separators such as U+2028, lone surrogates — is written
    as its escape (`\\n`, `\\x1b`, `\\u2028`, `\\udcff`), so a name taken from a file, a
    link or a command line can never start another line or fail to print."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for char in text)


class SkirmishError(Exception):
    """Base of every error the engine raises on purpose; its message is one line for the user."""

    def __init__(self, message: str):
        super().__init__(one_line(" ".join(str(message).split())))


class UnknownRuleset(SkirmishError):
    """A ruleset id that no registered ruleset answers to."""


class BadOption(SkirmishError):
    """An option key or value that the ruleset does not accept."""


class BadSetup(SkirmishError):
    """A setup (decks, squads, seats) the ruleset cannot start from."""


class BadCards(SkirmishError):
    """Card data that fails validation; `problems` lists `file: card: field: message` lines."""

    def __init__(self, problems: list[str]):
        self.problems = [one_line(problem) for problem in problems]
        first = self.problems[0] if self.problems else "invalid card data"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


class BadRecord(SkirmishError):
    """A game record that is malformed, of an unknown version, or contradicts the rules."""


class BadLink(SkirmishError):
    """A share-link payload that cannot be decoded into a record."""


class IllegalAction(SkirmishError):
    """An action that is not legal in the current position; the state is left untouched."""
