"""Fuzz the command line in-process (issue 23 §4): mutated records, links, card/hero/map files and options.

    python tests/fuzz_cli.py [--seconds 120] [--seed 1] [--limit 5] [--crashes DIR] [--worst]

Not collected by pytest (its name does not start with test_). Each input is given to `engine.cli.main`
as a user would (`replay FILE`, `replay LINK`, `cards validate FILE`, `play RULESET --option …`), with a
per-input time limit. Counted: inputs tried, clean errors (exit 2, one `error:` line), accepted (exit 0),
crashes (any other exception, a traceback, the last-resort "internal error" line, or more than one
line on stderr, except `cards validate`'s one line per problem) and hangs (over the time limit), and the slowest accepted replay per ruleset. Crashing
and hanging inputs are written to --crashes. `--worst` first times the longest records of cheap actions
that each ruleset accepts (every seat taking its cheapest legal action until the game ends).
"""

import argparse
import contextlib
import io
import json
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import cli                                       # noqa: E402
from engine.core import Record, Session, encode_link         # noqa: E402
from engine.rulesets import get, load_all                    # noqa: E402

ODD = ["", "0", "-1", "1e999", "NaN", "99999999999999999999", "\"", "]", "[[[", "{", "\\ud800", "\\u0000", "null",
       "true", ",", " ", "\n", "\"x\"", "[]", "{}", "1.5", "\u2028", "#", "=", "'", "\"\\ud800\""]
ODD_OPTION_VALUES = ["nan", "inf", "-1", "0", "1", "2", "7", "61", "200", "201", "9" * 30, "", "x", "\ud800", "a\nb",
                     "true", "false", "1.5", "٣", "quick", "long", "twinford", "saltmarsh", "1_0", "+5"]


class Hang(BaseException):
    """The per-input time limit ran out (a BaseException: main's last-resort handler must not catch it)."""


def _alarm(signum, frame):
    raise Hang()


def corpus():
    """(kind, ruleset id, text) seeds: every golden record and link, and every content file."""
    seeds = []
    for path in sorted((ROOT / "tests" / "golden").glob("*.json")):
        if "-v" in path.stem:
            continue
        for game in json.loads(path.read_text("utf-8")):
            record = Record.from_data(game["record"])
            seeds.append(("record", record.ruleset, record.to_json()))
            seeds.append(("link", record.ruleset, encode_link(record)))
    for path in sorted((ROOT / "engine" / "rulesets").glob("*/content/*.toml")):
        seeds.append(("file", path.parts[-3], path.read_text("utf-8")))
    return seeds


