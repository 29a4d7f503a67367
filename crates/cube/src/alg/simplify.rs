//! Simplification: turns about one axis commute, so within each run of same-axis turns the
//! turns of each layer are added up (`R R` → `R2`, `R R'` → nothing, `R L R` → `R2 L`), and
//! runs that meet after a cancellation are merged again until nothing changes.

use super::ast::{Alg, Turn};

impl Alg {
    /// The same algorithm, groups expanded, with turns about a common axis merged and cancelled.
    ///
    /// Within a run of turns about one axis, layers keep the order in which they first appear.
    /// Different layers are never rewritten into each other (`R L'` stays, it is not `x M`).
    ///
    /// ```
    /// use rubik_cube::alg::Alg;
    /// let a = Alg::parse("R L R U U' F2 F2 D").unwrap();
    /// assert_eq!(a.simplify().to_string(), "R2 L D");
    /// ```
    pub fn simplify(&self) -> Alg {
        let mut out: Vec<Turn> = Vec::new();
        for t in self.turns() {
            push_merging(&mut out, t);
        }
        Alg::from_turns(out)
    }
}

/// Appends `t` to a simplified sequence, keeping it simplified. Because the sequence is kept
/// simplified at every step, a cancellation that empties the last run leaves the run before it
/// at the end, where the following turns merge with it (`R U U' R'` → nothing).
fn push_merging(out: &mut Vec<Turn>, t: Turn) {
    // The run of same-axis turns at the end of `out`.
    let run_start = out
        .iter()
        .rposition(|u| u.layer.axis() != t.layer.axis())
        .map_or(0, |i| i + 1);
    match (run_start..out.len()).find(|&i| out[i].layer == t.layer) {
        Some(i) => match (out[i].amount + t.amount) % 4 {
            0 => {
                out.remove(i);
            }
            merged => out[i].amount = merged,
        },
        None => out.push(t),
    }
}
