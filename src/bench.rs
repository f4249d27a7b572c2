//! `ply bench`: fixed positions searched to a fixed depth; the node count is the
//! engine's signature.
pub fn run(_args: &[String]) -> i32 {
    0
}