def mutate(text: str, rng: random.Random, kind: str) -> str:
    """`text` with one to three edits: cut, drop, insert, replace, repeat a stretch, or (records) JSON edits."""
    if kind == "record" and rng.random() < 0.5:
        return json_edit(text, rng)
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        how = rng.choice(["cut", "drop", "insert", "replace", "repeat", "line"])
        what = rng.choice(ODD) if kind != "link" else rng.choice(["", "A", "_", "-", "=", "%", "S1.", "g=", "0"])
        if how == "cut" and rng.random() < 0.3:
            text = text[:at]
        elif how == "drop":
            text = text[:at] + text[at + rng.randint(1, 5):]
        elif how == "insert":
            text = text[:at] + what + text[at:]
        elif how == "replace":
            text = text[:at] + what + text[at + len(what):]
        elif how == "repeat":
            stretch = text[at:at + rng.randint(1, 200)]
            text = text[:at] + stretch * rng.randint(2, 50) + text[at:]
        elif how == "line" and "\n" in text:
            lines = text.split("\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[rng.randrange(len(lines))]) if rng.random() < 0.5 else lines.pop(index)
            text = "\n".join(lines)
    return text


def json_edit(text: str, rng: random.Random) -> str:
    """A record with its actions dropped, repeated, moved or replaced, or an option or setup value made odd."""
    data = json.loads(text)
    actions = data.get("actions", [])
    how = rng.choice(["drop", "repeat", "move", "replace", "option", "setup", "flood"])
    odd_values = [None, True, -1, 10 ** 30, 1.5, "", "x", [], {}, [[[[]]]], "\ud800", "a\nb", ["hold"], ["pass"]]
    if actions and how in ("drop", "repeat", "move", "replace"):
        index = rng.randrange(len(actions))
        if how == "drop":
            del actions[index]
        elif how == "repeat":
            actions[index:index] = [actions[index]] * rng.randint(1, 5)
        elif how == "move":
            actions.append(actions.pop(index))
        else:
            actions[index] = [rng.choice([actions[index][0], 0, 1, 7]), rng.choice(odd_values + [actions[index][1]])]
    elif how == "option":
        ruleset = get(data["ruleset"]) if data.get("ruleset") in ("autobattle", "tactics", "siege", "initiative") else None
        keys = [o.key for o in ruleset.options] if ruleset else ["x"]
        data.setdefault("options", {})[rng.choice(keys + ["x"])] = rng.choice(odd_values + [0, 2, 6, 60, 61, 200])
    elif how == "setup" and isinstance(data.get("setup"), dict):
        setup = data["setup"]
        key = rng.choice(sorted(setup) or ["x"])
        setup[key] = rng.choice(odd_values + [setup.get(key)] * 3)
    elif how == "flood" and actions:
        data["actions"] = actions + [rng.choice(actions)] * rng.choice([10, 1000, 20_000])
    return json.dumps(data, ensure_ascii=False)


def run_main(argv: list, limit: float) -> tuple[str, float, str]:
    """(result, CPU seconds, stderr) of `cli.main(argv)`: accepted, error, crash or hang."""
    out, err = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _alarm)
    began = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    except Hang:
        return "hang", time.process_time() - began, ""
    except BaseException as error:          # noqa: BLE001 - anything main let out is a crash
        return "crash", time.process_time() - began, f"{type(error).__name__}: {error}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    spent, text = time.process_time() - began, err.getvalue()
    if code == 0:
        return "accepted", spent, text
    lines = text.splitlines()
    if code == 2 and lines and lines[-1].startswith("error: ") and cli.INTERNAL_ERROR not in text \
            and (len(lines) == 1 or argv[:2] == ["cards", "validate"]) and "Traceback" not in text:
        return "error", spent, text           # `cards validate` lists one line per problem before its error line
    return "crash", spent, text


def argv_for(kind: str, ruleset: str, text: str, folder: Path, rng: random.Random) -> list:
    """The command line a user would type for this input."""
    if kind == "link":
        return ["replay", text] if rng.random() < 0.5 else ["replay", f"https://example.org/#/{ruleset}/replay?g={text}"]
    path = folder / ("input.json" if kind == "record" else "input.toml")
    path.write_text(text, "utf-8", errors="surrogatepass")
    if kind == "record":
        return ["replay", str(path)] + (["--events"] if rng.random() < 0.2 else [])
    return ["cards", "validate", str(path)] + (["--ruleset", ruleset] if rng.random() < 0.5 else [])


def option_argv(rng: random.Random) -> tuple[str, list]:
    """`play RULESET --option key=odd` (one or two options) with a random seed."""
    ruleset = get(rng.choice(["autobattle", "tactics", "siege", "initiative"]))
    argv = ["play", ruleset.id, "--seed", str(rng.randrange(10 ** 6))]
    for _ in range(rng.randint(1, 2)):
        key = rng.choice([o.key for o in ruleset.options] + ["x", ""])
        argv += ["--option", f"{key}={rng.choice(ODD_OPTION_VALUES)}"]
    return ruleset.id, argv


def cheapest(legal: list):
    """The action that costs least to replay: hold / end / pass when offered, else the first."""
    for action in legal:
        if action in (["hold"], ["end"], ["end_turn"], ["pass"], "end", "pass"):
            return action
    return legal[0]


