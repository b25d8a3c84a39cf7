use lonelybot::engine::Solitaire;
use lonelybot::formatter::Solvitaire;
use lonelybot::mcts_solver::pick_moves;
use lonelybot::shuffler::default_shuffle;
use lonelybot::standard::StandardSolitaire;
use lonelybot::tracking::DefaultTerminateSignal;
use rand::prelude::*;

fn do_hop(seed: u64) -> bool {
    let n_times: usize = std::env::var("N_TIMES").map(|v| v.parse().unwrap()).unwrap_or(3000);
    let limit: usize = std::env::var("LIMIT").map(|v| v.parse().unwrap()).unwrap_or(1000);
    let mut game = Solitaire::new(&default_shuffle(seed), 3);
    let mut rng = StdRng::seed_from_u64(seed);
    while !game.is_win() {
        let mut gg = game.clone();
        gg.get_hidden_mut().clear();
        let Some(best) = pick_moves(&mut gg, &mut rng, n_times, limit, &DefaultTerminateSignal {}) else {
            return false;
        };
        for m in best {
            game.do_move(&m);
        }
    }
    true
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: u64 = args[1].parse().unwrap();
    let b: u64 = args[2].parse().unwrap();
    let play = args.len() < 4;
    for seed in a..b {
        let g = StandardSolitaire::new(&default_shuffle(seed), 3);
        let json = format!("{}", Solvitaire(g)).replace('\n', "");
        let won = if play { do_hop(seed) as i32 } else { -1 };
        println!("{seed}\t{won}\t{json}");
    }
}
