//! `ply play`: a game against the engine in the terminal (or through a pipe).
//!
//! The same `Engine`, `Position` and notation as the protocol sessions: the
//! engine thinks on its own thread and its reports are shown as they arrive.

use std::collections::VecDeque;
use std::time::Instant;

use crossbeam_channel::{select, unbounded, Receiver};

use crate::engine::{Engine, Position, Report};
use crate::games::gomoku::Rule;
use crate::games::GameKind;
use crate::games::{Color, GameResult, Move};
use crate::io::{spawn_stdin_reader, Input, Output};
use crate::protocol::notation::{
    checked_typed, plain_text, square_of, typed_move, MAX_NOTATION_WIDTH,
};
use crate::search::limits::{time_for_move, Clock};
use crate::search::{format_score, Limits, SearchParams, SearchResult};
use crate::tools::args::Args;

pub const USAGE: &str = "\
ply play - play a game against the engine in the terminal

USAGE:
    ply play [--game gomoku|tictactoe|reversi] [--rule RULE] [--size N|WxH]
             [--time MS] [--side first|second]

OPTIONS:
    --game G     gomoku (default), tictactoe or reversi
    --rule R     freestyle (default), standard, renju, caro (gomoku)
    --size S     board size, N or WxH (gomoku: 5..32 per side, at most 26 wide
                 because files are the letters a..z; default 15; tic-tac-toe 3,
                 reversi 8)
    --time MS    the engine's thinking time per move (default 1000)
    --side S     your side: first (default; you are X and move first) or second

While ply thinks, 'stop' makes it move at once; other lines wait for its move.
'quit' (or the end of input) with nothing typed before it makes it move at once
and then leave.

