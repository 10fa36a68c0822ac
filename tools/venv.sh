#!/bin/sh
# Makes VENV hold exactly what LOCK pins (every file checked against its hash), and builder
# itself as an editable install. Does nothing when VENV was made from this very lock,
# pyproject.toml and Python; otherwise makes it anew, so nothing of an older lock is left in it.
# Usage: tools/venv.sh PYTHON VENV LOCK
set -eu
python=$1 venv=$2 lock=$3
stamp="$venv/.installed"

version=$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])') || {
  echo "error: '$python' can't be run; set PYTHON= to a Python 3.10 or newer" >&2; exit 2; }
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "error: builder needs Python 3.10 or newer; '$python' is $version (set PYTHON=)" >&2; exit 2
fi
want="$(cat "$lock" pyproject.toml | sha256sum | cut -c1-16) python $version"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi

echo "Installing the locked dependencies ($lock) into $venv with Python $version..."
rm -rf "$venv"
"$python" -m venv "$venv"
# Hashes make pip refuse any file that isn't the one locked; --no-deps, anything not in the lock.
"$venv/bin/python" -m pip install -qq --disable-pip-version-check --require-hashes --no-deps -r "$lock"
# builder itself, built by the locked hatchling (a local folder has no hash to check).
"$venv/bin/python" -m pip install -qq --disable-pip-version-check --no-deps --no-build-isolation -e .
"$venv/bin/python" -m pip check --disable-pip-version-check >/dev/null || {
  "$venv/bin/python" -m pip check --disable-pip-version-check >&2
  echo "error: $lock doesn't satisfy pyproject.toml: run 'make lock'" >&2; exit 2; }
echo "$want" > "$stamp"
