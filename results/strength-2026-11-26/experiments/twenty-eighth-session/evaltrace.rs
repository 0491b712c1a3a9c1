//! Throwaway: prints the evaluation and its board terms for FENs read from stdin, one line each
//! (not committed).
use menagerie::core::game::Game;
use menagerie::fen::parse_position;
use menagerie::search::eval::Evaluator;
use menagerie::search::features::features;
use menagerie::search::pawn_structure::PawnTable;
use menagerie::variants::{AnyGame, game};
use std::io::BufRead;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let AnyGame::Western(g) = game(&args[1]).unwrap() else { panic!() };
    let v = g.variant();
    let ev = Evaluator::new(v);
    for line in std::io::stdin().lock().lines() {
        let fen = line.unwrap();
        match parse_position(&g, &fen) {
            Ok(pos) => {
                let f = features(v, &pos, &mut PawnTable::none());
                let terms: Vec<String> = f.iter().map(|x| x.to_string()).collect();
                println!("{} {}", ev.evaluate(v, &pos), terms.join(" "));
            }
            Err(e) => println!("error {e}"),
        }
    }
}
