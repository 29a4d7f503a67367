//! An oblique ("isometric") drawing of the U, F and R faces: U seen from above and behind F,
//! R receding to the right.
//!
//! ```text
//!       U U U
//!     U U U R
//!   U U U R R
//! F F F R R R
//! F F F R R
//! F F F R
//! ```

use crate::output::{sticker, sticker_width};

/// Lines and sticker columns of the drawing.
const LINES: usize = 6;
const COLUMNS: usize = 6;

/// Draws the U, F and R faces of a facelet string (URFDLB order).
pub fn draw(facelets: &str, colour: bool) -> String {
    let f: Vec<char> = facelets.chars().collect();
    let (u, r, front) = (&f[0..9], &f[9..18], &f[18..27]);
    let mut grid: Vec<Vec<Option<char>>> = vec![vec![None; COLUMNS]; LINES];
    for row in 0..3 {
        for col in 0..3 {
            // U: row 0 is the back row, `depth` 2; each step back moves one line up and one
            // sticker right.
            let depth = 2 - row;
            grid[2 - depth][col + depth + 1] = Some(u[row * 3 + col]);
            // F: straight on, below U.
            grid[3 + row][col] = Some(front[row * 3 + col]);
            // R: column 0 touches F; column `depth` moves up `depth` lines.
            let depth = col;
            grid[3 + row - depth][3 + depth] = Some(r[row * 3 + col]);
        }
    }
    let blank = " ".repeat(sticker_width(colour));
    let mut out = String::new();
    for line in grid {
        let text: String = line
            .iter()
            .map(|cell| cell.map_or(blank.clone(), |c| sticker(c, colour)))
            .collect();
        out += text.trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_cube_drawing() {
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        assert_eq!(
            draw(solved, false),
            "      U U U\n    U U U R\n  U U U R R\nF F F R R R\nF F F R R\nF F F R\n"
        );
    }

    #[test]
    fn every_visible_sticker_is_drawn_once() {
        // Number the 27 visible stickers with distinct letters and check each appears once.
        let letters: String = ('a'..='z').chain(['A']).collect();
        let facelets: String = letters
            .chars()
            .chain(std::iter::repeat_n('x', 27))
            .collect();
        let drawn = draw(&facelets, false);
        for c in letters.chars() {
            assert_eq!(drawn.matches(c).count(), 1, "{c} in\n{drawn}");
        }
    }
}
