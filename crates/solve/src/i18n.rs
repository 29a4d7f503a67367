//! The message catalogue for step names and explanations, in English and French.
//!
//! Solvers never write step text directly: they name a message by key and give its parameters
//! (`Step::new(message!(MESSAGES, "cfop.oll"), &[("number", "27"), ("case", "Sune")], moves)`,
//! the key checked when the crate compiles), and the text is
//! rendered from the catalogue in the language asked for. Each method keeps its own messages in
//! a `MESSAGES` table next to its code; the registry gathers them (`crate::registry::messages`,
//! `crate::registry::lookup`), so this module knows no method.

use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A language of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

/// A language name the catalogue has no language for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {name:?} (expected en or fr)")]
pub struct UnknownLang {
    /// The name given.
    pub name: String,
}

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "fr" | "french" | "français" | "francais" => Ok(Lang::Fr),
            _ => Err(UnknownLang {
                name: s.to_string(),
            }),
        }
    }
}

/// One catalogue entry: a step's name and explanation templates in each language. Templates
/// may contain `{param}` placeholders filled from the step's parameters.
#[derive(Clone, Copy, Debug)]
pub struct Message {
    /// Key, `method.step` (e.g. `"twophase.phase1"`).
    pub key: &'static str,
    /// English name template.
    pub en_name: &'static str,
    /// English explanation template.
    pub en_explanation: &'static str,
    /// French name template.
    pub fr_name: &'static str,
    /// French explanation template.
    pub fr_explanation: &'static str,
}

/// A word that can appear inside message parameters (a colour, a side of the cube), in each
/// language: the colours of the faces ([`COLOURS`]), translated inside message parameters.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    /// English.
    pub en: &'static str,
    /// French.
    pub fr: &'static str,
}

/// The colours of the faces in the WCA scheme, in URFDLB order: U white, R red, F green,
/// D yellow, L orange, B blue (facelet letters name faces; these are their colours).
pub const COLOURS: [Word; 6] = [
    Word {
        en: "white",
        fr: "blanc",
    },
    Word {
        en: "red",
        fr: "rouge",
    },
    Word {
        en: "green",
        fr: "vert",
    },
    Word {
        en: "yellow",
        fr: "jaune",
    },
    Word {
        en: "orange",
        fr: "orange",
    },
    Word {
        en: "blue",
        fr: "bleu",
    },
];

/// The English name of the colour of `face` (WCA scheme, see [`COLOURS`]).
pub fn colour(face: rubik_cube::Face) -> &'static str {
    COLOURS[face as usize].en
}

/// `value` (an English parameter value) in `lang`: every known [`Word`] in it, between spaces,
/// hyphens and commas, is translated (`yellow-red-blue` → `jaune-rouge-bleu`); everything
/// else (case names, moves, numbers) is kept.
pub fn localise(value: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return value.to_string();
    }
    let translate = |word: &str| -> String {
        COLOURS
            .iter()
            .find(|w| w.en == word)
            .map_or_else(|| word.to_string(), |w| w.fr.to_string())
    };
    let mut out = String::with_capacity(value.len());
    let mut word = String::new();
    for c in value.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            out.push_str(&translate(&word));
            word.clear();
            out.push(c);
        }
    }
    out.push_str(&translate(&word));
    out
}

/// Fills the placeholders of `template` from `params`: `{name}` becomes the value, and
/// `{name|one|many}` becomes the value followed by `one` when it is 1, else by `many`
/// (`{count|move|moves}` → "1 move", "7 moves"). Unknown placeholders stay as written.
pub fn render(template: &str, params: &[(String, String)]) -> String {
    let mut out = template.to_string();
    for (k, v) in params {
        out = out.replace(&format!("{{{k}}}"), v);
        let plural_open = format!("{{{k}|");
        while let Some(start) = out.find(&plural_open) {
            let Some(len) = out[start..].find('}') else {
                break;
            };
            let inner = &out[start + plural_open.len()..start + len];
            let (one, many) = inner.split_once('|').unwrap_or((inner, inner));
            let word = if v == "1" { one } else { many };
            out.replace_range(start..=start + len, &format!("{v} {word}"));
        }
    }
    out
}

