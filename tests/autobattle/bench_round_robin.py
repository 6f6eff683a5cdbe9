"""How long a 40-squad autobattle round robin at 2,000 battles a pair takes here, estimated from a
measured sample: `python tests/autobattle/bench_round_robin.py [GAMES_PER_PAIR] [WORKERS]`.

Writes a card file with the 12 starter squads' cards and 28 more squads drawn (fixed seed) from the
starter cards, each one kept only when the engine's own validator accepts it; then times
`python -m engine balance autobattle --cards FILE --games-per-pair N` over all 40 (780 pairs) and
scales the measured rate to 2,000 a pair. Not a test: tests never time anything.
"""

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.core.errors import SkirmishError
from engine.rulesets.autobattle.cards import SQUAD_SIZE, builtin_content, parse_content

ROOT = Path(__file__).resolve().parents[2]
SQUADS, TARGET_PER_PAIR = 40, 2000


def squad_file(count: int, seed: int = 2026) -> str:
    """A card file (TOML) of `count` squads: the starter ones, then valid random ones."""
    content = builtin_content()
    draw = random.Random(seed)
    heroes = sorted((card for card in content.cards.values() if card.type == "hero"), key=lambda c: c.id)
    tables = [_table(squad_id, squad.element, squad.name["en"], squad.hero, squad.cards)
              for squad_id, squad in content.squads.items()]
    made, tries = len(tables), 0
    while made < count:
        tries += 1
        if tries > 100_000:
            raise SystemExit(f"only {made} valid squads drawn in 100,000 tries")
        hero = draw.choice(heroes)
        pool = sorted(card.id for card in content.cards.values()
                      if card.type != "hero" and card.element in (hero.element, "neutral"))
        members = [draw.choice(pool) for _ in range(SQUAD_SIZE)]
        table = _table(f"drawn_{made}", hero.element, f"Drawn {made}", hero.id, members)
        try:
            parse_content(table, "drawn", content)
        except SkirmishError:
            continue                # over leadership or a limit: draw again
        tables.append(table)
        made += 1
    return "\n".join(tables)


def _table(squad_id, element, name, hero, members) -> str:
    return (f"[squads.{squad_id}]\nelement = {json.dumps(element)}\n"
            f"name = {{ en = {json.dumps(name)}, ja = {json.dumps(name)}, ru = {json.dumps(name)} }}\n"
            f"hero = {json.dumps(hero)}\ncards = {json.dumps(list(members))}\n")


def main(per_pair: int = 50, workers: int = 1) -> None:
    with tempfile.TemporaryDirectory() as folder:
        cards = Path(folder) / "forty.toml"
        cards.write_text(squad_file(SQUADS))
        report = Path(folder) / "report.json"
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "engine", "balance", "autobattle", "--cards", str(cards),
                        "--games-per-pair", str(per_pair), "--workers", str(workers), "--json", str(report)],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - started
        data = json.loads(report.read_text())
    pairs = SQUADS * (SQUADS - 1) // 2
    rate = data["games_per_second"]
    full = pairs * TARGET_PER_PAIR
    print(f"sample: {SQUADS} squads, {pairs} pairs × {per_pair} = {data['games']} battles in {data['seconds']} s "
          f"({rate} battles/s, {workers} process{'es' if workers > 1 else ''}; {wall:.1f} s with start-up)")
    print(f"estimate: {pairs} pairs × {TARGET_PER_PAIR} = {full:,} battles ≈ {full / rate:.0f} s "
          f"({full / rate / 60:.1f} min)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
