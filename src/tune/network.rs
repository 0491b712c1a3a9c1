//! Trains an evaluation network ([`crate::eval::network`]) on scored positions.
//!
//! The data are lines `<position> | <score> | <result>`: a position string of the variant, a
//! teacher's score in centipawns from the first player's view and the game's result for the
//! first player (1, 0.5 or 0); `tools/nnue/datagen.py` writes them. The network is fitted in
//! 32-bit floats to `λ·σ(score/400) + (1−λ)·result`, σ the logistic function, by the mean
//! squared error of σ(output) with Adam, then rounded to the integers the engine reads.
//!
//! Why our own trainer: the network is small (one hidden layer over a few hundred inputs, of
//! which a few dozen are set), so a plain loop over the set inputs trains it on two cores in
//! minutes, with nothing to install.

use crate::core::game::Game;
use crate::core::variant::Variant;
use crate::eval::network::{HIDDEN_STEP, MAX_HIDDEN, NetworkFile, QA, QB, SCALE, View};
use crate::fen::parse_position;
use crate::tune::Rng;

/// The most a feature weight or hidden bias may be (in units of a hidden value 1.0): the
/// sums of a few dozen of them times [`QA`] stay far inside 16 bits.
const FEATURE_CLIP: f32 = 1.98;
/// The most an output weight may be: times [`QB`] it stays below 128, which the engine's
/// products need.
const OUTPUT_CLIP: f32 = 1.98;

/// One training position: its inputs from the first player's view (the second player's
/// are looked up), side to move, the target's two parts.
struct Sample {
    /// Index of the first input in [`Data::inputs`]; the sample's inputs run to the next's.
    start: u32,
    side: u8,
    /// Each player's (first) royal's cell, if it has one (for left-right mirroring).
    royals: [Option<u16>; 2],
    /// σ(score / SCALE) from the side to move's view.
    score: f32,
    /// The result from the side to move's view.
    result: f32,
}

/// Every sample's inputs in one array.
pub struct Data {
    samples: Vec<Sample>,
    inputs: Vec<u16>,
}

impl Data {
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// What the network reads of sample `i`: inputs, side to move, royals.
    fn position(&self, i: usize) -> (&[u16], u8, [Option<u16>; 2]) {
        let s = &self.samples[i];
        (self.inputs_of(i), s.side, s.royals)
    }

    fn inputs_of(&self, i: usize) -> &[u16] {
        let start = self.samples[i].start as usize;
        let end = self
            .samples
            .get(i + 1)
            .map_or(self.inputs.len(), |s| s.start as usize);
        &self.inputs[start..end]
    }
}

/// How the network looks and is trained.
#[derive(Clone, Debug)]
pub struct Plan {
    pub hidden: usize,
    pub buckets: usize,
    pub men_per_bucket: usize,
    pub view: View,
    /// Left-right mirroring by the royal's half ([`crate::eval::network::Network::mirrors`]).
    pub mirror_files: bool,
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// The share of the result in the target (λ above is 1 − this).
    pub result_weight: f32,
    pub threads: usize,
    pub seed: u64,
    /// Every how many'th sample is held out to measure the error (0: none).
    pub hold_out_every: usize,
}

/// The input index of a man for the first player: (relative owner, kind, cell).
fn first_input(kinds: usize, squares: usize, owner: u8, kind: usize, sq: usize) -> usize {
    (owner as usize * kinds + kind) * squares + sq
}

/// Reads the training lines of `text`. Returns the data and the number of unreadable lines.
pub fn read_data<G: Game>(game: &G, text: &str, data: &mut Data) -> usize {
    let v = game.variant();
    let (kinds, squares) = (v.kinds(), v.geometry().squares());
    let mut bad = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            bad += 1;
            continue;
        };
        let (Ok(pos), Ok(score), Ok(result)) = (
            parse_position(game, fen),
            score.parse::<f32>(),
            result.parse::<f32>(),
        ) else {
            bad += 1;
            continue;
        };
        if !score.is_finite() || !(0.0..=1.0).contains(&result) || pos.players() != 2 {
            bad += 1;
            continue;
        }
        let start = data.inputs.len() as u32;
        for player in 0..2u8 {
            for sq in pos.occupied(player).iter() {
                let kind = pos.at(sq).kind() as usize;
                data.inputs
                    .push(first_input(kinds, squares, player, kind, sq as usize) as u16);
            }
        }
        let side = pos.side();
        let royals = [pos.royals(0).first(), pos.royals(1).first()];
        let (score, result) = if side == 0 {
            (score, result)
        } else {
            (-score, 1.0 - result)
        };
        data.samples.push(Sample {
            start,
            side,
            royals,
            score: sigmoid(score / SCALE as f32),
            result,
        });
    }
    bad
}

