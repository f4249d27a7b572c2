//! The project stands alone: no text file in it names a path outside the repository,
//! an absolute path of the machine it was built on (under `/tmp`, `/work`, `/home`,
//! `/root`, `/opt`) or the shared workspace folder beside the checkout. Data a tool needs
//! lives in `data/` or `tests/data/`; an engine that is not ply is shown with a plain
//! placeholder such as `/path/to/engine`.
//!
//! The walk reads the files on disk from the crate's root (it does not need git),
//! skipping `.git` and the root `target/`; files that are not UTF-8 text are skipped.
//! The forbidden strings are put together at run time, so this file does not name them.

use std::path::{Path, PathBuf};

/// The forbidden path prefixes: absolute folders of this machine, and the workspace
/// folder beside the checkout.
fn forbidden() -> (Vec<String>, String) {
    let absolute = ["tmp", "work", "home", "root", "opt"]
        .iter()
        .map(|d| format!("/{d}/"))
        .collect();
    (absolute, format!("..{}shared", '/'))
}

/// The forbidden paths a line names, as (column, prefix). An absolute prefix counts
/// where it starts a path: at the start of the line or after a character that cannot
/// be part of a longer path: such a folder inside a relative path or a URL is not an
/// absolute path, while one after `:-` or `=` (a shell default, an option's value) is.
fn offences(line: &str) -> Vec<(usize, String)> {
    let (absolute, shared) = forbidden();
    let mut out = Vec::new();
    for p in &absolute {
        for (k, _) in line.match_indices(p.as_str()) {
            let before = line[..k].chars().next_back();
            let inside_path = before.is_some_and(|c| c.is_alphanumeric() || "_.~/".contains(c));
            if !inside_path {
                out.push((k, p.clone()));
            }
        }
    }
    for (k, _) in line.match_indices(shared.as_str()) {
        out.push((k, shared.clone()));
    }
    out.sort();
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == ".git" || (dir == root && name == "target") {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(root, &path, out);
        } else if kind.is_file() {
            out.push(path);
        }
    }
}

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(root, root, &mut files);
    files.sort();
    let mut read = Vec::new();
    let mut found = Vec::new();
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let rel = f.strip_prefix(root).unwrap_or(f).display().to_string();
        for (n, line) in text.lines().enumerate() {
            for (col, p) in offences(line) {
                found.push(format!(
                    "{rel}:{}:{}: names {p}: {}",
                    n + 1,
                    col + 1,
                    line.trim()
                ));
            }
        }
        read.push(rel);
    }
    // The walk sees the tree: the README, the sources, the scripts, the data, this file.
    for must in [
        "README.md",
        "Cargo.toml",
        "src/main.rs",
        "scripts/train-reversi-eval.sh",
        "data/README.md",
        "tests/it/standalone.rs",
    ] {
        assert!(
            read.iter().any(|r| r.replace('\\', "/") == must),
            "the walk from {} did not read {must}",
            root.display()
        );
    }
    assert!(read.len() > 100, "only {} text files read", read.len());
    assert!(
        found.is_empty(),
        "{} line(s) name a path outside the repository (use a path inside it, or a \
         placeholder such as /path/to/engine):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_check_flags_what_it_should() {
    let (absolute, shared) = forbidden();
    for p in &absolute {
        let dir = p.trim_matches('/');
        // Flagged: the folder as an absolute path, however it is quoted or introduced.
        for bad in [
            format!("{p}anchors/engine"),
            format!("    --engine2 {p}x/y.sh \\"),
            format!("let path = \"{p}some folder\";"),
            format!("(`{p}shared/sparring`)"),
            format!("xot=${{1:-{p}data}}"),
            format!("--dir={p}x"),
        ] {
            assert_eq!(offences(&bad).len(), 1, "not flagged: {bad}");
        }
        // Not flagged: the same name inside a longer path or a URL, or without a slash.
        for good in [
            format!("target{p}x"),
            format!("https://example.org{p}index.html"),
            format!("a.b{p}c"),
            format!("the {dir} folder"),
            "--engine2 /path/to/ntest-launcher".to_string(),
        ] {
            assert!(offences(&good).is_empty(), "flagged: {good}");
        }
    }
    assert_eq!(offences(&format!("cat {shared}/data/x.txt")).len(), 1);
    assert_eq!(offences(&format!("\"{shared}\"")).len(), 1);
    assert!(offences("data/reversi/xot-openings.txt").is_empty());
}
