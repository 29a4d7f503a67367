//! Reads the notation of published algorithms (face turns, wide turns `r`/`Rw`, slices `M E S`,
//! rotations `x y z`) into outer face turns on a cube whose centres stay put.
//!
//! A wide turn is the opposite face turned the same way plus a rotation (`r` = `L` then `x`),
//! a slice turn is the two outer faces plus a rotation (`M` = `R L'` then `x'`), and a rotation
//! only renames which physical face later letters refer to. Relative to the centres this is
//! exactly what the written algorithm does.

use rubik_cube::{Face, Move};

/// The face a rotation about `axis_face` (clockwise as seen from that face) carries each face
/// to: `x` is about R, `y` about U, `z` about F.
fn rotate(view: &mut [Face; 6], about: Face, quarter_turns: i32) {
    // The four faces around `about`, in the order a clockwise turn of `about` carries them
    // (content at cycle[i] moves to cycle[i + 1]).
    let cycle = match about {
        Face::R => [Face::F, Face::U, Face::B, Face::D],
        Face::L => [Face::F, Face::D, Face::B, Face::U],
        Face::U => [Face::F, Face::L, Face::B, Face::R],
        Face::D => [Face::F, Face::R, Face::B, Face::L],
        Face::F => [Face::U, Face::R, Face::D, Face::L],
        Face::B => [Face::U, Face::L, Face::D, Face::R],
    };
    for _ in 0..quarter_turns.rem_euclid(4) {
        let old = *view;
        for i in 0..4 {
            // What was seen at cycle[i] is now seen at cycle[i + 1].
            view[cycle[(i + 1) % 4] as usize] = old[cycle[i] as usize];
        }
    }
}

/// Why an algorithm text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read move {token:?} in {text:?}")]
pub struct NotationError {
    /// The offending token.
    pub token: String,
    /// The whole text.
    pub text: String,
}

/// The outer face turns (relative to fixed centres) that `text` performs.
pub fn expand(text: &str) -> Result<Vec<Move>, NotationError> {
    // view[f] = the physical face currently seen in direction f.
    let mut view = Face::ALL;
    let mut out = Vec::new();
    let cleaned = text.replace(['(', ')'], " ");
    for token in cleaned.split_whitespace() {
        let error = || NotationError {
            token: token.to_string(),
            text: text.to_string(),
        };
        let mut chars = token.chars();
        let letter = chars.next().ok_or_else(error)?;
        let mut rest = chars.as_str();
        let mut wide = letter.is_ascii_lowercase() && "urfdlb".contains(letter);
        if let Some(stripped) = rest.strip_prefix('w') {
            wide = true;
            rest = stripped;
        }
        let amount = match rest {
            "" => 1,
            "2" | "2'" => 2,
            "'" => 3,
            _ => return Err(error()),
        };
        let upper = letter.to_ascii_uppercase();
        let turn = |out: &mut Vec<Move>, view: &[Face; 6], face: Face, amount: i32| {
            out.extend(Move::new(view[face as usize], amount));
        };
        match upper {
            'X' | 'Y' | 'Z' if letter.is_ascii_lowercase() => {
                let about = [Face::R, Face::U, Face::F]["XYZ".find(upper).unwrap_or(0)];
                rotate(&mut view, about, amount);
            }
            'M' | 'E' | 'S' => {
                // M follows L, E follows D, S follows F.
                let follows = [Face::L, Face::D, Face::F]["MES".find(upper).unwrap_or(0)];
                turn(&mut out, &view, follows.opposite(), amount);
                turn(&mut out, &view, follows, -amount);
                rotate(&mut view, follows, amount);
            }
            _ => {
                let face = Face::from_letter(upper).ok_or_else(error)?;
                if wide {
                    turn(&mut out, &view, face.opposite(), amount);
                    rotate(&mut view, face, amount);
                } else {
                    turn(&mut out, &view, face, amount);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rubik_cube::CubieCube;

    fn cube(text: &str) -> CubieCube {
        CubieCube::from_moves(&expand(text).expect("notation"))
    }

    #[test]
    fn wide_slice_and_rotation_identities() {
        // A rotation alone changes nothing relative to the centres.
        assert!(cube("x y z2 x'").is_solved());
        // r = R M' relative to the centres, and both equal L followed by a rotation.
        assert_eq!(cube("r"), cube("R M'"));
        assert_eq!(cube("Rw"), cube("L"));
        assert_eq!(cube("x U"), cube("F"));
        assert_eq!(cube("x R"), cube("R"));
        // y then R turns what was the back face.
        assert_eq!(cube("y R"), cube("B"));
        assert_eq!(cube("z U"), cube("L"));
        // Four slice quarter turns, and commutators of slices, are the identity.
        assert!(cube("M M M M").is_solved());
        assert!(cube("E2 E2 S S'").is_solved());
        // M2 U M2 U2 M2 U M2 (H-perm) leaves every corner alone.
        let h = cube("M2 U M2 U2 M2 U M2");
        assert_eq!(h.cp, CubieCube::SOLVED.cp);
        assert_ne!(h.ep, CubieCube::SOLVED.ep);
        assert!(expand("R Q").is_err());
    }
}
