//! Colour nets: the flat unfolded cube people write in text files, and printing one.
//!
//! The text format (see `shared/DESIGN.md`): nine rows of stickers, one character per sticker,
//! spaces between stickers optional, blank lines and `#` comments ignored.
//! Rows 1–3 are U (back row first), rows 4–6 are L F R B side by side, rows 7–9 are D (front
//! row first):
//! ```text
//!       W W W
//!       W W W
//!       W W W
//! O O O G G G R R R B B B
//! O O O G G G R R R B B B
//! O O O G G G R R R B B B
//!       Y Y Y
//!       Y Y Y
//!       Y Y Y
//! ```
//! Any six distinct characters may be the colours; the centres decide which is which face.

use crate::cube::Cube;
use crate::error::CubeError;
use crate::face::Face;
use crate::facelet::N_FACELETS;

/// Number of sticker rows in a net.
pub const NET_ROWS: usize = 9;

/// How [`render_net`] draws stickers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetStyle {
    /// Coloured blocks (ANSI 256-colour backgrounds, WCA scheme) with the face letter inside.
    Ansi,
    /// Plain face letters, one space apart (readable back by [`parse_net`]).
    Letters,
}

/// The WCA colour scheme's letter for each face's colour: U white, R red, F green, D yellow,
/// L orange, B blue.
pub const fn colour_letter(face: Face) -> char {
    match face {
        Face::U => 'W',
        Face::R => 'R',
        Face::F => 'G',
        Face::D => 'Y',
        Face::L => 'O',
        Face::B => 'B',
    }
}

/// ANSI 256-colour (background, foreground) of each face's WCA colour.
const fn ansi_colours(face: Face) -> (u8, u8) {
    match face {
        Face::U => (231, 16), // white, black letter
        Face::R => (160, 231),
        Face::F => (34, 16),
        Face::D => (226, 16),
        Face::L => (208, 16),
        Face::B => (27, 231),
    }
}

/// Reads a colour net (format in the [module docs](self)).
///
/// Errors name the row and the number of stickers expected, or the cube fault (see
/// [`CubeError`]).
pub fn parse_net(text: &str) -> Result<Cube, CubeError> {
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let stickers: Vec<char> = content.chars().filter(|c| !c.is_whitespace()).collect();
        if stickers.is_empty() {
            continue;
        }
        let row = rows.len() + 1;
        if row <= NET_ROWS {
            let expected = if (4..=6).contains(&row) { 12 } else { 3 };
            if stickers.len() != expected {
                return Err(CubeError::NetRowLength {
                    row,
                    line: n + 1,
                    expected,
                    found: stickers.len(),
                });
            }
        }
        rows.push((n + 1, stickers));
    }
    if rows.len() != NET_ROWS {
        return Err(CubeError::NetRowCount { found: rows.len() });
    }
    let row = |r: usize| &rows[r].1;
    let mut colours = Vec::with_capacity(N_FACELETS);
    // URFDLB: U rows 1-3; then R, F, L, B from the middle rows; D rows 7-9.
    for r in 0..3 {
        colours.extend_from_slice(row(r));
    }
    for block in [2, 1] {
        for r in 3..6 {
            colours.extend_from_slice(&row(r)[block * 3..block * 3 + 3]);
        }
    }
    for r in 6..9 {
        colours.extend_from_slice(row(r));
    }
    for block in [0, 3] {
        for r in 3..6 {
            colours.extend_from_slice(&row(r)[block * 3..block * 3 + 3]);
        }
    }
    Cube::from_colours(&colours).map_err(|e| match e {
        CubeError::BadCharacter { ch, index } => {
            let (row, column) = net_position(index);
            CubeError::NetBadColour {
                ch,
                row: row + 1,
                column: column + 1,
                line: rows[row].0,
            }
        }
        e => e,
    })
}

/// The (row, sticker column), 0-based, of facelet `index` in the net layout, where U and D
/// occupy columns 3..6 and the middle rows hold L F R B in columns 0..12.
pub fn net_position(index: usize) -> (usize, usize) {
    let (face, r, c) = (index / 9, index % 9 / 3, index % 3);
    match Face::from_index(face) {
        Face::U => (r, 3 + c),
        Face::D => (6 + r, 3 + c),
        Face::L => (3 + r, c),
        Face::F => (3 + r, 3 + c),
        Face::R => (3 + r, 6 + c),
        Face::B => (3 + r, 9 + c),
    }
}