AGGRESSIVE = ("attack", "skill", "unique", "abandon", "propose_tie", "use_skill")


def stalling(legal: list, rng: random.Random):
    """Any action that neither attacks nor gives up (a battle that goes nowhere), chosen at random."""
    calm = [a for a in legal if not (isinstance(a, list) and a and a[0] in AGGRESSIVE)]
    return rng.choice(calm or legal)


def worst_records() -> dict:
    """For each ruleset and a few option sets: the record of every seat taking its cheapest action (or, for
    'stall', a random one that never attacks) until the game ends or the record is full, its length and the
    CPU time `replay` takes on it from the command line (in-process)."""
    cases = {"tactics": [{}], "siege": [{}, {"round_limit": 200}], "autobattle": [{}],
             "initiative": [{"players": p, "map": m} for p in (2, 4, 6) for m in ("saltmarsh", "twinford")]}
    found = {}
    with tempfile.TemporaryDirectory() as folder:
        for ruleset_id, option_sets in cases.items():
            for options, policy in [(o, p) for o in option_sets for p in ("cheapest", "stall")]:
                session, rng = Session.start(ruleset_id, seed=1, options=options, events=False), random.Random(1)
                while session.outcome is None and len(session.record.actions) < session.ruleset.max_actions - 6:
                    decision = session.decision
                    if decision is None:
                        session.advance()
                        continue
                    for seat in session.waiting()[:decision.needed]:
                        legal = decision.legal[seat]
                        session.submit(seat, cheapest(legal) if policy == "cheapest" else stalling(legal, rng))
                path = Path(folder) / "worst.json"
                path.write_text(session.record.to_json(), "utf-8")
                result, spent, _ = run_main(["replay", str(path)], 60)
                key = f"{ruleset_id} {json.dumps(options)} {policy}"
                found[key] = {"actions": len(session.record.actions), "result": result, "seconds": round(spent, 3),
                              "ended_by": session.outcome.rule if session.outcome else None}
                print(key, found[key], flush=True)
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=5.0, help="seconds an input may take before it is a hang")
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"))
    parser.add_argument("--worst", action="store_true")
    args = parser.parse_args(argv)
    load_all()
    if args.worst:
        worst_records()
    rng, seeds = random.Random(args.seed), corpus()
    counts = {kind: {"tried": 0, "error": 0, "accepted": 0, "crash": 0, "hang": 0} for kind in
              ("record", "link", "file", "option")}
    slowest = {}                     # ruleset -> (seconds, kind) of the slowest accepted replay
    end = time.monotonic() + args.seconds
    with tempfile.TemporaryDirectory() as folder:
        while time.monotonic() < end:
            if rng.random() < 0.1:
                kind, (ruleset, command) = "option", option_argv(rng)
                text = " ".join(command)
            else:
                kind, ruleset, seed_text = rng.choice(seeds)
                text = mutate(seed_text, rng, kind)
                command = argv_for(kind, ruleset, text, Path(folder), rng)
            result, spent, detail = run_main(command, args.limit)
            counts[kind]["tried"] += 1
            counts[kind][result] += 1
            if result == "accepted" and kind in ("record", "link") and spent > slowest.get(ruleset, (0,))[0]:
                slowest[ruleset] = (round(spent, 3), kind)
            if result in ("crash", "hang"):
                args.crashes.mkdir(exist_ok=True)
                name = f"{result}-{kind}-{sum(c['tried'] for c in counts.values())}"
                (args.crashes / name).write_text(json.dumps({"argv": command, "input": text, "detail": detail},
                                                            ensure_ascii=False), "utf-8", errors="surrogatepass")
                print(result, kind, ruleset, detail[:200], flush=True)
    print(json.dumps({"counts": counts, "slowest_accepted_replay": slowest}, indent=1))
    return 1 if any(c["crash"] or c["hang"] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
