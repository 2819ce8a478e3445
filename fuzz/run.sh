#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 10), one after the other,
# and prints libFuzzer's last status line of each (executions, coverage).
# Needs cargo-fuzz; on a stable compiler RUSTC_BOOTSTRAP=1 unlocks the
# sanitizer flags it uses. A crash stops the script with libFuzzer's report
# and the input saved under artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-10}
export RUSTC_BOOTSTRAP=1
./seeds.sh
cargo fuzz build -O
# The assembler reads INCLUDE/INCBIN files beside its source: run it where
# there are none to find.
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
max_len() {
    case $1 in
        disk_image) echo 16384 ;;
        gfx_decode) echo 20000 ;;
        pascal_compile | basic_compile | tokenize | assemble) echo 8192 ;;
        *) echo 4096 ;;
    esac
}
for t in tokenize detokenize basic_compile pascal_compile assemble disk_image gfx_decode load_state; do
    mkdir -p "artifacts/$t"
    log=$(mktemp)
    (cd "$empty" && "$OLDPWD/target/x86_64-unknown-linux-gnu/release/$t" \
        "$OLDPWD/corpus/$t" -max_total_time="$secs" -max_len="$(max_len "$t")" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$OLDPWD/artifacts/$t/" >"$log" 2>&1) || {
        cat "$log"
        echo "fuzz target $t failed (input in fuzz/artifacts/$t/)" >&2
        exit 1
    }
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    echo "$t: $runs executions in ${secs}s, $cov, corpus $(ls "corpus/$t" | wc -l) inputs"
    rm -f "$log"
done
