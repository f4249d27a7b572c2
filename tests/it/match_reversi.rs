//! `ply match --game reversi` end to end: two copies of ply over NBoard from XOT
//! openings, and fake NBoard engines (shell scripts) that misbehave, checking that
//! the right side loses for the right reason and that the GGF records replay.
#![cfg(unix)]

use std::path::Path;

use ply::games::reversi::final_score;
use ply::games::reversi::ggf::{GameRecord, Ggf};

const BIN: &str = env!("CARGO_BIN_EXE_ply");

/// Two XOT openings (the first lines of the shared XOT file).
const XOT: &str = "f5d6c4d3c2b3b4b5\nf5f4g3g6f3g4e3e2\n";

use crate::common;
use common::{MatchRun, TempDir};

/// A fresh temporary directory for one test, removed when it is dropped.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new("match-rev", name)
}

fn ply_match(args: &[&str]) -> MatchRun {
    let mut all = vec!["--game", "reversi"];
    all.extend_from_slice(args);
    common::ply_match(&all)
}

fn game_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with('[')).collect()
}

/// A fake NBoard engine: answers `ping n` with `pong n` and every `go` with
/// `on_go` (shell, `$n` = the number of the go), after a line that is not protocol.
fn fake(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         n=0\n\
         echo 'Init fast flip...Done'\n\
         while IFS= read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   ping*) echo \"pong ${{line#ping }}\" ;;\n\
         \x20   go) n=$((n+1)); echo 'status thinking'; {on_go} ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    common::executable(&path, &script)
}

#[test]
fn ply_against_ply_from_xot_openings_swaps_colours_and_writes_ggf() {
    let dir = temp_dir("selfplay");
    let xot = dir.join("xot.txt");
    std::fs::write(&xot, XOT).unwrap();
    let ggf = dir.join("games.ggf");
    let ply = format!("'{BIN}'");
    let r = ply_match(&[
        "--engine1",
        &ply,
        "--engine2",
        &ply,
        "--depth1",
        "3",
        "--depth2",
        "1",
        "--openings",
        xot.to_str().unwrap(),
        "--ggf",
        ggf.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(r.secs < 20.0, "{}", r.secs);
    assert!(
        r.stdout.starts_with(
            "Match ply#1 vs ply#2: 4 games, reversi over NBoard, depth 3 vs 1, no clock, \
             2 openings from"
        ),
        "{}",
        r.stdout
    );
    let lines = game_lines(&r.stdout);
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    for (i, l) in lines.iter().enumerate() {
        let (opening, black, white) = match i {
            0 => (1, "ply#1", "ply#2"),
            1 => (1, "ply#2", "ply#1"),
            2 => (2, "ply#1", "ply#2"),
            _ => (2, "ply#2", "ply#1"),
        };
        let want = format!("opening {opening}: black {black}, white {white}: ");
        assert!(l.contains(&want), "{l}");
    }
    for want in [
        "Score of ply#1 vs ply#2: +",
        "Elo difference: ",
        "Pairs (engine 1 scoring 0, 1/2, 1, 3/2, 2): ",
        "Endings: game over 4",
        "Time ply#1: ",
        "Time ply#2: ",
        "Time ratio ply#1 / ply#2: ",
    ] {
        assert!(r.stdout.contains(want), "{want}\n{}", r.stdout);
    }
    // The records: 4 games that replay to the end, openings first, names swapped,
    // RE = black's final disc difference.
    let text = std::fs::read_to_string(&ggf).unwrap();
    let games: Vec<&str> = text.lines().collect();
    assert_eq!(games.len(), 4, "{text}");
    for (i, g) in games.iter().enumerate() {
        let ggf = Ggf::parse(g).unwrap_or_else(|e| panic!("{e}: {g}"));
        let (black, white) = if i % 2 == 0 {
            ("ply#1", "ply#2")
        } else {
            ("ply#2", "ply#1")
        };
        assert_eq!((ggf.tag("PB"), ggf.tag("PW")), (Some(black), Some(white)));
        let opening = XOT.lines().nth(i / 2).unwrap();
        let moves: String = ggf.moves()[..8]
            .iter()
            .map(|(_, m)| ply::games::reversi::move_name(m.mv).to_ascii_lowercase())
            .collect();
        assert_eq!(moves, opening);
        let re = ggf.tag("RE").unwrap().to_string();
        let rec = GameRecord::from_ggf(ggf).unwrap_or_else(|e| panic!("{e}: {g}"));
        assert!(rec.pos.is_over(), "{g}");
        let d = final_score(rec.pos.black(), rec.pos.white());
        let want = if d == 0 {
            "0.000".to_string()
        } else {
            format!("{d:+}.000")
        };
        assert_eq!(re, want, "{g}");
        // The game line agrees on the winner.
        let result = if d > 0 {
            "1-0"
        } else if d < 0 {
            "0-1"
        } else {
            "1/2-1/2"
        };
        assert!(lines[i].contains(&format!(": {result} ")), "{}", lines[i]);
    }
}

#[test]
fn broken_and_illegal_engines_lose_their_games() {
    let dir = temp_dir("broken");
    let xot = dir.join("xot.txt");
    std::fs::write(&xot, XOT).unwrap();
    let ply = format!("'{BIN}'");
    // An engine that exits at once loses every game (both colours).
    let r = ply_match(&[
        "--engine1",
        &ply,
        "--engine2",
        "/bin/false",
        "--depth1",
        "1",
        "--openings",
        xot.to_str().unwrap(),
        "--games",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("Score of ply vs false: +2 =0 -0"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Endings: start failed 2"), "{}", r.stdout);
    // An engine that plays a1 (never legal early) loses by an illegal move; one
    // that answers garbage after `===` too; one that never answers loses on time.
    for (on_go, ending) in [
        ("echo '=== A1/0.00/0.01'", "illegal move A1"),
        ("echo '=== Z9'", "garbage output '=== Z9'"),
        ("sleep 5", "time forfeit (move time"),
    ] {
        let bad = fake(&dir, "bad", on_go);
        let r = ply_match(&[
            "--engine1",
            &bad,
            "--engine2",
            &ply,
            "--depth2",
            "1",
            "--openings",
            xot.to_str().unwrap(),
            "--games",
            "2",
            "--turn-ms",
            "300",
            "--time-margin-ms",
            "100",
        ]);
        assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
        assert!(
            r.stdout.contains("Score of bad vs ply: +0 =0 -2"),
            "{}",
            r.stdout
        );
        for l in game_lines(&r.stdout) {
            assert!(l.contains(ending), "{on_go}: {l}");
        }
    }
    // A command that cannot be started stops the match.
    let r = ply_match(&["--engine1", "/nonexistent/engine", "--engine2", &ply]);
    assert_eq!(r.code, 1, "{}\n{}", r.stdout, r.stderr);
    // Gomoku-only options are refused.
    let r = ply_match(&["--engine1", &ply, "--engine2", &ply, "--size", "15"]);
    assert_eq!(r.code, 2);
    assert!(r
        .stderr
        .contains("--size is not an option of --game reversi"));
}
