#!/usr/bin/env bash
# Unpack the pure-Python wheels that pytest needs inside Pyodide into .pyodide-deps/ at the repo
# root; run.mjs mounts that folder and puts it on sys.path. Idempotent: a stamp holding a copy of
# requirements.txt says the folder is complete and current.
set -euo pipefail
PYTHON="${PYTHON:-python3}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DEPS="$ROOT/.pyodide-deps"
REQS="$HERE/requirements.txt"
STAMP="$DEPS/.stamp"

if [ -f "$STAMP" ] && cmp -s "$REQS" "$STAMP"; then
    exit 0
fi
rm -rf "$DEPS"
# The host Python is 3.11, so ask pip for wheels for 3.14 explicitly; --only-binary + --platform
# any keeps it to pure-Python wheels, --no-deps + hashes to exactly the pinned set.
# --no-compile: the host would byte-compile for its own version, useless to 3.14.
"$PYTHON" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-compile \
    --target "$DEPS" --only-binary=:all: --platform any --python-version 3.14 \
    --implementation py --no-deps --require-hashes -r "$REQS"
cp "$REQS" "$STAMP"
echo "prepare.sh: Pyodide test deps ready in $DEPS"
