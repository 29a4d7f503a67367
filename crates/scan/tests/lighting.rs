//! The lighting test set (`rubik_scan::lighting`: the real scans in `tests/data` and synthetic
//! cubes under white balance, exposure, gradient, glare, noise and low-light faults, seeds in
//! the module docs), the nineteen parts (the eighteenth held out until the end of session 33): the
//! resolver reads most cases exactly and names every wrong sticker (or refuses) in nearly all
//! others.
//!
//! The bounds are the figures measured when this test was written (BENCHMARKS.md, "Colour
//! resolver under lighting faults"), so a change that makes the resolver worse fails here.
//! The target is 0 silently wrong: since the third round (a stricter doubt threshold)
//! no case of the six tuning parts is; one case of the sixth held-out part (session 22) was,
//! and since session 23 (a piece in doubt) none is; one of the seventh part (session 23) was,
//! and since session 24 (alternative cubes) none is; one of the eighth part (session 24) was,
//! and since session 25 (rival readings) none is; the exact share is below the 97%,
//! and the bounds say what it is.

use rubik_scan::lighting::{cases, judge, load_real, Case, Outcome, Part, Tally};
use rubik_scan::{resolve, sticker_name, AlternativeStarts, FaintDoubt, Resolution, Resolver};
use std::path::Path;

/// Every case of `part` that `keep` accepts, resolved: the tally and the silently wrong ones.
fn run_where(part: Part, keep: impl Fn(&Case) -> bool) -> (Tally, Vec<String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let mut tally = Tally::default();
    let mut silent = Vec::new();
    for case in cases(&real, part).into_iter().filter(|c| keep(c)) {
        let outcome = judge(&case.facelets, &resolve(&case.rgb));
        if let Outcome::Silent { unnamed } = &outcome {
            let names: Vec<String> = unnamed.iter().map(|&s| sticker_name(s)).collect();
            silent.push(format!("{}: {} not named", case.name, names.join(" ")));
        }
        tally.add(&outcome);
    }
    (tally, silent)
}

/// The case called `name` in `part`.
fn named_case(part: Part, name: &str) -> Case {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    cases(&real, part)
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("{name} is not in the {part:?} part"))
}

/// Reads `case`: flagged (every wrong sticker named) by the shipped resolver, silently wrong by
/// `off` (the shipped resolver with the check that names it turned off, and the raised bar of
/// session 29b, [`FaintDoubt`], which may name it too), as it was when its part was run.
/// Returns the shipped resolver's reading.
fn flagged_but_silent_without(case: &Case, off: &Resolver) -> Resolution {
    let off = off.clone().faint_doubt(FaintDoubt::NONE);
    let answer = resolve(&case.rgb);
    assert_eq!(
        judge(&case.facelets, &answer),
        Outcome::Flagged,
        "{}",
        case.name
    );
    assert!(matches!(
        judge(&case.facelets, &off.resolve(&case.rgb)),
        Outcome::Silent { .. }
    ));
    answer.expect("an answer")
}

fn check(part: Part, min_exact_permille: usize, max_silent: usize) {
    check_where(part, |_| true, min_exact_permille, max_silent);
}

/// [`check`] over the cases of `part` that `keep` accepts.
fn check_where(
    part: Part,
    keep: impl Fn(&Case) -> bool,
    min_exact_permille: usize,
    max_silent: usize,
) {
    let (tally, silent) = run_where(part, keep);
    println!("{part:?}: {tally}");
    for s in &silent {
        println!("  silently wrong: {s}");
    }
    assert!(tally.total >= 370, "{tally}");
    assert!(
        tally.exact * 1000 >= tally.total * min_exact_permille,
        "{part:?}: {tally}"
    );
    assert!(
        silent.len() <= max_silent,
        "{part:?}: {}",
        silent.join("\n")
    );
}

#[test]
fn tuning_part() {
    check(Part::Tuning, 900, 0);
}

#[test]
fn held_out_part() {
    check(Part::HeldOut, 940, 0);
}

/// The part held out until the end of the second round (744 cases, every real scan under
/// every fault kind): 694 exact and 4 silently wrong when it was run; 677 exact and none
/// silently wrong with the third round's threshold (tuned on it).
#[test]
fn final_part() {
    check(Part::Final, 905, 0);
}

/// The part held out until the end of the third round (784 cases): 713 exact and none
/// silently wrong when it was run.
#[test]
fn fresh_part() {
    check(Part::Fresh, 905, 0);
}

