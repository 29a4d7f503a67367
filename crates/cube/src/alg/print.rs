//! Canonical notation: `R`, `R2`, `R'`, `Rw`, `M`, `x`, `(R U R' U')3`, `[R, U]`, `[R: U]`,
//! one space apart.
//! [`Alg::parse`] reads it back to the same tree.

use super::ast::{Alg, Layer, Node, Turn};
use std::fmt;

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layer::Face(face) => write!(f, "{face}"),
            Layer::Wide(face) => write!(f, "{face}w"),
            Layer::Slice(s) => write!(f, "{}", s.letter()),
            Layer::Rotation(a) => write!(f, "{}", a.letter()),
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.amount {
            1 => "",
            2 => "2",
            _ => "'",
        };
        write!(f, "{}{}", self.layer, suffix)
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Turn(t) => write!(f, "{t}"),
            Node::Group {
                alg,
                repeat,
                inverted,
            } => {
                write!(f, "({alg})")?;
                if *repeat != 1 {
                    write!(f, "{repeat}")?;
                }
                if *inverted {
                    write!(f, "'")?;
                }
                Ok(())
            }
            Node::Commutator(a, b) => write!(f, "[{a}, {b}]"),
            Node::Conjugate(a, b) => write!(f, "[{a}: {b}]"),
        }
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}
