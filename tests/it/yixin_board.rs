//! Yixin-Board's side of the Gomocup protocol, through the real binary: the
//! two-number START with `row,col` coordinates, max_node in thousands, the analysis
//! lines, the database queries, Swap2 / Soosorv openings, balance and defence tools,
//! blocked squares, the hash usage, and the `scripts/pbrain-ply` launcher started
//! through a symlink.

use crate::common;

use std::collections::HashSet;
use std::time::Duration;

use common::{parse_move, Brain};

/// Lines up to and including the first one that satisfies `last` (30 s at most
/// for each).
fn lines_until(b: &mut Brain, last: impl Fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        match b.line_within(Duration::from_secs(30)) {
            Some(l) => {
                let done = last(&l);
                out.push(l);
                if done {
                    return out;
                }
            }
            None => panic!("no more lines; transcript:\n{}", b.dump()),
        }
    }
}

/// `MESSAGE <prefix> a b` -> (a, b)
fn message_xy(line: &str, prefix: &str) -> (i32, i32) {
    let rest = line
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("'{line}' does not start with '{prefix}'"));
    let v: Vec<i32> = rest
        .split_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    assert!(v.len() >= 2, "{line}");
    (v[0], v[1])
}

fn yxboard(b: &mut Brain, stones: &[(i32, i32, u8)]) {
    b.send("YXBOARD");
    for (x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
}

/// Opening moves as Yixin-Board writes them after a step command: `x,y` lines.
fn moves_block(b: &mut Brain, head: &str, moves: &[(i32, i32)]) {
    b.send(head);
    for (x, y) in moves {
        b.send(&format!("{x},{y}"));
    }
    b.send("done");
}

#[test]
fn start_w_h_is_w_columns_by_h_rows_with_row_col_coordinates() {
    let mut b = Brain::gomocup();
    // Yixin-Board, 20 columns by 15 rows: coordinates are row (< 15), col (< 20).
    assert_eq!(b.ask("start 20 15"), "OK");
    b.send("INFO timeout_turn 300");
    b.send("board");
    b.send("14,19,2");
    b.send("done");
    let (row, col) = parse_move(&b.answer()).expect("a move");
    assert!(
        (0..15).contains(&row) && (0..20).contains(&col),
        "{row},{col}"
    );
    // The far corner square is on the board; row 15 is not.
    assert!(b
        .ask("TURN 15,0")
        .starts_with("ERROR 15,0 is off the 15x20 board"));
    assert!(parse_move(&b.ask("TURN 0,19")).is_some(), "{}", b.dump());
    // Square boards mean the same either way.
    assert_eq!(b.ask("START 15 15"), "OK");
    assert!(parse_move(&b.ask("TURN 14,0")).is_some());
    // RECTSTART keeps Piskvork's w,h and x,y.
    assert_eq!(b.ask("RECTSTART 20,15"), "OK");
    assert!(parse_move(&b.ask("TURN 19,14")).is_some());
    assert!(b
        .ask("TURN 14,19")
        .starts_with("ERROR 14,19 is off the 20x15 board"));
}

/// Node count of the summary line.
fn summary_nodes(b: &mut Brain, line: &str) -> u64 {
    b.send(line);
    loop {
        let l = b.line_within(Duration::from_secs(30)).expect("an answer");
        if let Some(rest) = l.strip_prefix("MESSAGE Depth") {
            let n = rest
                .split(" | ")
                .find_map(|f| f.strip_prefix("Node "))
                .expect("Node field");
            let nodes = n.parse().expect("a count");
            b.answer();
            return nodes;
        }
    }
}

#[test]
fn max_node_counts_thousands_of_nodes() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 60000");
    b.send("INFO max_node 20");
    b.send("YXBOARD");
    for s in ["7,7,2", "8,8,1", "8,6,2", "6,6,1"] {
        b.send(s);
    }
    b.send("DONE");
    let n = summary_nodes(&mut b, "TURN 9,5");
    // 20 thousand nodes (the check runs every 1024 nodes), not 20 nodes.
    assert!((15_000..=22_000).contains(&n), "{n} nodes; {}", b.dump());
    b.send("INFO max_node 2");
    let n = summary_nodes(&mut b, "TURN 3,3");
    assert!((1_000..=4_000).contains(&n), "{n} nodes; {}", b.dump());
}