/// The part held out until the end of the fourth round (1,568 cases, every real scan 32 times):
/// 1,429 exact and none silently wrong when it was run.
#[test]
fn fourth_part() {
    check(Part::Fourth, 905, 0);
}

/// The part held out until the end of the fifth round (1,568 cases): 1,431 exact and none
/// silently wrong when it was run.
#[test]
fn fifth_part() {
    check(Part::Fifth, 905, 0);
}

/// Faces photographed turned (`examples/turned.rs`): the tuning case that was read silently
/// wrong in session 21. Every face of `checkerboard` looks the same turned, so the search
/// placed each at a turn of its own choosing; the light fitted to that placing left two of the
/// eight misread F and B edge stickers unnamed. Reading the look-alike turns too
/// (`orient::resolve_turned`, step 6) names them. The turns are drawn as the example draws
/// them (seed 7,000,000 + the case's index in the part).
#[test]
fn turned_checkerboard_case_names_every_wrong_sticker() {
    use rand::Rng;
    use rubik_scan::orient::{place, resolve_turned};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let all = cases(&real, Part::Tuning);
    let (i, case) = all
        .iter()
        .enumerate()
        .find(|(_, c)| c.name == "3x3x3-checkerboard/all/1000006")
        .expect("the case is in the tuning part");
    let mut rng = rubik_cube::random::rng_from_seed(7_000_000 + i as u64);
    let undo: [u8; 6] = std::array::from_fn(|_| rng.gen_range(0..4u8));
    let taken: [u8; 6] = undo.map(|k| (4 - k) % 4);
    let answer = resolve_turned(&rubik_scan::Resolver::new(), &place(&case.rgb, &taken));
    let outcome = judge(&case.facelets, &answer.map(|t| t.resolution));
    assert!(
        !matches!(outcome, Outcome::Silent { .. }),
        "{}: {outcome:?}",
        case.name
    );
}

/// The part held out until the end of the sixth round (session 22, 3,136 cases, every real
/// scan 64 times): 2,856 exact (91.1%) and one case silently wrong when it was run
/// (`random-05/glare/8000635`: 8 stickers wrong, 6 of them not named); none since session 23
/// (a piece in doubt, below), with the exact count unchanged.
#[test]
fn sixth_part() {
    check(Part::Sixth, 905, 0);
}

/// Session 23: `random-05/glare/8000635` (sixth part). Glare washed two green stickers (D9,
/// L9) nearly white; the resolver read them white and swapped the two corners they sit on with
/// twists (DFL and DRB), giving two white stickers green and two red/orange stickers the other
/// colour: 8 wrong, 6 at confidences 0.9986–0.9991 under the model fitted to the swap, none
/// overruled by 5 nats. R9 and F7 each look more like another colour than the one read, which
/// puts their whole pieces in doubt (`StickerReading::piece_doubt`): every wrong sticker is
/// named.
#[test]
fn swapped_corners_under_glare_are_named() {
    let case = named_case(Part::Sixth, "3x3x3-random-05/glare/8000635");
    let answer = resolve(&case.rgb);
    let outcome = judge(&case.facelets, &answer);
    assert!(
        matches!(outcome, Outcome::Flagged | Outcome::Refused),
        "{}: {outcome:?}",
        case.name
    );
}

/// Every sticker whose measurement alone looks like another colour than the one read puts each
/// sticker of its piece among the doubtful ones ([`rubik_scan::resolve::PIECE_DOUBT_NATS`] is
/// 0: any such sticker), on every answered case of the tuning part.
#[test]
fn a_contradicted_sticker_puts_its_piece_in_doubt() {
    use rubik_cube::piece::{CORNER_FACELETS, EDGE_FACELETS};
    assert_eq!(rubik_scan::resolve::PIECE_DOUBT_NATS, 0.0);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let pieces: Vec<&[usize]> = CORNER_FACELETS
        .iter()
        .map(|p| &p[..])
        .chain(EDGE_FACELETS.iter().map(|p| &p[..]))
        .collect();
    let mut contradicted = 0;
    for case in cases(&real, Part::Tuning) {
        let Ok(r) = resolve(&case.rgb) else { continue };
        let doubtful = r.doubtful();
        for piece in &pieces {
            if piece
                .iter()
                .any(|&s| r.stickers[s].looks_like != r.stickers[s].face)
            {
                contradicted += 1;
                for &s in *piece {
                    assert!(doubtful.contains(&s), "{}: {}", case.name, sticker_name(s));
                    assert!(r.stickers[s].piece_doubt, "{}", case.name);
                }
            }
        }
    }
    assert!(
        contradicted > 0,
        "the tuning part has contradicted stickers"
    );
}

