//! The official Gomocup rule checks (GomocupJudge `test_zip_rules.py`, copied into
//! `tests/data/gomocup-rule-checks.json`), through the real binary in all six formats.
//! The formats' board sizes, rules and memory limit are used as given; the turn time
//! is cut to 1 s to keep the suite fast (the positions need far less).

use crate::common;

use common::{parse_move, Brain};
use serde_json::Value;

#[test]
fn official_rule_checks_pass_in_every_format() {
    let data: Value =
        serde_json::from_str(include_str!("../data/gomocup-rule-checks.json")).expect("json");
    let formats = data["formats"].as_array().expect("formats");
    let max_memory = data["max_memory"].as_u64().expect("max_memory");
    let mut runs = 0;
    for check in data["checks"].as_array().expect("checks") {
        let moves: Vec<(i64, i64)> = check["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| (m[0].as_i64().expect("x"), m[1].as_i64().expect("y")))
            .collect();
        for fname in check["formats"].as_array().expect("formats") {
            let f = formats
                .iter()
                .find(|f| f["name"] == *fname)
                .expect("format");
            let size = f["board_size"].as_u64().expect("size");
            let rule = f["rule"].as_u64().expect("rule");
            let mut b = Brain::gomocup();
            b.send(&format!("INFO max_memory {max_memory}"));
            b.send("INFO timeout_turn 1000");
            b.send(&format!("INFO timeout_match {}", f["timeout_match"]));
            b.send(&format!("INFO time_left {}", f["timeout_match"]));
            b.send(&format!("INFO rule {rule}"));
            assert_eq!(b.ask(&format!("START {size}")), "OK");
            // The brain moves next: its stones are those of the side to move.
            b.send("BOARD");
            let n = moves.len();
            for (i, (x, y)) in moves.iter().enumerate() {
                let own = (n - i).is_multiple_of(2);
                b.send(&format!("{x},{y},{}", if own { 1 } else { 2 }));
            }
            let a = b.ask("DONE");
            let (x, y) =
                parse_move(&a).unwrap_or_else(|| panic!("{fname} {}: {a}", check["sequence"]));
            let got = Value::from(vec![x, y]);
            if let Some(any) = check.get("expect_any") {
                assert!(
                    any.as_array().expect("list").contains(&got),
                    "{fname} {}: answered {x},{y}, expected one of {any}",
                    check["sequence"]
                );
            }
            if let Some(not) = check.get("expect_not") {
                assert!(
                    !not.as_array().expect("list").contains(&got),
                    "{fname} {}: answered the forbidden {x},{y}",
                    check["sequence"]
                );
            }
            runs += 1;
        }
    }
    assert_eq!(runs, 9);
}
