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
//!
//! Length: no production file under `src/` has more than [`MAX_LINES`] lines. Every
//! line counts, comments and blank lines too, except an inline test module with a
//! body (`#[cfg(test)] mod x { ... }`, from the attribute to its closing brace); a
//! `#[cfg(test)] mod x;` declaration is one line like any other. The files of a
//! module declared under `#[cfg(test)]` are tests, not production files. Tables of
//! weights and generated data are exempt by name ([`EXEMPT`], each with its reason).

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

/// Longest production file, in lines (its inline test modules excluded).
const MAX_LINES: usize = 600;
/// Files under `src/` that may be longer, each with its reason: tables of weights
/// and generated data only. (None today: the trained weights live in `.bin` files.)
const EXEMPT: &[(&str, &str)] = &[];

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

/// The lines of a file that count towards its length: all of them but its inline
/// test modules with a body. A module's closing brace is the first line after it
/// that holds `}` alone at the module's indentation (rustfmt's layout, which
/// `cargo fmt --check` holds the sources to).
fn counted_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "#[cfg(test)]" {
            let mut j = i + 1;
            while j < lines.len() && lines[j].trim_start().starts_with("#[") {
                j += 1;
            }
            if let Some(module) = lines.get(j).filter(|l| is_mod_with_body(l)) {
                let indent = &module[..module.len() - module.trim_start().len()];
                let close = if module.trim_end().ends_with('}') {
                    Some(j)
                } else {
                    (j + 1..lines.len())
                        .find(|&k| lines[k].trim_end().strip_prefix(indent) == Some("}"))
                };
                // An unclosed module hides nothing: the rest of the file counts.
                if let Some(k) = close {
                    i = k + 1;
                    continue;
                }
            }
        }
        out.push((i + 1, lines[i]));
        i += 1;
    }
    out
}

/// `mod x {` (any visibility), not `mod x;`.
fn is_mod_with_body(line: &str) -> bool {
    let mut t = line.trim();
    if let Some(rest) = t.strip_prefix("pub") {
        t = rest.trim_start();
        if let Some(rest) = t.strip_prefix('(') {
            t = rest.split_once(')').map_or("", |(_, r)| r).trim_start();
        }
    }
    t.strip_prefix("mod ")
        .and_then(|r| {
            r.trim_start()
                .split_once(|c: char| !c.is_alphanumeric() && c != '_')
        })
        .is_some_and(|(name, rest)| !name.is_empty() && rest.trim_start().starts_with('{'))
}

/// The modules (by path, see [`module_path`]) that `#[cfg(test)] mod x;` declares in
/// a file of module `module`: their files, and all below them, are tests.
fn test_modules(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "#[cfg(test)]" {
            continue;
        }
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim_start().starts_with("#[") {
            j += 1;
        }
        let Some(decl) = lines.get(j).map(|l| l.trim()) else {
            continue;
        };
        let decl = decl
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub ");
        if let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            let mut m = module.to_vec();
            m.push(name.trim().to_string());
            out.push(m);
        }
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
fn production_files_stay_short() {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let texts: Vec<(PathBuf, Vec<String>, String)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("readable");
            (f.clone(), module_path(&src, f), text)
        })
        .collect();
    let tests: Vec<Vec<String>> = texts
        .iter()
        .flat_map(|(_, m, text)| test_modules(text, m))
        .collect();
    assert!(!tests.is_empty(), "no `#[cfg(test)] mod x;` found in src/");
    let mut long = BTreeMap::new();
    let mut exempt_seen = Vec::new();
    for (f, module, text) in &texts {
        let name = f.strip_prefix(&src).unwrap_or(f).display().to_string();
        if tests.iter().any(|t| module.starts_with(t)) {
            continue;
        }
        if EXEMPT.iter().any(|(e, _)| *e == name) {
            exempt_seen.push(name);
            continue;
        }
        let lines = counted_lines(text).len();
        if lines > MAX_LINES {
            long.insert(name, lines);
        }
    }
    for (e, why) in EXEMPT {
        assert!(
            exempt_seen.iter().any(|s| s == e),
            "EXEMPT names src/{e} ({why}), which is gone: drop it from the list"
        );
    }
    assert!(
        long.is_empty(),
        "production files over {MAX_LINES} lines (inline test modules excluded): {long:?}"
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

    // A test module declared early hides nothing; comments and blank lines count.
    let declared = "//! doc\n\n#[cfg(test)]\nmod tests;\n\nfn a() {}\n// note\nfn b() {}\n";
    assert_eq!(counted_lines(declared).len(), 8);
    assert_eq!(
        test_modules(declared, &m("games/reversi")),
        [m("games/reversi/tests")]
    );
    // An inline test module is skipped to its own closing brace, not an inner one.
    let inline = "fn a() {}\n\n#[cfg(test)]\n#[allow(dead_code)]\nmod tests {\n    fn t() {\n        let s = \"}\";\n    }\n}\n\nfn b() {}\n";
    let kept: Vec<usize> = counted_lines(inline).iter().map(|(n, _)| *n).collect();
    assert_eq!(kept, [1, 2, 10, 11]);
    assert!(test_modules(inline, &m("games")).is_empty());
    // Nested and one-line modules, `pub(crate) mod`; a test helper outside a module counts.
    let nested = "mod a {\n    #[cfg(test)]\n    pub(crate) mod tests {\n        x\n    }\n    y\n}\n#[cfg(test)]\nmod t {}\n#[cfg(test)]\nfn helper() {}\n";
    let kept: Vec<usize> = counted_lines(nested).iter().map(|(n, _)| *n).collect();
    assert_eq!(kept, [1, 6, 7, 10, 11]);
    assert!(!is_mod_with_body("mod tests;"));
    assert!(!is_mod_with_body("model {"));
}