/// The part held out until the end of session 23 (3,136 cases, the sixth part's design with
/// seeds 9,000,000 + i): 2,850 exact (90.9%) and one case silently wrong when it was run
/// (`random-02-2017/all/9000431`: R6 R8 F8 L4 wrong, L4 not named); none since session 24
/// (alternative cubes, below), with the exact count unchanged.
#[test]
fn seventh_part() {
    check(Part::Seventh, 905, 0);
}

/// Session 24: `random-02-2017/all/9000431` (seventh part). This scan's red and orange are
/// nearly equal; the resolver swapped the BR and BL edges (R6 and L4, red and orange on the
/// same blue) and, to keep the parity, the DR and DF edges (R8, dark, and F8, washed by glare).
/// R6 and L4 have the same alternative, the truth's swap back, but R6's confidence fell just
/// below the threshold and L4's just above it (0.99779 and 0.99801, tempered). The best valid
/// cube with R6's alternative colour changes L4 too, which names it
/// (`StickerReading::alternative_doubt`): every wrong sticker is named.
#[test]
fn swapped_edges_between_look_alikes_are_named() {
    let case = named_case(Part::Seventh, "3x3x3-random-02-2017/all/9000431");
    let r = flagged_but_silent_without(&case, &Resolver::new().alternative_cubes(false));
    let l4 = 4 * 9 + 3;
    assert!(!r.stickers[l4].counts_towards_refusal(), "L4 on its own");
    assert!(r.stickers[l4].alternative_doubt, "L4 named by R6's cube");
}

/// The part held out until the end of session 24 (3,136 cases, the sixth part's design with
/// seeds 10,000,000 + i): 2,856 exact (91.1%) and one case silently wrong when it was run
/// (`checkerboard/all/10000030`: the eight F and B edge stickers, red and orange swapped, at
/// tempered confidences 0.9988–0.9991, none named); none since session 25 (rival readings,
/// below), with the exact count unchanged. Since session 25 the eighth part is tuning data:
/// the rival check was built with its silent case in view, so this 0 is not held-out evidence.
#[test]
fn eighth_part() {
    check(Part::Eighth, 905, 0);
}

/// Session 25: `checkerboard/all/10000030` (eighth part). This scan's red (F) and orange (B)
/// are nearly equal; the fit settled in the labelling with red and orange exchanged on the
/// eight F and B edge stickers (four edge swaps, a valid cube), and the light fitted to it
/// backed it (tempered confidences 0.9988–0.9991). F3, F9, B1 and B9 are read as one colour
/// of the pair and look like the other, so the fit is started again from the cube read with
/// red and orange exchanged; that rival settles in the truth and costs 34 nats less, so every
/// sticker where it differs is named (`StickerReading::rival_doubt`).
#[test]
fn look_alike_pair_exchanged_is_named() {
    let case = named_case(Part::Eighth, "3x3x3-checkerboard/all/10000030");
    let r = flagged_but_silent_without(&case, &Resolver::new().rivals(false));
    for face in [2, 5] {
        for s in [1, 3, 5, 7] {
            let sticker = face * 9 + s;
            assert!(r.stickers[sticker].rival_doubt, "{}", sticker_name(sticker));
            assert!(!r.stickers[sticker].counts_towards_refusal());
        }
    }
}

/// The part held out until the end of session 25 (3,136 cases, the sixth part's design with
/// seeds 11,000,000 + i), run once at 39f4ff9: 2,864 exact (91.3%) and none silently wrong (with
/// the rival check off too).
#[test]
fn ninth_part() {
    check(Part::Ninth, 905, 0);
}

