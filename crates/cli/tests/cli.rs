//! The `shashki` binary as other programs use it: output formats and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn shashki(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            input.write_all(s.as_bytes()).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = shashki(&["perft", "--variant", "russian", "5"], None);
    assert!(o.status.success());
    let counts: Vec<(u32, u64)> = stdout(&o)
        .lines()
        .map(|l| {
            let mut f = l.split_whitespace();
            (
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(counts, [(1, 7), (2, 49), (3, 302), (4, 1469), (5, 7482)]);
}

#[test]
fn perft_from_a_fen_and_counting_paths() {
    let fen = "W:WKc1:Bb2,c5,e3,e5,g5";
    let o = shashki(&["perft", "--variant", "czech", "--fen", fen, "1"], None);
    assert!(stdout(&o).starts_with("1 5 "), "{}", stdout(&o));
    let o = shashki(
        &["perft", "--variant", "czech", "--fen", fen, "--dups", "1"],
        None,
    );
    assert!(stdout(&o).starts_with("1 6 "), "{}", stdout(&o));
}

#[test]
fn moves_lists_full_paths_in_the_variant_notation() {
    let o = shashki(
        &["moves", "--variant", "russian", "--fen", "W:Wb6:Bc7,f6"],
        None,
    );
    assert!(o.status.success());
    assert_eq!(stdout(&o), "b6:d8:g5\nb6:d8:h4\n");
    let o = shashki(
        &["moves", "--variant", "english", "--fen", "W:W21:B17,9"],
        None,
    );
    assert_eq!(stdout(&o), "21x14x5\n");
}

#[test]
fn moves_reads_fens_from_stdin_and_reports_bad_ones_inline() {
    let input = "W:Wc3:Bh8\nW:W33:B1\n\nW:Wa7:Bb8\nB:W21-32:B1-12\n";
    let o = shashki(&["moves", "--variant", "english"], Some(input));
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], "22-17 22-18");
    assert!(lines[1].starts_with("error:"), "{}", lines[1]);
    assert!(lines[2].starts_with("error:"), "{}", lines[2]);
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
}

#[test]
fn bad_arguments_exit_2_with_a_reason() {
    for args in [
        &["perft", "--variant", "polish", "3"][..],
        &["perft", "--variant", "czech"],
        &["perft", "--variant", "czech", "x"],
        &["perft", "--variant", "czech", "--fen", "W:W99:B1", "2"],
        &["perft", "--variant", "czech", "--bogus", "1", "2"],
        &["moves", "--fen", "W:W21:B1"],
        &["frobnicate"],
        &[],
    ] {
        let o = shashki(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with("shashki: "), "{args:?}: {err}");
    }
}

