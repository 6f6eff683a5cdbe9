#!/bin/sh
# Tactics random games/s, events off: the main tree and this worktree alternately, same seeds, 3 rounds.
# usage: tests/tactics/bench_side_by_side.sh [GAMES] [MAIN_TREE]
GAMES=${1:-2000}
MAIN=${2:-/work/main}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python}
for round in 1 2 3; do
    printf 'round %s  main: ' "$round"; PYTHONPATH="$MAIN" "$PY" "$HERE/tests/tactics/bench_tactics.py" "$GAMES"
    printf 'round %s  this: ' "$round"; PYTHONPATH="$HERE" "$PY" "$HERE/tests/tactics/bench_tactics.py" "$GAMES"
done
