//! Symmetry reduction of the flip × UD-slice coordinate under the 16 U–D symmetries
//! (1,013,760 raw values → 64,430 classes), and the conjugation of the twist that goes with it.

use super::coord::{
    corner_split, flip, slice, twist, with_corner_split, with_flip_slice, with_twist,
    N_CORNER_SPLIT, N_FLIPSLICE, N_TWIST,
};
use super::symmetry::{Symmetries, N_SYM_UD};
use crate::store::HugeVec;

/// Number of flip × slice classes under the 16 U–D symmetries (Kociemba's figure).
pub const N_FLIPSLICE_CLASS: usize = 64430;

/// The class tables.
pub struct FlipSliceClasses {
    /// `class[fs]`: the class of raw flip × slice `fs = slice · 2048 + flip`.
    pub class: Vec<u16>,
    /// `sym[fs]`: a symmetry `s` with `s · fs · s⁻¹ = rep[class[fs]]`.
    pub sym: Vec<u8>,
    /// `class_sym[fs] = class[fs] << 4 | sym[fs]`: both in one read (the search's hot path).
    pub class_sym: HugeVec<u32>,
    /// `rep[c]`: the raw value representing class `c` (the least of its members).
    pub rep: Vec<u32>,
    /// `stabiliser[c]`: bit `s` set when symmetry `s` fixes `rep[c]`.
    pub stabiliser: Vec<u16>,
    /// `twist_conj[t * 16 + s]`: the twist of `s · c · s⁻¹` for a cube `c` of twist `t`.
    pub twist_conj: Vec<u16>,
    /// `split_conj[k * 16 + s]`: the corner split of `s · c · s⁻¹` for a cube `c` of split `k`.
    pub split_conj: Vec<u16>,
}

impl FlipSliceClasses {
    /// Computes the classes (about a second).
    pub fn new(syms: &Symmetries) -> FlipSliceClasses {
        let mut class = vec![u16::MAX; N_FLIPSLICE];
        let mut sym = vec![0u8; N_FLIPSLICE];
        let mut rep = Vec::with_capacity(N_FLIPSLICE_CLASS);
        let mut stabiliser = Vec::with_capacity(N_FLIPSLICE_CLASS);
        for fs in 0..N_FLIPSLICE {
            if class[fs] != u16::MAX {
                continue;
            }
            let c = rep.len() as u16;
            let cube = with_flip_slice((fs % 2048) as u16, (fs / 2048) as u16);
            let mut stab = 0u16;
            for s in 0..N_SYM_UD {
                let conj = syms.conjugate(&cube, s);
                let other = slice(&conj) as usize * 2048 + flip(&conj) as usize;
                if other == fs {
                    stab |= 1 << s;
                }
                if class[other] == u16::MAX {
                    class[other] = c;
                    // conj = s · rep · s⁻¹, so s⁻¹ · other · s = rep.
                    sym[other] = syms.inverse[s] as u8;
                }
            }
            rep.push(fs as u32);
            stabiliser.push(stab);
        }
        let mut twist_conj = vec![0u16; N_TWIST * N_SYM_UD];
        for t in 0..N_TWIST {
            let cube = with_twist(t as u16);
            for s in 0..N_SYM_UD {
                twist_conj[t * N_SYM_UD + s] = twist(&syms.conjugate(&cube, s));
            }
        }
        let mut split_conj = vec![0u16; N_CORNER_SPLIT * N_SYM_UD];
        for k in 0..N_CORNER_SPLIT {
            let cube = with_corner_split(k as u16);
            for s in 0..N_SYM_UD {
                split_conj[k * N_SYM_UD + s] = corner_split(&syms.conjugate(&cube, s));
            }
        }
        let class_sym: Vec<u32> = class
            .iter()
            .zip(&sym)
            .map(|(&c, &s)| u32::from(c) << 4 | u32::from(s))
            .collect();
        FlipSliceClasses {
            class_sym: class_sym.into(),
            split_conj,
            class,
            sym,
            rep,
            stabiliser,
            twist_conj,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::random::rng_from_seed;
    use rubik_cube::CubieCube;

    #[test]
    fn class_count_and_representatives() {
        let syms = Symmetries::new();
        let fsc = FlipSliceClasses::new(&syms);
        assert_eq!(fsc.rep.len(), N_FLIPSLICE_CLASS);
        let mut rng = rng_from_seed(3);
        for _ in 0..50 {
            let c = CubieCube::random(&mut rng);
            let fs = slice(&c) as usize * 2048 + flip(&c) as usize;
            let chosen = fsc.sym[fs] as usize;
            let conj = syms.conjugate(&c, chosen);
            let fs2 = slice(&conj) as usize * 2048 + flip(&conj) as usize;
            assert_eq!(fs2 as u32, fsc.rep[fsc.class[fs] as usize]);
            assert_eq!(
                fsc.class_sym[fs],
                u32::from(fsc.class[fs]) << 4 | u32::from(fsc.sym[fs])
            );
            // Twist and corner split conjugate on their own, under every symmetry.
            for s in 0..N_SYM_UD {
                let conj = syms.conjugate(&c, s);
                assert_eq!(
                    corner_split(&conj),
                    fsc.split_conj[corner_split(&c) as usize * N_SYM_UD + s]
                );
                assert_eq!(
                    twist(&conj),
                    fsc.twist_conj[twist(&c) as usize * N_SYM_UD + s]
                );
            }
        }
    }
}
