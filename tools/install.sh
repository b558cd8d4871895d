#!/usr/bin/env bash
# Builds vcaudit in release mode and installs the binary, so the README's `vcaudit ...` commands run as written.
#
#   tools/install.sh                  installs to ~/.local/bin
#   PREFIX=/usr/local tools/install.sh   installs to /usr/local/bin (may need sudo)
#
# Needs libyaml (apt-get install libyaml-dev, or brew install libyaml), as `swift build` does.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-$HOME/.local}"
bin="$prefix/bin"

if ! pkg-config --exists yaml-0.1 2>/dev/null; then
    echo "install: pkg-config cannot find yaml-0.1; install libyaml-dev (apt) or libyaml (Homebrew) first" >&2
    exit 1
fi

swift build -c release --product vcaudit
built="$(swift build -c release --show-bin-path)/vcaudit"

mkdir -p "$bin"
# Copy next to the destination, then rename: an installed vcaudit is never half written.
tmp="$(mktemp "$bin/.vcaudit.XXXXXX")"
cp "$built" "$tmp"
chmod 755 "$tmp"
mv -f "$tmp" "$bin/vcaudit"
echo "install: vcaudit $("$bin/vcaudit" --version) installed as $bin/vcaudit"

case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "install: $bin is not on your PATH; add it, for example: export PATH=\"$bin:\$PATH\"" ;;
esac
