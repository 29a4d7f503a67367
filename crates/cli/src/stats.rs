//! Summary statistics of benchmark samples.

/// The `q`-quantile (0..=1) of sorted samples, by nearest rank; `None` when empty.
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// The mean; `None` when empty.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Counts of each length 0..=max.
pub fn histogram(lengths: &[usize]) -> Vec<usize> {
    let max = lengths.iter().copied().max().unwrap_or(0);
    let mut counts = vec![0; max + 1];
    for &l in lengths {
        counts[l] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), Some(50.0));
        assert_eq!(quantile(&v, 0.99), Some(99.0));
        assert_eq!(quantile(&v, 1.0), Some(100.0));
        assert_eq!(quantile(&v, 0.0), Some(1.0));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[test]
    fn histogram_counts_each_length() {
        assert_eq!(histogram(&[2, 0, 2, 3]), vec![1, 0, 2, 1]);
        assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
    }
}
