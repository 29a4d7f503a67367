//! Every position of the public reference table (`data/positions.tsv`, a copy of
//! `shared/reference/positions.tsv`): the generator applied to a solved cube gives the listed
//! facelets, the facelets read back to the same state, and the generator's length respects the
//! listed distance.

use rubik_cube::{Alg, Cube, CubieCube};

const TABLE: &str = include_str!("data/positions.tsv");

struct Position<'a> {
    name: &'a str,
    facelets: &'a str,
    generator: &'a str,
    distance: &'a str,
}

fn positions() -> Vec<Position<'static>> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "malformed line {l:?}");
            Position {
                name: f[0],
                facelets: f[1],
                generator: f[2],
                distance: f[3],
            }
        })
        .collect()
}

#[test]
fn generators_give_the_listed_facelets() {
    let all = positions();
    assert!(all.len() >= 7);
    for p in &all {
        let alg = Alg::parse(p.generator).unwrap();
        let cube = Cube::solved().apply(&alg);
        assert_eq!(cube.to_facelets(), p.facelets, "{}", p.name);
        let moves = alg.face_turns().expect("generators are face turns");
        assert_eq!(CubieCube::from_moves(&moves).to_facelets(), p.facelets);
        assert_eq!(Cube::from_facelets(p.facelets).unwrap(), cube, "{}", p.name);
        assert_eq!(
            CubieCube::from_facelets(p.facelets).unwrap(),
            cube.to_cubie()
        );
        // The inverse generator solves it.
        assert!(cube.apply(&alg.inverse()).is_solved(), "{}", p.name);
    }
}

#[test]
fn generator_lengths_respect_the_listed_distances() {
    for p in positions() {
        let htm = Alg::parse(p.generator).unwrap().htm();
        let d = p.distance.trim();
        if let Some(bound) = d.strip_prefix("<=") {
            let bound: usize = bound.trim().parse().unwrap();
            assert!(htm <= bound, "{}: generator {htm} > bound {bound}", p.name);
        } else {
            let exact: usize = d.split_whitespace().next().unwrap().parse().unwrap();
            assert!(
                htm >= exact,
                "{}: generator {htm} shorter than distance {exact}",
                p.name
            );
        }
    }
}

#[test]
fn superflip_flips_every_edge_and_nothing_else() {
    let p = positions()
        .into_iter()
        .find(|p| p.name == "superflip")
        .unwrap();
    let c = CubieCube::from_facelets(p.facelets).unwrap();
    assert_eq!(c.eo, [1; 12]);
    assert_eq!(c.co, [0; 8]);
    assert_eq!(c.cp, CubieCube::SOLVED.cp);
    assert_eq!(c.ep, CubieCube::SOLVED.ep);
}
