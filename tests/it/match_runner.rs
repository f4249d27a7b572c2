//! `ply match` end to end: two copies of ply, and tiny fake engines (shell scripts in
//! a temporary directory) that misbehave in one way each, checking that the right
//! side loses for the right reason.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_ply");

use crate::common;
use common::{ply_match, MatchRun, TempDir};

/// A fresh temporary directory for one test, removed when it is dropped.
fn temp_dir(name: &str) -> TempDir {
    TempDir::new("match", name)
}

/// Writes a fake Gomocup engine `name` into `dir`: it logs every input line to
/// `name.log` and its pid to `name.pid`, runs `on_start` for START, and `on_move`
/// for every move request (BEGIN, TURN, the DONE of a BOARD) with `$n` = the number
/// of the request (1, 2, ...). Returns its command line.
fn fake(dir: &Path, name: &str, on_start: &str, on_move: &str) -> String {
    let path = dir.join(name);
    let d = dir.display();
    let script = format!(
        "#!/bin/sh\n\
         echo $$ > '{d}/{name}.pid'\n\
         n=0\n\
         while IFS= read -r line; do\n\
         \x20 echo \"$line\" >> '{d}/{name}.log'\n\
         \x20 case \"$line\" in\n\
         \x20   START*|RECTSTART*) {on_start} ;;\n\
         \x20   BEGIN|TURN*|DONE) n=$((n+1)); {on_move} ;;\n\
         \x20   END) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    common::executable(&path, &script)
}

/// A fake that plays the `moves` (space-separated `x,y`) in order, each after a
/// few MESSAGE/DEBUG/UNKNOWN lines that must be skipped.
fn scripted(dir: &Path, name: &str, moves: &str) -> String {
    let on_move = format!(
        "echo 'MESSAGE thinking'; echo 'DEBUG 1,2'; echo 'UNKNOWN x'; echo \"$(echo '{moves}' | cut -d' ' -f$n)\""
    );
    fake(dir, name, "echo OK", &on_move)
}

/// (wins, draws, losses) from the summary line "Score of A vs B: +W =D -L ...".
fn score(out: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with("Score of "))
        .unwrap_or_else(|| panic!("no score line in:\n{out}"));
    let num = |p: char| -> u32 {
        let i = line.find(&format!(" {p}")).unwrap() + 2;
        line[i..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .unwrap()
    };
    (num('+'), num('='), num('-'))
}

fn game_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with('[')).collect()
}

const ROW0: &str = "0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 8,0";
const ROW5: &str = "0,5 1,5 2,5 3,5 4,5 5,5 6,5 7,5 8,5";

