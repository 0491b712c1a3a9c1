//! Training data in shards, for as many machines as there are: self-play games scored by the
//! engine's own search (`FEN | score | result` lines, what `tune train-network` reads),
//! split by game number into deterministic shards.
//!
//! Why shards: generating positions is the bottleneck of training a network (a 2-core machine
//! makes a few million a day). Game `g` of a plan depends on the plan's seed and `g` alone
//! ([`super::selfplay::one_game`]), and shard `K/N` plays the games with `g % N == K - 1`, so
//! N machines (a Slurm array, GNU parallel over ssh) run one shard each with no coordination,
//! and [`merge`] puts the shards together into exactly the data one machine would have made.
//!
//! A shard file says what it holds: a header naming the plan, a line naming the shard, then per
//! game its positions and a `# game G` line written after them. A run that is killed leaves at
//! most an unfinished game after the last such line; running the same command again cuts that
//! off and goes on with the next game, so a shard is resumable.

use std::collections::{BTreeMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write;

use super::selfplay::{ScoredGame, SelfPlay, one_game};
use crate::core::game::Game;
use crate::eval::{Evaluate, Evaluator};
use crate::fen::parse_position;
use crate::search::TranspositionTable;

/// One of `count` shards (`index` from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The most shards a plan may be split into.
pub const MAX_SHARDS: usize = 1_000_000;

impl Shard {
    /// `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("a shard is K/N with 1 <= K <= N <= {MAX_SHARDS}, not '{text}'");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether game `game` (from 0) is this shard's.
    pub fn owns(self, game: usize) -> bool {
        game % self.count == self.index - 1
    }

    fn line(self) -> String {
        format!("# shard {}/{}", self.index, self.count)
    }
}

/// The first line of every shard file: everything the data depends on.
fn header(variant: &str, plan: &SelfPlay) -> String {
    format!(
        "# menagerie data: variant {variant}, games {}, nodes {}, random plies {}, seed {}, max plies {}",
        plan.games, plan.nodes, plan.random_plies, plan.seed, plan.max_plies
    )
}

const GAME_MARK: &str = "# game ";

/// What a run of one shard did.
#[derive(Debug, PartialEq, Eq)]
pub struct ShardRun {
    /// Games found finished in the file from an earlier run.
    pub kept: usize,
    /// Games played by this run.
    pub played: usize,
    /// Positions this run wrote.
    pub positions: usize,
}

/// The lines of one finished game, its mark last.
fn game_block(index: usize, game: &ScoredGame) -> String {
    let mut out = String::new();
    for (fen, score) in &game.positions {
        out.push_str(&format!("{fen} | {score} | {}\n", game.result));
    }
    out.push_str(&format!("{GAME_MARK}{index}\n"));
    out
}

/// Reads what an earlier run of the same shard left in `text`: the length of the text to keep
/// (through the last game mark) and the last finished game. Refuses a file of another plan or
/// shard.
fn resume_point(text: &str, head: &str, shard: Shard) -> Result<(usize, Option<usize>), String> {
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or("").trim_end();
    let second = lines.next().unwrap_or("").trim_end();
    if first != head || second != shard.line() {
        return Err(format!(
            "it was written for another plan or shard ('{first}', '{second}'); \
             use another file or the same settings"
        ));
    }
    let mut keep = first.len() + second.len() + 2;
    let mut last = None;
    let mut at = keep;
    for line in lines {
        at += line.len();
        if let Some(number) = line.trim_end().strip_prefix(GAME_MARK)
            && line.ends_with('\n')
        {
            last = Some(
                number
                    .parse::<usize>()
                    .map_err(|_| format!("a malformed game mark '{}'", line.trim_end()))?,
            );
            keep = at;
        }
    }
    Ok((keep, last))
}

/// Plays shard `shard` of `plan` into the file at `path`, resuming an earlier run's file.
/// Games are played `plan.threads` at a time and written in their order, each as soon as it
/// and those before it are done. `progress` hears the number of each game written.
pub fn run_shard<G: Evaluate>(
    game: &G,
    evaluator: &Evaluator,
    variant: &str,
    plan: &SelfPlay,
    shard: Shard,
    path: &str,
    mut progress: impl FnMut(usize),
) -> Result<ShardRun, String> {
    let head = header(variant, plan);
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {path}: {e}")),
    };
    let (keep, last) = match existing.as_deref() {
        Some(text) if !text.is_empty() => {
            resume_point(text, &head, shard).map_err(|e| format!("{path}: {e}"))?
        }
        _ => (0, None),
    };
    // Cut off an unfinished game, then append.
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .and_then(|f| f.set_len(keep as u64))
        .map_err(|e| format!("cannot truncate {path}: {e}"))?;
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    if keep == 0 {
        writeln!(file, "{head}\n{}", shard.line())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let todo: Vec<usize> = (0..plan.games)
        .filter(|&g| shard.owns(g) && last.is_none_or(|l| g > l))
        .collect();
    let kept = (0..plan.games)
        .filter(|&g| shard.owns(g) && last.is_some_and(|l| g <= l))
        .count();
    let mut run = ShardRun {
        kept,
        played: 0,
        positions: 0,
    };
    let threads = plan.threads.max(1);
    let tables: Vec<TranspositionTable> =
        (0..threads).map(|_| TranspositionTable::new(8)).collect();
    for chunk in todo.chunks(threads) {
        let games: Vec<ScoredGame> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .iter()
                .zip(&tables)
                .map(|(&g, tt)| scope.spawn(move || one_game(game, evaluator, plan, g as u64, tt)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        for (&g, scored) in chunk.iter().zip(&games) {
            file.write_all(game_block(g, scored).as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write {path}: {e}"))?;
            run.played += 1;
            run.positions += scored.positions.len();
            progress(g);
        }
    }
    Ok(run)
}

/// What [`merge`] found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MergeReport {
    pub games: usize,
    /// Games of the plan found in no shard (an unfinished or missing shard).
    pub missing: usize,
    pub positions: usize,
    /// Positions dropped because an earlier game had them (move counters aside).
    pub duplicates: usize,
    /// Unfinished games at the ends of files, left out.
    pub unfinished: usize,
}

/// A position's identity for de-duplication: its string without the trailing move counters.
fn position_key(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    while fields.len() > 1 && fields.last().is_some_and(|f| f.parse::<u64>().is_ok()) {
        fields.pop();
    }
    fields.join(" ")
}

/// Checks one data line: a position of the game, an integer score, a result 1, 0.5 or 0.
fn check_line<G: Game>(game: &G, line: &str) -> Result<String, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err("a data line is 'POSITION | SCORE | RESULT'".into());
    };
    score
        .parse::<i32>()
        .map_err(|_| format!("the score '{score}' is not a whole number"))?;
    if !["1", "0.5", "0"].contains(&result) {
        return Err(format!("the result '{result}' is not 1, 0.5 or 0"));
    }
    parse_position(game, fen).map_err(|e| format!("bad position: {e}"))?;
    Ok(fen.to_string())
}

/// Merges shard files (`(name, text)`, any order) of one plan into one data text: the header,
/// then every game's positions in game order, each position once. Refuses files of different
/// plans or shard counts, a game found twice, a game in a shard that does not own it, and any
/// malformed line (naming the file and line).
pub fn merge<G: Game>(
    game: &G,
    files: &[(String, String)],
) -> Result<(String, MergeReport), String> {
    let mut plan_head: Option<&str> = None;
    let mut shard_count: Option<usize> = None;
    let mut blocks: BTreeMap<usize, (Vec<String>, &str)> = BTreeMap::new();
    let mut report = MergeReport::default();
    for (name, text) in files {
        let mut lines = text.lines();
        let head = lines.next().unwrap_or("");
        if !head.starts_with("# menagerie data: ") {
            return Err(format!(
                "{name}:1: not a shard file of `menagerie tune datagen`"
            ));
        }
        match plan_head {
            Some(h) if h != head => {
                return Err(format!(
                    "{name}:1: another plan than the first file's ('{h}')"
                ));
            }
            _ => plan_head = Some(head),
        }
        let shard = lines
            .next()
            .and_then(|l| l.strip_prefix("# shard "))
            .ok_or_else(|| format!("{name}:2: the shard line is missing"))
            .and_then(|s| Shard::parse(s).map_err(|e| format!("{name}:2: {e}")))?;
        match shard_count {
            Some(n) if n != shard.count => {
                return Err(format!(
                    "{name}:2: {} shards, the first file had {n}",
                    shard.count
                ));
            }
            _ => shard_count = Some(shard.count),
        }
        let mut pending = Vec::new();
        for (i, line) in lines.enumerate() {
            let at = i + 3;
            if let Some(number) = line.strip_prefix(GAME_MARK) {
                let g: usize = number
                    .trim()
                    .parse()
                    .map_err(|_| format!("{name}:{at}: a malformed game mark"))?;
                if !shard.owns(g) {
                    return Err(format!(
                        "{name}:{at}: game {g} is not shard {}/{}'s",
                        shard.index, shard.count
                    ));
                }
                if let Some((_, other)) = blocks.get(&g) {
                    return Err(format!("{name}:{at}: game {g} is in {other} too"));
                }
                blocks.insert(g, (std::mem::take(&mut pending), name.as_str()));
            } else if line.starts_with('#') || line.trim().is_empty() {
                continue;
            } else {
                let fen = check_line(game, line).map_err(|e| format!("{name}:{at}: {e}"))?;
                pending.push(format!("{line}\n{}", position_key(&fen)));
            }
        }
        if !pending.is_empty() {
            report.unfinished += 1;
        }
    }
    let head = plan_head.ok_or("no shard files to merge")?;
    let planned: usize = head
        .split(", ")
        .find_map(|f| f.strip_prefix("games "))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("the header '{head}' names no number of games"))?;
    let mut seen = HashSet::new();
    let mut body = String::new();
    for (lines, _) in blocks.values() {
        for entry in lines {
            let (line, key) = entry.split_once('\n').unwrap_or((entry, entry));
            if seen.insert(key.to_string()) {
                body.push_str(line);
                body.push('\n');
                report.positions += 1;
            } else {
                report.duplicates += 1;
            }
        }
    }
    report.games = blocks.len();
    report.missing = planned.saturating_sub(blocks.len());
    let plan = head.trim_start_matches("# menagerie data: ");
    let out = format!(
        "# menagerie data merged: {plan}: {} games, {} positions\n{body}",
        report.games, report.positions
    );
    Ok((out, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_read_and_split_the_games() {
        let s = Shard::parse("2/4").unwrap();
        assert_eq!((s.index, s.count), (2, 4));
        let owned: Vec<usize> = (0..10).filter(|&g| s.owns(g)).collect();
        assert_eq!(owned, [1, 5, 9]);
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "1/2000000", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counters_are_not_part_of_a_position() {
        assert_eq!(
            position_key("rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 3 17"),
            "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq -"
        );
    }

    #[test]
    fn a_resume_keeps_finished_games_only() {
        let plan = SelfPlay {
            games: 4,
            nodes: 1,
            random_plies: 0,
            seed: 1,
            threads: 1,
            max_plies: 10,
        };
        let head = header("chess", &plan);
        let shard = Shard::parse("1/1").unwrap();
        let done = format!(
            "{head}\n{}\nA | 1 | 1\n# game 0\nB | 2 | 1\n# game 1\n",
            shard.line()
        );
        let text = format!("{done}C | 3 | 0.5\n# gam");
        assert_eq!(resume_point(&text, &head, shard), Ok((done.len(), Some(1))));
        let other = Shard::parse("1/2").unwrap();
        assert!(resume_point(&text, &head, other).is_err());
    }
}
