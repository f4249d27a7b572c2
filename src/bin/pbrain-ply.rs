//! `pbrain-ply`: the same engine under the name Gomocup managers look for
//! (Piskvork and GomocupJudge pick brains by the `pbrain-` prefix). It always speaks
//! the Gomocup protocol.
fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let mut args: Vec<String> = vec!["--protocol".into(), "gomocup".into()];
    args.extend(std::env::args().skip(1));
    std::process::exit(ply::cli::main_with_args(&args));
}
