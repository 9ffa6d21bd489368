//! The `hewn` binary.

fn main() {}
