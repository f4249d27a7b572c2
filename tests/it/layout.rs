//! The house rules, checked on the source tree: which room may import which, and
//! how long a production file may grow.
//!
//! Rooms (top-level modules of `src/`) and what each may import:
//!
//! | room       | may import                                        |
//! |------------|---------------------------------------------------|
//! | `games`    | nothing above it                                  |
//! | `search`   | `games`, `mem`                                    |
//! | `protocol` | `games` (text in, text out, no engine state)      |
//! | `io`       | nothing                                           |
//! | `mem`      | nothing (memory advice for large tables)          |
//! | `engine`   | `games`, `search`, `io`                           |
//! | `session`  | `engine`, `protocol`, `search`, `games`, `io`     |
//! | `tools`    | every room (nothing imports the tools)            |

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The rooms each room may import (besides itself).
fn allowed(room: &str) -> Option<&'static [&'static str]> {
    Some(match room {
        "games" => &[],
        "search" => &["games", "mem"],
        "protocol" => &["games"],
        "io" => &[],
        "mem" => &[],
        "engine" => &["games", "search", "io"],
        "session" => &["engine", "protocol", "search", "games", "io"],
        "tools" => &[
            "games", "search", "protocol", "io", "mem", "engine", "session", "tools",
        ],
        _ => return None,
    })
}

/// Longest production file (lines, its own test module excluded) without a reason
/// written at its top.
const MAX_LINES: usize = 600;
/// The words that give the reason, in the file's first 30 lines.
const REASON: &str = "Why one file:";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/` (`src/games/reversi/endgame/mod.rs` ->
/// `["games", "reversi", "endgame"]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" && stem != "lib" && stem != "main" {
            parts.push(stem.to_string());
        }
    }
    parts
}

/// The rooms a line of code names: `crate::room`, or a `super::` chain that climbs
/// out of the file's room to the crate root and then names a room.
fn rooms_named(line: &str, module: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut rest = line;
    while let Some(k) = rest.find("crate::") {
        let before = rest[..k].chars().last();
        let after = &rest[k + "crate::".len()..];
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            if let Some(group) = after.strip_prefix('{') {
                // `crate::{a::X, b}`: every name at the group's top level.
                let mut depth = 0;
                let mut start = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if c.is_whitespace() => {}
                        _ if start && depth == 0 => {
                            out.push(word(&group[i..]));
                            start = false;
                        }
                        _ => {}
                    }
                }
            } else {
                out.push(word(after));
            }
        }
        rest = after;
    }
    // `super::super::...::room`
    let mut rest = line;
    while let Some(k) = rest.find("super::") {
        let before = rest[..k].chars().last();
        let mut tail = &rest[k..];
        let mut ups = 0;
        while let Some(t) = tail.strip_prefix("super::") {
            ups += 1;
            tail = t;
        }
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            && ups >= module.len()
        {
            out.push(word(tail));
        }
        rest = &rest[k + "super::".len() * ups..];
    }
    out.retain(|r| !r.is_empty());
    out
}

/// The code of a file up to its `#[cfg(test)]` module, without comments.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = match line.find("//") {
            Some(k) if !line[..k].contains('"') => &line[..k],
            _ => line,
        };
        out.push((i + 1, code));
    }
    out
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn each_room_imports_only_the_rooms_below_it() {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 20, "no sources found under {}", src.display());
    let mut broken = Vec::new();
    for f in &files {
        let module = module_path(&src, f);
        let Some(room) = module.first() else { continue };
        let Some(ok) = allowed(room) else {
            // lib.rs, main.rs, bin/: the crate's entry points.
            continue;
        };
        let text = std::fs::read_to_string(f).expect("readable");
        // Test modules count too: a test of a lower room must not need a higher one.
        for (n, line) in text.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            for named in rooms_named(line, &module) {
                if named != *room && allowed(&named).is_some() && !ok.contains(&named.as_str()) {
                    broken.push(format!(
                        "{}:{}: `{room}` may not import `{named}`: {}",
                        f.strip_prefix(&src).unwrap_or(f).display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layout:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_top_level_module_is_a_known_room() {
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).expect("lib.rs");
    let rooms: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|r| r.trim_end_matches(';'))
        .collect();
    assert!(!rooms.is_empty());
    for r in rooms {
        assert!(
            allowed(r).is_some(),
            "src/lib.rs declares `{r}`, which tests/it/layout.rs does not know: give it a place"
        );
    }
}

#[test]
fn long_production_files_say_why() {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = BTreeMap::new();
    for f in &files {
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable");
        let lines = code_lines(&text).len();
        let head: String = text.lines().take(30).collect::<Vec<_>>().join("\n");
        if lines > MAX_LINES && !head.contains(REASON) {
            long.insert(
                f.strip_prefix(&src).unwrap_or(f).display().to_string(),
                lines,
            );
        }
    }
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines of code with no '{REASON}' line at the top: {long:?}"
    );
}

#[test]
fn the_checks_see_what_they_should() {
    let m = |p: &str| -> Vec<String> { p.split('/').map(String::from).collect() };
    assert_eq!(
        rooms_named("use crate::engine::Engine;", &m("games/reversi")),
        ["engine"]
    );
    assert_eq!(
        rooms_named("use crate::{games::Move, search::Limits};", &m("engine")),
        ["games", "search"]
    );
    // `super::super::x` from games/reversi/endgame stays in games...
    assert!(rooms_named("use super::super::tests::x;", &m("games/reversi/endgame")).is_empty());
    // ...but from games/reversi it reaches the crate root.
    assert_eq!(
        rooms_named("use super::super::search::Limits;", &m("games/reversi")),
        ["search"]
    );
    assert!(rooms_named("let x = mycrate::engine::y;", &m("games")).is_empty());
    assert_eq!(
        module_path(Path::new("src"), Path::new("src/games/mod.rs")),
        ["games"]
    );
    assert_eq!(
        module_path(
            Path::new("src"),
            Path::new("src/games/reversi/endgame/mod.rs")
        ),
        ["games", "reversi", "endgame"]
    );
}