#[test]
fn show_detail_1_sends_the_analysis_lines() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO show_detail 1");
    b.send("INFO max_depth 3");
    b.send("BOARD");
    for s in ["7,7,2", "8,8,1", "8,6,2"] {
        b.send(s);
    }
    b.send("DONE");
    let lines = lines_until(&mut b, |l| parse_move(l).is_some());
    // Every iteration: REFRESH, BEST x,y, VAL n, PV x,y ... (BEST = first PV move).
    let refresh: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "MESSAGE REALTIME REFRESH")
        .collect();
    assert!(!refresh.is_empty(), "{lines:?}");
    for i in refresh {
        let best = lines[i + 1]
            .strip_prefix("MESSAGE REALTIME BEST ")
            .expect("BEST");
        let val = lines[i + 2]
            .strip_prefix("MESSAGE REALTIME VAL ")
            .expect("VAL");
        val.parse::<i32>().expect("VAL is an integer");
        let pv = lines[i + 3]
            .strip_prefix("MESSAGE REALTIME PV ")
            .expect("PV");
        assert_eq!(pv.split(' ').next(), Some(best), "{lines:?}");
        assert!(pv.split(' ').all(|m| parse_move(m).is_some()), "{pv}");
    }
}

#[test]
fn yxquerydatabaseall_answers_an_empty_database() {
    let mut b = Brain::gomocup();
    b.send("yxquerydatabaseall");
    b.send("done");
    assert_eq!(
        b.line_within(Duration::from_secs(10)).as_deref(),
        Some("MESSAGE DATABASE REFRESH")
    );
    assert_eq!(
        b.line_within(Duration::from_secs(10)).as_deref(),
        Some("MESSAGE DATABASE DONE")
    );
    assert_eq!(b.ask("START 15"), "OK");
    assert!(parse_move(&b.ask("TURN 7,7")).is_some());
    moves_block(&mut b, "yxquerydatabaseall", &[(7, 7), (8, 8)]);
    assert_eq!(
        b.line_within(Duration::from_secs(10)).as_deref(),
        Some("MESSAGE DATABASE REFRESH")
    );
    assert_eq!(
        b.line_within(Duration::from_secs(10)).as_deref(),
        Some("MESSAGE DATABASE DONE")
    );
    // The game position is untouched.
    assert!(b.ask("TURN 7,7").starts_with("ERROR 7,7 is occupied"));
    assert!(b.silent_for(Duration::from_millis(100)), "{}", b.dump());
}

fn empty_square(taken: &HashSet<(i32, i32)>, xy: (i32, i32), w: i32, h: i32) -> bool {
    (0..w).contains(&xy.0) && (0..h).contains(&xy.1) && !taken.contains(&xy)
}

