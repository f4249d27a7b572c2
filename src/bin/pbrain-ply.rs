//! `pbrain-ply`: the same engine under the name Gomocup managers look for
//! (Piskvork and GomocupJudge pick brains by the `pbrain-` prefix). It always speaks
//! the Gomocup protocol.
fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let given: Vec<String> = std::env::args().skip(1).collect();
    // Subcommands and --help/--version work as for `ply`; a session is always Gomocup.
    let session = given
        .first()
        .is_none_or(|a| a.starts_with("--") && a != "--help" && a != "--version");
    let mut args: Vec<String> = Vec::new();
    if session {
        args.extend(["--protocol".to_string(), "gomocup".to_string()]);
    }
    args.extend(given);
    std::process::exit(ply::tools::main_with_args(&args));
}
