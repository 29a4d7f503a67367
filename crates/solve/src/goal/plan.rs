//! Planning a goal search: which positions the move set reaches, which pieces the goal tells
//! apart (its *classes*), which pruning tables to build, and from which arrangements.
//!
//! Pieces are put in one class when every goal pattern treats them alike at every reachable
//! position (in every orientation); a class whose pieces every pattern allows anywhere, in
//! any orientation, is not tracked at all. When the arrangements of all tracked pieces fit
//! in one table of [`BUDGET`] entries, that table is exact; otherwise the search takes the
//! largest of several tables over parts of them: all corners, the edges in groups, and a
//! block around each tracked corner (the corner with its tracked neighbouring edges). A goal
//! made of whole states, with all 18 face turns, is also pruned by the optimal solver's table
//! ([`super::full_state`]).

use super::coord::{Class, Kind, LabelCoord, Members, MAX_PIECES};
use super::full_state::FullStateBound;
use super::moves::MoveModel;
use super::table::{self, PruneTable, SourceSet, TableDef, UNREACHABLE};
use crate::store::{Store, TableError};
use crate::Progress;
use rubik_cube::pattern::{bits, corner_bit, edge_bit};
use rubik_cube::piece::{CORNER_FACES, EDGE_FACES};
use rubik_cube::rotation;
use rubik_cube::{CubieCube, Goal, MoveSet, Pattern};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

/// Most entries of one pruning table (4 bits each: 7.5 MB; a few seconds to build).
pub const BUDGET: u64 = 15_000_000;

/// Tables with fewer entries build without a progress bar.
const SHOWN: u64 = 2_000_000;

/// Version of the goal tables' definitions: part of every table's name.
const VERSION: u32 = 1;

/// Where the search may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// In any orientation the move set reaches (the goal read as the cube is then held).
    AnyOrientation,
    /// With the centres back where they started (algorithms).
    StartOrientation,
}

/// Why a goal cannot be planned for a cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanFault {
    /// A position the move set never moves holds a piece the goal does not allow there.
    Unmoved {
        /// The kind of the position.
        kind: Kind,
        /// The position (piece index).
        position: usize,
    },
    /// A table's arrangements never reach the goal's from the cube's.
    Unreachable,
    /// A table could not be read, built or written.
    Table(TableError),
}

/// A prepared goal search for one move set and goal (see the module docs).
pub struct Plan {
    /// The moves (one model per move set and process).
    pub model: Arc<MoveModel>,
    /// For each local orientation, the patterns the cube must match when it ends there.
    pub goal_by_orientation: Vec<Vec<Pattern>>,
    /// The pruning tables.
    pub tables: Vec<Arc<PruneTable>>,
    /// The optimal solver's bound, for a goal of whole states with all face turns.
    pub full_state: Option<FullStateBound>,
}

