//! The command line, as clap types. `rubik "R U R' U'"` is rewritten to `rubik solve ...` by
//! [`with_default_subcommand`] before parsing.

use clap::{Args, Parser, Subcommand, ValueEnum};
use rubik_cube::subset::Subset;
use rubik_cube::MoveSet;
use rubik_solve::options::OptionKind;
use rubik_solve::Method;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  rubik \"R U R' U'\"                         solve the cube scrambled by these moves
  rubik solve --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
  rubik solve --net my-cube.txt --explain    solve a colour net, one line per step
  rubik solve --method cfop --explain --lang fr \"R U R' U'\"
  rubik scramble -n 5 --seed 42 | rubik solve -c --jobs 2 --json
  rubik solve --to cross \"R U F2 D L\"      the shortest way to a goal (cross, f2l, oll, eo, ...)
  rubik algs pll T --moves R,U,F             algorithms for a case, shortest first
  rubik scramble --subset pll -n 5           training scrambles for a subset
  rubik show \"R U R' U'\"                    the cube after these moves, as a coloured net
  rubik bench --count 100 --plot bench.svg
  rubik tables build                         build and cache the two-phase tables
  rubik repl                                 interactive terminal mode
  rubik serve --addr 127.0.0.1:8080          the web app and its JSON API

Exit codes: 0 success, 1 no solution within the limits, 2 bad input or usage,
3 the environment failed (tables could not be written, address in use, ...).
Tables are cached in $RUBIK_TABLES, else the user cache dir (~/.cache/rubik).";

/// Solve, scramble, show and explain Rubik's Cubes.
#[derive(Debug, Parser)]
#[command(name = "rubik", version, about, after_help = EXAMPLES, arg_required_else_help = true)]
pub struct Cli {
    /// When to colour the output: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColourWhen::Auto)]
    pub color: ColourWhen,

    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// When to use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColourWhen {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a cube given by moves, a facelet string or a colour net (the default command).
    Solve(SolveArgs),
    /// Show the cube after some moves, as a net, a facelet string or JSON.
    Show(ShowArgs),
    /// Print random-state scrambles.
    Scramble(ScrambleArgs),
    /// List algorithms for a case (oll 27, pll T, a scramble, a pattern), shortest first.
    Algs(AlgsArgs),
    /// Measure a method on random states: lengths, times, memory.
    Bench(BenchArgs),
    /// Build, verify or describe the cached tables.
    Tables(TablesArgs),
    /// Interactive terminal mode.
    Repl(ReplArgs),
    /// Serve the web app and its JSON API.
    Serve(ServeArgs),
    /// Read a cube from face photos (six, any order) or a robot rig's frames.
    Scan(ScanArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write one page per command into a directory.
    Man(ManArgs),
}

/// The names of the subcommands (and clap's own), for the `rubik ALG` shorthand.
const SUBCOMMANDS: &[&str] = &[
    "solve",
    "show",
    "scramble",
    "algs",
    "bench",
    "tables",
    "repl",
    "serve",
    "scan",
    "completions",
    "man",
    "help",
];

/// Rewrites `rubik ARGS` to `rubik solve ARGS` when the first argument is neither a subcommand
/// nor a top-level flag (`--help`, `--version`, `--color`).
pub fn with_default_subcommand(args: Vec<OsString>) -> Vec<OsString> {
    let mut i = 1;
    // Skip global options that precede the subcommand.
    while i < args.len() {
        let a = args[i].to_string_lossy();
        if a == "--color" {
            i += 2;
        } else if a.starts_with("--color=") {
            i += 1;
        } else {
            break;
        }
    }
    let Some(first) = args.get(i).map(|a| a.to_string_lossy().into_owned()) else {
        return args;
    };
    let top_level_flag = matches!(first.as_str(), "-h" | "--help" | "-V" | "--version");
    if top_level_flag || SUBCOMMANDS.contains(&first.as_str()) {
        return args;
    }
    let mut out = args;
    out.insert(i, "solve".into());
    out
}

/// A length metric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Metric {
    /// Half-turn metric (any face turn is 1), suffix `f`.
    #[default]
    Htm,
    /// Quarter-turn metric (a half turn is 2), suffix `q`.
    Qtm,
    /// Slice-turn metric (a slice turn is 1), suffix `s`.
    Stm,
    /// Axial half-turn metric: turns of opposite faces made together, written `(U D')`, are
    /// one move; suffix `a`. Searched by two-phase.
    AxialHtm,
    /// Axial quarter-turn metric: as axial-htm, a half turn costing 2 (`(U2 D)` costs 2);
    /// suffix `x`. Searched by two-phase.
    AxialQtm,
}

