//! UCI/UGI replies: the engine's lines (`id`, `option`, `info`, `bestmove`, ...)
//! written and read back.

use std::fmt;

use super::*;
use crate::protocol::text::one_line;

// ---------------------------------------------------------------------------
// Replies

/// A score in an `info` line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Score {
    /// Engine units (not centipawns: the evaluation's own scale).
    Cp(i32),
    /// Moves (not plies) to a forced win (> 0) or loss (< 0).
    Mate(i32),
}

/// An `info` line about the search.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchLine {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub hashfull: Option<u32>,
    pub pv: Vec<String>,
}

/// The type of an `option` declaration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    Check { default: bool },
    Spin { default: i64, min: i64, max: i64 },
    Combo { default: String, vars: Vec<String> },
    Button,
    Text { default: String },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    IdName(String),
    IdAuthor(String),
    Option {
        name: String,
        kind: OptionKind,
    },
    UciOk,
    UgiOk,
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`.
    BestMove {
        mv: String,
        ponder: Option<String>,
    },
    Info(SearchLine),
    /// `info string <text>` (one line).
    InfoString(String),
    /// UGI `response <answer>`.
    Response(String),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

impl fmt::Display for SearchLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info")?;
        let head = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (k, v) in head {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        let tail = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("time", self.time),
            ("hashfull", self.hashfull.map(u64::from)),
        ];
        for (k, v) in tail {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Check { default } => write!(f, "type check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "type combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Button => write!(f, "type button"),
            OptionKind::Text { default } if default.is_empty() => {
                write!(f, "type string default <empty>")
            }
            OptionKind::Text { default } => write!(f, "type string default {default}"),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::IdName(n) => write!(f, "id name {}", one_line(n)),
            Reply::IdAuthor(a) => write!(f, "id author {}", one_line(a)),
            Reply::Option { name, kind } => write!(f, "option name {} {kind}", one_line(name)),
            Reply::UciOk => write!(f, "uciok"),
            Reply::UgiOk => write!(f, "ugiok"),
            Reply::ReadyOk => write!(f, "readyok"),
            Reply::BestMove { mv, ponder } => {
                write!(f, "bestmove {mv}")?;
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            Reply::Info(line) => write!(f, "{line}"),
            Reply::InfoString(s) => write!(f, "info string {}", one_line(s)),
            Reply::Response(r) => write!(f, "response {}", one_line(r)),
        }
    }
}

// ---- parsing replies (for tests, the conformance script and tools) -----------

fn parse_u64(s: Option<&&str>) -> Option<u64> {
    s.and_then(|s| s.parse::<u64>().ok())
}

fn parse_search_line(args: &[&str]) -> Option<SearchLine> {
    let mut l = SearchLine::default();
    let mut i = 0;
    while i < args.len() {
        let next = args.get(i + 1);
        match args[i] {
            "depth" => l.depth = Some(parse_u64(next)? as u32),
            "seldepth" => l.seldepth = Some(parse_u64(next)? as u32),
            "multipv" => l.multipv = Some(parse_u64(next)? as u32),
            "nodes" => l.nodes = Some(parse_u64(next)?),
            "nps" => l.nps = Some(parse_u64(next)?),
            "time" => l.time = Some(parse_u64(next)?),
            "hashfull" => l.hashfull = Some(parse_u64(next)? as u32),
            "score" => {
                let v = args.get(i + 2)?.parse::<i32>().ok()?;
                l.score = Some(match *next? {
                    "cp" => Score::Cp(v),
                    "mate" => Score::Mate(v),
                    _ => return None,
                });
                i += 1;
            }
            "pv" => {
                l.pv = args[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            _ => return None,
        }
        i += 2;
    }
    Some(l)
}

fn parse_option_decl(args: &[&str]) -> Option<Reply> {
    if args.first() != Some(&"name") {
        return None;
    }
    let ty = args.iter().position(|t| *t == "type")?;
    let name = args[1..ty].join(" ");
    let rest = &args[ty + 1..];
    let (kind, params) = rest.split_first()?;
    // Values run up to the next keyword.
    let keys = ["default", "min", "max", "var"];
    let mut fields: Vec<(&str, String)> = Vec::new();
    let mut i = 0;
    while i < params.len() {
        let k = params[i];
        if !keys.contains(&k) {
            return None;
        }
        let end = params[i + 1..]
            .iter()
            .position(|t| keys.contains(t))
            .map_or(params.len(), |p| i + 1 + p);
        fields.push((k, params[i + 1..end].join(" ")));
        i = end;
    }
    let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|(_, v)| v.clone());
    let kind = match *kind {
        "check" => OptionKind::Check {
            default: get("default")? == "true",
        },
        "spin" => OptionKind::Spin {
            default: get("default")?.parse().ok()?,
            min: get("min")?.parse().ok()?,
            max: get("max")?.parse().ok()?,
        },
        "combo" => OptionKind::Combo {
            default: get("default")?,
            vars: fields
                .iter()
                .filter(|(f, _)| *f == "var")
                .map(|(_, v)| v.clone())
                .collect(),
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::Text {
            default: get("default")
                .filter(|d| d != "<empty>")
                .unwrap_or_default(),
        },
        _ => return None,
    };
    Some(Reply::Option { name, kind })
}

impl Reply {
    /// Parses a line an engine wrote (the inverse of `Display`).
    pub fn parse(line: &str) -> Option<Reply> {
        let toks = tokens(line);
        let (kw, args) = toks.split_first()?;
        let rest = |skip: usize| {
            // The text after `skip` tokens, with its inner spacing kept.
            let mut s = line.trim();
            for _ in 0..skip {
                s = s.trim_start();
                let end = s.find(char::is_whitespace).unwrap_or(s.len());
                s = &s[end..];
            }
            s.trim().to_string()
        };
        match (*kw, args) {
            ("uciok", []) => Some(Reply::UciOk),
            ("ugiok", []) => Some(Reply::UgiOk),
            ("readyok", []) => Some(Reply::ReadyOk),
            ("id", [k, ..]) if *k == "name" => Some(Reply::IdName(rest(2))),
            ("id", [k, ..]) if *k == "author" => Some(Reply::IdAuthor(rest(2))),
            ("option", _) => parse_option_decl(args),
            ("bestmove", [mv]) => Some(Reply::BestMove {
                mv: mv.to_string(),
                ponder: None,
            }),
            ("bestmove", [mv, p, pm]) if *p == "ponder" => Some(Reply::BestMove {
                mv: mv.to_string(),
                ponder: Some(pm.to_string()),
            }),
            ("info", [s, ..]) if *s == "string" => Some(Reply::InfoString(rest(2))),
            ("info", _) => parse_search_line(args).map(Reply::Info),
            ("response", [_, ..]) => Some(Reply::Response(rest(1))),
            _ => None,
        }
    }
}