impl Plan {
    /// Plans the search from `start` to `goal` with `moves`, its tables had through `store`.
    pub fn new(
        goal: &Goal,
        moves: &MoveSet,
        start: &CubieCube,
        ending: Ending,
        store: &Store,
    ) -> Result<Plan, PlanFault> {
        let frame = Frame::of(goal, moves, ending);
        let Frame {
            model,
            goal_by_orientation,
            covered,
        } = &*frame;
        let model = Arc::clone(model);
        // Patterns that the pieces the set never moves already satisfy.
        let mut viable: Vec<(usize, Pattern)> = Vec::new();
        let mut fault = None;
        for (lo, patterns) in goal_by_orientation.iter().enumerate() {
            for q in patterns {
                match unmoved_fault(q, start, covered) {
                    None => viable.push((lo, *q)),
                    Some(f) => {
                        fault.get_or_insert(f);
                    }
                }
            }
        }
        if viable.is_empty() {
            return Err(fault.unwrap_or(PlanFault::Unreachable));
        }
        let goal_by_orientation = (0..goal_by_orientation.len())
            .map(|lo| {
                viable
                    .iter()
                    .filter(|(l, _)| *l == lo)
                    .map(|(_, q)| *q)
                    .collect()
            })
            .collect();
        let corner_classes = classes(Kind::Corners, &viable, &covered[0], start);
        let edge_classes = classes(Kind::Edges, &viable, &covered[1], start);
        let n_orient = model.n_orientations();
        let defs = plan_tables(covered, &corner_classes, &edge_classes, n_orient);
        let mut tables = Vec::new();
        let n = defs.len();
        for (i, def) in defs.into_iter().enumerate() {
            let label = format!("table {} of {n} for {} with ⟨{moves}⟩", i + 1, goal.name());
            let t = cached_table(def, &model, moves, &viable, store, &label)
                .map_err(PlanFault::Table)?;
            if t.value(start, 0) == UNREACHABLE {
                return Err(PlanFault::Unreachable);
            }
            tables.push(t);
        }
        let patterns: Vec<Pattern> = viable.iter().map(|(_, q)| *q).collect();
        let full_state = if model.n_orientations() == 1 {
            FullStateBound::for_goal(&patterns, moves, store).map_err(PlanFault::Table)?
        } else {
            None
        };
        Ok(Plan {
            model,
            goal_by_orientation,
            tables,
            full_state,
        })
    }

    /// A lower bound on the turns from `s` (in local orientation `o`) to the goal: the largest
    /// of the tables' and the optimal solver's; at least [`UNREACHABLE`] when a table says the
    /// goal is never reached.
    #[inline]
    pub fn bound(&self, s: &CubieCube, o: usize) -> u8 {
        let mut h = 0;
        for t in &self.tables {
            h = h.max(t.value(s, o));
        }
        match &self.full_state {
            Some(f) => h.max(f.bound(s)),
            None => h,
        }
    }

    /// Whether [`Plan::bound`] exceeds `limit` (stops looking at the first bound above it).
    #[inline]
    pub fn exceeds(&self, s: &CubieCube, o: usize, limit: u8) -> bool {
        self.tables_exceed(s, o, limit)
            || self
                .full_state
                .as_ref()
                .is_some_and(|f| f.exceeds(s, limit))
    }

    /// Whether a bound of the plan's own tables exceeds `limit`.
    #[inline]
    pub fn tables_exceed(&self, s: &CubieCube, o: usize, limit: u8) -> bool {
        self.tables.iter().any(|t| t.value(s, o) > limit)
    }

    /// Whether `s` in local orientation `o` is in the goal.
    #[inline]
    pub fn is_goal(&self, s: &CubieCube, o: usize) -> bool {
        self.goal_by_orientation[o].iter().any(|q| q.matches(s))
    }
}

/// The orientation whose cube is the inverse of orientation `o`'s.
fn inverse_orientation(o: u8) -> usize {
    let all = rotation::orientations();
    let inv = all[o as usize].inverse_cubie;
    all.iter()
        .position(|x| x.cubie == inv)
        .expect("the orientations form a group")
}

/// What a plan needs that depends only on the goal, the move set and the ending, worked out
/// once per process: a batch plans one search per cube, and rebuilding the move model and the
/// rotated goal patterns each time took longer than a short search.
struct Frame {
    model: Arc<MoveModel>,
    /// For each local orientation, the goal's patterns as read when the cube ends there.
    goal_by_orientation: Vec<Vec<Pattern>>,
    /// The corner and edge positions some turn of the set moves.
    covered: [Vec<u8>; 2],
}