#[test]
fn swap2_steps_give_well_formed_decisions() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("start 15 15"), "OK");
    b.send("INFO rule 1");
    // Step 1: three stones, one reply per stone; the same again (deterministic),
    // and the same after a game (the GUI sends no board before step 1).
    let mut first = Vec::new();
    yxboard(&mut b, &[(7, 7, 1), (3, 3, 2)]);
    for round in 0..2 {
        if round == 1 {
            yxboard(&mut b, &[]);
        }
        b.send("yxswap2step1");
        let lines = lines_until(&mut b, |l| l.starts_with("MESSAGE SWAP2 MOVE3"));
        let moves: Vec<(i32, i32)> = lines
            .iter()
            .filter(|l| l.starts_with("MESSAGE SWAP2 MOVE"))
            .enumerate()
            .map(|(i, l)| message_xy(l, &format!("MESSAGE SWAP2 MOVE{} ", i + 1)))
            .collect();
        assert_eq!(moves.len(), 3, "{lines:?}");
        let set: HashSet<_> = moves.iter().copied().collect();
        assert_eq!(set.len(), 3);
        assert!(moves
            .iter()
            .all(|&m| empty_square(&HashSet::new(), m, 15, 15)));
        if first.is_empty() {
            first = moves;
        } else {
            assert_eq!(first, moves);
        }
    }
    // Step 2: the opponent's three stones; swap, stay, or two more stones.
    yxboard(&mut b, &[(7, 7, 2), (8, 8, 1), (9, 5, 2)]);
    b.send("yxswap2step2");
    let lines = lines_until(&mut b, |l| {
        l.starts_with("MESSAGE SWAP2 SWAP1") || l.starts_with("MESSAGE SWAP2 MOVE5")
    });
    let last = lines.last().expect("a line");
    if last.starts_with("MESSAGE SWAP2 MOVE5") {
        let taken: HashSet<_> = [(7, 7), (8, 8), (9, 5)].into_iter().collect();
        let m4 = message_xy(&lines[lines.len() - 2], "MESSAGE SWAP2 MOVE4 ");
        let m5 = message_xy(last, "MESSAGE SWAP2 MOVE5 ");
        assert!(empty_square(&taken, m4, 15, 15) && empty_square(&taken, m5, 15, 15));
        assert_ne!(m4, m5);
    } else {
        assert!(
            last == "MESSAGE SWAP2 SWAP1 YES" || last == "MESSAGE SWAP2 SWAP1 NO",
            "{last}"
        );
    }
    // Step 3, lopsided (black has an open three, white's stones are far): we take
    // black.
    yxboard(
        &mut b,
        &[(7, 7, 2), (14, 0, 1), (8, 7, 2), (0, 14, 1), (9, 7, 2)],
    );
    b.send("yxswap2step3");
    let lines = lines_until(&mut b, |l| l.starts_with("MESSAGE SWAP2 SWAP2"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("MESSAGE SWAP2 SWAP2 YES")
    );
    // Wrong stone counts are errors, and the session goes on.
    yxboard(&mut b, &[]);
    assert!(b
        .ask("yxswap2step3")
        .starts_with("ERROR YXSWAP2STEP3 needs 5 stones"));
    assert!(b
        .ask("yxswap2step2")
        .starts_with("ERROR YXSWAP2STEP2 needs 3 stones"));
    assert_eq!(b.ask("START 15"), "OK");
}

/// After `SWAP2 SWAP2 YES` (ply takes black) Yixin-Board sends white's next move by
/// TURN, not a whole board: ply must play it as white's stone and answer as black.
#[test]
fn swap2_choice_of_black_is_followed_by_turn() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("start 15 15"), "OK");
    b.send("INFO timeout_turn 1000");
    // Black's open three, white's stones far away; the GUI's fields: 1 = the side
    // to move (white), 2 = the other.
    yxboard(
        &mut b,
        &[(6, 7, 2), (0, 0, 1), (7, 7, 2), (0, 1, 1), (8, 7, 2)],
    );
    b.send("yxswap2step3");
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE SWAP2 SWAP2"));
    assert_eq!(
        l.last().map(String::as_str),
        Some("MESSAGE SWAP2 SWAP2 YES")
    );
    b.send("turn 14,14");
    let summary = lines_until(&mut b, |l| l.starts_with("MESSAGE Depth"));
    let summary = summary.last().unwrap();
    // Black to move with an open three wins: a mate score, and an open four.
    assert!(summary.contains("Eval +M"), "{summary}");
    let m = parse_move(&b.answer()).expect("a move");
    assert!(m == (5, 7) || m == (9, 7), "{m:?}");
}

