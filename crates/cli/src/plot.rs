//! A hand-written SVG of a benchmark: the solution-length histogram beside the solve-time
//! distribution (a histogram on logarithmic time bins).

use crate::bench_report::BenchReport;
use std::fmt::Write;

const PANEL_W: f64 = 420.0;
const PANEL_H: f64 = 260.0;
const MARGIN: f64 = 50.0;

/// The SVG document for `report`.
pub fn bench_svg(report: &BenchReport) -> String {
    let width = 2.0 * (PANEL_W + MARGIN) + MARGIN;
    let height = PANEL_H + 1.5 * MARGIN;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">rubik bench — {} on {} states ({})</text>"#,
        width / 2.0,
        escape(&report.method),
        report.count,
        escape(&report.source())
    );
    let lengths: Vec<(String, usize)> = report
        .length_histogram
        .iter()
        .enumerate()
        .skip_while(|(_, &n)| n == 0)
        .map(|(len, &n)| (len.to_string(), n))
        .collect();
    let fmt =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    bars(
        &mut svg,
        MARGIN,
        "Solution length (HTM)",
        &lengths,
        "#3b7dd8",
        &format!(
            "mean {} · max {} · {} of {} solved",
            fmt(report.mean_length, 2),
            report.max_length.map_or("-".to_string(), |m| m.to_string()),
            report.solved,
            report.count
        ),
    );
    bars(
        &mut svg,
        2.0 * MARGIN + PANEL_W,
        "Solve time (ms, bins half a decade wide)",
        &time_bins(&report.millis),
        "#e07b39",
        &format!(
            "median {} · mean {} · p99 {} ms",
            fmt(report.median_millis, 3),
            fmt(report.mean_millis, 3),
            fmt(report.p99_millis, 3)
        ),
    );
    svg.push_str("</svg>\n");
    svg
}

/// Histogram of times over bins a factor √10 apart, labelled by their lower edge.
fn time_bins(millis: &[f64]) -> Vec<(String, usize)> {
    let positive: Vec<f64> = millis.iter().copied().filter(|&m| m > 0.0).collect();
    if positive.is_empty() {
        return Vec::new();
    }
    let step = 0.5; // half a decade per bin
    let lo = positive
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .log10();
    let hi = positive.iter().copied().fold(0.0, f64::max).log10();
    let first = (lo / step).floor() as i32;
    let last = (hi / step).floor() as i32;
    let mut counts = vec![0usize; (last - first + 1) as usize];
    for m in positive {
        let bin = ((m.log10() / step).floor() as i32 - first) as usize;
        let last_bin = counts.len() - 1;
        counts[bin.min(last_bin)] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let edge = 10f64.powf((first + i as i32) as f64 * step);
            (format_ms(edge), n)
        })
        .collect()
}

fn format_ms(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 1.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.3}")
    }
}

/// One bar chart in a panel whose left edge is `x0`.
fn bars(
    svg: &mut String,
    x0: f64,
    title: &str,
    data: &[(String, usize)],
    colour: &str,
    summary: &str,
) {
    let top = 1.5 * MARGIN;
    let bottom = top + PANEL_H - MARGIN;
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle" font-size="13">{}</text>"#,
        x0 + PANEL_W / 2.0,
        top - 12.0,
        escape(title)
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{x0}" y1="{bottom}" x2="{}" y2="{bottom}" stroke="#444"/>"##,
        x0 + PANEL_W
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        x0 + PANEL_W / 2.0,
        bottom + 36.0,
        escape(summary)
    );
    if data.is_empty() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle">no data</text>"#,
            x0 + PANEL_W / 2.0,
            (top + bottom) / 2.0
        );
        return;
    }
    let max = data.iter().map(|d| d.1).max().unwrap_or(1).max(1) as f64;
    let slot = PANEL_W / data.len() as f64;
    for (i, (label, n)) in data.iter().enumerate() {
        // The tallest bar leaves room for its count under the title.
        let h = 0.9 * (bottom - top) * *n as f64 / max;
        let x = x0 + i as f64 * slot + slot * 0.1;
        let w = slot * 0.8;
        let _ = writeln!(
            svg,
            r#"<rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="{colour}"><title>{}: {n}</title></rect>"#,
            bottom - h,
            escape(label)
        );
        if *n > 0 {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{n}</text>"#,
                x + w / 2.0,
                bottom - h - 3.0
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"#,
            x + w / 2.0,
            bottom + 14.0,
            escape(label)
        );
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_bins_cover_every_sample() {
        let bins = time_bins(&[0.05, 0.2, 0.3, 5.0, 80.0]);
        assert_eq!(bins.iter().map(|b| b.1).sum::<usize>(), 5);
        assert!(time_bins(&[]).is_empty());
    }
}
