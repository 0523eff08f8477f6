//! Perft tables: published start-position counts, and counts from capture- and king-rich
//! positions cross-checked against an independent implementation (see `data/`).
//!
//! Entries above a node limit run only with `cargo test -- --ignored`, to keep CI fast.

mod common;

use common::pos;
use shashki::perft::{perft, Counting};
use shashki::Variant;

struct Entry {
    line: usize,
    variant: Variant,
    fen: String,
    depth: u32,
    nodes: u64,
    counting: Counting,
}

fn entries(data: &str) -> Vec<Entry> {
    data.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert!(f.len() == 4 || f.len() == 5, "line {}: {l}", i + 1);
            Entry {
                line: i + 1,
                variant: f[0].parse().unwrap(),
                fen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
                counting: match f.get(4) {
                    None => Counting::Distinct,
                    Some(&"paths") => Counting::AllPaths,
                    Some(other) => panic!("line {}: unknown counting {other}", i + 1),
                },
            }
        })
        .collect()
}

fn check(data: &str, min_nodes: u64, max_nodes: u64) -> usize {
    let mut checked = 0;
    for e in entries(data) {
        if e.nodes < min_nodes || e.nodes > max_nodes {
            continue;
        }
        let got = perft(&pos(&e.fen), e.variant.rules(), e.depth, e.counting);
        assert_eq!(
            got, e.nodes,
            "line {}: {} {} depth {}",
            e.line, e.variant, e.fen, e.depth
        );
        checked += 1;
    }
    checked
}

const START: &str = include_str!("data/perft-start.txt");
const CROSS: &str = include_str!("data/perft-xcheck.txt");
const LIMIT: u64 = 5_000_000;

#[test]
fn start_position_up_to_depth_nine() {
    assert!(check(START, 0, LIMIT) >= 27);
}

#[test]
fn positions_cross_checked_with_an_independent_generator() {
    assert!(check(CROSS, 0, LIMIT) >= 50);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_perft() {
    check(START, LIMIT + 1, u64::MAX);
    check(CROSS, LIMIT + 1, u64::MAX);
}
