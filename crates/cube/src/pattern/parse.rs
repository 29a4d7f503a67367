//! Reading patterns from sticker strings: 54 characters in facelet order, `?` (or `.`) for a
//! sticker that may show any colour.

use super::{corner_bit, corner_sticker, edge_bit, edge_sticker, Pattern};
use crate::face::Face;
use crate::facelet::{CENTRES, N_FACELETS};
use crate::piece::{CORNER_FACELETS, EDGE_FACELETS, N_CORNERS, N_EDGES};
use thiserror::Error;

/// Characters that mark a don't-care sticker.
pub const DONT_CARE: [char; 2] = ['?', '.'];

/// Why a sticker string is not a pattern.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StickerError {
    /// Not 54 stickers.
    #[error("a pattern has 54 stickers, found {found}")]
    WrongLength {
        /// Stickers found (whitespace ignored).
        found: usize,
    },
    /// Two centres show the same colour.
    #[error("two centres show the colour {colour:?}")]
    CentresNotDistinct {
        /// The repeated colour.
        colour: char,
    },
    /// A character that is neither a centre's colour nor a don't-care mark.
    #[error("sticker {index} is {ch:?}, which is no centre's colour (use ? for any colour)")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its index among the 54 stickers (0-based).
        index: usize,
    },
    /// A centre sticker given as a colour other than its own face's.
    #[error("the {face} centre cannot be {ch:?}: centres are fixed")]
    MovedCentre {
        /// The face whose centre is wrong.
        face: Face,
        /// The character given.
        ch: char,
    },
}

/// Whether `s` (whitespace ignored) has a don't-care mark in it.
pub fn has_dont_care(s: &str) -> bool {
    s.chars().any(|c| DONT_CARE.contains(&c))
}

impl Pattern {
    /// Reads a sticker pattern: 54 characters in URFDLB facelet order, `?` or `.` for a
    /// sticker that may show any colour; whitespace is ignored. Colours are the characters
    /// the centres show (face letters `URFDLB` when a centre is `?`), so a colour net with
    /// don't-care stickers reads too. The result may still be impossible: see
    /// [`Pattern::check`].
    pub fn from_stickers(s: &str) -> Result<Pattern, StickerError> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != N_FACELETS {
            return Err(StickerError::WrongLength { found: chars.len() });
        }
        let colours: Vec<char> = CENTRES
            .iter()
            .enumerate()
            .map(|(f, &i)| {
                if DONT_CARE.contains(&chars[i]) {
                    Face::from_index(f).letter()
                } else {
                    chars[i]
                }
            })
            .collect();
        for (i, c) in colours.iter().enumerate() {
            if colours[..i].contains(c) {
                return Err(StickerError::CentresNotDistinct { colour: *c });
            }
        }
        let mut faces = [None; N_FACELETS];
        for (index, &ch) in chars.iter().enumerate() {
            if DONT_CARE.contains(&ch) {
                continue;
            }
            let f = colours
                .iter()
                .position(|&c| c == ch)
                .ok_or(StickerError::BadCharacter { ch, index })?;
            faces[index] = Some(Face::from_index(f));
        }
        from_faces(&faces)
    }
}

/// The pattern of a sticker picture given as faces (`None` = any colour). Centres must be
/// `None` or their own face.
pub fn from_faces(faces: &[Option<Face>; N_FACELETS]) -> Result<Pattern, StickerError> {
    for (f, &i) in CENTRES.iter().enumerate() {
        if let Some(shown) = faces[i] {
            if shown.index() != f {
                return Err(StickerError::MovedCentre {
                    face: Face::from_index(f),
                    ch: shown.letter(),
                });
            }
        }
    }
    let fits = |slot: usize, colour: Face| faces[slot].is_none_or(|f| f == colour);
    let mut corners = [0u32; N_CORNERS];
    for (j, mask) in corners.iter_mut().enumerate() {
        for p in 0..N_CORNERS {
            for t in 0..3 {
                if (0..3).all(|k| fits(CORNER_FACELETS[j][k], corner_sticker(p, t, k))) {
                    *mask |= corner_bit(p, t);
                }
            }
        }
    }
    let mut edges = [0u32; N_EDGES];
    for (j, mask) in edges.iter_mut().enumerate() {
        for p in 0..N_EDGES {
            for t in 0..2 {
                if (0..2).all(|k| fits(EDGE_FACELETS[j][k], edge_sticker(p, t, k))) {
                    *mask |= edge_bit(p, t);
                }
            }
        }
    }
    Ok(Pattern::from_masks(corners, edges))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::CubieCube;
    use crate::random::rng_from_seed;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    #[test]
    fn the_solved_picture_is_the_solved_pattern() {
        assert_eq!(Pattern::from_stickers(SOLVED).unwrap(), Pattern::solved());
        let all_unknown = "?".repeat(54);
        assert_eq!(Pattern::from_stickers(&all_unknown).unwrap(), Pattern::ANY);
    }

    #[test]
    fn a_pattern_matches_exactly_the_states_whose_stickers_fit() {
        // Hide a few stickers of a state: every random state that shows the same colours on
        // the other stickers matches, and the check is sticker by sticker.
        let mut rng = rng_from_seed(11);
        let target = CubieCube::random(&mut rng);
        let mut s: Vec<char> = target.to_facelets().chars().collect();
        for i in [0, 1, 2, 9, 18, 45, 46, 47, 36] {
            s[i] = '?';
        }
        let text: String = s.iter().collect();
        let p = Pattern::from_stickers(&text).unwrap();
        assert!(p.matches(&target));
        for _ in 0..2000 {
            let c = CubieCube::random(&mut rng);
            let shown = c.to_facelets();
            let fits = shown
                .chars()
                .zip(text.chars())
                .all(|(a, b)| b == '?' || a == b);
            assert_eq!(p.matches(&c), fits);
        }
    }

    #[test]
    fn colours_are_read_by_the_centres() {
        let net = SOLVED
            .chars()
            .map(|c| match c {
                'U' => 'W',
                'R' => 'R',
                'F' => 'G',
                'D' => 'Y',
                'L' => 'O',
                _ => 'B',
            })
            .collect::<String>();
        assert_eq!(Pattern::from_stickers(&net).unwrap(), Pattern::solved());
    }

    #[test]
    fn bad_pictures_are_named() {
        assert_eq!(
            Pattern::from_stickers("UUU"),
            Err(StickerError::WrongLength { found: 3 })
        );
        let mut s: Vec<char> = SOLVED.chars().collect();
        s[7] = 'X';
        assert_eq!(
            Pattern::from_stickers(&s.iter().collect::<String>()),
            Err(StickerError::BadCharacter { ch: 'X', index: 7 })
        );
        s[7] = 'U';
        s[13] = 'U';
        assert_eq!(
            Pattern::from_stickers(&s.iter().collect::<String>()),
            Err(StickerError::CentresNotDistinct { colour: 'U' })
        );
    }
}
