//! `menagerie tune datagen` and `tune merge-data` through the binary: four shards run
//! separately and merged give exactly the data of one run of the whole plan merged; a run
//! killed in the middle of a game and started again writes the same shard file as an
//! uninterrupted one; the merge refuses a game found twice, a file of another plan, and a
//! malformed line (naming file and line); the merged data is what `tune train-network` reads.

use std::path::{Path, PathBuf};
use std::process::Command;

const ENGINE: &str = env!("CARGO_BIN_EXE_menagerie");

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-datagen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `menagerie tune ARGS`; the output, or the error text when it fails.
fn tune(args: &[&str]) -> Result<String, String> {
    let out = Command::new(ENGINE)
        .arg("tune")
        .args(args)
        .output()
        .expect("the engine runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        Ok(text)
    } else {
        Err(text)
    }
}

/// The plan of these tests: small games of chess.
const PLAN: [&str; 12] = [
    "--variant",
    "chess",
    "--games",
    "8",
    "--nodes",
    "300",
    "--random-plies",
    "6",
    "--seed",
    "3",
    "--max-plies",
    "50",
];

fn shard(k: usize, n: usize, out: &Path) -> String {
    let spec = format!("{k}/{n}");
    let mut args = vec!["datagen"];
    args.extend(PLAN);
    args.extend(["--shard", &spec, "--out", out.to_str().unwrap()]);
    tune(&args).unwrap()
}

fn merge(out: &Path, shards: &[PathBuf]) -> Result<String, String> {
    let mut args = vec![
        "merge-data",
        "--variant",
        "chess",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(shards.iter().map(|p| p.to_str().unwrap()));
    tune(&args)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn four_shards_merged_are_one_run_merged() {
    let dir = scratch("shards");
    let shards: Vec<PathBuf> = (1..=4).map(|k| dir.join(format!("s{k}.txt"))).collect();
    // Out of order, as machines finish.
    for k in [3, 1, 4, 2] {
        shard(k, 4, &shards[k - 1]);
    }
    let apart = dir.join("apart.txt");
    let said = merge(
        &apart,
        &[
            shards[2].clone(),
            shards[0].clone(),
            shards[3].clone(),
            shards[1].clone(),
        ],
    )
    .unwrap();
    assert!(
        said.contains("8 games") && said.contains("0 games of the plan missing"),
        "{said}"
    );
    let whole = dir.join("whole.txt");
    shard(1, 1, &whole);
    let together = dir.join("together.txt");
    merge(&together, &[whole]).unwrap();
    let data = read(&apart);
    assert_eq!(data, read(&together));
    // What train-network reads: `POSITION | SCORE | RESULT`, each position once.
    let lines: Vec<&str> = data.lines().skip(1).collect();
    assert!(lines.len() > 30, "{} positions", lines.len());
    for line in &lines {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(
            fields[1].parse::<i32>().is_ok() && ["1", "0.5", "0"].contains(&fields[2]),
            "{line}"
        );
    }
    let network = dir.join("net.bin");
    let trained = tune(&[
        "train-network",
        "--variant",
        "chess",
        "--out",
        network.to_str().unwrap(),
        "--hidden",
        "32",
        "--epochs",
        "1",
        "--hold-out-every",
        "0",
        apart.to_str().unwrap(),
    ]);
    assert!(trained.is_ok(), "{trained:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    let dir = scratch("resume");
    let full = dir.join("full.txt");
    shard(2, 3, &full);
    let text = read(&full);
    // Killed after its first game, in the middle of writing the second.
    let first_mark = text.find("# game ").unwrap();
    let end_of_first = first_mark + text[first_mark..].find('\n').unwrap() + 1;
    let killed = format!("{}rnbqkbnr/pppp", &text[..end_of_first]);
    let resumed = dir.join("resumed.txt");
    std::fs::write(&resumed, killed).unwrap();
    let said = shard(2, 3, &resumed);
    assert!(said.contains("1 found finished"), "{said}");
    assert_eq!(read(&resumed), text);
    // Run once more: nothing left to play, nothing changes.
    let said = shard(2, 3, &resumed);
    assert!(said.contains("0 games played"), "{said}");
    assert_eq!(read(&resumed), text);
    // Another plan in the same file is refused and the file is left alone.
    let other = tune(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "8",
        "--seed",
        "4",
        "--shard",
        "2/3",
        "--out",
        resumed.to_str().unwrap(),
    ]);
    assert!(other.is_err_and(|e| e.contains("another plan")));
    assert_eq!(read(&resumed), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_merge_refuses_what_does_not_fit() {
    let dir = scratch("refuse");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    shard(1, 2, &a);
    shard(2, 2, &b);
    let out = dir.join("out.txt");
    let twice = merge(&out, &[a.clone(), a.clone()]).unwrap_err();
    assert!(twice.contains("game 0 is in"), "{twice}");
    let half = merge(&out, std::slice::from_ref(&a)).unwrap();
    assert!(half.contains("4 games of the plan missing"), "{half}");
    let broken = dir.join("broken.txt");
    let text = read(&b).replacen(" | ", " | x", 1);
    std::fs::write(&broken, text).unwrap();
    let bad = merge(&out, &[a.clone(), broken]).unwrap_err();
    assert!(
        bad.contains("broken.txt:3:") && bad.contains("score"),
        "{bad}"
    );
    let other = dir.join("other.txt");
    std::fs::write(&other, read(&b).replacen("seed 3", "seed 9", 1)).unwrap();
    let mixed = merge(&out, &[a, other]).unwrap_err();
    assert!(mixed.contains("another plan"), "{mixed}");
    for spec in ["0/2", "3/2", "x"] {
        let e = tune(&["datagen", "--shard", spec, "--out", out.to_str().unwrap()]).unwrap_err();
        assert!(e.contains("K/N"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