#[test]
fn ply_against_ply_counts_add_up_and_records_are_written() {
    let dir = temp_dir("selfplay");
    let sgf = dir.join("games.sgf");
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/openings-offset.txt"
    );
    let ply = format!("'{BIN}'");
    let r = ply_match(&[
        "--engine1",
        &ply,
        "--engine2",
        &ply,
        "--size",
        "15",
        "--turn-ms",
        "60",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--openings",
        openings,
        "--sgf",
        sgf.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let (w, d, l) = score(&r.stdout);
    assert_eq!(w + d + l, 4, "{}", r.stdout);
    let games = game_lines(&r.stdout);
    assert_eq!(games.len(), 4, "{}", r.stdout);
    // Each opening is played twice with the colours swapped.
    for n in 1..=4 {
        let g = games
            .iter()
            .find(|g| g.starts_with(&format!("[  {n}/4]")))
            .unwrap();
        let opening = if n <= 2 { "opening 1:" } else { "opening 2:" };
        assert!(g.contains(opening), "{g}");
        let black = if n % 2 == 1 {
            "black ply#1"
        } else {
            "black ply#2"
        };
        assert!(g.contains(black), "{g}");
        // ply neither forfeits nor loses on time against itself.
        assert!(g.contains(" five,") || g.contains("full board"), "{g}");
    }
    assert!(r.stdout.contains("Elo difference: "), "{}", r.stdout);
    assert!(r.stdout.contains("Pairs (engine 1 scoring"), "{}", r.stdout);
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert_eq!(text.matches("(;FF[4]GM[4]").count(), 4, "{text}");
    for n in 1..=4 {
        assert!(text.contains(&format!("GN[{n}]")), "{text}");
    }
    // Opening 1 (0,0, 1,0, 1,3) on 15x15: h8, i8, i11 -> hh, ih, ik.
    assert!(text.contains(";B[hh]C[opening];W[ih]C[opening];B[ik]C[opening];W["));
    // Every game ends with a result, and engine moves carry their times and ply's
    // last report of its search.
    assert_eq!(text.matches("RE[").count(), 4);
    assert!(
        has_time_and_search_report(&text),
        "no `C[N ms; Depth D-S | ...]`: {text}"
    );
}

#[test]
fn scripted_engines_win_with_five_and_messages_are_skipped() {
    let dir = temp_dir("scripted");
    let e1 = scripted(&dir, "a", ROW0);
    let e2 = scripted(&dir, "b", ROW5);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--size",
        "9",
        "--turn-ms",
        "2000",
        "--games",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    // Black wins each game with its fifth stone (9 moves).
    let games = game_lines(&r.stdout);
    assert!(
        games[0].contains("black a, white b: 1-0 five, 9 moves"),
        "{}",
        r.stdout
    );
    assert!(
        games[1].contains("black b, white a: 1-0 five, 9 moves"),
        "{}",
        r.stdout
    );
    assert_eq!(score(&r.stdout), (1, 0, 1));
    assert!(
        r.stdout.contains("[0, 0, 1, 0, 0] (1 pairs)"),
        "{}",
        r.stdout
    );
    // The protocol as a manager speaks it: START, the INFO settings, BEGIN for black
    // on the empty board, TURN with the opponent's move, END.
    let log = std::fs::read_to_string(dir.join("a.log")).unwrap();
    for want in [
        "START 9",
        "INFO timeout_turn 2000",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 0",
        "BEGIN",
        "TURN 0,5",
        "END",
    ] {
        assert!(log.lines().any(|l| l == want), "{want} missing:\n{log}");
    }
    // Game 2: a is white: its first request is a BOARD with black's first stone.
    assert!(log.contains("BOARD\n0,5,2\nDONE\n"), "{log}");
}

#[test]
fn start_positions_are_sent_as_board_from_each_engines_view() {
    let dir = temp_dir("board");
    let openings = dir.join("open.txt");
    std::fs::write(&openings, "0,0, 1,0, 1,3\n").unwrap();
    let e1 = scripted(&dir, "a", ROW0);
    let e2 = scripted(&dir, "b", ROW5);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--games",
        "1",
        "--openings",
        openings.to_str().unwrap(),
        "--rule",
        "renju",
        "--match-ms",
        "30000",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    // 15x15, centre 7,7: black 7,7 and 8,10, white 8,7; white (b) moves first and
    // gets field 1 for its own stone.
    let b = std::fs::read_to_string(dir.join("b.log")).unwrap();
    assert!(b.contains("INFO rule 4\n"), "{b}");
    assert!(b.contains("INFO timeout_match 30000\n"), "{b}");
    assert!(
        b.contains("INFO time_left 30000\nBOARD\n7,7,2\n8,7,1\n8,10,2\nDONE\n"),
        "{b}"
    );
    // Black (a) then gets every stone so far, its own as 1, then TURNs.
    let a = std::fs::read_to_string(dir.join("a.log")).unwrap();
    assert!(
        a.contains("BOARD\n7,7,1\n8,7,2\n8,10,1\n0,5,2\nDONE\n"),
        "{a}"
    );
    assert!(a.contains("TURN 1,5\n"), "{a}");
    assert!(a.lines().any(|l| l.starts_with("INFO time_left 3")), "{a}");
    // b (white, moving first) completes 0..4,5 first.
    assert!(
        game_lines(&r.stdout)[0].contains("0-1 five"),
        "{}",
        r.stdout
    );
}

/// Runs engine 1 = `bad` against a well-behaved scripted engine for a pair of games
/// and returns the output and the directory the engines ran in; engine 1 must lose
/// both.
fn bad_engine_loses(
    name: &str,
    on_start: &str,
    on_move: &str,
    extra: &[&str],
) -> (MatchRun, TempDir) {
    let dir = temp_dir(name);
    let bad = fake(&dir, "bad", on_start, on_move);
    let good = scripted(&dir, "good", ROW5);
    let mut args = vec![
        "--engine1",
        &bad,
        "--engine2",
        &good,
        "--size",
        "15",
        "--turn-ms",
        "300",
        "--time-margin-ms",
        "200",
        "--init-ms",
        "500",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    let r = ply_match(&args);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert_eq!(score(&r.stdout), (0, 0, 2), "{}", r.stdout);
    (r, dir)
}

#[test]
fn an_occupied_square_loses() {
    // Plays 7,7 every time: legal once, then occupied.
    let (r, _dir) = bad_engine_loses("occupied", "echo OK", "echo 7,7", &[]);
    let g = game_lines(&r.stdout);
    assert!(
        g[0].contains("0-1 illegal move 7,7 (occupied)"),
        "{}",
        r.stdout
    );
    assert!(
        g[1].contains("1-0 illegal move 7,7 (occupied)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Endings: illegal move 2"), "{}", r.stdout);
}

#[test]
fn a_move_off_the_board_loses() {
    let (r, _dir) = bad_engine_loses("offboard", "echo OK", "echo 15,3", &[]);
    assert!(
        r.stdout.contains("illegal move 15,3 (off the board)"),
        "{}",
        r.stdout
    );
    let (r, _dir) = bad_engine_loses("negative", "echo OK", "echo -1,0", &[]);
    assert!(
        r.stdout.contains("illegal move -1,0 (off the board)"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_engine_that_exits_loses_by_crash() {
    let (r, _dir) = bad_engine_loses("exits", "echo OK", "exit 3", &[]);
    let g = game_lines(&r.stdout);
    assert!(g.iter().all(|l| l.contains(" crash,")), "{}", r.stdout);
}

#[test]
fn garbage_output_loses() {
    let (r, _dir) = bad_engine_loses("garbage", "echo OK", "echo 'I resign'", &[]);
    assert!(
        r.stdout.contains("garbage output 'I resign'"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_engine_that_refuses_start_loses() {
    let (r, _dir) = bad_engine_loses("refuses", "echo 'ERROR no'", "echo 7,7", &[]);
    assert!(
        r.stdout.contains("start failed: refused: 'ERROR no'"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_hung_engine_loses_on_time_and_is_killed() {
    let (r, dir) = bad_engine_loses("hung", "echo OK", "exec sleep 30", &[]);
    let g = game_lines(&r.stdout);
    assert!(
        g.iter().all(|l| l.contains("time forfeit (turn time, ")),
        "{}",
        r.stdout
    );
    // Two games of about 300 + 200 ms each, not 30 s.
    assert!(r.secs < 10.0, "took {} s", r.secs);
    // The sleeping process (the script exec'd into it) is gone.
    let pid = std::fs::read_to_string(dir.join("bad.pid")).unwrap();
    #[cfg(target_os = "linux")]
    {
        let proc = PathBuf::from(format!("/proc/{}", pid.trim()));
        let alive = std::fs::read_to_string(proc.join("cmdline"))
            .map(|c| c.contains("sleep"))
            .unwrap_or(false);
        assert!(!alive, "pid {} still sleeping", pid.trim());
    }
}

#[test]
fn the_match_clock_runs_out() {
    // 400 ms per move with 500 ms for the game and a 100 ms margin: the first move
    // fits, the second has 100 + 100 ms left and loses on the match clock.
    let (r, dir) = bad_engine_loses(
        "slow",
        "echo OK",
        "sleep 0.4; echo \"$n,$n\"",
        &[
            "--turn-ms",
            "1000",
            "--match-ms",
            "500",
            "--time-margin-ms",
            "100",
        ],
    );
    let g = game_lines(&r.stdout);
    assert!(
        g.iter().all(|l| l.contains("time forfeit (match time, ")),
        "{}",
        r.stdout
    );
    let log = std::fs::read_to_string(dir.join("bad.log")).unwrap();
    assert!(log.contains("INFO time_left 500\n"), "{log}");
    // Before the second move: 500 minus the first move's time.
    let lefts: Vec<u64> = log
        .lines()
        .filter_map(|l| l.strip_prefix("INFO time_left "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(lefts.iter().any(|&v| v < 150), "{lefts:?}");
}

#[test]
fn a_renju_forbidden_move_loses_for_black() {
    let dir = temp_dir("forbidden");
    let openings = dir.join("open.txt");
    // Black -2,0 -1,0 0,-2 0,-1 (5,7 6,7 7,5 7,6), white far away; black to move.
    // 7,7 makes two open threes: forbidden.
    std::fs::write(
        &openings,
        "-2,0, -7,-7, -1,0, -7,-5, 0,-2, 7,7, 0,-1, -5,-7\n",
    )
    .unwrap();
    let bad = fake(&dir, "bad", "echo OK", "echo 7,7");
    let good = scripted(&dir, "good", ROW5);
    let r = ply_match(&[
        "--engine1",
        &bad,
        "--engine2",
        &good,
        "--rule",
        "renju",
        "--games",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        game_lines(&r.stdout)[0].contains("black bad, white good: 0-1 forbidden move 7,7"),
        "{}",
        r.stdout
    );
    // The same move is fine under freestyle.
    let r = ply_match(&[
        "--engine1",
        &bad,
        "--engine2",
        &good,
        "--games",
        "1",
        "--max-moves",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert!(
        game_lines(&r.stdout)[0].contains("1/2-1/2 move limit"),
        "{}",
        r.stdout
    );
}

#[test]
fn sprt_stops_the_match() {
    // Engine 2 crashes in every third game it is started for, else plays a row;
    // engine 1 plays a row: black wins the normal games, so engine 1 scores 1 or 2
    // per pair: H1 (elo >= 100) is accepted long before 200 games.
    let dir = temp_dir("sprt");
    let e1 = scripted(&dir, "a", ROW0);
    let count = dir.join("count");
    let on_move = format!(
        "if [ $n = 1 ]; then c=$(cat '{c}' 2>/dev/null || echo 0); c=$((c+1)); echo $c > '{c}'; \
         if [ $((c % 3)) = 0 ]; then exit 1; fi; fi; echo \"$(echo '{ROW5}' | cut -d' ' -f$n)\"",
        c = count.display()
    );
    let e2 = fake(&dir, "b", "echo OK", &on_move);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--size",
        "9",
        "--games",
        "200",
        "--sprt",
        "elo0=0,elo1=100,alpha=0.05,beta=0.05",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let line = r
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .unwrap_or_else(|| panic!("{}", r.stdout));
    assert!(line.contains("H1 accepted after"), "{line}");
    assert!(line.contains("bounds [-2.944, 2.944]"), "{line}");
    let (w, d, l) = score(&r.stdout);
    assert!(w + d + l < 200 && w > l, "{}", r.stdout);
}

#[test]
fn bad_commands_and_options_are_reported() {
    let r = ply_match(&["--engine1", "/nonexistent/engine", "--engine2", "x"]);
    assert_eq!(r.code, 1, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("cannot start '/nonexistent/engine'"),
        "{}",
        r.stderr
    );
    let r = ply_match(&["--engine1", "a"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--engine2 is required"), "{}", r.stderr);
    let r = ply_match(&["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("--concurrency K"));
}

#[test]
fn unrequested_lines_are_not_taken_for_the_next_answer() {
    // Engine 1 answers every request twice ("n,0" then "n,8"); only the first line
    // answers, the second is thrown away before the next request. So engine 1 plays
    // 1,0 2,0 3,0 4,0 5,0 and wins as black with five in 9 moves.
    let dir = temp_dir("twice");
    let e1 = fake(&dir, "a", "echo OK", "echo \"$n,0\"; echo \"$n,8\"");
    let e2 = scripted(&dir, "b", ROW5);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--size",
        "9",
        "--games",
        "1",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        game_lines(&r.stdout)[0].contains("black a, white b: 1-0 five, 9 moves"),
        "{}",
        r.stdout
    );
}

#[test]
fn engines_start_in_their_own_folder() {
    // Engine a is named by a path relative to our working folder, b by an absolute
    // one; each records the folder it runs in.
    let dir = temp_dir("cwd");
    for name in ["a", "b"] {
        std::fs::create_dir_all(dir.join(name)).unwrap();
    }
    let on_start = "pwd > cwd.txt; echo OK";
    fake(&dir.join("a"), "a", on_start, "echo \"$n,0\"");
    let b = fake(&dir.join("b"), "b", on_start, "echo \"$n,5\"");
    let out = Command::new(BIN)
        .current_dir(&dir)
        .args(["match", "--engine1", "a/a", "--engine2", &b, "--size", "9"])
        .args(["--games", "1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("black a, white b: 1-0 five"), "{stdout}");
    for name in ["a", "b"] {
        let cwd = std::fs::read_to_string(dir.join(name).join("cwd.txt")).unwrap();
        let want = dir.join(name).canonicalize().unwrap();
        assert_eq!(Path::new(cwd.trim()).canonicalize().unwrap(), want);
    }
}

#[test]
fn the_relay_pause_is_waited_but_not_charged() {
    // b answers at once, so without a pause a's TURN would follow a's move line
    // within a millisecond. With 300 ms, each of a's four TURNs waits until 300 ms
    // after a's move (b's TURNs come later than that anyway), and no move is
    // charged for the wait.
    let dir = temp_dir("pause");
    let e1 = scripted(&dir, "a", ROW0);
    let e2 = scripted(&dir, "b", ROW5);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--size",
        "9",
        "--games",
        "1",
        "--relay-pause-ms",
        "300",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        game_lines(&r.stdout)[0].contains("black a, white b: 1-0 five, 9 moves"),
        "{}",
        r.stdout
    );
    assert!(r.secs >= 1.2, "{} s", r.secs);
    for line in r.stdout.lines().filter(|l| l.starts_with("Time ")) {
        let longest: u64 = line
            .split("longest ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(longest < 300, "{line}");
    }
}

#[test]
fn an_opening_that_does_not_fit_is_refused_with_its_file_and_line() {
    let dir = temp_dir("unfit");
    let openings = dir.join("open.txt");
    std::fs::write(
        &openings,
        "# two openings\n0,0, 1,0, 1,3\n-8,-6, -7,-6, -8,-5\n",
    )
    .unwrap();
    let e1 = scripted(&dir, "a", ROW0);
    let e2 = scripted(&dir, "b", ROW5);
    let path = openings.to_str().unwrap();
    let args = ["--engine1", &e1, "--engine2", &e2, "--openings", path];
    let r = ply_match(&args);
    assert_eq!(r.code, 1, "{}\n{}", r.stdout, r.stderr);
    let want = format!(
        "ply match: {path}:3: the opening '-8,-6, -7,-6, -8,-5' does not fit a 15x15 board: \
         offset -8,-6 is square -1,1"
    );
    assert!(r.stderr.contains(&want), "{}", r.stderr);
    assert!(game_lines(&r.stdout).is_empty(), "{}", r.stdout);
    // --skip-unfit plays the one that fits, with a warning naming the line.
    let mut args = args.to_vec();
    args.extend(["--skip-unfit", "--games", "1"]);
    let r = ply_match(&args);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains(&format!("{path}:3: the opening")),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("1 openings from"), "{}", r.stdout);
    assert_eq!(game_lines(&r.stdout).len(), 1, "{}", r.stdout);
}

#[test]
fn depth_options_send_max_depth_to_their_engine_only() {
    let dir = temp_dir("depth");
    let e1 = scripted(&dir, "a", ROW0);
    let e2 = scripted(&dir, "b", ROW5);
    let r = ply_match(&[
        "--engine1",
        &e1,
        "--engine2",
        &e2,
        "--games",
        "1",
        "--depth2",
        "12",
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let a = std::fs::read_to_string(dir.join("a.log")).unwrap();
    let b = std::fs::read_to_string(dir.join("b.log")).unwrap();
    assert!(!a.contains("max_depth"), "{a}");
    // After the settings every manager sends, before the first move request.
    assert!(b.contains("INFO rule 0\nINFO max_depth 12\n"), "{b}");
}

/// Whether some move comment of `sgf` reads `C[<ms> ms; Depth <d>-<s> | ...]`.
fn has_time_and_search_report(sgf: &str) -> bool {
    sgf.split("C[").any(|c| {
        let Some((ms, rest)) = c.split_once(" ms; Depth ") else {
            return false;
        };
        let depth: String = rest.chars().take_while(|ch| *ch != ' ').collect();
        !ms.is_empty()
            && ms.chars().all(|ch| ch.is_ascii_digit())
            && depth
                .split_once('-')
                .is_some_and(|(d, s)| d.parse::<u32>().is_ok() && s.parse::<u32>().is_ok())
    })
}