impl Metric {
    /// The two-phase `metric` option this metric asks the search for, when it is one the
    /// method searches in (two-phase searches HTM by default and counts STM only).
    pub fn searched(self) -> Option<&'static str> {
        match self {
            Metric::Qtm => Some("qtm"),
            Metric::AxialHtm => Some("axial-htm"),
            Metric::AxialQtm => Some("axial-qtm"),
            Metric::Htm | Metric::Stm => None,
        }
    }
}

/// Which method and which tables (shared by solve, bench and tables).
#[derive(Debug, Args, Clone)]
pub struct MethodArgs {
    /// Solving method (`rubik tables info --method M` lists its tables).
    #[arg(long, short = 'm', default_value_t = Method::default(), value_parser = parse_method)]
    pub method: Method,

    /// Table choices and the methods' own options.
    #[command(flatten)]
    pub tables: TableArgs,
}

/// Which tables the solvers use, and the options of the methods.
#[derive(Debug, Args, Clone, Default)]
pub struct TableArgs {
    /// Use the compact two-phase tables (15 MB instead of 636 MB; about 1 ms per cube for ≤ 21 moves, 20 ms for ≤ 20).
    #[arg(long)]
    pub compact: bool,

    /// Copy the tables into this process's memory, the large ones in 2 MiB pages, instead of mapping their files: slower to start (about a second) and more memory, then searched in 2 MiB pages whatever the page cache holds (faster than table files cached in 4 KiB pages, as a copied directory is). For runs of many cubes (batches, benchmarks, a robot's session).
    #[arg(long)]
    pub private_tables: bool,

    /// The methods' options, as the methods declare them.
    #[command(flatten)]
    pub options: MethodOptionArgs,
}

