//! A solution as an interface writes it — the command line's JSON, the web API — checked
//! against its own words: the steps, read back from their text (notation, stated lengths,
//! sentences) with nothing taken from the solver, played in order from the start, each end in
//! the state its key claims ([`ClaimChecker`]), each stated move count is the moves shown, the
//! human form's "turn the whole cube so that…" sentences hold, and the steps merged are the
//! solution line.

use super::ClaimChecker;
use crate::search::merge_moves;
use rubik_cube::{Alg, Cube, Move};

/// One step as written.
#[derive(Clone, Debug, Default)]
pub struct WrittenStep {
    /// The step's message key (`"cfop.f2l"`).
    pub key: String,
    /// The parameters given with it (colours, case names, axes).
    pub params: Vec<(String, String)>,
    /// Its moves in outer face turns, as written.
    pub moves: String,
    /// The move count written beside them (HTM).
    pub length: usize,
    /// Its texts in the outer-turn form (name and explanation, in each language given).
    pub texts: Vec<String>,
    /// Its human form, when written.
    pub human: Option<WrittenHuman>,
}

/// A step's human form as written.
#[derive(Clone, Debug, Default)]
pub struct WrittenHuman {
    /// The moves with rotations, wide and slice moves.
    pub moves: String,
    /// The move count written beside them (HTM; rotations count 0).
    pub length: usize,
    /// The explanation in English (its rotation sentences are checked).
    pub english: String,
    /// Its texts in other languages (their move counts are checked).
    pub texts: Vec<String>,
}

/// Whether every "N move(s)" (or "N mouvement(s)") in `text` says `n`.
pub fn counts_agree(text: &str, n: usize) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).all(|w| {
        let unit = w[1].trim_matches(|c: char| !c.is_alphabetic());
        let is_unit = matches!(unit, "move" | "moves" | "mouvement" | "mouvements");
        let number = w[0].trim_matches(|c: char| !c.is_ascii_digit());
        !is_unit || number.parse::<usize>().map_or(true, |k| k == n)
    })
}

/// The step whose text may state a length other than its moves': the optimal solver's
/// unproven answer says how long the solutions ruled out were.
fn states_other_lengths(key: &str) -> bool {
    key == "optimal.unproven"
}

/// Whether `token` is a whole-cube rotation (`x`, `y'`, `z2`).
fn is_rotation(token: &str) -> bool {
    let mut chars = token.chars();
    matches!(chars.next(), Some('x' | 'y' | 'z')) && matches!(chars.as_str(), "" | "'" | "2" | "2'")
}

/// The sentence that says how to turn the whole cube, in the English explanation `text`:
/// the rotations (one or more, `z' y`), the colour facing you, the colour on top.
fn hold_sentence(text: &str) -> Option<(String, &str, &str)> {
    const TURN: &str = ": turn the whole cube so that the ";
    let at = text.find(TURN)?;
    let before: Vec<&str> = text[..at].split_whitespace().collect();
    let said = before.iter().rev().take_while(|t| is_rotation(t)).count();
    if said == 0 {
        return None;
    }
    let rotation = before[before.len() - said..].join(" ");
    let rest = &text[at + TURN.len()..];
    let (front, rest) = rest.split_once(" centre faces you and the ")?;
    let (up, _) = rest.split_once(" centre is on top")?;
    Some((rotation, front, up))
}

/// Whether `text` shows the start of `moves` (its first two moves): the rotation that opens
/// them is then part of the algorithm the text names.
fn spelled_out(text: &str, moves: &str) -> bool {
    let start: Vec<&str> = moves.split_whitespace().take(2).collect();
    start.len() == 2 && text.contains(&start.join(" "))
}

/// The English colour name of the centre at facelet `i` of `cube`.
fn centre_colour(cube: &Cube, i: usize) -> &'static str {
    let letter = cube.to_facelets().as_bytes()[i] as char;
    rubik_cube::Face::from_letter(letter).map_or("?", crate::i18n::colour)
}

/// The outer face turns of `text`.
fn outer_turns(text: &str) -> Result<Vec<Move>, String> {
    Alg::parse(text)
        .map_err(|e| format!("{text:?} is not notation: {e}"))?
        .face_turns()
        .ok_or_else(|| format!("{text:?} is not only outer face turns"))
}