#[test]
fn a_short_soak_finds_no_broken_invariant() {
    for v in ["czech", "russian", "english"] {
        let o = shashki(
            &["soak", "--variant", v, "--games", "6", "--seed", "3"],
            None,
        );
        assert!(
            o.status.success(),
            "{v}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(stdout(&o).contains("6 games"), "{}", stdout(&o));
    }
}

#[test]
fn match_plays_its_games_and_accepts_weight_changes() {
    let o = shashki(
        &[
            "match",
            "--variant",
            "english",
            "--a",
            "depth=2",
            "--b",
            "depth=2",
            "--games",
            "2",
            "--b-set",
            "king=120",
            "--threads",
            "1",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("(2 games"), "{out}");
    let o = shashki(
        &[
            "match",
            "--variant",
            "english",
            "--a",
            "depth=2",
            "--b",
            "depth=2",
            "--games",
            "2",
            "--b-set",
            "queen=1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bestmove_prints_the_line_format() {
    let o = shashki(&["bestmove", "--variant", "russian", "--depth", "4"], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let f: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(f[0], "bestmove");
    assert_eq!(
        (f[2], f[4], f[6], f[8]),
        ("score", "depth", "nodes", "pv"),
        "{out}"
    );
    assert_eq!(f[5], "4");
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "russian",
            "--fen",
            "W:Wc3:Bd4",
            "--depth",
            "3",
        ],
        None,
    );
    assert!(
        stdout(&o).starts_with("bestmove c3:e5 score win 1 "),
        "{}",
        stdout(&o)
    );
}

#[test]
fn egtb_builds_a_file_that_probe_reads() {
    let dir = std::env::temp_dir().join(format!("shashki-egtb-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let o = shashki(
        &[
            "egtb",
            "--variant",
            "russian",
            "--pieces",
            "3",
            "--out",
            d,
            "--check",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).contains("russian 3 pieces: 16 tables"),
        "{}",
        stdout(&o)
    );
    assert!(dir.join("russian-3.egtb").exists());
    let probe = |fen: &str| {
        shashki(
            &["probe", "--variant", "russian", "--fen", fen, "--dir", d],
            None,
        )
    };
    // A king takes the last man at once; a king against a king is a draw.
    assert_eq!(stdout(&probe("W:WKc1:Bf4")), "win 1\n");
    assert_eq!(stdout(&probe("B:Wb2,c1:Ba3")), "loss 0\n", "no move left");
    assert_eq!(stdout(&probe("W:WKb2:BKf8")), "draw\n");
    let o = probe("W:WKc1,e1:BKf8,h8");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).starts_with("error: "), "{}", stdout(&o));
    let o = shashki(
        &[
            "probe",
            "--variant",
            "czech",
            "--fen",
            "W:WKc1:Bf4",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "no Czech tables in the folder");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bestmove_with_tables_reads_the_distance_to_the_win() {
    // Two kings against one in English: a table win; the search reports its exact distance.
    let args = [
        "bestmove",
        "--variant",
        "english",
        "--fen",
        "W:WK22,K23:BK5",
        "--nodes",
        "5000",
    ];
    let o = shashki(&[&args[..], &["--egtb", "3"]].concat(), None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let score: Vec<&str> = out.split_whitespace().skip(3).take(2).collect();
    assert_eq!(score[0], "win", "{out}");
    let dir = std::env::temp_dir().join(format!("shashki-egtb-bm-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    shashki(
        &["egtb", "--variant", "english", "--pieces", "3", "--out", d],
        None,
    );
    let probe = shashki(
        &[
            "probe",
            "--variant",
            "english",
            "--fen",
            "W:WK22,K23:BK5",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(stdout(&probe).trim(), score.join(" "));
    let o = shashki(&[&args[..], &["--egtb", "/nonexistent"]].concat(), None);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzles_are_the_same_for_the_same_seed() {
    let args = [
        "puzzles",
        "--variant",
        "russian",
        "--games",
        "3",
        "--seed",
        "5",
        "--depth",
        "6",
    ];
    let a = shashki(&args, None);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let text = stdout(&a);
    assert!(text.contains("\"variant\": \"russian\""), "{text}");
    assert!(
        text.contains("\"id\": \"russian-1\""),
        "no puzzle mined: {text}"
    );
    assert_eq!(stdout(&shashki(&args, None)), text);
    let other = shashki(
        &[
            "puzzles",
            "--variant",
            "russian",
            "--games",
            "3",
            "--seed",
            "6",
            "--depth",
            "6",
        ],
        None,
    );
    assert_ne!(stdout(&other), text);
}

#[test]
fn review_calls_a_man_given_away_a_blunder() {
    // Russian: 2... d6-e5?? lets White take two men (d4:f6:h4); nothing else is lost.
    let dir = std::env::temp_dir().join(format!("shashki-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pdn");
    std::fs::write(
        &file,
        "[GameType \"25\"]\n1. c3-d4 f6-g5 2. b2-c3 d6-e5 3. d4:f6:h4 *\n",
    )
    .unwrap();
    let o = shashki(
        &[
            "review",
            "--pdn",
            file.to_str().unwrap(),
            "--nodes",
            "50000",
        ],
        None,
    );
    std::fs::remove_dir_all(&dir).ok();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let judged: Vec<&str> = text.lines().filter(|l| l.contains(". ")).take(5).collect();
    assert!(
        judged[3].contains("d6-e5") && judged[3].contains("blunder"),
        "{text}"
    );
    for (i, l) in judged.iter().enumerate().filter(|&(i, _)| i != 3) {
        assert!(
            !l.contains("blunder") && !l.contains("mistake"),
            "move {}: {text}",
            i + 1
        );
    }
    // The annotated PDN carries the mark and the better move.
    assert!(text.contains("d6-e5?? {Better"), "{text}");
    assert!(text.contains("black: accuracy"), "{text}");
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn selfplay_is_deterministic_and_writes_quiet_positions() {
    let (a, b) = (temp_path("sp-a.txt"), temp_path("sp-b.txt"));
    for (path, threads) in [(&a, "1"), (&b, "2")] {
        let o = shashki(
            &[
                "selfplay",
                "--variant",
                "czech",
                "--games",
                "6",
                "--seed",
                "7",
                "--depth",
                "3",
                "--threads",
                threads,
                "--out",
                path.to_str().unwrap(),
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "same seed, same data"
    );
    assert!(text.lines().count() > 50, "{text}");
    let rules = shashki::Variant::Czech.rules();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 4, "{line}");
        let pos = shashki::fen::parse(f[0]).unwrap();
        assert!(!shashki::has_capture(&pos, rules), "not quiet: {line}");
        let score: i32 = f[1].parse().unwrap();
        assert!(score.abs() <= 2000, "{line}");
        assert!(["0", "0.5", "1"].contains(&f[2]), "{line}");
    }
}

#[test]
fn train_from_init_starts_from_the_given_weights() {
    let data = temp_path("init.txt");
    let weights = temp_path("init.bin");
    let o = shashki(
        &[
            "selfplay",
            "--variant",
            "russian",
            "--games",
            "8",
            "--seed",
            "5",
            "--depth",
            "3",
            "--out",
            data.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let train = |init: &str, lr: &str| {
        shashki(
            &[
                "train",
                "--variant",
                "russian",
                "--data",
                data.to_str().unwrap(),
                "--out",
                weights.to_str().unwrap(),
                "--epochs",
                "1",
                "--batch",
                "64",
                "--lr",
                lr,
                "--init",
                init,
            ],
            None,
        )
    };
    // A step too small to move any weight by a quantum writes the shipped file back byte for
    // byte: every weight started where the file has it.
    let o = train("builtin", "0.000001");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shipped = shashki::learned::builtin_bytes(shashki::Variant::Russian).unwrap();
    assert_eq!(std::fs::read(&weights).unwrap(), shipped);
    // A real step moves them.
    let o = train("builtin", "1");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_ne!(std::fs::read(&weights).unwrap(), shipped);
    // Weights of another variant, or no weight file at all, are refused.
    let czech = temp_path("init-czech.bin");
    std::fs::write(
        &czech,
        shashki::learned::builtin_bytes(shashki::Variant::Czech).unwrap(),
    )
    .unwrap();
    let o = train(czech.to_str().unwrap(), "1");
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = train(data.to_str().unwrap(), "1");
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn only_bands_learns_the_bands_and_holds_every_other_weight() {
    use shashki::learned::LearnedEval;
    use shashki::pattern::{CONFIGS, WINDOWS};
    let data = temp_path("bands.txt");
    selfplay_data("russian", "6", &data);
    let out = temp_path("bands.bin");
    let (data_arg, out_arg) = (data.to_str().unwrap(), out.to_str().unwrap());
    let options = "train --variant russian --epochs 1 --batch 64 --lr 1 --init builtin \
                   --no-king-windows --only-bands";
    let mut args: Vec<&str> = options.split_whitespace().collect();
    args.extend(["--data", data_arg, "--out", out_arg]);
    let o = shashki(&args, None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shipped = shashki::learned::builtin_bytes(shashki::Variant::Russian).unwrap();
    let shipped = LearnedEval::from_bytes(shipped).unwrap();
    let bytes = std::fs::read(&out).unwrap();
    let trained = LearnedEval::from_bytes(&bytes).expect("the engine reads the file");
    let windows = 2 * 2 * WINDOWS * CONFIGS;
    assert_eq!(trained.dense(), shipped.dense());
    assert_eq!(trained.windows()[..windows], shipped.windows()[..windows]);
    assert!(shipped.windows()[windows..].iter().all(|&w| w == 0));
    assert!(trained.windows()[windows..].iter().any(|&w| w != 0));
    // The engine plays with it.
    let mut args: Vec<&str> = "bestmove --variant russian --depth 4 --weights"
        .split_whitespace()
        .collect();
    args.push(out_arg);
    let o = shashki(&args, None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Twelve quick games (depth 3) of `variant` as training data at `out`.
fn selfplay_data(variant: &str, seed: &str, out: &std::path::Path) {
    let o = shashki(
        &[
            "selfplay",
            "--variant",
            variant,
            "--games",
            "12",
            "--seed",
            seed,
            "--depth",
            "3",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn rescore_keeps_the_chosen_lines_with_a_deeper_searchs_score() {
    let data = temp_path("rescore-in.txt");
    selfplay_data("czech", "9", &data);
    let input = std::fs::read_to_string(&data).unwrap();
    let (a, b) = (temp_path("rescore-a.txt"), temp_path("rescore-b.txt"));
    let rescore = |out: &std::path::Path, more: &[&str]| {
        let mut args = vec!["rescore", "--variant", "czech", "--data"];
        args.extend([data.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        args.extend(more);
        shashki(&args, None)
    };
    for (path, threads) in [(&a, "1"), (&b, "2")] {
        let more = [
            "--depth",
            "5",
            "--from",
            "16",
            "--every",
            "2",
            "--threads",
            threads,
        ];
        let o = rescore(path, &more);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap(), "same file");
    // Every second line of 16 pieces or more, in order, with its result and ply kept and the
    // score of a depth-5 search from its FEN.
    let kept: Vec<&str> = input
        .lines()
        .filter(|l| {
            let f = l.split(' ').next().unwrap();
            shashki::fen::parse(f).unwrap().occupied().count() >= 16
        })
        .step_by(2)
        .collect();
    let out: Vec<&str> = text.lines().collect();
    assert!(kept.len() > 20, "{input}");
    assert_eq!(out.len(), kept.len());
    for (o, k) in out.iter().zip(&kept) {
        let (of, kf): (Vec<&str>, Vec<&str>) = (o.split(' ').collect(), k.split(' ').collect());
        assert_eq!((of[0], of[2], of[3]), (kf[0], kf[2], kf[3]), "{o} / {k}");
    }
    let first: Vec<&str> = out[0].split(' ').collect();
    let best = shashki(
        &[
            "bestmove",
            "--variant",
            "czech",
            "--fen",
            first[0],
            "--depth",
            "5",
        ],
        None,
    );
    assert!(
        stdout(&best).contains(&format!(" score {} ", first[1])),
        "{} / {}",
        out[0],
        stdout(&best)
    );
    // A line that is not training data is an error, not a silent skip.
    std::fs::write(&data, "W:W21:B1 x 0.5 8\n").unwrap();
    let o = rescore(&a, &[]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn train_makes_a_weight_file_the_engine_plays_with() {
    let data = temp_path("train.txt");
    let weights = temp_path("train.bin");
    selfplay_data("russian", "3", &data);
    let o = shashki(
        &[
            "train",
            "--variant",
            "russian",
            "--data",
            data.to_str().unwrap(),
            "--out",
            weights.to_str().unwrap(),
            "--epochs",
            "2",
            "--batch",
            "64",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&weights).unwrap();
    let e = shashki::learned::LearnedEval::from_bytes(&bytes).unwrap();
    assert_eq!(e.variant(), shashki::Variant::Russian);
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "russian",
            "--depth",
            "4",
            "--weights",
            weights.to_str().unwrap(),
        ],
        None,
    );
    assert!(stdout(&o).starts_with("bestmove "), "{}", stdout(&o));
    // The weights belong to Russian: another variant refuses them, as does a damaged file.
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "czech",
            "--depth",
            "2",
            "--weights",
            weights.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let mut damaged = bytes.clone();
    damaged[40] ^= 0x55;
    std::fs::write(&weights, damaged).unwrap();
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "russian",
            "--depth",
            "2",
            "--weights",
            weights.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("checksum"));
}

#[test]
fn selfplay_with_tables_ends_games_where_the_tables_settle_them() {
    let plain = temp_path("sp-plain.txt");
    let settled = temp_path("sp-egtb.txt");
    let run = |out: &std::path::Path, tables: bool| {
        let mut a = vec![
            "selfplay",
            "--variant",
            "czech",
            "--games",
            "8",
            "--seed",
            "9",
            "--depth",
            "4",
            "--out",
            out.to_str().unwrap(),
        ];
        if tables {
            a.extend(["--egtb", "3"]);
        }
        let o = shashki(&a, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out).unwrap()
    };
    let pieces = |line: &str| {
        let fen = line.split(' ').next().unwrap();
        fen.split(':')
            .skip(1)
            .map(|side| side[1..].split(',').filter(|s| !s.is_empty()).count())
            .sum::<usize>()
    };
    let without = run(&plain, false);
    let with = run(&settled, true);
    // Without tables the games run into the endings; with them no position of three pieces or
    // fewer is written, and the games are shorter.
    assert!(
        without.lines().any(|l| pieces(l) <= 3),
        "the plain games reach the endings"
    );
    assert!(with.lines().all(|l| pieces(l) > 3));
    assert!(with.lines().count() < without.lines().count());
    for line in with.lines() {
        let result = line.split(' ').nth(2).unwrap();
        assert!(["0", "0.5", "1"].contains(&result), "{line}");
    }
}

/// Pattern tables for the middlegame alone (`train --from`) play beside a network given in the
/// same `--weights` list: the tables from the network's `below` up, the network under it.
#[test]
fn new_tables_play_beside_a_network_in_one_weights_list() {
    let data = temp_path("from.txt");
    let tables = temp_path("from.bin");
    selfplay_data("czech", "5", &data);
    let train = |from: &str| {
        shashki(
            &[
                "train",
                "--variant",
                "czech",
                "--data",
                data.to_str().unwrap(),
                "--out",
                tables.to_str().unwrap(),
                "--epochs",
                "2",
                "--batch",
                "64",
                "--from",
                from,
            ],
            None,
        )
    };
    // No game of 12 starts with more than 24 pieces.
    let o = train("25");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("too little data with 25 pieces"));
    let o = train("20");
    let log = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{log}");
    assert!(log.contains("with 20 pieces or more"), "{log}");

    let net = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shashki/weights/czech-net.bin"
    );
    let below = shashki::net::NetEval::from_bytes(&std::fs::read(net).unwrap())
        .unwrap()
        .below();
    let t = tables.to_str().unwrap();
    let both = format!("{t},{net}");
    let eval = |fen: &str, weights: Option<&str>| {
        let mut a = vec!["eval", "--variant", "czech", "--fen", fen];
        if let Some(w) = weights {
            a.extend(["--weights", w]);
        }
        let o = shashki(&a, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    // 23 pieces: the new tables play, with or without the network.
    let middle = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11";
    assert!(23 >= below);
    assert_eq!(eval(middle, Some(&both)), eval(middle, Some(t)));
    assert_ne!(eval(middle, Some(&both)), eval(middle, None));
    // 8 pieces: the network plays, as in the engine's own evaluation, not the tables alone.
    let ending = "W:W22,25,27,K30:B3,9,12,16";
    assert!(8 < below);
    assert_eq!(eval(ending, Some(&both)), eval(ending, None));
    assert_ne!(eval(ending, Some(&both)), eval(ending, Some(t)));
    // In either order; two files of one kind are refused.
    assert_eq!(
        eval(ending, Some(&format!("{net},{t}"))),
        eval(ending, None)
    );
    let o = shashki(
        &[
            "eval",
            "--variant",
            "czech",
            "--weights",
            &format!("{t},{t}"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("two pattern weight files"));
}

#[test]
fn train_net_makes_a_network_the_engine_plays_with() {
    let data = temp_path("net.txt");
    let net = temp_path("net.bin");
    selfplay_data("czech", "4", &data);
    let run_train = |shape: &str, out: &std::path::Path, rest: &[&str]| {
        let mut a = vec![
            "train",
            "--variant",
            "czech",
            "--net",
            shape,
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        a.extend_from_slice(rest);
        shashki(&a, None)
    };
    let train = |shape: &str, seed: &str| {
        run_train(
            shape,
            &net,
            &["--epochs", "3", "--batch", "32", "--seed", seed],
        )
    };
    let o = train("16,8", "1");
    let log = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{log}");
    assert!(log.contains("network 128-16-8-1"), "{log}");
    assert!(log.contains("rounded network"), "{log}");
    let bytes = std::fs::read(&net).unwrap();
    let n = shashki::net::NetEval::from_bytes(&bytes).unwrap();
    assert_eq!(n.variant(), shashki::Variant::Czech);
    // The same seed trains the same network; another seed another one.
    assert_eq!(train("16,8", "1").status.code(), Some(0));
    assert_eq!(std::fs::read(&net).unwrap(), bytes);
    assert_eq!(train("16,8", "2").status.code(), Some(0));
    assert_ne!(std::fs::read(&net).unwrap(), bytes);
    // The engine plays with it, and its evaluation differs from the shipped one's.
    let fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11";
    let eval = |weights: Option<&str>| {
        let mut a = vec!["eval", "--variant", "czech", "--fen", fen];
        if let Some(w) = weights {
            a.extend(["--weights", w]);
        }
        let o = shashki(&a, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    assert_ne!(eval(Some(net.to_str().unwrap())), eval(None));
    // Starting from a network (`--init`) at a rate too small to move it gives that network
    // back, to the rounding; a network of another shape is refused.
    let again = temp_path("net-again.bin");
    let init = |shape: &str| {
        let rest = [
            "--epochs",
            "1",
            "--lr",
            "0.000001",
            "--init",
            net.to_str().unwrap(),
        ];
        run_train(shape, &again, &rest)
    };
    let o = init("16,8");
    let log = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{log}");
    assert!(log.contains("starting from"), "{log}");
    let value = |w: &std::path::Path| eval(Some(w.to_str().unwrap())).trim().parse::<i32>();
    let (before, after) = (value(&net).unwrap(), value(&again).unwrap());
    assert!((before - after).abs() <= 1, "{before} -> {after}");
    let o = init("16,16");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not 128-16-16"));
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "czech",
            "--depth",
            "4",
            "--weights",
            net.to_str().unwrap(),
        ],
        None,
    );
    assert!(stdout(&o).starts_with("bestmove "), "{}", stdout(&o));
    // A Czech network is refused for Russian; a shape the engine cannot run is refused.
    let o = shashki(
        &[
            "bestmove",
            "--variant",
            "russian",
            "--depth",
            "2",
            "--weights",
            net.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("weights for czech"));
    for bad in ["12,8", "16", "0,8", "16,x", "512,8"] {
        assert_eq!(train(bad, "1").status.code(), Some(2), "--net {bad}");
    }
    // Beside the shipped endings' network (in either order), a network for every position
    // plays where the endings' one does not: the middlegame is its value, the ending the
    // shipped one's.
    let low = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shashki/weights/czech-net.bin"
    );
    let eval_at = |fen: &str, weights: &str| {
        let o = shashki(
            &[
                "eval",
                "--variant",
                "czech",
                "--fen",
                fen,
                "--weights",
                weights,
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let high = net.to_str().unwrap();
    let ending = "W:W22,25,27,K30:B3,9,12,16";
    for pair in [format!("{high},{low}"), format!("{low},{high}")] {
        assert_eq!(eval_at(fen, &pair), eval_at(fen, high));
        assert_eq!(eval_at(ending, &pair), eval_at(ending, low));
        assert_ne!(eval_at(ending, &pair), eval_at(ending, high));
    }
    // Two networks for every position say nothing about where each plays: refused.
    let o = shashki(
        &[
            "eval",
            "--variant",
            "czech",
            "--weights",
            &format!("{high},{high}"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("one plays every position"));
}

/// The quickest match there is: English, one ply a side (the options around it vary).
const DEPTH_1_MATCH: [&str; 7] = [
    "match",
    "--variant",
    "english",
    "--a",
    "depth=1",
    "--b",
    "depth=1",
];

#[test]
fn match_drives_another_binary_and_stops_by_sprt() {
    let bin = env!("CARGO_BIN_EXE_shashki");
    let o = shashki(
        &[
            "match",
            "--variant",
            "english",
            "--a",
            "depth=3",
            "--b",
            "depth=1",
            "--b-bin",
            bin,
            "--games",
            "40",
            "--sprt",
            "0,200",
            "--threads",
            "2",
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("elo "), "{out}");
    // Both games of every opening pair are counted together as well.
    let pairs: u32 = out
        .split("by opening pairs: ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the pairs' line");
    assert!(pairs >= 1, "{out}");
    // Depth 3 against depth 1 is far stronger than +200: the test stops early with H1.
    assert!(out.contains("H1 accepted"), "{out}");
    let games: usize = out
        .split(" games,")
        .next()
        .unwrap()
        .rsplit('(')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(games < 40, "{out}");
    // The verdict names the game where the ratio crossed its bound; a game still running
    // then is counted in the totals, not in the verdict.
    let decided: usize = out
        .split("H1 accepted after ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the verdict's game count");
    assert!(
        decided >= 1 && decided <= games && games <= decided + 1,
        "{out}"
    );
    let o = shashki(
        &[
            &DEPTH_1_MATCH[..],
            &["--b-bin", "/nonexistent/shashki", "--games", "2"],
        ]
        .concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let o = shashki(
        &[&DEPTH_1_MATCH[..], &["--games", "2", "--sprt", "10,0"]].concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

/// Another build is handed the weight file given for its side (it would otherwise play its own
/// evaluation and the match would measure nothing); single hand weights it cannot take.
#[cfg(unix)]
#[test]
fn match_hands_the_weight_file_to_another_binary() {
    use std::os::unix::fs::PermissionsExt;
    let bin = env!("CARGO_BIN_EXE_shashki");
    let dir = std::env::temp_dir().join(format!("shashki-bin-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (wrapper, log) = (dir.join("other-build"), dir.join("args.txt"));
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho \"$@\" >> '{}'\nexec '{bin}' \"$@\"\n",
            log.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let wrapper = wrapper.to_str().unwrap();
    let o = shashki(
        &[
            &DEPTH_1_MATCH[..],
            &["--b-bin", wrapper, "--b-weights", "hand", "--games", "2"],
        ]
        .concat(),
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let calls = std::fs::read_to_string(&log).unwrap();
    assert!(calls.lines().count() >= 2, "{calls}");
    assert!(
        calls.lines().all(|l| l.contains("--weights hand")),
        "{calls}"
    );
    let o = shashki(
        &[
            &DEPTH_1_MATCH[..],
            &["--b-bin", wrapper, "--b-set", "man=90", "--games", "2"],
        ]
        .concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--b-bin"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A's score in percent from a match's summary line.
fn match_score(out: &str) -> f64 {
    out.split(" score ")
        .nth(1)
        .and_then(|s| s.split('%').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no score in {out:?}"))
}

#[test]
fn levels_keep_their_places() {
    // Node-limited Hard, so every game is the same on every machine: 100,000 nodes is a tenth of
    // a second natively, far below the page's second, yet deep enough that the gap to Medium's
    // six plies shows in a dozen games.
    for variant in ["czech", "russian", "english"] {
        for (a, b) in [("medium", "easy"), ("nodes=100000", "medium")] {
            let o = shashki(
                &[
                    "match",
                    "--variant",
                    variant,
                    "--a",
                    a,
                    "--b",
                    b,
                    "--games",
                    "12",
                    "--seed",
                    "5",
                ],
                None,
            );
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let out = stdout(&o);
            assert!(match_score(&out) >= 70.0, "{variant} {a} vs {b}: {out}");
        }
    }
}

#[test]
fn the_hand_table_stands_in_for_the_learned_weights() {
    use shashki::eval::{weights, Evaluator};
    use shashki::search::{Engine, Limits, NoClock};
    let search = |weights: Option<&str>| {
        let mut args = vec!["bestmove", "--variant", "russian", "--depth", "5"];
        args.extend(weights.map(|w| ["--weights", w]).into_iter().flatten());
        let o = shashki(&args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let field = |name: &str| {
            let mut it = out.split_whitespace().skip_while(|w| *w != name);
            it.nth(1).unwrap().to_string()
        };
        (field("score"), field("nodes"))
    };
    let game = shashki::Game::new(shashki::Variant::Russian);
    let mut engine = Engine::new(16);
    engine.set_evaluator(Some(Evaluator::Hand(*weights(shashki::Variant::Russian))));
    let limits = Limits {
        depth: 5,
        ..Limits::default()
    };
    let r = engine.search(&game, limits, &mut NoClock);
    let hand = search(Some("hand"));
    assert_eq!(hand, (r.score.to_string(), r.nodes.to_string()));
    assert_ne!(hand, search(None), "the default is the learned evaluation");
}

#[test]
fn openings_are_balanced_repeatable_and_played_by_match() {
    let book = temp_path("book.txt");
    let book = book.to_str().unwrap();
    let make = |seed: &str, out: &str| {
        shashki(
            &[
                "openings",
                "--variant",
                "russian",
                "--count",
                "6",
                "--seed",
                seed,
                "--depth",
                "4",
                "--margin",
                "20",
                "--out",
                out,
            ],
            None,
        )
    };
    let o = make("3", book);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(book).unwrap();
    let again = temp_path("book2.txt");
    assert!(make("3", again.to_str().unwrap()).status.success());
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        text,
        "same seed, same book"
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 6, "{text}");
    // The next seed is another book, not this one shifted by an opening.
    let other = temp_path("book4.txt");
    let o = make("4", other.to_str().unwrap());
    assert!(o.status.success());
    let other = std::fs::read_to_string(&other).unwrap();
    let shared = other
        .lines()
        .filter(|l| !l.starts_with('#') && lines.contains(l));
    assert!(shared.count() <= 2, "{text}\n{other}");
    // Each opening, searched again to the same depth, is within the margin.
    let score = |l: &str| {
        let o = shashki(
            &[
                "bestmove",
                "--variant",
                "russian",
                "--moves",
                l,
                "--depth",
                "4",
            ],
            None,
        );
        let out = stdout(&o);
        out.split_whitespace()
            .skip_while(|w| *w != "score")
            .nth(1)
            .and_then(|s| s.parse::<i32>().ok())
            .unwrap_or_else(|| panic!("{l}: {out}"))
    };
    for l in &lines {
        assert!(score(l).abs() <= 20, "{l}");
    }
    // `--min`: a book of openings with an edge for one side, each within the band again.
    let edged = temp_path("edged.txt");
    let edge = |min: &str| {
        shashki(
            &[
                "openings",
                "--variant",
                "russian",
                "--count",
                "4",
                "--depth",
                "4",
                "--min",
                min,
                "--margin",
                "300",
                "--out",
                edged.to_str().unwrap(),
            ],
            None,
        )
    };
    let o = edge("30");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&edged).unwrap();
    assert!(
        text.starts_with("# russian: 4 openings between 30 and 300"),
        "{text}"
    );
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        assert!((30..=300).contains(&score(l).abs()), "{l}");
    }
    let o = edge("301");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("above --margin"));
    // A match plays the book's openings, each with both colours, and writes its games.
    let one = temp_path("one.txt");
    let pdn = temp_path("games.pdn");
    std::fs::write(&one, format!("# a book of one\n{}\n", lines[0])).unwrap();
    let o = shashki(
        &[
            "match",
            "--variant",
            "russian",
            "--a",
            "depth=1",
            "--b",
            "depth=1",
            "--games",
            "2",
            "--threads",
            "1",
            "--verbose",
            "--openings",
            one.to_str().unwrap(),
            "--pdn",
            pdn.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let log = String::from_utf8_lossy(&o.stderr);
    let played = format!("opening \"{}\"", lines[0]);
    assert_eq!(log.matches(&played).count(), 2, "{log}");
    let games = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(games.matches("[Event ").count(), 2, "{games}");
    assert!(games.contains("[White \"A depth=1\"]") && games.contains("[Black \"A depth=1\"]"));
    let first = lines[0].split(' ').next().unwrap();
    assert_eq!(games.matches(&format!("1. {first} ")).count(), 2, "{games}");
    // An illegal line is refused with its place, before any game.
    std::fs::write(&one, "c3-d4 c3-d4\n").unwrap();
    let o = shashki(
        &[
            "match",
            "--variant",
            "russian",
            "--a",
            "depth=1",
            "--b",
            "depth=1",
            "--games",
            "2",
            "--openings",
            one.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(":1: c3-d4"));
}