/// Session 26: a scan whose two readings of the light (a light per face, one light for all)
/// agree on every sticker is refused only from `DOUBTFUL_REFUSED_STABLE` (24) doubtful
/// stickers. `random-08-2020/low-light/1000189` (tuning part) has 21 and no unstable sticker:
/// refused by session 25's rule, read exactly now, the 21 still named. `random-03/all/6000254`
/// (fifth part) has 21 too, but three stickers the readings disagree on: still refused (without
/// session 29's near alternatives, which read it otherwise).
#[test]
fn stable_readings_are_refused_from_half_the_stickers() {
    use rubik_scan::resolve::{DOUBTFUL_REFUSED, DOUBTFUL_REFUSED_STABLE};
    let old = Resolver::new().refuse_stable_at(DOUBTFUL_REFUSED);
    let case = named_case(Part::Tuning, "3x3x3-random-08-2020/low-light/1000189");
    assert_eq!(
        judge(&case.facelets, &old.resolve(&case.rgb)),
        Outcome::Refused
    );
    let r = resolve(&case.rgb).expect("answered");
    assert_eq!(r.facelets(), case.facelets);
    assert!(r.stickers.iter().all(|s| !s.unstable));
    let counted = r
        .stickers
        .iter()
        .filter(|s| s.counts_towards_refusal())
        .count();
    assert!((DOUBTFUL_REFUSED..DOUBTFUL_REFUSED_STABLE).contains(&counted));
    // Since session 29 the default resolver leaves this reading for a cheaper near alternative
    // (`AlternativeStarts`), which it answers flagged; without the starts it is refused.
    let unstable = named_case(Part::Fifth, "3x3x3-random-03/all/6000254");
    let no_starts = Resolver::new().alternative_starts(AlternativeStarts::NONE);
    assert_eq!(
        judge(&unstable.facelets, &no_starts.resolve(&unstable.rgb)),
        Outcome::Refused
    );
    assert_eq!(
        judge(&unstable.facelets, &resolve(&unstable.rgb)),
        Outcome::Flagged
    );
}

/// The part held out until the end of session 26 (3,136 cases, the sixth part's design with
/// seeds 12,000,000 + i), run once at 534e85b: 2,878 exact (91.8%) and none silently wrong
/// (session 25's refusal rule on the same cases: 2,865 exact, none silently wrong).
#[test]
fn tenth_part() {
    check(Part::Tenth, 915, 0);
}

/// The part held out until the end of session 27 (3,136 cases, the sixth part's design with
/// seeds 13,000,000 + i), run once at bac7724: 2,869 exact (91.5%) and none silently wrong
/// (session 26b's resolver on the same cases: 2,868 exact, none silently wrong).
#[test]
fn eleventh_part() {
    check(Part::Eleventh, 914, 0);
}

/// The part held out until the end of session 28 (3,136 cases, the sixth part's design with
/// seeds 14,000,000 + i), run once at 6f5e18f: 2,872 exact (91.6%) and none silently wrong
/// (session 27's resolver on the same cases: the same answers, every one).
#[test]
fn twelfth_part() {
    check(Part::Twelfth, 915, 0);
}

/// The part held out until the end of session 29 (3,136 cases, the sixth part's design with
/// seeds 15,000,000 + i), run once at e2760d2: 2,894 exact (92.3%) and **one case silently
/// wrong** (`random-07/all/15000647`, below; session 28's resolver on the same cases: 2,860
/// exact, the same case silently wrong). Since session 29b that case is named
/// ([`rubik_scan::FaintDoubt`]; the part is tuning data since): 2,894 exact, none silently
/// wrong.
#[test]
fn thirteenth_part() {
    check(Part::Thirteenth, 920, 0);
}

/// The part held out until the end of session 29b (3,136 cases, the sixth part's design with
/// seeds 16,000,000 + i), run once at ea3d3b0: 2,901 exact (92.5%) and none silently wrong
/// (session 29's resolver, without the raised bar, on the same cases: the same tally, fewer
/// stickers named).
#[test]
fn fourteenth_part() {
    check(Part::Fourteenth, 920, 0);
}

/// The fixed quarter of the fifteenth part that [`fifteenth_part`] runs: per real scan its first
/// 64 cases (seeds 17,000,000 + 256·scan + i, i < 64) and the first 960 synthetic cubes (fault
/// seeds 17,150,000 + i, i < 960): the sixth part's design, 3,136 cases, so the test's runtime
/// stays that of the other parts' tests.
fn fifteenth_quarter(case: &Case) -> bool {
    first_quarter(case, 17_000_000)
}

/// Of a part with four times the sixth part's design whose real seeds start at `seed0` and
/// synthetic cubes' fault seeds at `seed0` + 150,000: per real scan its first 64 cases and the
/// first 960 synthetic cubes.
fn first_quarter(case: &Case, seed0: u64) -> bool {
    let seed: u64 = case
        .name
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("a seed");
    if case.real {
        (seed - seed0) % 256 < 64
    } else {
        seed - (seed0 + 150_000) < 960
    }
}