impl Data {
    pub fn new() -> Self {
        Data {
            samples: Vec::new(),
            inputs: Vec::new(),
        }
    }
}

impl Default for Data {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The network's parameters in floats, laid out as the file lays them out.
#[derive(Clone)]
struct Params {
    feature_weights: Vec<f32>,
    feature_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: Vec<f32>,
}

impl Params {
    fn zeros_like(other: &Params) -> Params {
        Params {
            feature_weights: vec![0.0; other.feature_weights.len()],
            feature_bias: vec![0.0; other.feature_bias.len()],
            output_weights: vec![0.0; other.output_weights.len()],
            output_bias: vec![0.0; other.output_bias.len()],
        }
    }

    fn slices_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [
            &mut self.feature_weights,
            &mut self.feature_bias,
            &mut self.output_weights,
            &mut self.output_bias,
        ]
    }

    fn clear(&mut self) {
        for s in self.slices_mut() {
            s.fill(0.0);
        }
    }

    fn add(&mut self, other: &Params) {
        let mut other = other.clone();
        for (a, b) in self.slices_mut().into_iter().zip(other.slices_mut()) {
            a.iter_mut().zip(b.iter()).for_each(|(x, y)| *x += y);
        }
    }
}

/// What the trainer needs to know of the board.
struct Shape {
    inputs: usize,
    hidden: usize,
    buckets: usize,
    men_per_bucket: usize,
    /// Each player's input for each first player's input, without and with left-right
    /// mirroring: `view[player][flip][input]`.
    view: [[Vec<u16>; 2]; 2],
    probe: crate::eval::network::Network,
}

impl Shape {
    fn bucket(&self, men: usize) -> usize {
        (men.saturating_sub(2) / self.men_per_bucket).min(self.buckets - 1)
    }
}

/// One sample's forward and backward pass: adds its gradient (times `scale`) to `grad` and
/// returns its squared error. `acc` is scratch of `4 * hidden` floats.
fn train_sample(
    shape: &Shape,
    params: &Params,
    (inputs, side, royals): (&[u16], u8, [Option<u16>; 2]),
    target: f32,
    scale: f32,
    grad: &mut Params,
    acc: &mut [f32],
) -> f32 {
    let h = shape.hidden;
    let (layers, deltas) = acc.split_at_mut(2 * h);
    let (first, second) = layers.split_at_mut(h);
    let views = [0u8, 1].map(|player| {
        let flip = shape
            .probe
            .mirrors_with_royal_on(player, royals[player as usize]);
        &shape.view[player as usize][flip as usize]
    });
    first.copy_from_slice(&params.feature_bias);
    second.copy_from_slice(&params.feature_bias);
    for &input in inputs {
        let row = &params.feature_weights[views[0][input as usize] as usize * h..][..h];
        first.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        let row = &params.feature_weights[views[1][input as usize] as usize * h..][..h];
        second.iter_mut().zip(row).for_each(|(a, w)| *a += w);
    }
    let (us, them): (&[f32], &[f32]) = if side == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let bucket = shape.bucket(inputs.len());
    let weights = &params.output_weights[bucket * 2 * h..][..2 * h];
    let (w_us, w_them) = weights.split_at(h);
    let activation = |x: f32| {
        let c = x.clamp(0.0, 1.0);
        c * c
    };
    let mut out = params.output_bias[bucket];
    for (x, w) in us.iter().zip(w_us).chain(them.iter().zip(w_them)) {
        out += activation(*x) * w;
    }
    let p = sigmoid(out);
    let error = p - target;
    let g = 2.0 * error * p * (1.0 - p) * scale;
    grad.output_bias[bucket] += g;
    let gw = &mut grad.output_weights[bucket * 2 * h..][..2 * h];
    let (d_us, d_them) = deltas.split_at_mut(h);
    for (i, &x) in us.iter().enumerate() {
        gw[i] += g * activation(x);
        d_us[i] = if x > 0.0 && x < 1.0 {
            g * w_us[i] * 2.0 * x
        } else {
            0.0
        };
    }
    for (i, &x) in them.iter().enumerate() {
        gw[h + i] += g * activation(x);
        d_them[i] = if x > 0.0 && x < 1.0 {
            g * w_them[i] * 2.0 * x
        } else {
            0.0
        };
    }
    let (d_first, d_second): (&[f32], &[f32]) = if side == 0 {
        (d_us, d_them)
    } else {
        (d_them, d_us)
    };
    for i in 0..h {
        grad.feature_bias[i] += d_first[i] + d_second[i];
    }
    for &input in inputs {
        let row = &mut grad.feature_weights[views[0][input as usize] as usize * h..][..h];
        row.iter_mut().zip(d_first).for_each(|(a, d)| *a += d);
        let row = &mut grad.feature_weights[views[1][input as usize] as usize * h..][..h];
        row.iter_mut().zip(d_second).for_each(|(a, d)| *a += d);
    }
    error * error
}

