//! Reading measured colours from JSON: an array of 54 `[r, g, b]` in URFDLB facelet order, or
//! an object `{"rgb": [...]}` holding that array (the body of `POST /api/resolve`).

use crate::error::ScanError;
use serde_json::Value;

/// The colours in `text` (see the [module docs](self)). Values may be integers or fractions;
/// their range is checked by the resolver.
pub fn parse_rgb_json(text: &str) -> Result<Vec<[f64; 3]>, ScanError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ScanError::Json(e.to_string()))?;
    let list = match &value {
        Value::Array(list) => list,
        Value::Object(map) => match map.get("rgb") {
            Some(Value::Array(list)) => list,
            _ => return Err(ScanError::Json("the object has no \"rgb\" array".into())),
        },
        _ => return Err(ScanError::Json("neither an array nor an object".into())),
    };
    list.iter()
        .enumerate()
        .map(|(i, entry)| {
            colour(entry).ok_or_else(|| ScanError::Json(format!("entry {i} is not three numbers")))
        })
        .collect()
}

fn colour(entry: &Value) -> Option<[f64; 3]> {
    let items = entry.as_array()?;
    if items.len() != 3 {
        return None;
    }
    let mut out = [0.0; 3];
    for (o, v) in out.iter_mut().zip(items) {
        *o = v.as_f64()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_and_object_forms() {
        let one = "[1, 2, 3]";
        let list = format!("[{}]", vec![one; 54].join(","));
        assert_eq!(parse_rgb_json(&list).unwrap(), vec![[1.0, 2.0, 3.0]; 54]);
        let obj = format!("{{\"rgb\": {list}}}");
        assert_eq!(parse_rgb_json(&obj).unwrap().len(), 54);
        assert_eq!(
            parse_rgb_json("[[0.5, 255, 7]]").unwrap(),
            vec![[0.5, 255.0, 7.0]]
        );
    }

    #[test]
    fn malformed_input_says_what_is_wrong() {
        let e = parse_rgb_json("[[1, 2]]").unwrap_err();
        assert_eq!(
            e.to_string().split(" (expected").next().unwrap(),
            "cannot read the colours: entry 0 is not three numbers"
        );
        assert!(matches!(
            parse_rgb_json("{\"colours\": []}"),
            Err(ScanError::Json(_))
        ));
        assert!(matches!(
            parse_rgb_json("[1, 2, 3"),
            Err(ScanError::Json(_))
        ));
        assert!(matches!(
            parse_rgb_json("[[1, \"2\", 3]]"),
            Err(ScanError::Json(_))
        ));
    }
}
