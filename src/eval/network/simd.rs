//! The network's three loops, compiled twice: for x86-64's baseline and for AVX2, picked at
//! run time (the engine is built for every x86-64, and most have AVX2). Both versions do the
//! same integer arithmetic, so a score does not depend on the processor.

use super::QA;

/// Lanes summed side by side: the loops below work in chunks this long, so the compiler
/// keeps them in vector registers.
const CHUNK: usize = 32;

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    use std::sync::OnceLock;
    static AVX2: OnceLock<bool> = OnceLock::new();
    *AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
}

/// `sums += row`, element by element (wrapping, as the quantised sums never come near).
#[inline]
pub fn add(sums: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has the instructions the function is compiled for.
        return unsafe { add_avx2(sums, row) };
    }
    add_plain(sums, row)
}

/// `sums -= row`, element by element.
#[inline]
pub fn sub(sums: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add`.
        return unsafe { sub_avx2(sums, row) };
    }
    sub_plain(sums, row)
}

/// `out = from + Σ adds − Σ subs`, element by element, in one pass (a move's update: the
/// copy from the earlier ply and its two to four rows together).
#[inline]
pub fn apply(out: &mut [i16], from: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add`.
        return unsafe { apply_avx2(out, from, adds, subs) };
    }
    apply_plain(out, from, adds, subs)
}

/// Σ clamp(x, 0, QA)² · w over the layer, as a 64-bit sum.
#[inline]
pub fn screlu_dot(layer: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add`.
        return unsafe { screlu_dot_avx2(layer, weights) };
    }
    screlu_dot_plain(layer, weights)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_avx2(sums: &mut [i16], row: &[i16]) {
    add_plain(sums, row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn sub_avx2(sums: &mut [i16], row: &[i16]) {
    sub_plain(sums, row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn apply_avx2(out: &mut [i16], from: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    apply_plain(out, from, adds, subs)
}

/// [`screlu_dot_plain`] with AVX2's multiply-and-add of 16-bit pairs (`vpmaddwd`), which the
/// compiler does not find by itself: the clipped value times the weight fits 16 bits, and
/// that times the value again is summed pairwise into 32-bit lanes. The lanes are added into
/// 64 bits every 64 steps, before they could overflow. The same integers as the plain loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(layer: &[i16], weights: &[i16]) -> i64 {
    use std::arch::x86_64::*;
    let n = layer.len().min(weights.len()) / 16 * 16;
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut total = 0i64;
    let mut at = 0;
    while at < n {
        let end = (at + 64 * 16).min(n);
        let mut sum = _mm256_setzero_si256();
        while at < end {
            // SAFETY: `at + 16 <= n`, within both slices.
            let (x, w) = unsafe {
                (
                    _mm256_loadu_si256(layer.as_ptr().add(at) as *const __m256i),
                    _mm256_loadu_si256(weights.as_ptr().add(at) as *const __m256i),
                )
            };
            let v = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
            let vw = _mm256_mullo_epi16(v, w);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
            at += 16;
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, sum) };
        total += lanes.iter().map(|&l| l as i64).sum::<i64>();
    }
    total + screlu_dot_plain(&layer[n..], &weights[n..])
}

#[inline(always)]
fn apply_plain(out: &mut [i16], from: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    for (c, (o, f)) in out
        .chunks_exact_mut(CHUNK)
        .zip(from.chunks_exact(CHUNK))
        .enumerate()
    {
        let mut v = [0i16; CHUNK];
        v.copy_from_slice(f);
        for row in adds {
            let r = &row[c * CHUNK..][..CHUNK];
            for i in 0..CHUNK {
                v[i] = v[i].wrapping_add(r[i]);
            }
        }
        for row in subs {
            let r = &row[c * CHUNK..][..CHUNK];
            for i in 0..CHUNK {
                v[i] = v[i].wrapping_sub(r[i]);
            }
        }
        o.copy_from_slice(&v);
    }
}

#[inline(always)]
fn add_plain(sums: &mut [i16], row: &[i16]) {
    for (s, r) in sums.chunks_exact_mut(CHUNK).zip(row.chunks_exact(CHUNK)) {
        for i in 0..CHUNK {
            s[i] = s[i].wrapping_add(r[i]);
        }
    }
}

#[inline(always)]
fn sub_plain(sums: &mut [i16], row: &[i16]) {
    for (s, r) in sums.chunks_exact_mut(CHUNK).zip(row.chunks_exact(CHUNK)) {
        for i in 0..CHUNK {
            s[i] = s[i].wrapping_sub(r[i]);
        }
    }
}

/// Each product `v · w` (v = the clipped value, at most 255; |w| below 128 after the
/// trainer's clipping) fits 16 bits; times `v` again it is summed in 32-bit lanes, which hold
/// a chunk's sum, and the lanes are added up in 64 bits.
#[inline(always)]
fn screlu_dot_plain(layer: &[i16], weights: &[i16]) -> i64 {
    layer
        .iter()
        .zip(weights)
        .map(|(&x, &w)| {
            let v = x.clamp(0, QA as i16) as i32;
            ((v * w as i32) * v) as i64
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_versions_give_the_same_sums() {
        let layer: Vec<i16> = (0..256).map(|i| ((i * 7919) % 700) as i16 - 200).collect();
        let weights: Vec<i16> = (0..256)
            .map(|i| ((i * 104729) % 255) as i16 - 127)
            .collect();
        let slow: i64 = layer
            .iter()
            .zip(&weights)
            .map(|(&x, &w)| {
                let v = x.clamp(0, 255) as i64;
                v * v * w as i64
            })
            .sum();
        assert_eq!(screlu_dot_plain(&layer, &weights), slow);
        assert_eq!(screlu_dot(&layer, &weights), slow);
        let mut a = layer.clone();
        add(&mut a, &weights);
        sub(&mut a, &weights);
        assert_eq!(a, layer);
        let mut b = layer.clone();
        add_plain(&mut b, &weights);
        assert!(
            b.iter()
                .zip(&layer)
                .zip(&weights)
                .all(|((&s, &x), &w)| s == x + w)
        );
        // A fused update equals its steps, with or without AVX2.
        let other: Vec<i16> = weights.iter().rev().copied().collect();
        let mut stepwise = layer.clone();
        add(&mut stepwise, &weights);
        sub(&mut stepwise, &other);
        let mut fused = vec![0; 256];
        apply(&mut fused, &layer, &[&weights], &[&other]);
        assert_eq!(fused, stepwise);
        let mut plain = vec![0; 256];
        apply_plain(&mut plain, &layer, &[&weights], &[&other]);
        assert_eq!(plain, stepwise);
    }
}
