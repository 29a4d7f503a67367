//! The service: routing, the final check, the pace, cancellation of table builds, scrambles.

use super::*;
use crate::tables::TableError;
use rubik_cube::random::rng_from_seed;

/// A service with the tables where every test and the CLI keep them (`$RUBIK_TABLES`, else
/// the cache directory): built once for all.
fn service() -> Service {
    Service::new(SolverConfig::default())
}

fn request(cube: &str) -> Request {
    Request::new(CubeInput::Text(cube.to_string()))
}

#[test]
fn seeded_random_states_are_solved_and_checked_by_each_quick_method() {
    let service = service();
    let mut rng = rng_from_seed(35);
    for method in [Method::Twophase, Method::Thistlethwaite, Method::Cfop] {
        for _ in 0..5 {
            let cube = CubieCube::random(&mut rng);
            let answer = service
                .solve(&Request {
                    method: Some(method),
                    ..request(&cube.to_facelets())
                })
                .unwrap();
            assert_eq!(answer.solver, AnsweredBy::Method(method));
            assert!(cube.apply_moves(&answer.solution.moves).is_solved());
            assert!(answer.end().is_solved());
            let steps: Vec<_> = answer
                .steps()
                .iter()
                .flat_map(|s| s.moves.clone())
                .collect();
            assert!(cube.apply_moves(&steps).is_solved(), "{method}");
        }
    }
}

#[test]
fn a_full_goal_goes_through_the_method_and_a_partial_one_through_the_goal_search() {
    let service = service();
    let goal = Goal::parse("R U R' U'").unwrap();
    let answer = service
        .solve(&Request {
            goal: Some(goal.clone()),
            ..request("F2 D L'")
        })
        .unwrap();
    assert_eq!(answer.solver, AnsweredBy::Method(Method::Twophase));
    assert!(goal.matches(&answer.end().to_cubie()));

    let cross = Goal::parse("cross").unwrap();
    let answer = service
        .solve(&Request {
            goal: Some(cross.clone()),
            ..request("R U F D2 L B'")
        })
        .unwrap();
    assert_eq!(answer.solver, AnsweredBy::GoalSearch);
    assert!(cross.matches(&answer.end().to_cubie()));
    assert_eq!(service.pace(&request("R").with_goal(cross)), Pace::Slow);
}

impl Request {
    fn with_goal(self, goal: Goal) -> Request {
        Request {
            goal: Some(goal),
            ..self
        }
    }
}

#[test]
fn a_method_named_for_the_goal_search_is_refused_not_ignored() {
    let err = service()
        .solve(&Request {
            method: Some(Method::Cfop),
            moves: Some("R,U".parse().unwrap()),
            ..request("R U R' U")
        })
        .unwrap_err();
    assert_eq!(err, ServiceError::MethodForGoalSearch);
    assert_eq!(err.kind(), ErrorKind::BadInput);
}

#[test]
fn the_pace_follows_the_method_and_the_limits_without_naming_a_method() {
    let service = service();
    let quick = request("R U");
    assert_eq!(service.pace(&quick), Pace::Quick);
    let optimal = Request {
        method: Some(Method::Optimal),
        ..request("R U")
    };
    assert_eq!(service.pace(&optimal), Pace::Slow);
    let short = Request {
        limits: Limits {
            max_length: Some(GODS_NUMBER - 1),
            ..Limits::default()
        },
        ..request("R U")
    };
    assert_eq!(service.pace(&short), Pace::Slow);
    let improve = Request {
        limits: Limits {
            improve: true,
            ..Limits::default()
        },
        ..request("R U")
    };
    assert_eq!(service.pace(&improve), Pace::Slow);
}

