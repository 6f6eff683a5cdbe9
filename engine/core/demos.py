"""Rule demos: a record plus the step at which an event cites the rule, kept as data per ruleset.

Each ruleset may keep `demos.toml` beside it: `[demos."RULE"]` with `step` and the setup (whatever
its `check_setup` accepts, e.g. `position` or `decks`), optionally `options`, `seed` and
`actions = [[player, action], ...]` (the recorded decisions, for rulesets where players decide).

A step is an index into `Session.history`: 0 is the set-up, then one per automatic step (advance)
and one per resolved decision (the submit that completes it), as `Session.next_step` walks them.
"""

from dataclasses import dataclass
from pathlib import Path

from .errors import BadRecord
from .options import resolve_options
from .record import Record


@dataclass(frozen=True)
class Demo:
    """The rule a demo shows, the record that shows it, and the step where its event appears."""

    rule: str
    record: Record
    step: int


def load_demos(ruleset, path: Path) -> dict[str, Demo]:
    """Every demo in a ruleset's demos.toml, as records of the current version."""
    if not path.exists():
        return {}
    import tomllib  # on first use: start-up time in the browser
    with open(path, "rb") as handle:
        table = tomllib.load(handle)["demos"]
    demos = {}
    for rule, entry in table.items():
        setup = {key: value for key, value in entry.items() if key not in ("step", "options", "seed", "actions")}
        options = resolve_options(ruleset.options, entry.get("options", {}))
        record = Record(ruleset.id, ruleset.version, options, entry.get("seed", 1),
                        ruleset.check_setup(setup, options), _actions(rule, entry.get("actions", [])))
        demos[rule] = Demo(rule, record, entry["step"])
    return demos


def _actions(rule: str, actions) -> list:
    """A demo's recorded actions as `[player, action]` pairs (their legality shows on replay)."""
    if not isinstance(actions, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) for pair in actions):
        raise BadRecord(f"demo {rule}: actions must be a list of [player, action] pairs")
    return [list(pair) for pair in actions]