#[test]
fn soosorv_steps_give_well_formed_decisions() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("start 15 15"), "OK");
    b.send("INFO rule 2");
    // Step 1: one of the 26 standard openings (centre, a neighbour, within 2).
    b.send("yxsoosorvstep1");
    let lines = lines_until(&mut b, |l| l.starts_with("MESSAGE SOOSORV MOVE3"));
    let m: Vec<(i32, i32)> = (1..=3)
        .map(|i| {
            let p = format!("MESSAGE SOOSORV MOVE{i} ");
            let l = lines.iter().find(|l| l.starts_with(&p)).expect("a move");
            message_xy(l, &p)
        })
        .collect();
    assert_eq!(m[0], (7, 7));
    assert!((m[1].0 - 7).abs() <= 1 && (m[1].1 - 7).abs() <= 1 && m[1] != m[0]);
    assert!((m[2].0 - 7).abs() <= 2 && (m[2].1 - 7).abs() <= 2 && !m[..2].contains(&m[2]));
    let opening = [(7, 7), (7, 6), (8, 8)];
    // Step 2: swap or not.
    moves_block(&mut b, "yxsoosorvstep2", &opening);
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE SOOSORV SWAP1"));
    assert!(matches!(
        l.last().unwrap().as_str(),
        "MESSAGE SOOSORV SWAP1 YES" | "MESSAGE SOOSORV SWAP1 NO"
    ));
    // Step 3: the fourth stone and the number of fifth moves.
    moves_block(&mut b, "yxsoosorvstep3", &opening);
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE SOOSORV MOVE4"));
    let last = l.last().unwrap();
    let fourth = message_xy(last, "MESSAGE SOOSORV MOVE4 ");
    let n: i64 = last
        .split(' ')
        .nth(5)
        .expect("N")
        .parse()
        .expect("N is a number");
    assert!((1..=4).contains(&n), "{last}");
    assert!(empty_square(&opening.into_iter().collect(), fourth, 15, 15));
    let four = [(7, 7), (7, 6), (8, 8), (6, 8)];
    // Step 4: swap or not with N fifth moves.
    moves_block(&mut b, "yxsoosorvstep4 2", &four);
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE SOOSORV SWAP2"));
    assert!(matches!(
        l.last().unwrap().as_str(),
        "MESSAGE SOOSORV SWAP2 YES" | "MESSAGE SOOSORV SWAP2 NO"
    ));
    // Step 5: N distinct fifth moves on empty squares, then DONE.
    moves_block(&mut b, "yxsoosorvstep5 3", &four);
    let l = lines_until(&mut b, |l| l == "MESSAGE SOOSORV MOVE5 DONE");
    let fifth: Vec<&String> = l
        .iter()
        .filter(|x| x.starts_with("MESSAGE SOOSORV MOVE5 "))
        .collect();
    assert_eq!(fifth[0], "MESSAGE SOOSORV MOVE5 REFRESH", "{l:?}");
    let offers: Vec<(i32, i32)> = fifth[1..]
        .iter()
        .filter(|x| !x.ends_with("DONE"))
        .map(|x| message_xy(x, "MESSAGE SOOSORV MOVE5 "))
        .collect();
    assert_eq!(offers.len(), 3, "{l:?}");
    let taken: HashSet<_> = four.into_iter().collect();
    assert!(offers.iter().all(|&o| empty_square(&taken, o, 15, 15)));
    assert_eq!(offers.iter().collect::<HashSet<_>>().len(), 3);
    // Step 6: we choose one of the offered fifth moves.
    let mut all = four.to_vec();
    all.extend([(9, 9), (6, 6)]);
    moves_block(&mut b, "yxsoosorvstep6", &all);
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE SOOSORV MOVE5C"));
    let chosen = message_xy(l.last().unwrap(), "MESSAGE SOOSORV MOVE5C ");
    assert!(chosen == (9, 9) || chosen == (6, 6), "{chosen:?}");
    // Bad input: errors, and the session goes on.
    moves_block(&mut b, "yxsoosorvstep4", &four);
    assert!(b
        .answer()
        .starts_with("ERROR YXSOOSORVSTEP4 expects the number of fifth moves"));
    moves_block(&mut b, "yxsoosorvstep3", &[(7, 7), (7, 7), (8, 8)]);
    assert!(b.answer().starts_with("ERROR 7,7 is given twice"));
    assert_eq!(b.ask("START 15"), "OK");
}

/// YXSEARCHDEFEND: the LOSE lines and the DEFEND list.
fn defend(b: &mut Brain, stones: &[(i32, i32, u8)]) -> (Vec<String>, HashSet<String>) {
    yxboard(b, stones);
    b.send("YXSEARCHDEFEND");
    let lines = lines_until(b, |l| l.starts_with("MESSAGE DEFEND"));
    let lose = lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE REALTIME LOSE ").map(String::from))
        .collect();
    let list = lines.last().unwrap()["MESSAGE DEFEND ".len()..]
        .split(' ')
        .map(String::from)
        .collect();
    (lose, list)
}

