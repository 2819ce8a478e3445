# Everyday recipes. `just` is a convenience: every recipe is a plain cargo
# command, and the README never depends on `just` being installed.

default:
    @just --list

# Build everything (debug).
build:
    cargo build --workspace

# The README's main job: tokenize the Battleship listing and list it back.
demo:
    cargo run --release -- basic list examples/battleship/battle.bas

# The README's test command.
test:
    cargo test --workspace

# Tests plus the oracles (needs pasmo and mtools installed, as .ci/run does).
test-oracles:
    MSX_ORACLES=pasmo,mtools cargo test --workspace

# Long differential run of the Z80 core against the `z80` crate.
test-long:
    cargo test -p z80-cpu --release -- --ignored

# Everything CI checks, in CI's order (without installing packages).
ci:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo test --workspace

fmt:
    cargo fmt --all

lint:
    cargo clippy --workspace --all-targets -- -D warnings

# Benchmarks (criterion); figures go to docs/performance.md.
bench:
    cargo bench --workspace

# Review pending insta snapshots (needs cargo-insta).
snapshots:
    cargo insta review