impl Frame {
    /// The frame of `goal` with `moves` and `ending`, from the process cache or made now.
    fn of(goal: &Goal, moves: &MoveSet, ending: Ending) -> Arc<Frame> {
        type Key = (Vec<Pattern>, Vec<rubik_cube::alg::Turn>, Ending);
        static FRAMES: OnceLock<Mutex<HashMap<Key, Arc<Frame>>>> = OnceLock::new();
        let key: Key = (goal.patterns().to_vec(), moves.turns().to_vec(), ending);
        let frames = FRAMES.get_or_init(Default::default);
        if let Some(frame) = frames.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(frame);
        }
        let frame = Arc::new(Frame::new(goal, moves, ending));
        Arc::clone(
            frames
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(key)
                .or_insert(frame),
        )
    }

    fn new(goal: &Goal, moves: &MoveSet, ending: Ending) -> Frame {
        let model = MoveModel::new(moves);
        let goal_by_orientation = model
            .orientations
            .iter()
            .enumerate()
            .map(|(lo, &o)| {
                if lo > 0 && ending == Ending::StartOrientation {
                    return Vec::new();
                }
                let back = inverse_orientation(o);
                goal.patterns().iter().map(|p| p.rotated(back)).collect()
            })
            .collect();
        let covered = [
            covered_positions(&model, Kind::Corners),
            covered_positions(&model, Kind::Edges),
        ];
        Frame {
            model: Arc::new(model),
            goal_by_orientation,
            covered,
        }
    }
}

/// The positions of `kind` some turn moves, in some reachable orientation.
fn covered_positions(model: &MoveModel, kind: Kind) -> Vec<u8> {
    let mut moved = [false; MAX_PIECES];
    for row in &model.turn_effect {
        for (c, _) in row {
            let (perm, ori) = kind.arrays(c);
            for j in 0..kind.count() {
                if perm[j] as usize != j || ori[j] != 0 {
                    moved[j] = true;
                }
            }
        }
    }
    (0..kind.count() as u8)
        .filter(|&j| moved[j as usize])
        .collect()
}

fn unmoved_fault(q: &Pattern, start: &CubieCube, covered: &[Vec<u8>; 2]) -> Option<PlanFault> {
    for j in 0..8 {
        if !covered[0].contains(&(j as u8))
            && q.corner_masks()[j] & corner_bit(start.cp[j] as usize, start.co[j] as usize) == 0
        {
            return Some(PlanFault::Unmoved {
                kind: Kind::Corners,
                position: j,
            });
        }
    }
    for j in 0..12 {
        if !covered[1].contains(&(j as u8))
            && q.edge_masks()[j] & edge_bit(start.ep[j] as usize, start.eo[j] as usize) == 0
        {
            return Some(PlanFault::Unmoved {
                kind: Kind::Edges,
                position: j,
            });
        }
    }
    None
}

/// Allowed orientations (bit mask) of piece `p` at position `j` in `q`.
fn allowed(kind: Kind, q: &Pattern, j: usize, p: usize) -> u8 {
    match kind {
        Kind::Corners => ((q.corner_masks()[j] >> (3 * p)) & 7) as u8,
        Kind::Edges => ((q.edge_masks()[j] >> (2 * p)) & 3) as u8,
    }
}

/// The classes of `kind` (see the module docs), with their members on the covered
/// positions counted in `start`.
fn classes(
    kind: Kind,
    viable: &[(usize, Pattern)],
    covered: &[u8],
    start: &CubieCube,
) -> Vec<Class> {
    let full = (1u8 << kind.orientations()) - 1;
    let mut by_signature: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
    for p in 0..kind.count() {
        let sig: Vec<u8> = viable
            .iter()
            .flat_map(|(_, q)| {
                covered
                    .iter()
                    .map(move |&j| allowed(kind, q, j as usize, p))
            })
            .collect();
        by_signature.entry(sig).or_default().push(p as u8);
    }
    let (perm, _) = kind.arrays(start);
    let mut out: Vec<Class> = by_signature
        .into_iter()
        .filter(|(sig, _)| sig.iter().any(|&a| a != full))
        .map(|(sig, pieces)| {
            let members = covered
                .iter()
                .filter(|&&j| pieces.contains(&perm[j as usize]))
                .count() as u8;
            Class {
                oriented: sig.iter().any(|&a| a != 0 && a != full),
                pieces,
                members,
            }
        })
        .filter(|c| c.members > 0)
        .collect();
    // Singletons first, in piece order, then larger classes: the coordinate's first digits
    // are then the named pieces.
    out.sort_by_key(|c| (c.pieces.len(), c.pieces[0]));
    out
}