/// The part held out until the end of session 30 (12,544 cases, four times the sixth part's
/// design with seeds 17,000,000 + i), run once at 8beb407 (the map refitted that session): 11,625
/// exact (92.7%) and none silently wrong; without the three noise-floor scans 11,465 of 11,776
/// (97.4%). The test runs a fixed quarter ([`fifteenth_quarter`], 3,136 cases: all 12,544
/// would take four times the other parts' time in the dev profile): 2,897 exact (92.4%), none
/// silently wrong.
#[test]
fn fifteenth_part() {
    check_where(Part::Fifteenth, fifteenth_quarter, 920, 0);
}

/// The fixed quarter of the sixteenth part that [`sixteenth_part`] runs, as the fifteenth's:
/// per real scan its first 64 cases (seeds 18,000,000 + 256·scan + i, i < 64) and the first 960
/// synthetic cubes (fault seeds 18,150,000 + i, i < 960): 3,136 cases.
fn sixteenth_quarter(case: &Case) -> bool {
    first_quarter(case, 18_000_000)
}

/// The part held out until the end of session 31 (12,544 cases, the fifteenth part's design
/// with seeds 18,000,000 + i), run once at fddd42b (two rounds of near alternatives, the map
/// refitted on sixteen parts): 11,641 exact (92.8%) and none silently wrong; without the three
/// noise-floor scans 11,467 of 11,776 (97.4%). The test runs a fixed quarter
/// ([`sixteenth_quarter`], 3,136 cases, as the fifteenth part's test): 2,915 exact (93.0%), none
/// silently wrong.
#[test]
fn sixteenth_part() {
    check_where(Part::Sixteenth, sixteenth_quarter, 920, 0);
}

/// The sixteenth part's quarter is the sixth part's design, as the fifteenth's.
#[test]
fn sixteenth_quarter_is_the_sixth_parts_design() {
    check_quarter(Part::Sixteenth, sixteenth_quarter);
}

/// The fixed quarter of the seventeenth part that [`seventeenth_part`] runs, as the
/// fifteenth's: per real scan its first 64 cases (seeds 19,000,000 + 256·scan + i, i < 64) and
/// the first 960 synthetic cubes (fault seeds 19,150,000 + i, i < 960): 3,136 cases.
fn seventeenth_quarter(case: &Case) -> bool {
    first_quarter(case, 19_000_000)
}

/// The part held out until the end of session 32 (12,544 cases, the fifteenth part's design
/// with seeds 19,000,000 + i), run once at d3bc507 (session 31's resolver and map: session 32's
/// model change was not kept): 11,579 exact (92.3%) and none silently wrong; without the three
/// noise-floor scans 11,428 of 11,776 (97.0%). The test runs a fixed quarter
/// ([`seventeenth_quarter`], 3,136 cases, as the fifteenth part's test): 2,887 exact (92.1%), none
/// silently wrong.
#[test]
fn seventeenth_part() {
    check_where(Part::Seventeenth, seventeenth_quarter, 920, 0);
}

/// The seventeenth part's quarter is the sixth part's design, as the fifteenth's.
#[test]
fn seventeenth_quarter_is_the_sixth_parts_design() {
    check_quarter(Part::Seventeenth, seventeenth_quarter);
}

/// The fixed quarter of the eighteenth part that [`eighteenth_part`] runs, as the fifteenth's:
/// per real scan its first 64 cases (seeds 20,000,000 + 256·scan + i, i < 64) and the first 960
/// synthetic cubes (fault seeds 20,150,000 + i, i < 960): 3,136 cases.
fn eighteenth_quarter(case: &Case) -> bool {
    first_quarter(case, 20_000_000)
}

/// The part held out until the end of session 33 (12,544 cases, the fifteenth part's design
/// with seeds 20,000,000 + i), run once at 0eff2e5 (session 31's resolver and map: session 33
/// changed no resolver): 11,608 exact (92.5%) and none silently wrong; without the three
/// noise-floor scans 11,450 of 11,776 (97.2%). The test runs a fixed quarter
/// ([`eighteenth_quarter`], 3,136 cases, as the fifteenth part's test): 2,902 exact
/// (92.5%), none silently wrong.
#[test]
fn eighteenth_part() {
    check_where(Part::Eighteenth, eighteenth_quarter, 920, 0);
}

