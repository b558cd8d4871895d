#!/usr/bin/env bash
# Regenerates docs/man/vcaudit.1 from vcaudit's own help text (swift-argument-parser's generate-manual plugin).
# A test fails when a command or option is missing from it: run this after changing the command line.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package generate-manual --configuration debug --date 2026-11-25 >/dev/null
cp .build/plugins/GenerateManual/outputs/vcaudit/vcaudit.1 docs/man/vcaudit.1
echo "wrote docs/man/vcaudit.1 (read it with: man -l docs/man/vcaudit.1)"
