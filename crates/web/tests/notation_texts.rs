//! The page says every notation error in its own words, keyed by the core's kind names
//! (`ParseErrorKind::key`): each kind needs a text in both languages of `static/i18n.js`.

use rubik_cube::alg::ParseErrorKind;

/// The body of each `notationKinds: { … }` block of the page's catalogue, in file order
/// (English, then French).
fn notation_blocks(catalogue: &str) -> Vec<&str> {
    catalogue
        .split("notationKinds: {")
        .skip(1)
        .map(|rest| &rest[..rest.find('}').expect("a notationKinds block is closed")])
        .collect()
}

#[test]
fn every_notation_error_kind_has_a_text_in_both_languages() {
    let catalogue = include_str!("../static/i18n.js");
    let blocks = notation_blocks(catalogue);
    assert_eq!(
        blocks.len(),
        2,
        "one notationKinds block per language (en, fr)"
    );
    for block in blocks {
        for kind in ParseErrorKind::ALL {
            let entry = format!("{}: \"", kind.key());
            assert!(
                block.contains(&entry),
                "the page has no text for the notation error `{}`",
                kind.key()
            );
        }
    }
}

#[test]
fn every_kind_is_listed_once_and_its_key_is_unique() {
    let mut keys: Vec<&str> = ParseErrorKind::ALL.iter().map(|k| k.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), ParseErrorKind::ALL.len());
}
