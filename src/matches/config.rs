//! What a match is made of, read from the command line: engine specs
//! (`name=Sjaak,cmd=sjaakii file.txt,proto=xboard,variant=wildebeest_true,option.Hash=64`),
//! the time control (`5+0.05`) and the SPRT hypotheses. Parsing lives here so the runner itself
//! only ever sees checked values.

use std::path::PathBuf;
use std::time::Duration;

/// A configuration mistake, reported before any engine is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

fn err<T>(text: impl Into<String>) -> Result<T, ConfigError> {
    Err(ConfigError(text.into()))
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Xboard,
}

/// One engine of the match, as the user described it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Shown in game lines, the summary and the PGN.
    pub name: String,
    /// Program and arguments (split like a shell would, without running one, so the runner
    /// owns the engine process itself and can kill it).
    pub argv: Vec<String>,
    pub proto: Proto,
    /// The name this engine knows the game by; `None` = the runner's variant name.
    pub variant: Option<String>,
    /// Working directory of the engine process.
    pub dir: Option<PathBuf>,
    /// Piece letters translated at the engine edge (ours, theirs): Sjaak II and Fairy-Max call
    /// the wildebeest `G` where our notation says `W`.
    pub letters: Vec<(char, char)>,
    /// `option.NAME=VALUE`: UCI `setoption`, XBoard `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// `nodes=N`: this engine's node limit per move, over the match's `--nodes` (UCI only).
    /// Unequal limits give one engine odds, which measures how far apart two engines are
    /// in work per move: the node count at which the weaker one holds the stronger even.
    pub nodes: Option<u64>,
}

const KEYS: &[&str] = &["name", "cmd", "proto", "variant", "dir", "letters", "nodes"];

/// True when `part` starts a new `key=value` item (so a comma inside a command stays there).
fn starts_item(part: &str) -> bool {
    let Some((key, _)) = part.split_once('=') else {
        return false;
    };
    let key = key.trim();
    KEYS.contains(&key) || (key.starts_with("option.") && key.len() > "option.".len())
}

impl EngineSpec {
    /// Reads `key=value` items separated by commas. Keys: `name`, `cmd` (required), `proto`
    /// (`uci` default, or `xboard`), `variant`, `dir`, `letters` (`W:G`, several separated by
    /// spaces or `;`), `nodes` (at least 1), `option.NAME`. A comma not followed by a known key
    /// belongs to the value before it.
    pub fn parse(text: &str) -> Result<EngineSpec, ConfigError> {
        let mut items: Vec<String> = Vec::new();
        for part in text.split(',') {
            match items.last_mut() {
                Some(last) if !starts_item(part) => {
                    last.push(',');
                    last.push_str(part);
                }
                _ if starts_item(part) => items.push(part.to_string()),
                _ => {
                    return err(format!(
                        "engine spec '{text}': expected key=value, got '{part}'"
                    ));
                }
            }
        }
        let mut spec = EngineSpec {
            name: String::new(),
            argv: Vec::new(),
            proto: Proto::Uci,
            variant: None,
            dir: None,
            letters: Vec::new(),
            options: Vec::new(),
            nodes: None,
        };
        for item in items {
            let (key, value) = item.split_once('=').expect("checked by starts_item");
            let (key, value) = (key.trim(), value.trim());
            match key {
                "name" => spec.name = value.to_string(),
                "cmd" => spec.argv = split_command(value)?,
                "proto" => {
                    spec.proto = match value {
                        "uci" => Proto::Uci,
                        "xboard" | "cecp" | "winboard" => Proto::Xboard,
                        _ => return err(format!("unknown protocol '{value}' (uci or xboard)")),
                    }
                }
                "variant" => spec.variant = Some(value.to_string()),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "letters" => spec.letters = parse_letters(value)?,
                "nodes" => match value.parse::<u64>() {
                    Ok(n) if n >= 1 => spec.nodes = Some(n),
                    _ => {
                        return err(format!(
                            "nodes={value}: expected a whole number of at least 1"
                        ));
                    }
                },
                _ => {
                    let name = key.strip_prefix("option.").expect("checked by starts_item");
                    spec.options.push((name.to_string(), value.to_string()));
                }
            }
        }
        if spec.argv.is_empty() {
            return err(format!("engine spec '{text}' has no cmd=..."));
        }
        if spec.name.is_empty() {
            let program = &spec.argv[0];
            spec.name = program.rsplit('/').next().unwrap_or(program).to_string();
        }
        Ok(spec)
    }