/// The message `key` of `table`, found at compile time when called in a `const` (see
/// `message!`): a key missing from its table does not compile.
///
/// # Panics
/// If `table` has no message `key` (at compile time in a `const`).
pub const fn find(table: &'static [Message], key: &str) -> &'static Message {
    let mut i = 0;
    while i < table.len() {
        if same(table[i].key, key) {
            return &table[i];
        }
        i += 1;
    }
    panic!("no message with this key in the table");
}

/// `a == b` in a `const`.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The [`Key`] of message `key` of the message table `table`, checked when the crate
/// compiles: `message!(MESSAGES, "cfop.oll")`.
macro_rules! message {
    ($table:expr, $key:literal) => {
        const { $crate::i18n::Key::of($crate::i18n::find($table, $key)) }
    };
}
pub(crate) use message;

/// A message of the catalogue as code names it: a step's or a sentence's text. Made only from
/// a message itself (the crate's `message!` macro checks the key when the crate compiles), so a text is always
/// there to render. Compares, hashes and serialises as its key (`"cfop.oll"`).
#[derive(Clone, Copy)]
pub struct Key(&'static Message);

impl Key {
    /// The key of `message`.
    pub const fn of(message: &'static Message) -> Key {
        Key(message)
    }

    /// The key as a string (`"cfop.oll"`), for written forms (JSON) and for readers of them.
    pub fn as_str(self) -> &'static str {
        self.0.key
    }

    /// The message's templates.
    pub fn message(self) -> &'static Message {
        self.0
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.0.key == other.0.key
    }
}

impl Eq for Key {}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.key.hash(state)
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.0.key)
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.key)
    }
}

impl Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.key)
    }
}

impl Message {
    /// The (name, explanation) templates in `lang`.
    pub fn templates(&self, lang: Lang) -> (&'static str, &'static str) {
        match lang {
            Lang::En => (self.en_name, self.en_explanation),
            Lang::Fr => (self.fr_name, self.fr_explanation),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_words_are_localised() {
        assert_eq!(localise("yellow-red-blue", Lang::Fr), "jaune-rouge-bleu");
        assert_eq!(localise("Sune", Lang::Fr), "Sune");
        assert_eq!(localise("yellow-red-blue", Lang::En), "yellow-red-blue");
    }

    #[test]
    fn render_fills_parameters() {
        let p = vec![
            ("n".to_string(), "27".to_string()),
            ("case".to_string(), "Sune".into()),
        ];
        assert_eq!(render("OLL {n} — {case}", &p), "OLL 27 — Sune");
    }

    #[test]
    fn render_chooses_singular_or_plural() {
        let one = vec![("count".to_string(), "1".to_string())];
        let seven = vec![("count".to_string(), "7".to_string())];
        let t = "({count|move|moves})";
        assert_eq!(render(t, &one), "(1 move)");
        assert_eq!(render(t, &seven), "(7 moves)");
    }

    #[test]
    fn keys_are_unique_and_placeholders_match() {
        let all: Vec<_> = crate::registry::messages().collect();
        for (i, m) in all.iter().enumerate() {
            assert!(
                all[..i].iter().all(|o| o.key != m.key),
                "duplicate key {}",
                m.key
            );
            for (a, b) in [(m.en_name, m.fr_name), (m.en_explanation, m.fr_explanation)] {
                assert_eq!(
                    placeholders(a),
                    placeholders(b),
                    "{}: en and fr differ",
                    m.key
                );
            }
        }
    }

    fn placeholders(t: &str) -> Vec<&str> {
        let mut v: Vec<&str> = t
            .split('{')
            .skip(1)
            .filter_map(|s| s.split(['}', '|']).next())
            .collect();
        v.sort_unstable();
        v
    }
}