#[test]
fn bad_requests_get_typed_errors() {
    let service = service();
    let err = service.solve(&request("R U Q")).unwrap_err();
    assert!(matches!(err, ServiceError::Input(_)), "{err}");
    assert_eq!(err.kind(), ErrorKind::BadInput);
    let long = "R ".repeat(MAX_CUBE_TEXT);
    assert_eq!(
        service.solve(&request(&long)).unwrap_err(),
        ServiceError::TooLong {
            limit: MAX_CUBE_TEXT
        }
    );
    let too_long = Request {
        limits: Limits {
            max_length: Some(MAX_LENGTH_LIMIT + 1),
            ..Limits::default()
        },
        ..request("R")
    };
    assert!(matches!(
        service.solve(&too_long).unwrap_err(),
        ServiceError::LengthLimit { .. }
    ));
    let mut options = Options::new();
    options.set("table", Some("small")).unwrap();
    let wrong_option = Request {
        options,
        ..request("R")
    };
    assert!(matches!(
        service.solve(&wrong_option).unwrap_err(),
        ServiceError::Options(_)
    ));
}

#[test]
fn refusals_give_each_error_its_status_category_and_column() {
    let service = service();
    let notation = Refusal::from(service.solve(&request("R U Q")).unwrap_err());
    assert_eq!((notation.status, notation.category), (400, "notation"));
    assert_eq!(notation.column, Some(5), "{}", notation.error);
    let long = Refusal::from(
        service
            .solve(&request(&"R ".repeat(MAX_CUBE_TEXT)))
            .unwrap_err(),
    );
    assert_eq!((long.status, long.category), (400, "notation"));
    // Twenty moves that no 5 moves undo.
    let short = Request {
        limits: Limits {
            max_length: Some(5),
            ..Limits::default()
        },
        ..request("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
    };
    let none = Refusal::from(service.solve(&short).unwrap_err());
    assert_eq!(
        (none.status, none.category),
        (422, "no_solution"),
        "{}",
        none.error
    );
}

#[test]
fn a_raised_flag_stops_a_table_build_before_it_saves_anything() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::new(SolverConfig {
        table_dir: Some(dir.path().to_path_buf()),
        ..SolverConfig::default()
    });
    let cancel = CancelFlag::new();
    cancel.cancel();
    let err = service
        .solver(Method::Thistlethwaite, &Options::new(), Some(&cancel))
        .err()
        .expect("a cancelled build gives no solver");
    assert_eq!(err.kind(), ErrorKind::Cancelled, "{err}");
    assert!(!service.is_loaded(Method::Thistlethwaite, &Options::new()));
    let saved = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .count();
    assert_eq!(saved, 0, "a cancelled build saves no table");
}

#[test]
fn a_flag_raised_during_a_goal_table_build_ends_it() {
    // A goal whose tables are built in an empty directory: the build polls the flag between
    // blocks of work, so raising it from another thread ends the request with "cancelled".
    let dir = tempfile::tempdir().unwrap();
    let service = Service::new(SolverConfig {
        table_dir: Some(dir.path().to_path_buf()),
        ..SolverConfig::default()
    });
    let cancel = CancelFlag::new();
    struct RaiseOnStart(CancelFlag);
    impl crate::Progress for RaiseOnStart {
        fn start(&self, _name: &str, _total: u64) {
            self.0.cancel();
        }
        fn advance(&self, _units: u64) {}
        fn finish(&self) {}
    }
    let err = service
        .solve(&Request {
            goal: Some(Goal::parse("f2l").unwrap()),
            limits: Limits {
                cancel: Some(cancel.clone()),
                ..Limits::default()
            },
            progress: Some(Arc::new(RaiseOnStart(cancel))),
            ..request("R U F D2 L B' R2 U' F")
        })
        .unwrap_err();
    assert!(
        matches!(
            err,
            ServiceError::Solve(SolveError::Table(TableError::Cancelled { .. }))
        ),
        "{err}"
    );
}

#[test]
fn a_seed_gives_the_scrambles_of_the_scramble_module() {
    let service = service();
    let made = service.scrambles(Some(7), 3, None).unwrap();
    let solver = service
        .solver(Method::Twophase, &Options::new(), None)
        .unwrap();
    let expected = crate::scramble::scrambles(solver.as_ref(), 7, 3).unwrap();
    let got: Vec<Scramble> = made.iter().map(|m| m.scramble.clone()).collect();
    assert_eq!(got, expected);
    assert!(made.iter().all(|m| m.random_state));
}