#[test]
fn yxsearchdefend_lists_exactly_the_defending_moves() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO rule 0");
    // The opponent (black) has a four blocked at one end: one move stops it.
    let (lose, list) = defend(
        &mut b,
        &[
            (1, 7, 2),
            (2, 7, 2),
            (3, 7, 2),
            (4, 7, 2),
            (0, 7, 1),
            (14, 14, 1),
            (0, 0, 1),
        ],
    );
    assert_eq!(list, HashSet::from(["5,7".to_string()]));
    // Every other empty square is marked as losing.
    assert_eq!(lose.len(), 15 * 15 - 7 - 1);
    // An open three: only the two squares next to it stop it.
    let (lose, list) = defend(
        &mut b,
        &[(5, 7, 2), (6, 7, 2), (7, 7, 2), (0, 0, 1), (14, 14, 1)],
    );
    assert_eq!(list, HashSet::from(["4,7".to_string(), "8,7".to_string()]));
    assert_eq!(lose.len(), 15 * 15 - 5 - 2);
    // Nothing to stop.
    yxboard(&mut b, &[(7, 7, 2)]);
    b.send("YXSEARCHDEFEND");
    let l = lines_until(&mut b, |l| l.starts_with("MESSAGE DEFEND"));
    assert_eq!(l, ["MESSAGE DEFEND no forced win for the opponent to stop"]);
}

#[test]
fn balance_commands_play_balanced_moves() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    yxboard(&mut b, &[(7, 7, 2), (8, 8, 1), (8, 6, 2)]);
    b.send("yxbalanceone 0");
    let summary = b.line_within(Duration::from_secs(30)).expect("summary");
    assert!(summary.starts_with("MESSAGE Balance "), "{summary}");
    let one = b.answer();
    let m = parse_move(&one).expect("a move");
    // The move is played.
    assert!(b.ask(&format!("TURN {},{}", m.0, m.1)).starts_with("ERROR"));
    yxboard(&mut b, &[(7, 7, 2), (8, 8, 1), (8, 6, 2)]);
    b.send("yxbalancetwo 0");
    let summary = b.line_within(Duration::from_secs(60)).expect("summary");
    // Yixin-Board reads one move per line (`sscanf("%d,%d")`) and places it: the
    // two stones come as two `x,y` lines, in the order they are played.
    let first = b.line_within(Duration::from_secs(10)).expect("first stone");
    let second = b
        .line_within(Duration::from_secs(10))
        .expect("second stone");
    let moves: Vec<(i32, i32)> = [&first, &second]
        .iter()
        .map(|l| parse_move(l).unwrap_or_else(|| panic!("'{l}' is not x,y")))
        .collect();
    assert_ne!(moves[0], moves[1]);
    assert_eq!(
        summary,
        format!(
            "MESSAGE Balance {},{} {},{} | {}",
            moves[0].0,
            moves[0].1,
            moves[1].0,
            moves[1].1,
            summary.split(" | ").skip(1).collect::<Vec<_>>().join(" | ")
        )
    );
    // Both stones are played, the first by the side to move (black: three stones
    // were on the board), the second by white; black is to move again.
    for (x, y) in &moves {
        assert!(b
            .ask(&format!("TURN {x},{y}"))
            .starts_with(&format!("ERROR {x},{y} is occupied")));
    }
    assert!(b.silent_for(Duration::from_millis(100)), "{}", b.dump());
    assert!(b
        .ask("yxbalanceone x")
        .starts_with("ERROR YXBALANCEONE expects an integer"));
}