/// The eighteenth part's quarter is the sixth part's design, as the fifteenth's.
#[test]
fn eighteenth_quarter_is_the_sixth_parts_design() {
    check_quarter(Part::Eighteenth, eighteenth_quarter);
}

/// The quarter is what [`fifteenth_quarter`] says: 34 × 64 real cases, every kind on every
/// scan, and 960 synthetic ones (only the cases are drawn).
#[test]
fn fifteenth_quarter_is_the_sixth_parts_design() {
    check_quarter(Part::Fifteenth, fifteenth_quarter);
}

/// `quarter` of `part` is 34 × 64 real cases, every kind on every scan, and 960 synthetic ones
/// (only the cases are drawn).
fn check_quarter(part: Part, quarter: fn(&Case) -> bool) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let real = load_real(&dir).expect("tests/data");
    let quarter: Vec<Case> = cases(&real, part).into_iter().filter(quarter).collect();
    assert_eq!(quarter.len(), 3_136);
    assert_eq!(quarter.iter().filter(|c| c.real).count(), 34 * 64);
    for base in &real {
        let kinds: std::collections::HashSet<_> = quarter
            .iter()
            .filter(|c| c.name.starts_with(&format!("{}/", base.name)))
            .map(|c| c.kind)
            .collect();
        assert_eq!(kinds.len(), 7, "{}", base.name);
    }
}

/// The thirteenth part's silent case, read the same by session 28's resolver (no near
/// alternatives) and session 29's: `random-07/all/15000647`, seven stickers wrong (U1 U9 R1 L1
/// L7 B3 B9), five named, U9 and R1 (two stickers of the URF corner) at tempered confidence
/// 0.99954 under the model fitted to the wrong cube and named by no check; even the truth's own
/// light reads a third cube. Found on held-out data at the end of session 29; since session 29b
/// (tuning data then) named by the raised bar in a cube already in doubt
/// ([`rubik_scan::FaintDoubt`]): the cube has 21 other stickers named. Without it, silently
/// wrong.
#[test]
fn thirteenth_part_silent_case_is_named_or_refused() {
    let case = named_case(Part::Thirteenth, "3x3x3-random-07/all/15000647");
    let none = Resolver::new().faint_doubt(FaintDoubt::NONE);
    assert!(matches!(
        judge(&case.facelets, &none.resolve(&case.rgb)),
        Outcome::Silent { .. }
    ));
    for resolver in [
        Resolver::new(),
        Resolver::new().alternative_starts(AlternativeStarts::NONE),
    ] {
        if let Outcome::Silent { unnamed } = judge(&case.facelets, &resolver.resolve(&case.rgb)) {
            let names: Vec<String> = unnamed.iter().map(|&s| sticker_name(s)).collect();
            panic!(
                "{} is read silently wrong: {} unnamed",
                case.name,
                names.join(" ")
            );
        }
    }
}

/// Session 29: near alternatives settled (`AlternativeStarts`). `random-02-2017/white-balance/
/// 1000104` (tuning part): red and orange nearly equal; the fitting loop settles with R6 R8 L4
/// L8 exchanged (the BR and BL, DR and DL edges), the truth costing 2.0 nats more under the
/// costs of that reading but 3.5 less under a light fitted to it. The truth is a min-marginal
/// cube within 3 nats, settled it is cheaper, and it is read; the four stickers where the
/// abandoned cube differs stay named. Without the starts: flagged, those four wrong.
#[test]
fn a_cheaper_near_alternative_is_read() {
    let case = named_case(Part::Tuning, "3x3x3-random-02-2017/white-balance/1000104");
    let none = Resolver::new().alternative_starts(AlternativeStarts::NONE);
    let old = none.resolve(&case.rgb).expect("answered");
    let truth: Vec<u8> = case.facelets.bytes().collect();
    let wrong: Vec<String> = (0..54)
        .filter(|&s| old.facelets().as_bytes()[s] != truth[s])
        .map(sticker_name)
        .collect();
    assert_eq!(wrong, ["R6", "R8", "L4", "L8"]);
    assert_eq!(judge(&case.facelets, &Ok(old.clone())), Outcome::Flagged);
    let r = resolve(&case.rgb).expect("answered");
    assert_eq!(r.facelets(), case.facelets);
    assert!(r.cost < old.cost, "{} against {}", r.cost, old.cost);
    for s in (0..54).filter(|&s| old.facelets().as_bytes()[s] != truth[s]) {
        assert!(r.stickers[s].rival_doubt, "{}", sticker_name(s));
    }
}

