//! Method options, typed: each method declares the options it takes ([`OptionDef`]: a flag or
//! a choice among named values), front ends offer them by those declarations (the CLI's
//! `--table`, `--cross`, `--all`), and a method reads the value it declared as its own type
//! ([`Choices::get`], [`Flag::get`]). A value is checked against the declaration when it is
//! given, so a method never sees one it does not know.

//!
//! This module holds the declarations and the values; checking a value by the option's name
//! against every method's declarations needs the registry, so [`Options::set`] and
//! [`Options::check_for`] are implemented there (`crate::registry`), above the methods.

use std::fmt;

/// One value of a choice option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as typed (`small`, `any`).
    pub name: &'static str,
    /// What it does, one line.
    pub help: &'static str,
}

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// Given or not (`--all`).
    Flag,
    /// One of these values (`--table small`); the first is the default.
    Choice(&'static [Choice]),
}

/// An option of a method: its name (the CLI's `--NAME`), what it does and what it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDef {
    /// The name, lower case with hyphens.
    pub name: &'static str,
    /// What it does, one line.
    pub help: &'static str,
    /// A flag or a choice.
    pub kind: OptionKind,
}

/// A flag option, read as a `bool`.
pub struct Flag {
    /// The declaration.
    pub def: OptionDef,
}

impl Flag {
    /// Whether the flag is set in `options`.
    pub fn get(&self, options: &Options) -> bool {
        options.value(self.def.name).is_some()
    }
}

/// A choice option whose values stand for the method's own `T` (`values[i]` for the `i`-th
/// choice of the declaration).
pub struct Choices<T: 'static> {
    /// The declaration.
    pub def: OptionDef,
    /// The method's value for each choice, in the declaration's order.
    pub values: &'static [T],
}

impl<T: Copy> Choices<T> {
    /// The value chosen in `options`, or the first (the default).
    pub fn get(&self, options: &Options) -> T {
        self.values[options.value(self.def.name).unwrap_or(0)]
    }

    /// The name of `value` (the first choice standing for it).
    pub fn name_of(&self, value: T) -> &'static str
    where
        T: PartialEq,
    {
        let OptionKind::Choice(choices) = self.def.kind else {
            return self.def.name;
        };
        self.values
            .iter()
            .position(|v| *v == value)
            .map_or(self.def.name, |i| choices[i].name)
    }
}

/// Options given to the solvers, each checked against the declaration of the methods that
/// take it (an option's name means the same for every method that declares it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// (option name, index of the choice; 0 for a flag).
    set: Vec<(&'static str, usize)>,
}

/// Why an option was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No method takes an option of that name.
    #[error("no method takes an option --{0}")]
    Unknown(String),
    /// The method has no such option (another method does).
    #[error("--{option} is not an option of method {method}{owners}")]
    NotOfMethod {
        /// The option.
        option: &'static str,
        /// The method it was given to.
        method: &'static str,
        /// Who takes it, in words (` (it is cfop's: add --method cfop)`), or nothing.
        owners: String,
    },
    /// The value is not one the option takes.
    #[error("--{option} takes {}, not {value:?}", expected(choices))]
    BadValue {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// The values it takes.
        choices: &'static [Choice],
    },
    /// A flag was given a value, or a choice none.
    #[error("--{option} {}", if *flag { "takes no value" } else { "needs a value" })]
    Arity {
        /// The option.
        option: &'static str,
        /// Whether it is a flag.
        flag: bool,
    },
}

pub(crate) fn expected(choices: &[Choice]) -> String {
    let names: Vec<&str> = choices.iter().map(|c| c.name).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "nothing".to_string(),
    }
}

impl Options {
    /// No option given: every method's defaults.
    pub fn new() -> Options {
        Options::default()
    }

    /// Records option `name` with the index of its value (0 for a flag), replacing an earlier
    /// value; the caller has checked both against the declaration.
    pub(crate) fn put(&mut self, name: &'static str, index: usize) {
        self.set.retain(|(n, _)| *n != name);
        self.set.push((name, index));
    }

    /// The names of the options given.
    pub(crate) fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.set.iter().map(|&(name, _)| name)
    }

    /// The index of the value of option `name`, if given.
    fn value(&self, name: &str) -> Option<usize> {
        self.set.iter().find(|(n, _)| *n == name).map(|&(_, i)| i)
    }

    /// Whether no option is given.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
}

impl fmt::Display for OptionDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            OptionKind::Flag => write!(f, "--{}", self.name),
            OptionKind::Choice(choices) => write!(f, "--{} {}", self.name, expected(choices)),
        }
    }
}