#[cfg(unix)]
#[test]
fn pbrain_ply_script_follows_symlinks_and_finds_the_binary_beside_it() {
    use std::os::unix::fs::symlink;
    let dir = std::env::temp_dir().join(format!("ply-yixin-{}", std::process::id()));
    let gui = dir.join("gui");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&gui).unwrap();
    std::fs::create_dir_all(&bin).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pbrain-ply");
    std::fs::copy(script, bin.join("pbrain-ply")).unwrap();
    let _ = std::fs::remove_file(bin.join("ply"));
    let _ = std::fs::remove_file(gui.join("engine"));
    // Missing binary: a clear message on stderr, exit code 127.
    symlink("../bin/pbrain-ply", gui.join("engine")).unwrap();
    let out = std::process::Command::new("./engine")
        .current_dir(&gui)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(127));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot find the ply binary"));
    assert!(out.stdout.is_empty());
    // With `ply` beside the script, the relative symlink from the GUI's folder works.
    symlink(common::BIN, bin.join("ply")).unwrap();
    let mut child = std::process::Command::new("./engine")
        .current_dir(&gui)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"START 15\nEND\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "OK\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With `INFO show_detail 1` a long search also draws its root moves, as Rapfi does
/// once 200 ms have passed: `REALTIME POS x,y` when a move's search starts and
/// `REALTIME DONE x,y` (the same square) when it ends, on empty squares only.
#[test]
fn realtime_pos_and_done_follow_the_root_moves() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO show_detail 1");
    b.send("INFO timeout_turn 1200");
    for l in ["BOARD", "7,7,2", "8,8,1", "8,6,2", "DONE"] {
        b.send(l);
    }
    let lines = lines_until(&mut b, |l| parse_move(l).is_some());
    let stones: HashSet<(i32, i32)> = [(7, 7), (8, 8), (8, 6)].into_iter().collect();
    let xy = |l: &str, prefix: &str| -> (i32, i32) {
        let v: Vec<i32> = l[prefix.len()..]
            .split(',')
            .map(|t| t.trim().parse().expect("a number"))
            .collect();
        (v[0], v[1])
    };
    let mut open: Option<(i32, i32)> = None;
    let (mut pos, mut done) = (0, 0);
    for l in &lines {
        if let Some(rest) = l.strip_prefix("MESSAGE REALTIME POS ") {
            let m = xy(rest, "");
            assert!(open.is_none(), "POS before the last DONE: {l}");
            assert!(!stones.contains(&m) && (0..15).contains(&m.0) && (0..15).contains(&m.1));
            open = Some(m);
            pos += 1;
        } else if let Some(rest) = l.strip_prefix("MESSAGE REALTIME DONE ") {
            assert_eq!(open.take(), Some(xy(rest, "")), "{l}");
            done += 1;
        }
    }
    assert!(
        pos > 10 && done + 1 >= pos,
        "POS {pos}, DONE {done}:\n{}",
        b.dump()
    );
    // Without show_detail there are none.
    b.send("INFO show_detail 0");
    for l in ["BOARD", "7,7,2", "8,8,1", "8,6,2", "DONE"] {
        b.send(l);
    }
    let lines = lines_until(&mut b, |l| parse_move(l).is_some());
    assert!(!lines.iter().any(|l| l.starts_with("MESSAGE REALTIME")));
}

/// Black (ply, field 1) has four in a row with both ends open: 7,6 and 7,11 win.
const OPEN_FOUR: [(i32, i32, u8); 8] = [
    (7, 7, 1),
    (7, 8, 1),
    (7, 9, 1),
    (7, 10, 1),
    (0, 0, 2),
    (0, 2, 2),
    (0, 4, 2),
    (0, 6, 2),
];