/// Session 29: when the reading is left for a cheaper alternative, the stickers the abandoned
/// cube was unsure of stay named (`AlternativeStarts::carry`). `random-07/glare/9000667`
/// (seventh part) with starts within 5 nats (wider than the default 3): the cheaper alternative
/// is wrong too, in stickers the first cube had wrong and named by their confidence (U3 U7 R3
/// R9 F1 F7 L9 B7, 0.988–0.998 tempered), now at 0.9998–0.9999 under the model fitted to it.
/// With the carry: flagged; without: silently wrong (as in the tries of session 29).
#[test]
fn an_abandoned_readings_unsure_stickers_stay_named() {
    let case = named_case(Part::Seventh, "3x3x3-random-07/glare/9000667");
    let wide = AlternativeStarts {
        gap: 5.0,
        ..AlternativeStarts::DEFAULT
    };
    let on = Resolver::new().alternative_starts(wide);
    assert_eq!(
        judge(&case.facelets, &on.resolve(&case.rgb)),
        Outcome::Flagged
    );
    let off = Resolver::new().alternative_starts(AlternativeStarts {
        carry: false,
        ..wide
    });
    assert!(matches!(
        judge(&case.facelets, &off.resolve(&case.rgb)),
        Outcome::Silent { .. }
    ));
}

/// Session 26, the open case of session 25 made concrete: a look-alike pair exchanged where no
/// sticker looks like the other colour. `checkerboard/all/10000030` (eighth part) with its four
/// contradicted corner stickers (F3 F9 B1 B9, session 25's only trigger for a rival) repainted
/// to the mean of the stickers of their face read as the same colour: session 25's rule reads it
/// **silently wrong** (the eight F and B edge stickers, nothing contradicted, so no rival is
/// tried). Since session 26b the rival of the scan's nearest pair (F and B, 19.6 CIELAB units
/// apart in the fitted model, the nearest of the 15) is always tried: it settles in the truth
/// and costs less than the cube read, so the eight stickers are named (`rival_doubt`).
#[test]
fn look_alike_pair_with_nothing_contradicted_is_named() {
    let case = named_case(Part::Eighth, "3x3x3-checkerboard/all/10000030");
    let r = resolve(&case.rgb).expect("flagged");
    let faces = r.cube.to_face_array();
    let contradicted: Vec<usize> = (0..54)
        .filter(|&s| r.stickers[s].looks_like != r.stickers[s].face)
        .collect();
    let names: Vec<String> = contradicted.iter().map(|&s| sticker_name(s)).collect();
    assert_eq!(names, ["F3", "F9", "B1", "B9"]);
    let mut rgb = case.rgb;
    for &s in &contradicted {
        let face = s / 9 * 9..s / 9 * 9 + 9;
        let pool: Vec<usize> = face
            .filter(|&t| t != s && faces[t] == faces[s] && !contradicted.contains(&t))
            .collect();
        rgb[s] = [0, 1, 2].map(|c| {
            (pool.iter().map(|&t| case.rgb[t][c]).sum::<f64>() / pool.len() as f64).round()
        });
    }
    let repainted = Case { rgb, ..case };
    let r = flagged_but_silent_without(&repainted, &Resolver::new().nearest_rival_below(0.0));
    assert!(r.stickers.iter().all(|s| s.looks_like == s.face));
    let read = r.cube.to_face_array();
    let truth: Vec<char> = repainted.facelets.chars().collect();
    let wrong: Vec<usize> = (0..54).filter(|&s| read[s].letter() != truth[s]).collect();
    assert_eq!(wrong, [19, 21, 23, 25, 46, 48, 50, 52]);
    for &s in &wrong {
        assert!(r.stickers[s].rival_doubt, "{}", sticker_name(s));
    }
    let rivals = Resolver::new()
        .rival_readings(&repainted.rgb)
        .expect("rivals");
    let nearest = &rivals[0];
    assert_eq!(
        (nearest.pair.0.letter(), nearest.pair.1.letter()),
        ('F', 'B')
    );
    assert!(nearest.distance < 20.0, "{}", nearest.distance);
    assert!(nearest.gap < 0.0, "{}", nearest.gap);
    assert_eq!(nearest.cube.to_facelets(), repainted.facelets);
}
