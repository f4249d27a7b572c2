use super::*;

#[test]
fn start_position_has_four_moves() {
    let r = Reversi::new();
    let mut v = Vec::new();
    r.legal_moves(&mut v);
    let names: Vec<String> = v.iter().map(|&m| move_name(m)).collect();
    assert_eq!(names, ["D3", "C4", "F5", "E6"]);
}

#[test]
fn make_unmake_restores_key() {
    let mut r = Reversi::new();
    let k0 = r.key();
    let mut v = Vec::new();
    r.legal_moves(&mut v);
    for mv in v {
        r.make(mv);
        assert_eq!(r.key(), zobrist_key(r.black(), r.white(), r.side_to_move()));
        r.unmake();
        assert_eq!(r.key(), k0);
    }
}