/// START and BOARD as Yixin-Board sends them before each search; ply's move.
fn board_move(b: &mut Brain, stones: &[(i32, i32, u8)]) -> (i32, i32) {
    assert_eq!(b.ask("start 15 15"), "OK");
    b.send("board");
    for (x, y, f) in stones {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("done");
    let a = b.answer();
    parse_move(&a).unwrap_or_else(|| panic!("'{a}' is not a move; {}", b.dump()))
}

#[test]
fn yxblock_keeps_the_search_off_the_blocked_squares() {
    let mut b = Brain::gomocup();
    b.send("INFO timeout_turn 300");
    // No board yet: nothing to block on.
    b.send("yxblock");
    b.send("7,7");
    b.send("done");
    assert_eq!(b.answer(), "ERROR no game: send START first");
    assert_eq!(b.ask("START 15"), "OK");
    // Off the board: an error, and nothing is blocked.
    b.send("yxblock");
    b.send("7,6");
    b.send("15,0");
    b.send("done");
    assert_eq!(b.answer(), "ERROR 15,0 is off the 15x15 board");
    assert_eq!(board_move(&mut b, &OPEN_FOUR), (7, 6), "{}", b.dump());
    // Blocked squares hold across START (the GUI sends it before every search)
    // and are silent.
    moves_block(&mut b, "yxblock", &[(7, 6)]);
    assert_eq!(board_move(&mut b, &OPEN_FOUR), (7, 11), "{}", b.dump());
    // Both wins blocked: another move, never a blocked one.
    moves_block(&mut b, "yxblock", &[(7, 11)]);
    let m = board_move(&mut b, &OPEN_FOUR);
    assert!(m != (7, 6) && m != (7, 11), "{m:?}: {}", b.dump());
    // Undo gives one back.
    moves_block(&mut b, "yxblockundo", &[(7, 6)]);
    assert_eq!(board_move(&mut b, &OPEN_FOUR), (7, 6), "{}", b.dump());
    // The centre of an empty board, blocked: the first move goes elsewhere.
    moves_block(&mut b, "yxblock", &[(7, 7)]);
    assert_eq!(b.ask("START 15"), "OK");
    let first = parse_move(&b.ask("BEGIN")).expect("a move");
    assert!(first != (7, 7) && first != (7, 11), "{first:?}");
    // Reset: nothing blocked, the centre again.
    b.send("yxblockreset");
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(parse_move(&b.ask("BEGIN")), Some((7, 7)));
    assert!(b.silent_for(Duration::from_millis(100)), "{}", b.dump());
}

#[test]
fn yxquerydatabaseone_answers_no_entry() {
    let mut b = Brain::gomocup();
    assert_eq!(b.ask("START 15"), "OK");
    assert!(parse_move(&b.ask("TURN 7,7")).is_some());
    // What the GUI's `dbval` sends: the moves of the position.
    moves_block(&mut b, "yxquerydatabaseone", &[(7, 7), (8, 8)]);
    // Label, value, depth, bound: Rapfi's answer for a position without a record
    // (the GUI logs "tag=(null)  val=0  depth=0").
    assert_eq!(
        b.line_within(Duration::from_secs(10)).as_deref(),
        Some("MESSAGE DATABASE ONE 0 0 0 0")
    );
    // The game position is untouched.
    assert!(b.ask("TURN 7,7").starts_with("ERROR 7,7 is occupied"));
    assert!(b.silent_for(Duration::from_millis(100)), "{}", b.dump());
}

/// The percentage of `MESSAGE Hash usage: <p>% of <n> MiB`, checking `n`.
fn hash_usage(b: &mut Brain, mib: u32) -> f64 {
    b.send("yxshowhashusage");
    let l = b.line_within(Duration::from_secs(10)).expect("an answer");
    let rest = l
        .strip_prefix("MESSAGE Hash usage: ")
        .and_then(|r| r.strip_suffix(&format!("% of {mib} MiB")))
        .unwrap_or_else(|| panic!("'{l}'"));
    rest.parse().unwrap_or_else(|_| panic!("'{l}'"))
}

#[test]
fn yxshowhashusage_reports_the_table_fill() {
    let mut b = Brain::gomocup();
    assert_eq!(hash_usage(&mut b, 64), 0.0);
    b.send("INFO hash_size 1024");
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(hash_usage(&mut b, 1), 0.0);
    // 300,000 nodes fill most of a 1 MiB table.
    b.send("INFO max_node 300");
    b.send("INFO timeout_turn 30000");
    let _ = board_move(&mut b, &[(7, 7, 2), (8, 8, 1)]);
    let full = hash_usage(&mut b, 1);
    assert!(full > 20.0 && full <= 100.0, "{full}: {}", b.dump());
    // A new game clears the table.
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(hash_usage(&mut b, 1), 0.0);
}