/// Adam's running moments.
struct Adam {
    m: Params,
    v: Params,
    step: i32,
}

impl Adam {
    fn update(&mut self, params: &mut Params, grad: &mut Params, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.step += 1;
        let c1 = 1.0 - B1.powi(self.step);
        let c2 = 1.0 - B2.powi(self.step);
        let clips = [FEATURE_CLIP, FEATURE_CLIP, OUTPUT_CLIP, f32::MAX];
        let ps = params.slices_mut();
        let gs = grad.slices_mut();
        let ms = self.m.slices_mut();
        let vs = self.v.slices_mut();
        for ((((p, g), m), v), clip) in ps.into_iter().zip(gs).zip(ms).zip(vs).zip(clips) {
            for i in 0..p.len() {
                let gi = g[i];
                m[i] = B1 * m[i] + (1.0 - B1) * gi;
                v[i] = B2 * v[i] + (1.0 - B2) * gi * gi;
                let step = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + EPS);
                p[i] = (p[i] - step).clamp(-clip, clip);
            }
        }
    }
}

/// Trains a network on `data` for the board of `game`, logging each epoch through `log`
/// with the error on the held-out samples and, if given, on `validation`'s scores alone
/// (the epoch kept is the one with the least validation error, else held-out error).
pub fn train<G: Game>(
    game: &G,
    data: &Data,
    validation: Option<&Data>,
    plan: &Plan,
    log: &mut dyn FnMut(&str),
) -> Result<NetworkFile, String> {
    let v = game.variant();
    let (kinds, squares) = (v.kinds(), v.geometry().squares());
    let h = plan.hidden;
    if h == 0 || !h.is_multiple_of(HIDDEN_STEP) || h > MAX_HIDDEN {
        return Err(format!(
            "--hidden {h}: a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN}"
        ));
    }
    if plan.buckets == 0 || plan.men_per_bucket == 0 || plan.batch == 0 || plan.threads == 0 {
        return Err("buckets, men per bucket, batch and threads must be at least 1".into());
    }
    if data.is_empty() {
        return Err("no training positions".into());
    }
    let shape = shape_of(v, plan)?;
    let mut rng = Rng::seeded(plan.seed);
    let mut uniform =
        |range: f32| (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * 2.0 * range - range;
    let mut params = Params {
        feature_weights: (0..shape.inputs * h).map(|_| uniform(0.1)).collect(),
        feature_bias: (0..h).map(|_| uniform(0.1) + 0.1).collect(),
        output_weights: (0..plan.buckets * 2 * h)
            .map(|_| uniform(1.0 / (2.0 * h as f32).sqrt()))
            .collect(),
        output_bias: vec![0.0; plan.buckets],
    };
    let mut adam = Adam {
        m: Params::zeros_like(&params),
        v: Params::zeros_like(&params),
        step: 0,
    };
    let (mut train_set, held): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|i| plan.hold_out_every == 0 || i % plan.hold_out_every != 0);
    let target = |i: usize| {
        let s = &data.samples[i];
        (1.0 - plan.result_weight) * s.score + plan.result_weight * s.result
    };
    let threads = plan.threads;
    let mut grads: Vec<Params> = (0..threads).map(|_| Params::zeros_like(&params)).collect();
    let mut best: Option<(f64, Params)> = None;
    for epoch in 1..=plan.epochs {
        // Cosine from the full rate down to a fiftieth of it.
        let progress = (epoch - 1) as f32 / plan.epochs.max(2) as f32;
        let lr = plan.learning_rate
            * (0.02 + 0.98 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
        for i in (1..train_set.len()).rev() {
            train_set.swap(i, rng.below(i + 1));
        }
        let mut train_error = 0.0f64;
        for batch in train_set.chunks(plan.batch) {
            let scale = 1.0 / batch.len() as f32;
            let per_thread = batch.len().div_ceil(threads);
            let errors: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(per_thread))
                    .map(|(grad, part)| {
                        let (shape, params, data) = (&shape, &params, data);
                        let target = &target;
                        scope.spawn(move || {
                            grad.clear();
                            let mut acc = vec![0f32; 4 * shape.hidden];
                            part.iter()
                                .map(|&i| {
                                    train_sample(
                                        shape,
                                        params,
                                        data.position(i),
                                        target(i),
                                        scale,
                                        grad,
                                        &mut acc,
                                    ) as f64
                                })
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            train_error += errors.iter().sum::<f64>();
            let used = batch.len().div_ceil(per_thread).min(threads);
            let (total, rest) = grads.split_at_mut(1);
            for other in &rest[..used.saturating_sub(1)] {
                total[0].add(other);
            }
            adam.update(&mut params, &mut total[0], lr);
        }
        let held_error = if held.is_empty() {
            f64::NAN
        } else {
            mean_error(&shape, &params, data, &held, &target)
        };
        let valid_error = validation.map(|valid| {
            let all: Vec<usize> = (0..valid.len()).collect();
            mean_error(&shape, &params, valid, &all, &|i| valid.samples[i].score)
        });
        log(&format!(
            "epoch {epoch:>3}  lr {lr:.6}  train {:.6}  held out {held_error:.6}{}",
            train_error / train_set.len() as f64,
            valid_error.map_or(String::new(), |e| format!("  validation {e:.6}"))
        ));
        let measure = valid_error.unwrap_or(held_error);
        if measure.is_nan() || best.as_ref().is_none_or(|(e, _)| measure < *e) {
            best = Some((measure, params.clone()));
        }
    }
    let params = best.map_or(params, |(_, p)| p);
    Ok(quantise(&params, kinds, squares, plan))
}

/// The network's shape for variant `v` and `plan`, with each player's input index of every
/// (owner, kind, cell), as the built-in network reads them (through a blank network).
fn shape_of(v: &Variant, plan: &Plan) -> Result<Shape, String> {
    let (kinds, squares) = (v.kinds(), v.geometry().squares());
    let h = plan.hidden;
    let probe =
        crate::eval::network::Network::from_bytes(&blank_file(kinds, squares, plan).to_bytes(), v)
            .map_err(|e| e.0)?;
    let inputs = 2 * kinds * squares;
    // Each player's input for each input as the first player sees it without mirroring.
    let view = |player: u8, flip: bool| -> Vec<u16> {
        (0..inputs)
            .map(|i| {
                let (owner, rest) = (i / (kinds * squares), i % (kinds * squares));
                let (kind, sq) = (rest / squares, rest % squares);
                let piece = v.piece(kind as u8, owner as u8);
                probe.input(player, flip, piece, sq as u16) as u16
            })
            .collect()
    };
    let view = [
        [view(0, false), view(0, true)],
        [view(1, false), view(1, true)],
    ];
    Ok(Shape {
        inputs,
        hidden: h,
        buckets: plan.buckets,
        men_per_bucket: plan.men_per_bucket,
        view,
        probe,
    })
}

/// The mean error of `params` over the samples `indices` of `data`, against `target`.
fn mean_error(
    shape: &Shape,
    params: &Params,
    data: &Data,
    indices: &[usize],
    target: &dyn Fn(usize) -> f32,
) -> f64 {
    let mut acc = vec![0f32; 4 * shape.hidden];
    let mut scratch = Params::zeros_like(params);
    let sum: f64 = indices
        .iter()
        .map(|&i| {
            train_sample(
                shape,
                params,
                data.position(i),
                target(i),
                0.0,
                &mut scratch,
                &mut acc,
            ) as f64
        })
        .sum();
    sum / indices.len().max(1) as f64
}

/// A file of the plan's shape with every weight 0 (to build the input map).
fn blank_file(kinds: usize, squares: usize, plan: &Plan) -> NetworkFile {
    NetworkFile {
        kinds,
        squares,
        hidden: plan.hidden,
        buckets: plan.buckets,
        men_per_bucket: plan.men_per_bucket,
        view: plan.view,
        mirror_files: plan.mirror_files,
        feature_weights: vec![0; 2 * kinds * squares * plan.hidden],
        feature_bias: vec![0; plan.hidden],
        output_weights: vec![0; plan.buckets * 2 * plan.hidden],
        output_bias: vec![0; plan.buckets],
    }
}

/// The float parameters rounded to the engine's integers.
fn quantise(params: &Params, kinds: usize, squares: usize, plan: &Plan) -> NetworkFile {
    let round16 = |x: f32, q: i32| (x * q as f32).round().clamp(-32767.0, 32767.0) as i16;
    NetworkFile {
        feature_weights: params
            .feature_weights
            .iter()
            .map(|&w| round16(w, QA))
            .collect(),
        feature_bias: params
            .feature_bias
            .iter()
            .map(|&w| round16(w, QA))
            .collect(),
        output_weights: params
            .output_weights
            .iter()
            .map(|&w| round16(w, QB))
            .collect(),
        output_bias: params
            .output_bias
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect(),
        ..blank_file(kinds, squares, plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::network::Network;
    use crate::variants::western_by_name as western;

    fn plan() -> Plan {
        Plan {
            hidden: 32,
            buckets: 2,
            men_per_bucket: 16,
            view: View::MirrorRanks,
            mirror_files: false,
            epochs: 60,
            batch: 8,
            learning_rate: 0.01,
            result_weight: 0.0,
            threads: 2,
            seed: 3,
            hold_out_every: 0,
        }
    }

    #[test]
    fn the_trained_network_learns_material_and_the_engine_reads_it_as_trained() {
        let g = western("chess");
        // White a queen up scores +600, Black a queen up -600 (White's view); level 0.
        let text = "\
            # a comment\n\
            4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 600 | 1\n\
            4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | 600 | 1\n\
            3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | -600 | 0\n\
            3qk3/8/8/8/8/8/8/4K3 b - - 0 1 | -600 | 0\n\
            4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5\n\
            4k3/8/8/8/8/8/8/4K3 b - - 0 1 | 0 | 0.5\n\
            not a line\n";
        let mut data = Data::new();
        assert_eq!(read_data(&g, text, &mut data), 1);
        assert_eq!(data.len(), 6);
        for mirror_files in [false, true] {
            let plan = Plan {
                mirror_files,
                ..plan()
            };
            learns_material(&g, &data, &plan);
        }
    }

    fn learns_material(g: &crate::variants::western::Western, data: &Data, plan: &Plan) {
        let file = train(g, data, None, plan, &mut |_| {}).unwrap();
        let net = Network::from_bytes(&file.to_bytes(), g.variant()).unwrap();
        let score = |fen: &str| net.evaluate_afresh(&parse_position(g, fen).unwrap());
        // Side to move's view: White a queen up, White to move, is good for the mover.
        let up = score("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let down = score("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(up > 300 && down < -300, "{up} {down}");
        // One set of weights serves both colours: the colour-swapped position scores alike.
        let mirrored = score("3qk3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert!((mirrored - up).abs() < 100, "{mirrored} {up}");
        assert!(score("4k3/8/8/8/8/8/8/4K3 w - - 0 1").abs() < 150);
    }

    #[test]
    fn bad_plans_are_refused() {
        let g = western("chess");
        let mut data = Data::new();
        read_data(&g, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5", &mut data);
        let odd = Plan {
            hidden: 33,
            ..plan()
        };
        assert!(train(&g, &data, None, &odd, &mut |_| {}).is_err());
        assert!(train(&g, &Data::new(), None, &plan(), &mut |_| {}).is_err());
    }
}