/// Checks `steps`, written for the cube `start` with the one-line `solution`, against their
/// words (see the [module docs](self)). The error names the step and what is untrue.
pub fn check_written(start: &Cube, solution: &str, steps: &[WrittenStep]) -> Result<(), String> {
    // The outer-turn form.
    let mut checker = ClaimChecker::new(start);
    let mut state = *start;
    let mut all = Vec::new();
    for (n, step) in steps.iter().enumerate() {
        let at = |e: String| format!("step {} ({}), outer turns: {e}", n + 1, step.key);
        let moves = outer_turns(&step.moves).map_err(at)?;
        if step.length != moves.len() {
            return Err(at(format!(
                "says {} moves beside {} moves",
                step.length,
                moves.len()
            )));
        }
        if !states_other_lengths(&step.key) {
            if let Some(t) = step.texts.iter().find(|t| !counts_agree(t, moves.len())) {
                return Err(at(format!("{t:?} beside {} moves", moves.len())));
            }
        }
        state = state.apply_moves(&moves);
        checker
            .step(&step.key, &step.params, &moves, &state)
            .map_err(at)?;
        all.extend(moves);
    }
    if !state.is_solved() {
        return Err("the steps do not solve the cube".into());
    }
    let line = outer_turns(solution)?;
    if merge_moves(&all) != line {
        return Err(format!(
            "the solution {solution:?} is not the steps' moves merged"
        ));
    }
    if steps.iter().all(|s| s.human.is_none()) {
        return Ok(());
    }

    // The human form, on a cube whose centres move with the rotations and slices.
    let mut checker = ClaimChecker::new(start);
    let mut state = *start;
    for (n, step) in steps.iter().enumerate() {
        let at = |e: String| format!("step {} ({}), human form: {e}", n + 1, step.key);
        let human = step
            .human
            .as_ref()
            .ok_or_else(|| at("no human form beside the others'".into()))?;
        let alg = Alg::parse(&human.moves).map_err(|e| at(format!("{:?}: {e}", human.moves)))?;
        let outer = outer_turns(&step.moves).map_err(at)?;
        if human.length != alg.htm() || alg.htm() != outer.len() {
            return Err(at(format!(
                "{:?} is {} moves, says {}, its outer turns are {}",
                human.moves,
                alg.htm(),
                human.length,
                outer.len()
            )));
        }
        for t in std::iter::once(&human.english).chain(&human.texts) {
            if !counts_agree(t, alg.htm()) {
                return Err(at(format!("{t:?} beside {} moves", alg.htm())));
            }
        }
        let first = human.moves.split_whitespace().next().unwrap_or("");
        let rotates = is_rotation(first);
        match hold_sentence(&human.english) {
            Some((rotation, front, up)) => {
                // The rotations said open the moves, all of them: `z' y` before `z' y D2 …`.
                let opening: Vec<&str> = human
                    .moves
                    .split_whitespace()
                    .take_while(|t| is_rotation(t))
                    .collect();
                if rotation != opening.join(" ") {
                    return Err(at(format!("says {rotation} before {:?}", human.moves)));
                }
                let held = state.apply(&Alg::parse(&rotation).map_err(|e| at(e.to_string()))?);
                let (f, u) = (centre_colour(&held, 22), centre_colour(&held, 4));
                if (f, u) != (front, up) {
                    return Err(at(format!(
                        "after {rotation} the {f} centre faces you and the {u} centre is on \
                         top, not {front} and {up}"
                    )));
                }
            }
            // A rotation that opens a named algorithm (`x L2 D2 … x'`) is shown in the text
            // with it; any other must be said in words.
            None if rotates && !spelled_out(&human.english, &human.moves) => {
                return Err(at(format!("{first} is not said in words")));
            }
            None => {}
        }
        state = state.apply(&alg);
        checker
            .step(&step.key, &step.params, &outer, &state)
            .map_err(at)?;
    }
    if state.is_solved() {
        Ok(())
    } else {
        Err("the human form does not solve the cube".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross(moves: &str, human: &str, english: &str) -> WrittenStep {
        WrittenStep {
            key: "cfop.cross".into(),
            params: vec![("colour".into(), "yellow".into())],
            moves: moves.into(),
            length: Alg::parse(moves).unwrap().htm(),
            texts: vec!["Cross".into()],
            human: Some(WrittenHuman {
                moves: human.into(),
                length: Alg::parse(human).unwrap().htm(),
                english: english.into(),
                texts: Vec::new(),
            }),
        }
    }

    #[test]
    fn counts_are_read_in_both_languages() {
        assert!(counts_agree("Solved in 3 moves.", 3));
        assert!(!counts_agree("Solved in 3 moves.", 4));
        assert!(!counts_agree("Résolu en 1 mouvement.", 2));
        assert!(counts_agree("No count here.", 7));
    }

    #[test]
    fn false_words_are_caught() {
        let start = Cube::solved().apply(&Alg::parse("U").unwrap());
        let good = cross("U'", "U'", "The cross.");
        assert_eq!(
            check_written(&start, "U'", std::slice::from_ref(&good)),
            Ok(())
        );
        // A length that is not the moves'.
        let mut step = good.clone();
        step.length = 2;
        assert!(check_written(&start, "U'", &[step]).is_err());
        // A text stating another count.
        let mut step = good.clone();
        step.texts.push("Done in 2 moves.".into());
        assert!(check_written(&start, "U'", &[step]).is_err());
        // A solution line that is not the steps merged.
        assert!(check_written(&start, "U' U2 U2", std::slice::from_ref(&good)).is_err());
        // A rotation said with the wrong colours, or not said at all.
        let said = "y: turn the whole cube so that the orange centre faces you and the white \
                    centre is on top. The cross.";
        let step = cross("U'", "y U'", said);
        let err = check_written(&start, "U'", &[step]).unwrap_err();
        assert!(err.contains("the red centre faces you"), "{err}");
        let step = cross("U'", "y U'", "The cross.");
        assert!(check_written(&start, "U'", &[step]).is_err());
        // A rotation inside the algorithm the text shows is said.
        // (`y U' y'` turns the same layer as `U'`; `x U' x'` would be `F'`, breaking the cross.)
        let step = cross("U'", "y U' y'", "The algorithm y U' y' builds the cross.");
        assert_eq!(check_written(&start, "U'", &[step]), Ok(()));
        let said = "y: turn the whole cube so that the red centre faces you and the white \
                    centre is on top. The cross.";
        assert_eq!(
            check_written(&start, "U'", &[cross("U'", "y U'", said)]),
            Ok(())
        );
        // Two rotations said together must be the two that open the moves, and the colours
        // those two leave: `y2 y` ends with the orange centre facing you, as `y'` alone does.
        let said = "y2 y: turn the whole cube so that the orange centre faces you and the white \
                    centre is on top. The cross.";
        assert_eq!(
            check_written(&start, "U'", &[cross("U'", "y2 y U'", said)]),
            Ok(())
        );
        let err = check_written(&start, "U'", &[cross("U'", "y2 U'", said)]).unwrap_err();
        assert!(err.contains("says y2 y before"), "{err}");
    }
}