/// The options the methods declare (`--table`, `--cross`, `--all`, ...): offered as flags
/// from the registry, so this file names none of them.
#[derive(Debug, Clone, Default)]
pub struct MethodOptionArgs {
    /// The options given: (name, value; `None` for a flag).
    pub given: Vec<(&'static str, Option<String>)>,
}

impl clap::FromArgMatches for MethodOptionArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for def in rubik_solve::registry::all_options() {
            if def.name == "metric" {
                // Offered by `rubik solve --metric` (see `SolveArgs::searching`).
                continue;
            }
            match def.kind {
                OptionKind::Flag => {
                    if matches.get_flag(def.name) {
                        given.push((def.name, None));
                    }
                }
                OptionKind::Choice(_) => {
                    if let Some(v) = matches.get_one::<String>(def.name) {
                        given.push((def.name, Some(v.clone())));
                    }
                }
            }
        }
        Ok(MethodOptionArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = MethodOptionArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for MethodOptionArgs {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for def in rubik_solve::registry::all_options() {
            if def.name == "metric" {
                // Offered by `rubik solve --metric`, which both counts and searches.
                continue;
            }
            let owners: Vec<&str> = rubik_solve::registry::methods_with_option(def.name)
                .iter()
                .map(|m| m.name())
                .collect();
            let arg = clap::Arg::new(def.name).long(def.name).help(format!(
                "{} (--method {})",
                def.help,
                owners.join(" or ")
            ));
            let arg = match def.kind {
                OptionKind::Flag => arg.action(clap::ArgAction::SetTrue),
                OptionKind::Choice(choices) => {
                    arg.value_name("VALUE")
                        .value_parser(clap::builder::PossibleValuesParser::new(
                            choices
                                .iter()
                                .map(|c| clap::builder::PossibleValue::new(c.name).help(c.help)),
                        ))
                }
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        MethodOptionArgs::augment_args(cmd)
    }
}

/// Length and time limits.
#[derive(Debug, Args, Clone)]
pub struct LimitArgs {
    /// Longest acceptable solution (HTM); the method's default when absent.
    #[arg(long, value_name = "N")]
    pub max_length: Option<usize>,

    /// Time budget per cube, e.g. 5s, 200ms, 1m (the best solution found so far is kept).
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,

    /// Keep searching for shorter solutions until the timeout (which it therefore needs).
    #[arg(long, requires = "timeout")]
    pub improve: bool,

    /// Threads searching each cube (two-phase in HTM; the robot modes and other methods use
    /// one). With --jobs J, each of the J cubes solved at once is searched by up to N threads,
    /// the helpers taken from one pool of as many threads as cores, shared by all J. The
    /// answer may differ from run to run (the first solution any thread finds).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

/// `rubik solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik solve \"R U R' U'\"
  rubik solve R U R\\' U\\' --explain
  rubik solve --facelets DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD --json
  rubik solve --net cube.txt --method thistlethwaite
  rubik solve --rgb scan.json                 54 measured colours from a camera or robot
  printf \"R U\\nF2 L\\n\" | rubik solve -c --jobs 2

Continuous mode answers every line, then exits 0 when all were solved, 2 when a line was
not a cube, 1 when a cube had no solution within the limits.")]
pub struct SolveArgs {
    /// The scramble, as moves (several arguments are joined), or a 54-letter facelet string.
    #[arg(value_name = "ALG")]
    pub alg: Vec<String>,

    /// The cube as a 54-letter facelet string in URFDLB order.
    #[arg(long, short = 'f', value_name = "S", conflicts_with_all = ["alg", "net", "rgb", "continuous"])]
    pub facelets: Option<String>,

    /// The cube as a colour-net text file ('-' for stdin).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["alg", "rgb", "continuous"])]
    pub net: Option<PathBuf>,

    /// The cube as measured colours: a JSON array of 54 [r, g, b] (0-255) in URFDLB facelet
    /// order ('-' for stdin), resolved into the most probable valid cube. Doubtful stickers
    /// are named on stderr; a scan no valid cube fits is refused (exit 2).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["alg", "continuous"])]
    pub rgb: Option<PathBuf>,

    /// The cube as photos: six face photos (PNG or JPEG, any order; each face known by its
    /// centre, turned any way), or a robot rig's frames with --rects. See `rubik scan`.
    #[arg(long, value_name = "IMAGE", num_args = 1.., conflicts_with_all = ["alg", "rgb", "net", "facelets", "continuous"])]
    pub image: Vec<PathBuf>,

    /// With --image: a JSON array of 54 [image, x, y, width, height], each sticker's rectangle.
    #[arg(long, value_name = "FILE", requires = "image")]
    pub rects: Option<PathBuf>,

    /// With --image: take each face photo as the net shows it (U with B up, D with F up, the
    /// others with U up) instead of trying each face's four quarter turns.
    #[arg(long, requires = "image", conflicts_with = "rects")]
    pub as_shot: bool,

    /// Continuous mode: one scramble or facelet string per stdin line, one answer per line.
    #[arg(long, short = 'c', conflicts_with_all = ["alg", "explain"])]
    pub continuous: bool,

    /// Method and tables.
    #[command(flatten)]
    pub method: MethodArgs,

    /// Goal and move set.
    #[command(flatten)]
    pub goal: GoalArgs,

    /// Limits.
    #[command(flatten)]
    pub limits: LimitArgs,

    /// Print JSON: {input, solution, length, method, millis, steps}.
    #[arg(long)]
    pub json: bool,

    /// Give N distinct solutions within the bound (two-phase; other methods give one), the
    /// first found, each printed as it is found (with --json, one JSON line each, then a
    /// summary line). Not in continuous mode.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1000), conflicts_with = "continuous")]
    pub solutions: Option<u16>,

    /// Print one line per step: its name, moves and explanation.
    #[arg(long, short = 'e')]
    pub explain: bool,

    /// Print the solution as a person performs it, with rotations and wide or slice moves,
    /// when the method has such a form (CFOP); outer face turns otherwise.
    #[arg(long)]
    pub rotations: bool,

    /// With --explain: write the steps as outer face turns, not as a person does them (CFOP
    /// shows rotations, wide and slice moves by default).
    #[arg(long)]
    pub outer_turns: bool,

    /// Append the length to the solution, e.g. `(19f)`.
    #[arg(long, short = 'l')]
    pub show_length: bool,

    /// How lengths are counted in the output, and the metric two-phase searches in (qtm,
    /// axial-htm, axial-qtm: the shortest solutions in that metric; axial solutions are
    /// written in `(U D')` groups).
    #[arg(long, value_enum, default_value_t = Metric::Htm)]
    pub metric: Metric,

    /// Continuous mode: append the answers to FILE, each line whole, instead of stdout; a
    /// batch killed or crashed keeps every line written.
    #[arg(long, value_name = "FILE", requires = "continuous")]
    pub output: Option<PathBuf>,

    /// With --output: keep the answers already in FILE and solve only the input lines after
    /// them (the input must start with the same lines; FILE must be JSON lines, so --json).
    #[arg(long, requires_all = ["output", "json"])]
    pub resume: bool,

    /// Cubes solved in parallel in continuous mode (output keeps the input order). Default: 1,
    /// but one per CPU thread for the optimal method, whose solves then share the threads
    /// subtree by subtree (the last cube of a batch gets all of them).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// Language of step names and explanations: en or fr.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: rubik_solve::i18n::Lang,
}

impl SolveArgs {
    /// The method and its options, with `--metric` given to a method that searches in a
    /// metric (two-phase's `metric` option) when it names one the method searches in.
    pub fn searching(&self) -> MethodArgs {
        self.method.in_metric(self.metric)
    }
}

impl MethodArgs {
    /// These method arguments with `metric` given as the method's `metric` option, when the
    /// method searches in metrics and `metric` is one it searches in (else unchanged).
    pub fn in_metric(&self, metric: Metric) -> MethodArgs {
        let mut method = self.clone();
        if let Some(name) = metric.searched() {
            if rubik_solve::registry::methods_with_option("metric").contains(&method.method) {
                method
                    .tables
                    .options
                    .given
                    .push(("metric", Some(name.to_string())));
            }
        }
        method
    }
}

/// Where a solve takes the cube and which turns it may use.
#[derive(Debug, Args, Clone, Default)]
pub struct GoalArgs {
    /// Solve to GOAL instead of the solved cube: cross, f2l (or ll), f2l-1, oll, eo, dr,
    /// 2x2x2, 2x2x3 or solved (NAME:FACE for another face or place, e.g. cross:U, 2x2x2:DBL,
    /// eo:UD), a sticker pattern with ? for any colour, a facelet string, or a scramble (the
    /// state it makes). Partial goals get the shortest solution.
    #[arg(long, value_name = "GOAL")]
    pub to: Option<String>,

    /// Use only these turns, e.g. R,U or M,U or R,U,F,r (a layer alone means its three turns):
    /// the shortest solution within them, each turn counting one.
    #[arg(long, value_name = "SET", value_parser = parse_moves)]
    pub moves: Option<MoveSet>,
}

/// `rubik algs`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik algs oll 27 --moves R,U              Sune's algorithms with R and U
  rubik algs pll T --moves R,U,F --extra 1   T-perms up to one turn longer than the shortest
  rubik algs zbll T 12 --count 5 --json
  rubik algs \"R U R' U R U2 R'\"              the case this scramble makes

Cases: oll 1..57, pll NAME (Aa Ab E F Ga Gb Gc Gd H Ja Jb Na Nb Ra Rb T Ua Ub V Y Z),
zbll SHAPE N (shapes T U L H Pi S AS, numbered by this program), or a scramble, a facelet
string or a sticker pattern (? for don't care). For a last-layer case, U turns before and
after are free and shown apart: (U') ALG (U2). Algorithms are listed by length, then by an
ergonomic score (lower is easier: wrist turns R L cost least, then U, M, D, F, B; half turns
and regrips cost more); each once, without rotations or mirror images of a listed one.")]
pub struct AlgsArgs {
    /// The case (several arguments are joined).
    #[arg(value_name = "CASE", required = true)]
    pub case: Vec<String>,

    /// Turns the algorithms may use (default: the 18 face turns).
    #[arg(long, value_name = "SET", value_parser = parse_moves)]
    pub moves: Option<MoveSet>,

    /// List algorithms up to N turns.
    #[arg(long, value_name = "N", conflicts_with = "extra")]
    pub max_length: Option<usize>,

    /// List algorithms up to K turns longer than the shortest (default 2).
    #[arg(long, value_name = "K")]
    pub extra: Option<usize>,

    /// Stop after C algorithms.
    #[arg(long, short = 'n', value_name = "C")]
    pub count: Option<usize>,

    /// One JSON object per algorithm: {case, alg, before, after, length, htm, qtm, score}.
    #[arg(long)]
    pub json: bool,

    /// Also list algorithms that are a listed one performed from another side.
    #[arg(long)]
    pub keep_rotations: bool,

    /// Also list the mirror images of listed algorithms.
    #[arg(long)]
    pub keep_mirrors: bool,

    /// Give up after this long, e.g. 30s.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
}

/// `rubik scan`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik scan u.jpg r.jpg f.jpg d.jpg l.jpg b.jpg      six face photos, any order
  rubik scan --rects rig.json cam1.png cam2.png       a robot rig: one rectangle per sticker
  rubik scan --rgb colours.json --json                 54 colours a robot measured
  rubik solve --image u.jpg r.jpg f.jpg d.jpg l.jpg b.jpg

Each face is known by its centre's colour (white U, red R, green F, yellow D, orange L, blue B)
and may be photographed turned any way: each face's four quarter turns are tried and the one
valid cube kept (the turns are named on stderr). When two turnings give different valid cubes
about as well, the scan is refused (exit 2); photograph the faces as the net shows them (R, F,
L, B with U up, U with B up, D with F up) and give --as-shot to read them so.
Doubtful stickers are named on stderr; exit 2 when no face is found or no valid cube is likely.")]
pub struct ScanArgs {
    /// The photos (PNG or JPEG).
    #[arg(value_name = "IMAGE", required_unless_present = "rgb")]
    pub images: Vec<PathBuf>,

    /// A JSON array of 54 [image, x, y, width, height]: each sticker's rectangle in its
    /// image (URFDLB facelet order), for fixed cameras.
    #[arg(long, value_name = "FILE")]
    pub rects: Option<PathBuf>,

    /// Take each face photo as the net shows it (U with B up, D with F up, the others with U
    /// up) instead of trying each face's four quarter turns.
    #[arg(long, conflicts_with_all = ["rects", "rgb"])]
    pub as_shot: bool,

    /// Colours already measured instead of photos: a JSON array of 54 [r, g, b] (0-255) in
    /// URFDLB facelet order, or {"rgb": [...]} ('-' for stdin).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["images", "rects"])]
    pub rgb: Option<PathBuf>,

    /// JSON: {facelets, confidence, doubtful}, and for face photos read with their turns
    /// searched, turns: per face (URFDLB) the quarter turns clockwise that brought its photo
    /// to the net's orientation.
    #[arg(long)]
    pub json: bool,
}

/// `rubik show`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik show \"R U R' U'\"
  rubik show --format facelets \"r U r' U'\"
  rubik show --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB R
  NO_COLOR=1 rubik show --net cube.txt
  rubik show --rgb scan.json --format facelets")]
pub struct ShowArgs {
    /// Moves applied to the start state (several arguments are joined).
    #[arg(value_name = "ALG")]
    pub alg: Vec<String>,

    /// Start from this facelet string instead of the solved cube.
    #[arg(long, short = 'f', value_name = "S", conflicts_with_all = ["net", "rgb"])]
    pub facelets: Option<String>,

    /// Start from this colour-net file instead of the solved cube ('-' for stdin).
    #[arg(long, value_name = "FILE", conflicts_with = "rgb")]
    pub net: Option<PathBuf>,

    /// Start from the cube these measured colours show (JSON: 54 [r, g, b] in URFDLB order,
    /// '-' for stdin); doubtful stickers are named on stderr.
    #[arg(long, value_name = "FILE")]
    pub rgb: Option<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ShowFormat::Net)]
    pub format: ShowFormat,
}

/// How `rubik show` prints the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// The flat net (coloured on a terminal).
    Net,
    /// The 54-letter facelet string.
    Facelets,
    /// JSON: {facelets, solved, alg}, and with --rgb {confidence, doubtful}.
    Json,
}

/// `rubik scramble`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik scramble
  rubik scramble -n 10 --seed 7
  rubik scramble --facelets -n 3
  rubik scramble --subset pll -n 5 --seed 1

Subsets (each scramble is a uniformly random state of the subset, written in at most 20 moves):
  ll     last layer (first two layers solved)      pll    last layer oriented
  oll    last layer permuted up to a U turn        zbll   last layer edges oriented
  coll   edges oriented and solved up to a U turn  ell    corners solved up to a U turn
  f2l    D cross solved                            lsll   last slot (FR) and last layer
  cross-solved  a cross solved on a random face    edges / corners   the other kind solved
  2gen   any state of <R,U>                        3gen   any state of <R,U,F>")]
pub struct ScrambleArgs {
    /// Number of scrambles.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "COUNT")]
    pub count: usize,

    /// Seed for reproducible scrambles.
    #[arg(long, short = 's')]
    pub seed: Option<u64>,

    /// Print facelet strings instead of moves.
    #[arg(long, short = 'f')]
    pub facelets: bool,

    /// Draw states of a training subset (see below) instead of any state.
    #[arg(long, value_name = "SUBSET", value_parser = parse_subset)]
    pub subset: Option<Subset>,
}

/// `rubik bench`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik bench --count 1000 --seed 1
  rubik bench --method thistlethwaite --plot thistle.svg
  rubik bench --max-length 19 --timeout 1s --count 20
  rubik bench --file bench.cubes --count 1000 --max-length 20   # another solver's state list")]
pub struct BenchArgs {
    /// Method and tables.
    #[command(flatten)]
    pub method: MethodArgs,

    /// Limits.
    #[command(flatten)]
    pub limits: LimitArgs,

    /// Number of random states (default 100), or of lines taken from --file (default all).
    #[arg(long, short = 'n')]
    pub count: Option<usize>,

    /// Seed of the random states.
    #[arg(long, short = 's', default_value_t = 1, conflicts_with = "file")]
    pub seed: u64,

    /// Solve the states listed in FILE instead of random ones: one facelet string or scramble
    /// a line, blank lines and lines starting with // skipped (e.g. another solver's
    /// benchmark list, to compare on the same states).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Write an SVG of the length and time distributions.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// Threads solving at once (1 for timings comparable with single-threaded peers).
    #[arg(long, short = 'j', default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: u16,

    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `rubik tables`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  rubik tables info
  rubik tables build --method thistlethwaite
  rubik tables build --faces URFDL --metric qtm     # a robot mode's own tables
  RUBIK_TABLES=/tmp/t rubik tables verify")]
pub struct TablesArgs {
    /// What to do.
    #[arg(value_enum, default_value_t = TablesAction::Info)]
    pub action: TablesAction,

    /// Method and tables.
    #[command(flatten)]
    pub method: MethodArgs,

    /// The metric two-phase searches in (qtm, axial-htm, axial-qtm): the tables of that robot
    /// mode (with --faces, of that face set).
    #[arg(long, value_enum, default_value_t = Metric::Htm)]
    pub metric: Metric,
}

/// What `rubik tables` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TablesAction {
    /// Build missing or damaged tables.
    Build,
    /// Check every cached table against its checksum.
    Verify,
    /// List the tables: file, size, state.
    Info,
}

/// `rubik repl`.
#[derive(Debug, Args)]
#[command(after_help = "\
Type `help` at the prompt for the commands. History is kept in ~/.rubik_history
(or $RUBIK_HISTORY; set it empty to keep none).

Examples:
  rubik repl
  rubik repl --iso --method cfop
  printf 'scramble R U F\\nsolve\\n' | rubik repl      commands from a pipe, no prompt")]
pub struct ReplArgs {
    /// Method used by `solve` when none is named.
    #[arg(long, short = 'm', default_value_t = Method::default(), value_parser = parse_method)]
    pub method: Method,

    /// Tables the solvers use.
    #[command(flatten)]
    pub tables: TableArgs,

    /// Show the isometric view after each change instead of the net.
    #[arg(long)]
    pub iso: bool,

    /// Language of step names and explanations: en or fr.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: rubik_solve::i18n::Lang,
}

/// `rubik serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on: IP:PORT or HOST:PORT (`localhost:8080`). Anything but a loopback
    /// address lets other machines use the server, which has no authentication.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,

    /// Write the page into this folder as static files and exit, instead of serving: opened
    /// from any static web host it works with no server (solving in the browser, offline
    /// after the first visit).
    #[arg(long, value_name = "DIR")]
    pub export: Option<std::path::PathBuf>,

    /// With --export: leave out the compact tables (about 14 MB) that the page's first visit
    /// otherwise fetches instead of building them in the browser (seconds of CPU).
    #[arg(long, requires = "export")]
    pub no_tables: bool,

    /// Serve over HTTPS, so that a phone on the same network may use its camera to scan
    /// (browsers give the camera only to secure pages). Without --cert/--key the certificate
    /// is self-signed, made on first use and kept in ~/.config/rubik/tls
    /// ($XDG_CONFIG_HOME/rubik/tls); its fingerprint is printed at start.
    #[arg(long)]
    pub tls: bool,

    /// A certificate (chain) to serve HTTPS with, PEM; implies --tls.
    #[arg(long, value_name = "FILE", requires = "key")]
    pub cert: Option<std::path::PathBuf>,

    /// The private key of --cert, PEM.
    #[arg(long, value_name = "FILE", requires = "cert")]
    pub key: Option<std::path::PathBuf>,

    /// Tables the solvers use.
    #[command(flatten)]
    pub tables: TableArgs,
}

/// `rubik completions`.
#[derive(Debug, Args)]
#[command(after_help = "Install, for example:
  rubik completions bash > ~/.local/share/bash-completion/completions/rubik
  rubik completions zsh > \"${fpath[1]}/_rubik\"
  rubik completions fish > ~/.config/fish/completions/rubik.fish
  rubik completions powershell >> $PROFILE")]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `rubik man`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  rubik man | man -l -
  rubik man --dir /usr/local/share/man/man1      rubik.1, rubik-solve.1, ...")]
pub struct ManArgs {
    /// Write rubik.1 and one page per subcommand (rubik-solve.1, ...) into this directory
    /// instead of printing rubik.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

fn parse_method(s: &str) -> Result<Method, String> {
    Method::named(s).map_err(|e| e.to_string())
}

fn parse_moves(s: &str) -> Result<MoveSet, rubik_cube::moveset::MoveSetError> {
    s.parse()
}

fn parse_subset(s: &str) -> Result<Subset, String> {
    s.parse()
}

fn parse_lang(s: &str) -> Result<rubik_solve::i18n::Lang, rubik_solve::i18n::UnknownLang> {
    s.parse()
}

/// Parses `5s`, `200ms`, `1m 30s`, or a bare number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    if let Ok(secs) = s.trim().parse::<f64>() {
        if secs.is_finite() && secs >= 0.0 {
            return Ok(Duration::from_secs_f64(secs));
        }
        return Err(format!("{s:?} is not a duration"));
    }
    humantime::parse_duration(s).map_err(|e| format!("{s:?} is not a duration ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(args: &[&str]) -> Vec<String> {
        with_default_subcommand(args.iter().map(OsString::from).collect())
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn moves_become_a_solve() {
        assert_eq!(rewrite(&["rubik", "R U"]), ["rubik", "solve", "R U"]);
        assert_eq!(
            rewrite(&["rubik", "--json", "R"]),
            ["rubik", "solve", "--json", "R"]
        );
        assert_eq!(
            rewrite(&["rubik", "--color", "never", "R"]),
            ["rubik", "--color", "never", "solve", "R"]
        );
    }

    #[test]
    fn subcommands_and_top_level_flags_stay() {
        assert_eq!(rewrite(&["rubik", "show", "R"]), ["rubik", "show", "R"]);
        assert_eq!(rewrite(&["rubik", "--help"]), ["rubik", "--help"]);
        assert_eq!(rewrite(&["rubik"]), ["rubik"]);
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("-1").is_err());
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
