//! The method registry: every solving method declares, in one [`Registration`], its name, its
//! options, its tables, its message catalogue and how to make its solver. Front ends (the CLI,
//! the server, the Python package) and shared machinery (`rubik tables`, the message
//! catalogue) read the registry and never name a method.
//!
//! Adding a method: write its module with a `pub(crate) static METHOD: Registration`, declare
//! the module and add one line to [`Method::ALL`] (`method/mod.rs`).

use crate::i18n::Message;
use crate::options::{OptionDef, OptionError, OptionKind, Options};
use crate::store::AnySpec;
use crate::{SolveError, Solver, SolverConfig};
use std::fmt;
use std::str::FromStr;

/// Everything the rest of the crate and the front ends need to know about a method.
pub struct Registration {
    /// The name (`twophase`), as typed on the command line and sent in requests.
    pub name: &'static str,
    /// What the method does, one line.
    pub summary: &'static str,
    /// The options it takes.
    pub options: &'static [&'static OptionDef],
    /// The tables it uses under a configuration (its options and `compact` may change them).
    pub tables: fn(&SolverConfig) -> Vec<&'static dyn AnySpec>,
    /// Its step messages, in every language.
    pub messages: &'static [Message],
    /// Makes a solver, loading (or building and caching) its tables.
    pub solver: fn(&SolverConfig) -> Result<Box<dyn Solver>, SolveError>,
    /// How long its solves take, for front ends that schedule them.
    pub pace: Pace,
}

/// How long a method's solves take, for front ends that schedule them (they name no method).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Milliseconds: solved as they come.
    Quick,
    /// Seconds to minutes, each solve spread over every CPU thread (a search over big tables):
    /// a server runs them in its slow lane, and continuous mode solves one cube per CPU thread
    /// by default, the solves sharing the threads.
    Slow,
}

/// A solving method: a handle on its [`Registration`].
#[derive(Clone, Copy)]
pub struct Method(pub(crate) &'static Registration);

impl Method {
    /// The method named `name` (any case).
    pub fn named(name: &str) -> Result<Method, UnknownMethod> {
        Method::ALL
            .iter()
            .copied()
            .find(|m| m.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownMethod {
                name: name.to_string(),
            })
    }

    /// Every method, the default first.
    pub fn all() -> &'static [Method] {
        Method::ALL
    }

    /// The method's name.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// What it does, one line.
    pub fn summary(self) -> &'static str {
        self.0.summary
    }

    /// The options it takes.
    pub fn options(self) -> &'static [&'static OptionDef] {
        self.0.options
    }

    /// The tables it uses under `config`.
    pub fn tables(self, config: &SolverConfig) -> Vec<&'static dyn AnySpec> {
        (self.0.tables)(config)
    }

    /// Its step messages.
    pub fn messages(self) -> &'static [Message] {
        self.0.messages
    }

    /// How long its solves take.
    pub fn pace(self) -> Pace {
        self.0.pace
    }

    /// A solver of this method for `config`, its tables loaded (or built and cached).
    pub fn solver(self, config: &SolverConfig) -> Result<Box<dyn Solver>, SolveError> {
        (self.0.solver)(config)
    }
}

/// A solver for `method`, loading (or building and caching) its tables as `config` says.
pub fn solver_for(method: Method, config: &SolverConfig) -> Result<Box<dyn Solver>, SolveError> {
    method.solver(config)
}

/// Every option some method takes, each name once (the first method's declaration).
pub fn all_options() -> Vec<&'static OptionDef> {
    let mut out: Vec<&'static OptionDef> = Vec::new();
    for m in Method::ALL {
        for &def in m.options() {
            if out.iter().all(|d| d.name != def.name) {
                out.push(def);
            }
        }
    }
    out
}

/// The methods taking option `name`.
pub fn methods_with_option(name: &str) -> Vec<Method> {
    Method::ALL
        .iter()
        .copied()
        .filter(|m| m.options().iter().any(|d| d.name == name))
        .collect()
}

/// Messages of features that work with any method (solving to a goal), beside the methods'.
const SHARED_MESSAGES: &[&[Message]] = &[crate::goal::messages::MESSAGES];

/// Every message of the crate: each method's, then the shared ones.
pub fn messages() -> impl Iterator<Item = &'static Message> {
    Method::ALL
        .iter()
        .map(|m| m.messages())
        .chain(SHARED_MESSAGES.iter().copied())
        .flat_map(|table| table.iter())
}

/// The message with this key, among every message of the crate.
pub fn lookup(key: &str) -> Option<&'static Message> {
    messages().find(|m| m.key == key)
}

/// ` (it is M's: add --method M)` for the methods that have `option`.
fn owners(option: &str) -> String {
    let owners: Vec<&str> = methods_with_option(option)
        .iter()
        .map(|m| m.name())
        .collect();
    match owners.as_slice() {
        [] => String::new(),
        [one] => format!(" (it is {one}'s: add --method {one})"),
        many => format!(
            " (it is an option of {}: add --method and one of them)",
            many.join(", ")
        ),
    }
}

/// Giving options by name, checked against the declarations of every method (the registry
/// knows them all; the option values themselves live in [`crate::options`]).
impl Options {
    /// Gives option `name` the value `value` (`None` for a flag), checked against the
    /// declaration of the methods that take it.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let def = all_options()
            .into_iter()
            .find(|d| d.name == name)
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let index = match (def.kind, value) {
            (OptionKind::Flag, None) => 0,
            (OptionKind::Choice(choices), Some(v)) => choices
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(v))
                .ok_or_else(|| OptionError::BadValue {
                    option: def.name,
                    value: v.to_string(),
                    choices,
                })?,
            (kind, _) => {
                return Err(OptionError::Arity {
                    option: def.name,
                    flag: kind == OptionKind::Flag,
                })
            }
        };
        self.put(def.name, index);
        Ok(())
    }

    /// The same options with `name` set (see [`Options::set`]).
    pub fn with(mut self, name: &str, value: Option<&str>) -> Result<Options, OptionError> {
        self.set(name, value)?;
        Ok(self)
    }

    /// Checks that `method` takes every option given (for a front end where the user names
    /// one method and its options together).
    pub fn check_for(&self, method: Method) -> Result<(), OptionError> {
        match self
            .names()
            .find(|name| method.options().iter().all(|d| d.name != *name))
        {
            Some(option) => Err(OptionError::NotOfMethod {
                option,
                method: method.name(),
                owners: owners(option),
            }),
            None => Ok(()),
        }
    }
}

/// A method name no method has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown method {name:?} (expected {})", names())]
pub struct UnknownMethod {
    /// The name given.
    pub name: String,
}

fn names() -> String {
    let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

impl Default for Method {
    fn default() -> Method {
        Method::ALL[0]
    }
}

impl PartialEq for Method {
    fn eq(&self, other: &Method) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Method {}

impl std::hash::Hash for Method {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

impl fmt::Debug for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Method({})", self.name())
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = UnknownMethod;
    fn from_str(s: &str) -> Result<Method, UnknownMethod> {
        Method::named(s)
    }
}

impl serde::Serialize for Method {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Method {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Method, D::Error> {
        let name = String::deserialize(d)?;
        Method::named(&name).map_err(serde::de::Error::custom)
    }
}
