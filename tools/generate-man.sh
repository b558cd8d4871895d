#!/usr/bin/env bash
# Regenerates docs/man/vcaudit.1 from vcaudit's own help text (swift-argument-parser's generate-manual plugin).
# A test fails when a command or option is missing from it: run this after changing the command line.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package generate-manual --configuration debug --date 2026-11-25 >/dev/null
# Blank lines of the help's paragraphs become mdoc paragraph breaks (man warns about empty input lines), and the
# generic "exits 0 on success, >0 if an error occurs" gives way to vcaudit's own statuses (1 is findings, not an error).
# The hidden `import without-kind` subcommand (it catches `vcaudit import DIR --out X`) is left out.
sed -e 's/^$/.Pp/' \
    -e 's/^\.Ex -std$/The vcaudit utility exits 0 when the check is clean, 1 when findings at or above the failing severity remain, and 2 for bad input, a bad configuration or a wrong command line (each command'"'"'s discussion says which apply)./' \
    .build/plugins/GenerateManual/outputs/vcaudit/vcaudit.1 \
    | awk '/^\.It Em without-kind$/ { hidden = 1; next } hidden && /^\.El$/ { hidden = 0; next } !hidden' > docs/man/vcaudit.1.tmp
mv docs/man/vcaudit.1.tmp docs/man/vcaudit.1
echo "wrote docs/man/vcaudit.1 (read it with: man -l docs/man/vcaudit.1)"