/// The tables to build (see the module docs).
fn plan_tables(
    covered: &[Vec<u8>; 2],
    corners: &[Class],
    edges: &[Class],
    n_orient: usize,
) -> Vec<TableDef> {
    let coord = |kind: Kind, classes: &[Class]| -> Option<LabelCoord> {
        let i = if kind == Kind::Corners { 0 } else { 1 };
        (!classes.is_empty()).then(|| LabelCoord::new(kind, &covered[i], classes.to_vec()))
    };
    let def = |c: &[Class], e: &[Class]| TableDef {
        corners: coord(Kind::Corners, c),
        edges: coord(Kind::Edges, e),
        n_orient,
    };
    let whole = def(corners, edges);
    if whole.size() <= BUDGET {
        return vec![whole];
    }
    let mut out: Vec<TableDef> = Vec::new();
    for (kind, classes) in [(Kind::Corners, corners), (Kind::Edges, edges)] {
        let mut chunk: Vec<Class> = Vec::new();
        for class in classes {
            let mut wider = chunk.clone();
            wider.push(class.clone());
            let d = match kind {
                Kind::Corners => def(&wider, &[]),
                Kind::Edges => def(&[], &wider),
            };
            if d.size() <= BUDGET || chunk.is_empty() {
                chunk = wider;
            } else {
                out.push(match kind {
                    Kind::Corners => def(&chunk, &[]),
                    Kind::Edges => def(&[], &chunk),
                });
                chunk = vec![class.clone()];
            }
        }
        if !chunk.is_empty() {
            out.push(match kind {
                Kind::Corners => def(&chunk, &[]),
                Kind::Edges => def(&[], &chunk),
            });
        }
    }
    // Blocks: each named corner with its named neighbouring edges.
    for c in corners.iter().filter(|c| c.pieces.len() == 1) {
        let faces = CORNER_FACES[c.pieces[0] as usize];
        let near: Vec<Class> = edges
            .iter()
            .filter(|e| {
                e.pieces.len() == 1
                    && EDGE_FACES[e.pieces[0] as usize]
                        .iter()
                        .all(|f| faces.contains(f))
            })
            .cloned()
            .collect();
        if near.is_empty() {
            continue;
        }
        let d = def(std::slice::from_ref(c), &near);
        if d.size() <= BUDGET && !out.contains(&d) {
            out.push(d);
        }
    }
    out.retain(|d| d.size() > 1);
    out
}