/// The stickers in net layout: 9 rows of (face colour) cells, `None` for the empty corners.
fn net_cells(cube: &Cube) -> Vec<Vec<Option<Face>>> {
    let faces = cube.to_face_array();
    let face_row = |face: Face, r: usize| -> Vec<Option<Face>> {
        let base = face.index() * 9 + r * 3;
        faces[base..base + 3].iter().copied().map(Some).collect()
    };
    let mut rows = Vec::with_capacity(NET_ROWS);
    for r in 0..3 {
        let mut row = vec![None; 3];
        row.extend(face_row(Face::U, r));
        rows.push(row);
    }
    for r in 0..3 {
        let mut row = Vec::with_capacity(12);
        for face in [Face::L, Face::F, Face::R, Face::B] {
            row.extend(face_row(face, r));
        }
        rows.push(row);
    }
    for r in 0..3 {
        let mut row = vec![None; 3];
        row.extend(face_row(Face::D, r));
        rows.push(row);
    }
    rows
}

/// Draws the cube as a flat net: U above F, L F R B in a row, D below.
pub fn render_net(cube: &Cube, style: NetStyle) -> String {
    match style {
        NetStyle::Letters => render_with(cube, |f| f.letter()),
        NetStyle::Ansi => {
            let mut out = String::new();
            for row in net_cells(cube) {
                for (i, cell) in row.iter().enumerate() {
                    if i > 0 && i % 3 == 0 {
                        out.push(' ');
                    }
                    match cell {
                        None => out.push_str("   "),
                        Some(face) => {
                            let (bg, fg) = ansi_colours(*face);
                            out.push_str(&format!("\x1b[48;5;{bg};38;5;{fg}m {face} \x1b[0m"));
                        }
                    }
                }
                out.push('\n');
            }
            out
        }
    }
}

/// Writes the cube in the colour-net text format with WCA colour letters (W R G Y O B), which
/// [`parse_net`] reads back.
pub fn render_net_text(cube: &Cube) -> String {
    render_with(cube, colour_letter)
}

fn render_with(cube: &Cube, letter: impl Fn(Face) -> char) -> String {
    let mut out = String::new();
    for row in net_cells(cube) {
        let line: Vec<String> = row
            .iter()
            .map(|c| c.map_or(" ".to_string(), |f| letter(f).to_string()))
            .collect();
        out.push_str(line.join(" ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;

    const SOLVED: &str = "      W W W
      W W W
      W W W
O O O G G G R R R B B B
O O O G G G R R R B B B
O O O G G G R R R B B B
      Y Y Y
      Y Y Y
      Y Y Y
";

    #[test]
    fn solved_net_reads_and_renders() {
        assert_eq!(parse_net(SOLVED).unwrap(), Cube::solved());
        assert_eq!(render_net_text(&Cube::solved()), SOLVED);
    }

    #[test]
    fn scrambled_net_round_trips() {
        let c = Cube::solved().apply(&Alg::parse("R U2 F' L D B2").unwrap());
        assert_eq!(parse_net(&render_net_text(&c)).unwrap(), c);
        assert_eq!(parse_net(&render_net(&c, NetStyle::Letters)).unwrap(), c);
    }

    #[test]
    fn compact_rows_comments_and_other_colours() {
        let text = "# my cube\n\n   aaa\n   aaa\n   aaa # top\nbbbcccdddeee\nbbbcccdddeee\nbbbcccdddeee\n   fff\n   fff\n   fff\n";
        assert_eq!(parse_net(text).unwrap(), Cube::solved());
    }

    #[test]
    fn malformed_nets_name_the_row() {
        let short = SOLVED.replacen("O O O G G G R R R B B B", "O O O G G G R R R B B", 1);
        assert_eq!(
            parse_net(&short),
            Err(CubeError::NetRowLength {
                row: 4,
                line: 4,
                expected: 12,
                found: 11
            })
        );
        let missing: String = SOLVED.lines().take(8).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            parse_net(&missing),
            Err(CubeError::NetRowCount { found: 8 })
        );
    }

    #[test]
    fn unknown_colour_names_its_place() {
        let text = SOLVED.replacen("O O O G G G R R R B B B", "O O O G G G R X R B B B", 1);
        assert_eq!(
            parse_net(&text),
            Err(CubeError::NetBadColour {
                ch: 'X',
                row: 4,
                column: 8,
                line: 4
            })
        );
    }

    #[test]
    fn ansi_net_has_colours_and_letters() {
        let s = render_net(&Cube::solved(), NetStyle::Ansi);
        assert!(s.contains("\x1b[48;5;34;38;5;16m F \x1b[0m"));
        assert_eq!(s.lines().count(), 9);
    }
}
