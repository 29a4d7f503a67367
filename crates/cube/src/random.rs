//! Uniformly random cube states from a seeded generator.

use crate::cubie::{permutation_parity, CubieCube};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator used for reproducible random states: ChaCha8, stable across platforms and
/// versions, so a seed always gives the same states.
pub type CubeRng = ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn rng_from_seed(seed: u64) -> CubeRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A generator seeded from the operating system.
pub fn rng_from_entropy() -> CubeRng {
    ChaCha8Rng::from_entropy()
}

impl CubieCube {
    /// A uniformly random solvable state: each of the 43,252,003,274,489,856,000 states is
    /// equally likely (uniform permutations with matching parity, uniform orientations with
    /// zero total twist and flip).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        c.cp.shuffle(rng);
        c.ep.shuffle(rng);
        if permutation_parity(&c.cp) != permutation_parity(&c.ep) {
            c.ep.swap(0, 1);
        }
        let mut twist = 0;
        for i in 0..7 {
            c.co[i] = rng.gen_range(0..3);
            twist += c.co[i];
        }
        c.co[7] = (3 - twist % 3) % 3;
        let mut flip = 0;
        for i in 0..11 {
            c.eo[i] = rng.gen_range(0..2);
            flip += c.eo[i];
        }
        c.eo[11] = flip % 2;
        c
    }
}