Type a move as a square (h8 or H8: files a.. from the left, ranks 1.. from the
bottom; reversi: rank 1 at the top, as d3) or as x,y (Gomocup coordinates:
0-based, y from the top). Commands:
    undo    take back your last move (and the engine's answer)
    hint    ask the engine for a move
    new     start a new game
    side    swap sides (the engine plays the side to move now)
    board   draw the board again
    stop    (while the engine thinks) play the best move found so far
    help    this list
    quit    leave
Works with stdin a pipe as well as a terminal: one command per line.
";

const HELP: &str = "moves: h8 or x,y | undo | hint | new | side | board | stop | help | quit";

struct Options {
    game: GameKind,
    rule: Rule,
    size: Option<(usize, usize)>,
    time: u64,
    human: Color,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut a = Options {
        game: GameKind::Gomoku,
        rule: Rule::Freestyle,
        size: None,
        time: 1000,
        human: Color::Black,
    };
    let mut args = Args::new(args);
    while let Some(arg) = args.next() {
        match arg {
            "--game" => a.game = args.game(arg)?,
            "--rule" => a.rule = args.rule(arg)?,
            "--size" => a.size = Some(args.size(arg)?),
            "--time" => a.time = args.number(arg, "milliseconds", ..)?,
            "--side" => {
                a.human = args.choice(
                    arg,
                    &[
                        (&["first", "black", "x", "1"], Color::Black),
                        (&["second", "white", "o", "2"], Color::White),
                    ],
                )?
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// Why the engine is thinking.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Purpose {
    Play,
    Hint,
}

struct Game {
    out: Output,
    engine: Engine,
    reports: Receiver<Report>,
    input: Receiver<Input<String>>,
    start: Position,
    pos: Position,
    human: Color,
    time: u64,
    queued: VecDeque<String>,
    /// The end of input has been read (lines before it may still be queued).
    input_ended: bool,
    quit: bool,
}

/// Is `line` the command that leaves the game?
fn is_quit(line: &str) -> bool {
    matches!(
        line.trim().to_ascii_lowercase().as_str(),
        "quit" | "exit" | "q"
    )
}

fn stone_char(c: Option<Color>) -> char {
    match c {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    }
}

impl Game {
    fn say(&self, s: &str) {
        self.out.line(s);
    }

    fn draw(&self) {
        let (w, h) = self.pos.dimensions();
        let last = self.pos.last_move().map(|(m, _)| m);
        let files: String = (0..w)
            .map(|x| format!(" {} ", (b'a' + x as u8) as char))
            .collect();
        self.say(&format!("    {files}"));
        // Top row first; its rank label is the notation's.
        for y in 0..h {
            let rank = square_of(&self.pos, Move::from_xy(0, y, w)).rank;
            let mut row = format!("{rank:>3} ");
            for x in 0..w {
                let mv = Move::from_xy(x, y, w);
                let c = stone_char(self.pos.stone(mv));
                if Some(mv) == last {
                    row.push_str(&format!("({c})"));
                } else {
                    row.push_str(&format!(" {c} "));
                }
            }
            row.push_str(&format!(" {rank}"));
            self.say(&row);
        }
        self.say(&format!("    {files}"));
    }

    fn side_name(&self, c: Color) -> &'static str {
        if c == self.human {
            "you"
        } else {
            "ply"
        }
    }

    fn announce_result(&self) -> bool {
        let Some(r) = self.pos.result() else {
            return false;
        };
        let stm = self.pos.side_to_move();
        let text = match r {
            GameResult::Draw => "Game over: a draw.".to_string(),
            GameResult::Win => format!("Game over: {} win.", self.side_name(stm)),
            GameResult::Loss => format!(
                "Game over: {} win{}.",
                self.side_name(stm.other()),
                if stm.other() == self.human { "" } else { "s" }
            ),
        };
        self.say(&text);
        self.say("Type 'new' for another game, 'undo' to take back, or 'quit'.");
        true
    }

    /// Nothing is left to do but leave: the next line waiting is `quit`, or none is
    /// waiting and the input has ended. A search then stops at once: nobody waits
    /// for a better move.
    fn leaving(&self) -> bool {
        match self.queued.front() {
            Some(l) => is_quit(l),
            None => self.input_ended,
        }
    }

    /// Thinks on the current position; shows each iteration as it completes.
    /// Returns `None` if the engine's reports ended (it is gone).
    fn think(&mut self, purpose: Purpose) -> Option<SearchResult> {
        let mut limits = Limits::new(Instant::now());
        limits.time = time_for_move(
            Clock {
                turn: Some(self.time.min(i64::MAX as u64) as i64),
                ..Clock::default()
            },
            1,
        );
        limits.depth = self.pos.depth_cap();
        let pos = self.pos.clone();
        self.engine.go(&pos, SearchParams::new(limits, 1));
        if self.leaving() {
            self.engine.stop();
        } else if purpose == Purpose::Play {
            self.say("ply is thinking... (type 'stop' to hurry it)");
        }
        let never = crossbeam_channel::never();
        loop {
            let input = if self.input_ended {
                &never
            } else {
                &self.input
            };
            select! {
                recv(self.reports) -> r => match r {
                    Ok(Report::Info(info)) => {
                        let pv: Vec<String> = info.pv.iter().map(|&m| plain_text(&pos, m)).collect();
                        self.say(&format!(
                            "  depth {:>2}  score {:>6}  nodes {:>9}  {:>5} ms  {}",
                            info.depth,
                            format_score(info.score),
                            info.nodes,
                            info.time.as_millis(),
                            pv.join(" ")
                        ));
                    }
                    Ok(Report::Done(r)) => return Some(r),
                    // Only searches run here, with no root progress.
                    Ok(_) => {}
                    Err(_) => return None,
                },
                recv(input) -> line => {
                    match line {
                        // `stop` acts at once; every other line waits for the move, so
                        // piped input is read in order.
                        Ok(Input::Item(_, l)) => match l.trim().to_ascii_lowercase().as_str() {
                            "stop" => self.engine.stop(),
                            "" => {}
                            _ => self.queued.push_back(l),
                        },
                        Ok(Input::Eof) | Err(_) => self.input_ended = true,
                    }
                    // `quit` or the end of input with nothing before it: move now.
                    if self.leaving() {
                        self.engine.stop();
                    }
                },
            }
        }
    }

    fn engine_move(&mut self) {
        let Some(r) = self.think(Purpose::Play) else {
            // The engine is gone: nothing more can be played.
            self.quit = true;
            return;
        };
        if r.best.is_none() {
            self.say("ply has no move.");
            return;
        }
        let text = plain_text(&self.pos, r.best);
        self.pos.make(r.best);
        self.say(&format!(
            "ply plays {text}  (score {}, depth {})",
            format_score(r.score),
            r.depth
        ));
        self.draw();
        self.announce_result();
    }

    /// Reads a move typed as a square or as `x,y`.
    fn read_move(&self, text: &str) -> Result<Move, String> {
        if let Some((x, y)) = text.split_once(',') {
            let x: i64 = x
                .trim()
                .parse()
                .map_err(|_| format!("'{text}' is not x,y"))?;
            let y: i64 = y
                .trim()
                .parse()
                .map_err(|_| format!("'{text}' is not x,y"))?;
            return checked_typed(&self.pos, x, y, text);
        }
        typed_move(&self.pos, text)
    }

    fn undo(&mut self) {
        // Back to the person's turn, before their last move.
        let mut taken = 0;
        while self.pos.ply() > 0 {
            self.pos.unmake();
            taken += 1;
            if self.pos.side_to_move() == self.human {
                break;
            }
        }
        if taken == 0 {
            self.say("Nothing to take back.");
        }
    }

    fn command(&mut self, line: &str) {
        let cmd = line.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            _ if is_quit(cmd) => self.quit = true,
            "help" | "?" => self.say(HELP),
            "board" => self.draw(),
            "stop" => self.say("ply is not thinking."),
            "new" => {
                self.pos = self.start.clone();
                self.say("New game.");
                self.draw();
            }
            "undo" => {
                self.undo();
                self.draw();
            }
            "side" | "swap" => {
                self.human = self.human.other();
                self.say(&format!(
                    "You now play {} ({}).",
                    stone_char(Some(self.human)),
                    if self.human == Color::Black {
                        "first"
                    } else {
                        "second"
                    }
                ));
            }
            "hint" => {
                if self.pos.result().is_some() {
                    return self.say("The game is over.");
                }
                if let Some(r) = self.think(Purpose::Hint) {
                    if !r.best.is_none() {
                        self.say(&format!(
                            "Hint: {} (score {})",
                            plain_text(&self.pos, r.best),
                            format_score(r.score)
                        ));
                    }
                }
            }
            _ => {
                if self.pos.result().is_some() {
                    return self.say("The game is over: 'new', 'undo' or 'quit'.");
                }
                match self.read_move(cmd) {
                    Ok(mv) => {
                        self.pos.make(mv);
                        self.draw();
                        self.announce_result();
                    }
                    Err(e) => self.say(&format!("Not a move here: {e}. Type 'help' for help.")),
                }
            }
        }
    }

    fn next_line(&mut self) -> Option<String> {
        if let Some(l) = self.queued.pop_front() {
            return Some(l);
        }
        match self.input.recv() {
            Ok(Input::Item(_, l)) => Some(l),
            Ok(Input::Eof) | Err(_) => None,
        }
    }

    fn run(mut self) -> i32 {
        self.say(&format!(
            "You play {} ({}). Type 'help' for the commands.",
            stone_char(Some(self.human)),
            if self.human == Color::Black {
                "first"
            } else {
                "second"
            }
        ));
        self.draw();
        while !self.quit {
            let over = self.pos.result().is_some();
            if !over && self.pos.side_to_move() != self.human {
                self.engine_move();
                continue;
            }
            if !over {
                self.say("Your move:");
            }
            let Some(line) = self.next_line() else {
                break;
            };
            self.command(&line);
        }
        self.engine.stop();
        0
    }
}

pub fn run(args: &[String]) -> i32 {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ply play: {e}\n\n{USAGE}");
            return 2;
        }
    };
    let (w, h) = a.size.unwrap_or(a.game.default_size());
    if w > MAX_NOTATION_WIDTH {
        eprintln!(
            "ply play: at most {MAX_NOTATION_WIDTH} files (a..z); wider boards (up to 32) \
             are played through the Gomocup protocol"
        );
        return 2;
    }
    let start = match Position::new_game(a.game, a.rule, w, h) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("ply play: {e}");
            return 2;
        }
    };
    let (tx, rx) = unbounded();
    let input = spawn_stdin_reader(None, |line| match line {
        Some(l) => vec![l.trim_end_matches('\r').to_string()],
        None => Vec::new(),
    });
    Game {
        out: Output::stdout(),
        engine: Engine::new(tx),
        reports: rx,
        input,
        pos: start.clone(),
        start,
        human: a.human,
        time: a.time,
        queued: VecDeque::new(),
        input_ended: false,
        quit: false,
    }
    .run()
}
