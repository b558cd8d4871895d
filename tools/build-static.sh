#!/usr/bin/env bash
# Builds one vcaudit binary for Linux that needs neither a Swift toolchain nor libyaml on the machine it runs on:
# the Swift runtime and Foundation linked statically (--static-swift-stdlib), and libyaml from its static archive.
#
#   tools/build-static.sh            writes dist/vcaudit-linux-<arch> and dist/vcaudit-linux-<arch>.sha256
#
# Then checks the binary the way a user's machine would run it: no toolchain library on the path, an empty
# environment, `vcaudit init` and `vcaudit check` in a fresh folder. Needs libyaml-dev (for libyaml.a) to build.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "$(uname)" == Linux ]] || { echo "build-static: Linux only (on macOS, build with 'swift build -c release')" >&2; exit 2; }

arch="$(uname -m)"
libdir="$(pkg-config --variable=libdir yaml-0.1)"
[[ -f "$libdir/libyaml.a" ]] || { echo "build-static: $libdir/libyaml.a is missing; install libyaml-dev" >&2; exit 1; }

# A pkg-config file whose only libyaml is the static archive, searched before the system's.
static="$(mktemp -d)"
trap 'rm -rf "$static"' EXIT
cp "$libdir/libyaml.a" "$static/"
cat > "$static/yaml-0.1.pc" <<PC
Name: LibYAML
Description: libyaml, linked statically into vcaudit
Version: $(pkg-config --modversion yaml-0.1)
Cflags: $(pkg-config --cflags yaml-0.1)
Libs: -L$static -lyaml
PC

PKG_CONFIG_PATH="$static" swift build -c release --product vcaudit --static-swift-stdlib --scratch-path .build-static \
    2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
mkdir -p dist
binary="dist/vcaudit-linux-$arch"
cp .build-static/release/vcaudit "$binary.tmp" && mv "$binary.tmp" "$binary"
(cd dist && sha256sum "$(basename "$binary")" > "$(basename "$binary").sha256")

# What a machine without Swift or libyaml-dev sees.
if ldd "$binary" | grep -qE 'libswift|libFoundation|libdispatch|libyaml|/opt/swift'; then
    ldd "$binary" >&2
    echo "build-static: $binary still needs the libraries above" >&2
    exit 1
fi
trial="$(mktemp -d)"
(cd "$trial" && env -i "$OLDPWD/$binary" init >/dev/null && env -i "$OLDPWD/$binary" check >/dev/null) || {
    echo "build-static: $binary failed 'vcaudit init' + 'vcaudit check' in an empty environment" >&2; exit 1; }
rm -rf "$trial"
echo "build-static: $binary ($(du -h "$binary" | cut -f1)), $(cut -d' ' -f1 "$binary.sha256"); runs with no toolchain or libyaml"