/// The goal's arrangements for table `def`: for every viable pattern, every placement of the
/// tracked members the pattern allows.
fn sources(def: &TableDef, viable: &[(usize, Pattern)]) -> Vec<SourceSet> {
    let values = |coord: &Option<LabelCoord>, q: &Pattern| -> Vec<u64> {
        match coord {
            Some(k) => {
                let mut v: Vec<u64> = placements(k, q).iter().map(|m| k.encode(m)).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            None => vec![0],
        }
    };
    let mut out: Vec<SourceSet> = viable
        .iter()
        .map(|(lo, q)| SourceSet {
            corners: values(&def.corners, q),
            edges: values(&def.edges, q),
            orientation: *lo,
        })
        .collect();
    out.sort_by(|a, b| {
        (a.orientation, &a.corners, &a.edges).cmp(&(b.orientation, &b.corners, &b.edges))
    });
    out.dedup();
    out
}

/// Every placement of `coord`'s members that pattern `q` allows.
fn placements(coord: &LabelCoord, q: &Pattern) -> Vec<Members> {
    let kind = coord.kind();
    let covered = coord.covered();
    let mut out = Vec::new();
    let mut m = Members {
        pos: [0; MAX_PIECES],
        ori: [0; MAX_PIECES],
    };
    // Allowed orientations of each class at each local position.
    let allow: Vec<Vec<u8>> = coord
        .classes()
        .iter()
        .map(|c| {
            covered
                .iter()
                .map(|&j| allowed(kind, q, j as usize, c.pieces[0] as usize))
                .collect()
        })
        .collect();
    place(coord, &allow, 0, 0, 0, &mut m, &mut out);
    out
}

/// Places member `i` (class `c`'s next member; members of one class in increasing position)
/// with `used` positions taken.
fn place(
    coord: &LabelCoord,
    allow: &[Vec<u8>],
    i: usize,
    used: u32,
    min_pos: u8,
    m: &mut Members,
    out: &mut Vec<Members>,
) {
    if i == coord.n_members() {
        out.push(*m);
        return;
    }
    let c = coord.class_of_member(i);
    let class = &coord.classes()[c];
    let first_of_class = i == 0 || coord.class_of_member(i - 1) != c;
    let from = if first_of_class { 0 } else { min_pos };
    for pos in from..coord.covered().len() as u8 {
        if used & (1 << pos) != 0 {
            continue;
        }
        let a = allow[c][pos as usize];
        if a == 0 {
            continue;
        }
        m.pos[i] = pos;
        if class.oriented {
            for t in bits(u32::from(a)) {
                m.ori[i] = t as u8;
                place(coord, allow, i + 1, used | (1 << pos), pos + 1, m, out);
            }
        } else {
            m.ori[i] = 0;
            place(coord, allow, i + 1, used | (1 << pos), pos + 1, m, out);
        }
    }
}

/// A table's name and its goal arrangements, by what decides them.
type Named = (&'static str, Arc<Vec<SourceSet>>);

/// The table `def` through the store (its process cache, its file, or built now). Its name
/// is a hash of everything that decides its content; name and goal arrangements are worked out
/// once per process for each table (listing the arrangements can take far longer than a short
/// search, and a batch asks for the same tables cube after cube), and each name is leaked once.
fn cached_table(
    def: TableDef,
    model: &MoveModel,
    moves: &MoveSet,
    viable: &[(usize, Pattern)],
    store: &Store,
    label: &str,
) -> Result<Arc<PruneTable>, TableError> {
    type Key = (TableDef, Vec<(usize, Pattern)>, Vec<rubik_cube::alg::Turn>);
    static NAMED: OnceLock<Mutex<HashMap<Key, Named>>> = OnceLock::new();
    let key: Key = (def.clone(), viable.to_vec(), moves.turns().to_vec());
    let known = NAMED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    let (name, sources) = match known {
        Some(named) => named,
        None => {
            let sources = Arc::new(sources(&def, viable));
            let name: &'static str = Box::leak(table_name(&def, moves, &sources).into_boxed_str());
            let named = (name, sources);
            NAMED
                .get_or_init(Default::default)
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(key)
                .or_insert(named)
                .clone()
        }
    };
    let spec = table::spec(name, &def);
    let data = store.get_with(&spec, |_, progress| {
        // Small tables build in a blink: only the larger ones show progress.
        let shown: &dyn Progress = if def.size() >= SHOWN {
            progress
        } else {
            &crate::NoProgress
        };
        Ok(table::build(&def, model, &sources, shown, label)?.into())
    })?;
    Ok(Arc::new(PruneTable::new(def, data)))
}

/// `goal-` and a hash of everything that decides the table's content.
fn table_name(def: &TableDef, moves: &MoveSet, sources: &[SourceSet]) -> String {
    let text = format!("v{VERSION}|{def:?}|{:?}|{sources:?}", moves.turns());
    format!("goal-{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}