    /// The name the engine knows the game by.
    pub fn variant_name<'a>(&'a self, ours: &'a str) -> &'a str {
        self.variant.as_deref().unwrap_or(ours)
    }
}

fn parse_letters(value: &str) -> Result<Vec<(char, char)>, ConfigError> {
    value
        .split([' ', ';'])
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let chars: Vec<char> = pair.chars().collect();
            match chars.as_slice() {
                [a, ':', b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
                    Ok((a.to_ascii_uppercase(), b.to_ascii_uppercase()))
                }
                _ => err(format!(
                    "letters: expected OURS:THEIRS like W:G, got '{pair}'"
                )),
            }
        })
        .collect()
}

/// Splits a command line into words: whitespace separates, '...' and "..." quote, `\` escapes.
pub fn split_command(text: &str) -> Result<Vec<String>, ConfigError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(n) => word.push(n),
                None => return err(format!("command '{text}' ends with a backslash")),
            },
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
        if quote.is_some() || !word.is_empty() {
            in_word = true;
        }
    }
    if quote.is_some() {
        return err(format!("command '{text}' has an unclosed quote"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Base time plus increment per move (`5+0.05`, `1:30+1`, `10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    pub fn parse(text: &str) -> Result<TimeControl, ConfigError> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base = match base.split_once(':') {
            Some((m, s)) => seconds(m).map(|m| m * 60.0)? + seconds(s)?,
            None => seconds(base)?,
        };
        let increment = seconds(inc)?;
        if base <= 0.0 && increment <= 0.0 {
            return err(format!("time control '{text}' gives no time at all"));
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(increment),
        })
    }
}

fn seconds(text: &str) -> Result<f64, ConfigError> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..1e7).contains(&x) => Ok(x),
        _ => err(format!(
            "'{text}' is not a number of seconds (time control BASE+INC, e.g. 5+0.05)"
        )),
    }
}

impl std::fmt::Display for TimeControl {
    /// PGN `TimeControl` form: seconds, `+increment` when there is one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// The sequential test's hypotheses: H0 `elo0`, H1 `elo1` (logistic Elo), error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl SprtConfig {
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<SprtConfig, ConfigError> {
        let mut c = SprtConfig {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for item in text.split(',').filter(|s| !s.trim().is_empty()) {
            let Some((k, v)) = item.split_once('=') else {
                return err(format!("sprt: expected key=value, got '{item}'"));
            };
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| ConfigError(format!("sprt: '{v}' is not a number")))?;
            match k.trim() {
                "elo0" => c.elo0 = v,
                "elo1" => c.elo1 = v,
                "alpha" => c.alpha = v,
                "beta" => c.beta = v,
                other => return err(format!("sprt: unknown key '{other}'")),
            }
        }
        if c.elo0.is_nan() || c.elo1.is_nan() || c.elo0 >= c.elo1 {
            return err("sprt: give elo0 < elo1, e.g. elo0=0,elo1=5");
        }
        if !(0.0 < c.alpha && c.alpha < 0.5 && 0.0 < c.beta && c.beta < 0.5) {
            return err("sprt: alpha and beta must lie in (0, 0.5)");
        }
        Ok(c)
    }
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSource {
    /// Random legal plies from the start position, reproducible from the seed.
    Random { plies: usize, seed: u64 },
    /// A file of move lists, one opening per line, used in order (wrapping around).
    File(PathBuf),
}

/// Everything `run_match` needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Our variant name: the rules the referee plays by.
    pub variant: String,
    pub engines: [EngineSpec; 2],
    pub games: usize,
    pub tc: TimeControl,
    /// Extra search limit sent to both engines (`sd` / `go depth`); the clock still runs.
    pub depth: Option<u32>,
    /// Node limit per move sent to both engines (UCI `go nodes`); the clock still runs. For
    /// screening search changes at a fixed amount of work, whatever the machine's load.
    pub nodes: Option<u64>,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub pgn: Option<PathBuf>,
    /// Draw when this many plies have been played (opening included).
    pub max_plies: Option<usize>,
    /// Think time allowed beyond the clock before a loss on time.
    pub grace: Duration,
    /// How long an engine may take to start or to get ready for a game.
    pub startup_timeout: Duration,
    pub sprt: Option<SprtConfig>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_spec_full() {
        let s = EngineSpec::parse(
            "name=Sjaak,cmd=sjaakii tools/peers/sjaak_wildebeest_true.txt,proto=xboard,variant=wildebeest_true,letters=W:G,option.Hash=64",
        )
        .unwrap();
        assert_eq!(s.name, "Sjaak");
        assert_eq!(s.argv, ["sjaakii", "tools/peers/sjaak_wildebeest_true.txt"]);
        assert_eq!(s.proto, Proto::Xboard);
        assert_eq!(s.variant.as_deref(), Some("wildebeest_true"));
        assert_eq!(s.letters, [('W', 'G')]);
        assert_eq!(s.options, [("Hash".to_string(), "64".to_string())]);
        assert_eq!(s.variant_name("wildebeest"), "wildebeest_true");
    }

    #[test]
    fn engine_spec_defaults_and_commas_in_values() {
        let s = EngineSpec::parse("cmd=/usr/games/fairy-stockfish").unwrap();
        assert_eq!(s.name, "fairy-stockfish");
        assert_eq!(s.proto, Proto::Uci);
        assert_eq!(s.variant_name("chess"), "chess");
        let s =
            EngineSpec::parse("cmd=eng --list a,b,c,proto=xboard,option.Skill Level=3").unwrap();
        assert_eq!(s.argv, ["eng", "--list", "a,b,c"]);
        assert_eq!(s.proto, Proto::Xboard);
        assert_eq!(s.options, [("Skill Level".to_string(), "3".to_string())]);
    }

    #[test]
    fn engine_spec_errors() {
        assert!(EngineSpec::parse("name=x").is_err());
        assert!(EngineSpec::parse("sjaakii").is_err());
        assert!(EngineSpec::parse("cmd=x,proto=usi").is_err());
        assert!(EngineSpec::parse("cmd=x,letters=WG").is_err());
        assert!(EngineSpec::parse("cmd='x").is_err());
    }

    #[test]
    fn engine_spec_node_limit() {
        let s = EngineSpec::parse("cmd=fairy-stockfish,nodes=4000").unwrap();
        assert_eq!(s.nodes, Some(4000));
        assert_eq!(EngineSpec::parse("cmd=x").unwrap().nodes, None);
        for bad in [
            "cmd=x,nodes=0",
            "cmd=x,nodes=-5",
            "cmd=x,nodes=many",
            "cmd=x,nodes=",
        ] {
            let e = EngineSpec::parse(bad).unwrap_err();
            assert!(e.0.contains("nodes="), "{bad}: {e}");
        }
    }

    #[test]
    fn command_splitting() {
        assert_eq!(
            split_command(r#"sh -c 'echo a b' "x y" z\ w"#).unwrap(),
            ["sh", "-c", "echo a b", "x y", "z w"]
        );
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("  ").unwrap().is_empty());
    }

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("5+0.05").unwrap();
        assert_eq!(tc.base, Duration::from_secs(5));
        assert_eq!(tc.increment, Duration::from_millis(50));
        assert_eq!(tc.to_string(), "5+0.05");
        let tc = TimeControl::parse("1:30+1").unwrap();
        assert_eq!(tc.base, Duration::from_secs(90));
        assert_eq!(TimeControl::parse("10").unwrap().to_string(), "10");
        assert!(TimeControl::parse("0+0").is_err());
        assert!(TimeControl::parse("x+1").is_err());
        assert!(TimeControl::parse("-1+1").is_err());
    }

    #[test]
    fn sprt_config() {
        let s = SprtConfig::parse("elo0=0,elo1=5").unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        assert!(SprtConfig::parse("elo0=5,elo1=0").is_err());
        assert!(SprtConfig::parse("elo0=0,elo1=5,alpha=0.7").is_err());
        assert!(SprtConfig::parse("elo1=5").is_err());
    }
}

/// `menagerie match` arguments, as clap reads them.
#[derive(clap::Args, Clone, Debug)]
pub struct MatchArgs {
    /// Show the games live in the browser: serve the board page on this port of 127.0.0.1
    /// (0: any free port) and print its URL.
    #[arg(long)]
    pub watch: Option<u16>,
    /// Our variant: the rules the referee plays by.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Engine spec, given twice: name=N,cmd=CMD,proto=uci|xboard,variant=V,dir=D,letters=W:G,nodes=N,option.NAME=VALUE (nodes: this engine's own node limit per move, UCI only)
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control BASE+INC in seconds (e.g. 5+0.05; BASE may be M:SS).
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Depth limit sent to both engines on top of the clock.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move sent to every engine (UCI `go nodes`; UCI engines only).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at the same time (each with its own pair of engine processes).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Write the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// A file of openings: move lists from the start position, one per line.
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Random legal plies from the start position as opening (0 = start position).
    #[arg(long, default_value_t = 6)]
    pub random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a draw after this many plies.
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// Milliseconds an engine may exceed its clock before losing on time.
    #[arg(long, default_value_t = 0)]
    pub grace_ms: u64,
    /// Milliseconds an engine may take to start or to get ready for a game.
    #[arg(long, default_value_t = 10_000)]
    pub startup_ms: u64,
    /// Sequential test: elo0=0,elo1=5[,alpha=0.05,beta=0.05]; the match stops at a decision.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Games of more than two players: a variant option for the referee and every engine,
    /// NAME=VALUE (repeatable), e.g. PartyArmies=ARCHERY.
    #[arg(long = "option")]
    pub options: Vec<String>,
}

impl MatchArgs {
    /// The configuration of a match in a game of more than two players: 2..8 engines (one per
    /// seat), `--games` hands, `--random-plies` random turns before the engines take over,
    /// `--pgn` the record file, `--max-plies` turns before a hand is stopped unfinished.
    pub fn to_multi_config(&self) -> Result<super::multi::MultiMatchConfig, ConfigError> {
        if !(2..=8).contains(&self.engines.len()) {
            return err(format!(
                "give 2 to 8 --engine specs for {} (got {})",
                self.variant,
                self.engines.len()
            ));
        }
        if self.games == 0 {
            return err("--games must be at least 1");
        }
        if self.concurrency == 0 {
            return err("--concurrency must be at least 1");
        }
        if self.openings.is_some() || self.sprt.is_some() {
            return err(format!(
                "--openings and --sprt are for two-player games, not {}",
                self.variant
            ));
        }
        let mut options = Vec::new();
        for o in &self.options {
            let Some((k, v)) = o.split_once('=') else {
                return err(format!("--option '{o}': expected NAME=VALUE"));
            };
            options.push((k.trim().to_string(), v.trim().to_string()));
        }
        Ok(super::multi::MultiMatchConfig {
            variant: self.variant.clone(),
            engines: self
                .engines
                .iter()
                .map(|e| EngineSpec::parse(e))
                .collect::<Result<_, _>>()?,
            hands: self.games,
            tc: TimeControl::parse(&self.tc)?,
            depth: self.depth,
            nodes: self.nodes,
            concurrency: self.concurrency,
            random_plies: self.random_plies,
            seed: self.seed,
            record: self.pgn.clone(),
            options,
            grace: Duration::from_millis(self.grace_ms),
            startup_timeout: Duration::from_millis(self.startup_ms),
            max_turns: self.max_plies,
        })
    }

    /// Checks every value and builds the match configuration.
    pub fn to_config(&self) -> Result<MatchConfig, ConfigError> {
        if !self.options.is_empty() {
            return err(format!(
                "--option is for games of more than two players, not {}",
                self.variant
            ));
        }
        let [first, second] = self.engines.as_slice() else {
            return err(format!(
                "give exactly two --engine specs (got {})",
                self.engines.len()
            ));
        };
        if self.games == 0 {
            return err("--games must be at least 1");
        }
        if self.concurrency == 0 {
            return err("--concurrency must be at least 1");
        }
        if self.nodes == Some(0) {
            return err("--nodes must be at least 1");
        }
        let openings = match &self.openings {
            Some(path) => OpeningSource::File(path.clone()),
            None => OpeningSource::Random {
                plies: self.random_plies,
                seed: self.seed,
            },
        };
        let engines = [EngineSpec::parse(first)?, EngineSpec::parse(second)?];
        if let Some(e) = engines
            .iter()
            .find(|e| e.proto == Proto::Xboard && e.nodes.is_some())
        {
            return err(format!(
                "{}: nodes= needs a UCI engine; XBoard has no node limit per move",
                e.name
            ));
        }
        Ok(MatchConfig {
            variant: self.variant.clone(),
            engines,
            games: self.games,
            tc: TimeControl::parse(&self.tc)?,
            depth: self.depth,
            nodes: self.nodes,
            concurrency: self.concurrency,
            openings,
            pgn: self.pgn.clone(),
            max_plies: self.max_plies,
            grace: Duration::from_millis(self.grace_ms),
            startup_timeout: Duration::from_millis(self.startup_ms),
            sprt: self.sprt.as_deref().map(SprtConfig::parse).transpose()?,
        })
    }
}
