//! Direction vectors in up to six dimensions, and their symmetry classes.
//!
//! Fairy pieces are usually defined by one "shape" (a knight is the (1,2) leaper) and the rule
//! "every rotation and reflection of it". In N dimensions that is every permutation of the
//! shape's components over the axes combined with every choice of signs.

use super::MAX_AXES;

/// A displacement: one signed component per axis (unused axes are 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Vector(pub [i8; MAX_AXES]);

impl Vector {
    /// A vector from its leading components.
    pub fn new(components: &[i8]) -> Self {
        let mut v = [0i8; MAX_AXES];
        v[..components.len()].copy_from_slice(components);
        Vector(v)
    }

    /// The flat (file, rank) vector.
    pub fn flat(file: i8, rank: i8) -> Self {
        Self::new(&[file, rank])
    }

    pub fn negate(self) -> Self {
        Vector(self.0.map(|c| -c))
    }

    /// Mirrors the rank axis (axis 1): how Black sees White's "forward".
    pub fn flip_rank(mut self) -> Self {
        self.0[1] = -self.0[1];
        self
    }

    /// Adds two vectors component-wise.
    pub fn plus(self, other: Vector) -> Self {
        let mut v = self.0;
        for (a, b) in v.iter_mut().zip(other.0) {
            *a += b;
        }
        Vector(v)
    }

    /// Multiplies every component by `k`.
    pub fn times(self, k: i8) -> Self {
        Vector(self.0.map(|c| c * k))
    }

    /// True for the null vector (no displacement at all).
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
}

/// Every distinct vector obtained from `shape` by permuting its components over `axes` axes
/// and changing signs. `shape` may be shorter than `axes` (missing components are 0).
///
/// `symmetric_vectors(&[1, 2], 2)` gives the 8 knight moves; `symmetric_vectors(&[1, 1, 0], 3)`
/// the 12 moves of a 3-D bishop-step.
pub fn symmetric_vectors(shape: &[i8], axes: usize) -> Vec<Vector> {
    let mut components = vec![0i8; axes];
    for (i, &c) in shape.iter().take(axes).enumerate() {
        components[i] = c.abs();
    }
    components.sort_unstable();
    let mut out = Vec::new();
    // Iterate over the distinct permutations (lexicographic order), then every sign choice.
    loop {
        let nonzero: Vec<usize> = (0..axes).filter(|&i| components[i] != 0).collect();
        for signs in 0u32..(1 << nonzero.len()) {
            let mut v = [0i8; MAX_AXES];
            v[..axes].copy_from_slice(&components);
            for (bit, &axis) in nonzero.iter().enumerate() {
                if signs & (1 << bit) != 0 {
                    v[axis] = -v[axis];
                }
            }
            out.push(Vector(v));
        }
        if !next_permutation(&mut components) {
            break;
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|v| !v.is_zero());
    out
}

/// Rearranges `items` into the next lexicographic permutation; false when it was the last.
fn next_permutation(items: &mut [i8]) -> bool {
    if items.len() < 2 {
        return false;
    }
    let mut i = items.len() - 1;
    while i > 0 && items[i - 1] >= items[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = items.len() - 1;
    while items[j] <= items[i - 1] {
        j -= 1;
    }
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_symmetry_counts() {
        assert_eq!(symmetric_vectors(&[1, 2], 2).len(), 8);
        assert_eq!(symmetric_vectors(&[1, 3], 2).len(), 8);
        assert_eq!(symmetric_vectors(&[1, 0], 2).len(), 4);
        assert_eq!(symmetric_vectors(&[1, 1], 2).len(), 4);
        assert_eq!(symmetric_vectors(&[2, 2], 2).len(), 4);
    }

    #[test]
    fn solid_symmetry_counts() {
        // Rook directions, bishop (2 axes) directions, unicorn (3 axes) directions in 3-D.
        assert_eq!(symmetric_vectors(&[1], 3).len(), 6);
        assert_eq!(symmetric_vectors(&[1, 1], 3).len(), 12);
        assert_eq!(symmetric_vectors(&[1, 1, 1], 3).len(), 8);
        // 3-D knight: permutations of (0,1,2) with signs.
        assert_eq!(symmetric_vectors(&[1, 2], 3).len(), 24);
        // 6-D rook steps.
        assert_eq!(symmetric_vectors(&[1], 6).len(), 12);
    }
}
