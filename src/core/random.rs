//! The engine's random numbers: small deterministic generators with the same output on every
//! platform, so that a seed always gives the same keys, openings, games and fuzz inputs. No
//! generator crate: these few lines are all the engine needs, and their sequences are part of
//! what a seed means (hash keys, `bench` node counts and match openings depend on them).

/// The golden-ratio increment of SplitMix64.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser (Steele, Lea and Flood): a bijective mix with good avalanche, used
/// to turn structured numbers (a counter, a salt) into hash-like ones.
#[inline]
pub fn mix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64: fills key tables and picks openings and fuzz inputs. Every seed, 0 included,
/// gives a full-period sequence.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let z = mix64(self.0);
        self.0 = self.0.wrapping_add(GOLDEN);
        z
    }

    /// Uniform in `0..n` (n > 0), by multiplication rather than modulo (no bias worth the name).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// xorshift64* (Vigna): the self-play openings of the tuner and the random players' plays.
/// Its state must never be 0; [`XorShift64Star::new`] makes sure of that.
#[derive(Clone, Debug)]
pub struct XorShift64Star(u64);

impl XorShift64Star {
    /// A generator whose state is `state`, or 1 where `state` is 0 (a zero state stays zero).
    pub const fn new(state: u64) -> Self {
        XorShift64Star(if state == 0 { 1 } else { state })
    }

    /// A generator whose state is spread from a small seed (`seed` times the golden ratio, odd).
    pub const fn seeded(seed: u64) -> Self {
        XorShift64Star(seed.wrapping_mul(GOLDEN) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0), by modulo.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published first outputs of SplitMix64 from seed 1234567 (the reference C code's
    /// test vector), so the sequences every seed stands for cannot drift.
    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        let mut rng = SplitMix64::new(1234567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423
            ]
        );
    }

    #[test]
    fn xorshift_never_sticks_at_zero_and_below_stays_in_range() {
        let mut rng = XorShift64Star::new(0);
        assert_ne!(rng.next_u64(), 0);
        let mut split = SplitMix64::new(0);
        for n in 1..50 {
            assert!(rng.below(n) < n && split.below(n) < n);
        }
    }
}
