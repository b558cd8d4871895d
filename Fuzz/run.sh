#!/usr/bin/env bash
# Fuzzes vcaudit's readers of outside input with libFuzzer (see Fuzz/README.md).
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]    one target: spec, yaml, config, baseline, eventlog, check, storyboard, appsettings
#   Fuzz/run.sh all SECONDS                             every target, one after the other
#
# Builds .build-fuzz/release/vcaudit-fuzz (release, -sanitize=fuzzer,address), writes seed corpora from Specs/ and
# Examples/ on first use, and keeps what the fuzzer learns in .build-fuzz/corpus/TARGET. A crash, hang (-timeout)
# or memory blow-up (-rss_limit_mb) stops the run with a non-zero status and leaves the input in
# .build-fuzz/artifacts/. Where the toolchain cannot fuzz (no libFuzzer runtime), it says why and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(spec yaml config baseline eventlog check storyboard appsettings)
if [[ $# -lt 2 ]]; then
    echo "usage: Fuzz/run.sh TARGET|all SECONDS [libFuzzer flags...]  (targets: ${targets[*]})" >&2
    exit 2
fi
target="$1"; seconds="$2"; shift 2
extra=("$@")
if [[ "$target" != all ]] && [[ ! " ${targets[*]} " =~ " $target " ]]; then
    echo "fuzz: unknown target '$target'; use one of: ${targets[*]} (or all)" >&2
    exit 2
fi

scratch=.build-fuzz
linker=()
[[ "$(uname)" == Linux ]] && linker=(-Xswiftc -use-ld=lld)   # ld.gold cannot link ASan-instrumented Swift here

# Can this toolchain fuzz? Xcode's Swift has no libFuzzer runtime; swift.org toolchains on Linux do.
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$probe/p.swift"
if ! swiftc -sanitize=fuzzer -parse-as-library "${linker[@]/-Xswiftc/}" "$probe/p.swift" -o "$probe/p" >/dev/null 2>&1; then
    echo "fuzz: skipped: this Swift toolchain cannot build with -sanitize=fuzzer (no libFuzzer runtime; use a swift.org toolchain on Linux)"
    exit 0
fi

VCAUDIT_FUZZ=1 swift build -c release --scratch-path "$scratch" --product vcaudit-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g "${linker[@]}" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$scratch/release/vcaudit-fuzz"
[[ -x "$binary" ]] || { echo "fuzz: the build failed" >&2; exit 1; }

for name in "${targets[@]}"; do
    [[ "$name" == yaml ]] && continue   # seeded with the spec target's seeds
    if [[ ! -d "$scratch/seeds/$name" ]]; then
        rm -rf "$scratch/seeds.tmp"
        "$binary" seed "$PWD" "$scratch/seeds.tmp" && rm -rf "$scratch/seeds" && mv "$scratch/seeds.tmp" "$scratch/seeds"
        break
    fi
done

# Leaks in the toolchain's own libraries (not vcaudit's) are suppressed; every other leak is a finding.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

run() {
    local name="$1"
    local corpus="$scratch/corpus/$name" artifacts="$scratch/artifacts"
    mkdir -p "$corpus" "$artifacts"
    local dict=()
    [[ -f "Fuzz/Dictionaries/$name.dict" ]] && dict=(-dict="Fuzz/Dictionaries/$name.dict")
    [[ "$name" == check || "$name" == spec || "$name" == yaml ]] && [[ -f Fuzz/Dictionaries/spec.dict ]] && dict=(-dict=Fuzz/Dictionaries/spec.dict)
    local seeds="$scratch/seeds/$name"
    [[ "$name" == yaml ]] && seeds="$scratch/seeds/spec"
    [[ "$name" == check ]] && dict=()
    echo "fuzz: $name for ${seconds}s"
    local log="$scratch/logs/$name.log" code=0
    mkdir -p "$scratch/logs"
    local leaks=()
    # FoundationXML leaks an NSError on every XML error (Fuzz/lsan.supp): checking leaks after each such input
    # would take most of the run, so the storyboard targets check crashes, hangs and memory only.
    [[ "$name" == storyboard || "$name" == appsettings ]] && leaks=(-detect_leaks=0)
    # The targets that write files (appsettings) write them under the run's own temporary folder, removed after it,
    # crash or not, so that no run leaves files in the system's.
    local tmp="$scratch/tmp/$name"
    rm -rf "$tmp" && mkdir -p "$tmp"
    TMPDIR="$PWD/$tmp/" "$binary" "$name" "${leaks[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$name-" "${dict[@]}" "${extra[@]}" "$corpus" "$seeds" >"$log" 2>&1 || code=$?
    # The last status line (executions, coverage), the final stats, and any report.
    grep -E '^#[0-9]+' "$log" | tail -1 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
    if [[ $code -ne 0 ]]; then
        grep -E '==[0-9]+==|SUMMARY|ERROR|Fatal error|Test unit written|artifact' "$log" | head -20 || true
        echo "fuzz: $name FAILED (status $code); full log: $log" >&2
    fi
    rm -rf "$tmp"
    return $code
}

status=0
if [[ "$target" == all ]]; then
    for name in "${targets[@]}"; do run "$name" || status=$?; done
else
    run "$target" || status=$?
fi
exit "$status"
