#!/usr/bin/env python3
"""Checks that hewn's rust-version is at least what every crate it builds with asks for.

Reads `cargo metadata` (the resolved dependency graph, dev-dependencies included, as
`cargo test` builds them) and fails, naming the crates, when one needs a newer Rust than
Cargo.toml's rust-version says; clippy's incompatible_msrv lint checks hewn's own code
against the same number.
"""
import json
import subprocess
import sys


def version(text):
    """A version as (major, minor, patch): "1.87" and "1.87.0" are the same Rust."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    metadata = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    used = {node["id"] for node in metadata["resolve"]["nodes"]}
    packages = [p for p in metadata["packages"] if p["id"] in used]
    ours = next(p for p in packages if p["name"] == "hewn")
    if not ours.get("rust_version"):
        sys.exit("check_msrv: Cargo.toml sets no rust-version")
    floor = version(ours["rust_version"])
    newer = sorted(
        (version(p["rust_version"]), p["name"], p["version"])
        for p in packages
        if p.get("rust_version") and version(p["rust_version"]) > floor
    )
    if newer:
        for needs, name, v in newer:
            print(f"check_msrv: {name} {v} needs Rust {'.'.join(map(str, needs))}", file=sys.stderr)
        sys.exit(f"check_msrv: rust-version {ours['rust_version']} is too old for these crates")
    print(f"check_msrv: rust-version {ours['rust_version']} covers all {len(packages)} crates")


main()
