//! Face photos: finding the 3×3 grid of one cube face in a photo (any background, the face
//! seen in perspective and a little rotated), sampling its nine stickers, and putting six
//! photos taken in any order together into the 54 colours the resolver reads.
//!
//! Finding the grid: the cube's black plastic separates the stickers, so the stickers are the
//! bright islands in a dark frame. A photo larger than [`SEARCH_SIZE`] is first shrunk by a
//! whole factor (block means). Pixels darker than a share of the photo's bright level are
//! plastic; the other pixels form connected regions; regions of sticker size that are compact
//! (they fill much of their bounding box) and do not touch the photo's edge are candidates.
//! Every candidate with its eight nearest candidates of about its size is tried as a grid: the
//! middle one is the centre, the four farthest are the corners, and the plane map (homography)
//! from the corners to grid points (0,0)…(2,2) must put the other five within a quarter of a
//! sticker of their grid points. The best such grid wins. Real photos (a robot's beams and
//! rails, a hand, a dark sticker in dim light) need more than one share: several are tried,
//! each also with the bright regions thinned by a pixel or two so that a sticker joined to a
//! bright background by a thin bridge comes apart. When no share gives a whole grid, a grid
//! with up to two stickers missing is accepted: a candidate, the lattice its nearest like-sized
//! neighbours span, at least seven of the nine lattice points on a candidate, the missing
//! ones sampled in a square around their lattice point. None, and the photo has no cube in it.
//!
//! Sampling: the median of each sticker region's inner pixels (within 60% of its radius),
//! glare pixels left out ([`crate::sample`]).
//!
//! Putting faces together: each photo's face is known by its centre's colour (the WCA scheme:
//! white U, red R, green F, yellow D, orange L, blue B), the six matched to the six faces at
//! once so that each face is taken once. Photos are taken as the faces appear on the net: R,
//! F, L and B with U up, U with B up, D with F up; the grid's top-left sticker is the one
//! nearest the photo's top-left corner.

use crate::error::ScanError;
use crate::lab::srgb_to_lab;
use crate::sample::{robust_colour, Frame};

/// A face found in a photo.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceGrid {
    /// Each sticker's centre in pixels, row by row from the top left.
    pub centres: [(f64, f64); 9],
    /// Each sticker's sampled colour (8-bit sRGB).
    pub colours: [[f64; 3]; 9],
}

/// A plane map between two planes (3×3, last entry 1).
pub type Homography = [f64; 9];

/// Solves `a x = b` for 8 unknowns (Gaussian elimination with partial pivoting).
fn solve8(mut a: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col];
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some(std::array::from_fn(|i| a[i][8] / a[i][i]))
}

/// The plane map taking `from[i]` to `to[i]` (`None` when three of the points are in line).
pub fn homography(from: [(f64, f64); 4], to: [(f64, f64); 4]) -> Option<Homography> {
    let mut a = [[0.0; 9]; 8];
    for i in 0..4 {
        let ((x, y), (u, v)) = (from[i], to[i]);
        a[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
        a[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
    }
    let h = solve8(a)?;
    Some([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0])
}

/// Applies a plane map to a point.
pub fn map(h: &Homography, (x, y): (f64, f64)) -> (f64, f64) {
    let w = h[6] * x + h[7] * y + h[8];
    (
        (h[0] * x + h[1] * y + h[2]) / w,
        (h[3] * x + h[4] * y + h[5]) / w,
    )
}

/// A connected bright region.
struct Region {
    pixels: Vec<usize>,
    centre: (f64, f64),
}

/// Plastic is darker than one of these shares of the photo's bright level (its 95th
/// percentile of each pixel's brightest channel): each is tried, as a photo's light and its
/// background decide which one cuts the stickers apart.
const PLASTIC_SHARES: [f64; 4] = [0.3, 0.2, 0.42, 0.55];
/// A candidate fills at least this share of its bounding box.
const FILL: f64 = 0.5;
/// The grid fit's largest allowed miss, in stickers.
const GRID_MISS: f64 = 0.25;
/// Photos are searched at most this many pixels wide or high (larger ones are shrunk by a
/// whole factor, averaging blocks of pixels, before the grid is searched and sampled).
const SEARCH_SIZE: usize = 480;
/// The nine stickers of a grid differ in area by at most this factor.
const AREA_RATIO: f64 = 3.0;
/// A grid with stickers missing needs this many of its nine found as regions.
const LATTICE_FOUND: usize = 7;

/// `frame` shrunk by a whole factor (block means) so that neither side exceeds
/// [`SEARCH_SIZE`], or `None` when it is small enough already.
fn shrink(frame: &Frame) -> Option<Frame> {
    let factor = frame.width.max(frame.height).div_ceil(SEARCH_SIZE);
    if factor <= 1 {
        return None;
    }
    let (w, h) = (frame.width / factor, frame.height / factor);
    let mut pixels = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0u32; 3];
            for dy in 0..factor {
                for dx in 0..factor {
                    let p = frame.pixels[(y * factor + dy) * frame.width + x * factor + dx];
                    for c in 0..3 {
                        sum[c] += p[c] as u32;
                    }
                }
            }
            let n = (factor * factor) as u32;
            pixels.push(sum.map(|v| ((v + n / 2) / n) as u8));
        }
    }
    Some(Frame {
        width: w,
        height: h,
        pixels,
    })
}

/// The bright regions of `frame` when pixels darker than `share` of the bright level `level`
/// are plastic, and a bright pixel with a plastic pixel within `erode` pixels (in a row or a
/// column) is left out too, so that stickers joined by a thin bright bridge come apart.
fn regions(frame: &Frame, bright: &[u8], level: f64, share: f64, erode: usize) -> Vec<Region> {
    let (w, h) = (frame.width, frame.height);
    let plastic = (level * share).max(20.0);
    let mut seen: Vec<bool> = bright.iter().map(|&v| (v as f64) < plastic).collect();
    if erode > 0 {
        let dark = seen.clone();
        for y in 0..h {
            for x in 0..w {
                let near = (x.saturating_sub(erode)..=(x + erode).min(w - 1))
                    .any(|xx| dark[y * w + xx])
                    || (y.saturating_sub(erode)..=(y + erode).min(h - 1))
                        .any(|yy| dark[yy * w + x]);
                seen[y * w + x] = near;
            }
        }
    }
    let n = w * h;
    let (min_area, max_area) = (n / 2000, n / 10);
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut pixels = Vec::new();
        let mut touches_edge = false;
        let (mut x0, mut x1, mut y0, mut y1) = (w, 0, h, 0);
        while let Some(p) = stack.pop() {
            pixels.push(p);
            let (x, y) = (p % w, p / w);
            (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
            touches_edge |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
            let mut push = |q: usize| {
                if !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            };
            if x > 0 {
                push(p - 1);
            }
            if x + 1 < w {
                push(p + 1);
            }
            if y > 0 {
                push(p - w);
            }
            if y + 1 < h {
                push(p + w);
            }
        }
        let (bw, bh) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
        let compact = pixels.len() as f64 >= FILL * bw * bh && bw.max(bh) <= 2.5 * bw.min(bh);
        if touches_edge || !compact || pixels.len() < min_area || pixels.len() > max_area {
            continue;
        }
        let k = pixels.len() as f64;
        let cx = pixels.iter().map(|&p| (p % w) as f64).sum::<f64>() / k;
        let cy = pixels.iter().map(|&p| (p / w) as f64).sum::<f64>() / k;
        out.push(Region {
            pixels,
            centre: (cx, cy),
        });
    }
    out
}

/// Tries nine regions as a grid: their order (row by row) and the fit's largest miss.
fn fit_grid(regions: &[Region], set: &[usize]) -> Option<([usize; 9], f64)> {
    let c = |i: usize| regions[set[i]].centre;
    let (mx, my) = (0..9).fold((0.0, 0.0), |(x, y), i| (x + c(i).0 / 9.0, y + c(i).1 / 9.0));
    let dist = |i: usize, (x, y): (f64, f64)| (c(i).0 - x).hypot(c(i).1 - y);
    let mut order: Vec<usize> = (0..9).collect();
    order.sort_by(|&a, &b| dist(a, (mx, my)).total_cmp(&dist(b, (mx, my))));
    let centre = order[0];
    let mut corners: Vec<usize> = order[5..].to_vec();
    // Clockwise on screen (y down) from the corner nearest the photo's top left.
    let angle = |i: usize| (c(i).1 - c(centre).1).atan2(c(i).0 - c(centre).0);
    corners.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
    let first = (0..4)
        .min_by(|&a, &b| {
            let s = |i: usize| c(corners[i]).0 + c(corners[i]).1;
            s(a).total_cmp(&s(b))
        })
        .expect("four corners");
    corners.rotate_left(first);
    let grid = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
    let h = homography(
        [c(corners[0]), c(corners[1]), c(corners[2]), c(corners[3])],
        grid,
    )?;
    let mut slots = [usize::MAX; 9];
    let mut miss: f64 = 0.0;
    for (i, &region) in set.iter().enumerate() {
        let (u, v) = map(&h, c(i));
        let (gu, gv) = (u.round(), v.round());
        if !(0.0..=2.0).contains(&gu) || !(0.0..=2.0).contains(&gv) {
            return None;
        }
        miss = miss.max((u - gu).hypot(v - gv));
        let slot = (gv as usize) * 3 + gu as usize;
        if slots[slot] != usize::MAX {
            return None;
        }
        slots[slot] = region;
    }
    (miss <= GRID_MISS).then_some((slots, miss))
}

/// The best grid among `regions`: its regions row by row and the fit's largest miss.
fn best_grid(regions: &[Region]) -> Option<([usize; 9], f64)> {
    let mut best: Option<([usize; 9], f64)> = None;
    for (i, r) in regions.iter().enumerate() {
        // Stickers of one face are about one size: a bright patch of background much larger
        // or smaller than this one is no neighbour in its grid.
        let area = r.pixels.len() as f64;
        let mut near: Vec<usize> = (0..regions.len())
            .filter(|&j| {
                let ratio = regions[j].pixels.len() as f64 / area;
                j != i && (1.0 / AREA_RATIO..=AREA_RATIO).contains(&ratio)
            })
            .collect();
        if near.len() < 8 {
            continue;
        }
        let d =
            |j: usize| (regions[j].centre.0 - r.centre.0).hypot(regions[j].centre.1 - r.centre.1);
        near.sort_by(|&a, &b| d(a).total_cmp(&d(b)));
        let mut set = vec![i];
        set.extend_from_slice(&near[..8]);
        if let Some(fit) = fit_grid(regions, &set) {
            if best.as_ref().is_none_or(|b| fit.1 < b.1) {
                best = Some(fit);
            }
        }
    }
    best
}

/// A grid with some stickers missing (a dark sticker taken for plastic, or one joined to a
/// bright background): each region is tried as the centre with the lattice its nearest
/// like-sized neighbours span; when at least [`LATTICE_FOUND`] of the nine lattice points have
/// a region within a quarter of a sticker, the missing ones are filled with a square patch
/// around their lattice point. Returns the regions (the patches appended) and the grid.
fn lattice_grid(
    mut regions: Vec<Region>,
    width: usize,
    height: usize,
) -> Option<(Vec<Region>, [usize; 9], f64)> {
    let centre = |r: &Region| r.centre;
    /// A lattice tried: stickers on a region, the largest miss, each point's region, the points.
    struct Lattice {
        found: usize,
        miss: f64,
        slots: [Option<usize>; 9],
        points: [(f64, f64); 9],
    }
    let mut best: Option<Lattice> = None;
    for (i, r) in regions.iter().enumerate() {
        let area = r.pixels.len() as f64;
        let (cx, cy) = centre(r);
        let mut near: Vec<(f64, usize)> = (0..regions.len())
            .filter(|&j| {
                let ratio = regions[j].pixels.len() as f64 / area;
                j != i && (1.0 / AREA_RATIO..=AREA_RATIO).contains(&ratio)
            })
            .map(|j| {
                (
                    (regions[j].centre.0 - cx).hypot(regions[j].centre.1 - cy),
                    j,
                )
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let Some(&(du, j)) = near.first() else {
            continue;
        };
        // A sticker's neighbour is a little more than its width away.
        if du > 2.2 * area.sqrt() {
            continue;
        }
        let u = (regions[j].centre.0 - cx, regions[j].centre.1 - cy);
        let Some(&(_, k)) = near.iter().find(|&&(d, k)| {
            let v = (regions[k].centre.0 - cx, regions[k].centre.1 - cy);
            let cos = (u.0 * v.0 + u.1 * v.1) / (du * d);
            cos.abs() < 0.35 && (0.7..=1.4).contains(&(d / du))
        }) else {
            continue;
        };
        let v = (regions[k].centre.0 - cx, regions[k].centre.1 - cy);
        let mut slots = [None; 9];
        let mut points = [(0.0, 0.0); 9];
        let mut found = 0;
        let mut miss: f64 = 0.0;
        for (n, point) in points.iter_mut().enumerate() {
            let (a, b) = ((n % 3) as f64 - 1.0, (n / 3) as f64 - 1.0);
            let p = (cx + a * u.0 + b * v.0, cy + a * u.1 + b * v.1);
            *point = p;
            let hit = near
                .iter()
                .map(|&(_, q)| q)
                .chain([i])
                .map(|q| {
                    (
                        ((regions[q].centre.0 - p.0).hypot(regions[q].centre.1 - p.1)) / du,
                        q,
                    )
                })
                .min_by(|x, y| x.0.total_cmp(&y.0));
            if let Some((d, q)) = hit.filter(|h| h.0 <= GRID_MISS) {
                slots[n] = Some(q);
                found += 1;
                miss = miss.max(d);
            }
        }
        let inside = points.iter().all(|&(x, y)| {
            let m = 0.3 * du;
            x - m >= 0.0 && y - m >= 0.0 && x + m < width as f64 && y + m < height as f64
        });
        if found < LATTICE_FOUND || !inside {
            continue;
        }
        if best
            .as_ref()
            .is_none_or(|b| found > b.found || (found == b.found && miss < b.miss))
        {
            best = Some(Lattice {
                found,
                miss,
                slots,
                points,
            });
        }
    }
    let Lattice {
        miss,
        slots,
        points,
        ..
    } = best?;
    let side = {
        let known: Vec<f64> = slots
            .iter()
            .flatten()
            .map(|&q| (regions[q].pixels.len() as f64).sqrt())
            .collect();
        known.iter().sum::<f64>() / known.len() as f64
    };
    let mut set = Vec::with_capacity(9);
    for (n, slot) in slots.iter().enumerate() {
        match slot {
            Some(q) => set.push(*q),
            None => {
                let (px, py) = points[n];
                let half = (0.4 * side).max(1.0);
                let (x0, x1) = (
                    (px - half).max(0.0) as usize,
                    ((px + half) as usize).min(width - 1),
                );
                let (y0, y1) = (
                    (py - half).max(0.0) as usize,
                    ((py + half) as usize).min(height - 1),
                );
                let pixels = (y0..=y1)
                    .flat_map(|y| (x0..=x1).map(move |x| y * width + x))
                    .collect();
                regions.push(Region {
                    pixels,
                    centre: (px, py),
                });
                set.push(regions.len() - 1);
            }
        }
    }
    let (ordered, fit) = fit_grid(&regions, &set)?;
    Some((regions, ordered, fit.max(miss)))
}

/// Finds the face in `frame` and samples its stickers (see the [module docs](self)).
/// `photo` names the photo in the error when no face is found.
pub fn find_face(frame: &Frame, photo: &str) -> Result<FaceGrid, ScanError> {
    let shrunk = shrink(frame);
    let small = shrunk.as_ref().unwrap_or(frame);
    let scale = frame.width as f64 / small.width as f64;
    let bright: Vec<u8> = small
        .pixels
        .iter()
        .map(|p| *p.iter().max().expect("three channels"))
        .collect();
    let mut sorted = bright.clone();
    sorted.sort_unstable();
    let level = sorted[sorted.len() * 95 / 100] as f64;
    let erode = small.width.max(small.height) / 160;
    let mut most_regions = 0;
    // Every share's regions are kept: when no whole grid is found, the search for a grid with
    // stickers missing goes through them again.
    let mut sets: Vec<Vec<Region>> = Vec::new();
    let mut best: Option<(usize, [usize; 9], f64)> = None;
    for share in PLASTIC_SHARES {
        for erode in [0, erode.max(1)] {
            let regions = regions(small, &bright, level, share, erode);
            most_regions = most_regions.max(regions.len());
            if let Some((slots, miss)) = best_grid(&regions) {
                if best.as_ref().is_none_or(|b| miss < b.2) {
                    best = Some((sets.len(), slots, miss));
                }
            }
            sets.push(regions);
        }
        // A close fit at the first share that gives one is kept (the shares after it are
        // for photos where it gives none).
        if best.as_ref().is_some_and(|b| b.2 <= GRID_MISS / 2.0) {
            break;
        }
    }
    let (regions, slots) = match best {
        Some((set, slots, _)) => (sets.swap_remove(set), slots),
        None => {
            // No whole grid at any share: a grid with a sticker or two missing.
            let mut completed: Option<(Vec<Region>, [usize; 9], f64)> = None;
            for regions in sets {
                if let Some(found) = lattice_grid(regions, small.width, small.height) {
                    if completed.as_ref().is_none_or(|b| found.2 < b.2) {
                        completed = Some(found);
                    }
                }
            }
            let (regions, slots, _) = completed.ok_or_else(|| ScanError::NoFace {
                photo: photo.to_string(),
                regions: most_regions,
            })?;
            (regions, slots)
        }
    };
    let w = small.width;
    let mut centres = [(0.0, 0.0); 9];
    let mut colours = [[0.0; 3]; 9];
    for (k, &r) in slots.iter().enumerate() {
        let region = &regions[r];
        let (cx, cy) = region.centre;
        let radius = (region.pixels.len() as f64 / std::f64::consts::PI).sqrt();
        let inner: Vec<[u8; 3]> = region
            .pixels
            .iter()
            .filter(|&&p| ((p % w) as f64 - cx).hypot((p / w) as f64 - cy) <= 0.6 * radius)
            .map(|&p| small.pixels[p])
            .collect();
        centres[k] = (cx * scale, cy * scale);
        colours[k] = robust_colour(&inner);
    }
    Ok(FaceGrid { centres, colours })
}

/// The WCA scheme's sticker colours in CIELAB, URFDLB: white, red, green, yellow, orange, blue.
const SCHEME: [[f64; 3]; 6] = [
    [235.0, 235.0, 230.0],
    [200.0, 30.0, 40.0],
    [20.0, 150.0, 80.0],
    [230.0, 210.0, 40.0],
    [245.0, 115.0, 25.0],
    [20.0, 70.0, 170.0],
];

/// Which photo shows which face: the assignment of the six centres to the six faces with the
/// least total hue-and-chroma distance to the WCA scheme (lightness left out: exposures
/// differ). `order[face] = photo`.
fn match_faces(centres: &[[f64; 3]; 6]) -> [usize; 6] {
    let cost = |photo: usize, face: usize| {
        let a = srgb_to_lab(centres[photo]);
        let b = srgb_to_lab(SCHEME[face]);
        (a.a - b.a).hypot(a.b - b.b)
    };
    let mut best = ([0usize; 6], f64::INFINITY);
    let mut perm = [0usize, 1, 2, 3, 4, 5];
    // Heap's algorithm over the 720 orders.
    fn visit(k: usize, perm: &mut [usize; 6], f: &mut dyn FnMut(&[usize; 6])) {
        if k == 1 {
            f(perm);
            return;
        }
        for i in 0..k {
            visit(k - 1, perm, f);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            perm.swap(j, k - 1);
        }
    }
    visit(6, &mut perm, &mut |p| {
        let total: f64 = (0..6).map(|face| cost(p[face], face)).sum();
        if total < best.1 {
            best = (*p, total);
        }
    });
    best.0
}

/// The 54 colours (URFDLB facelet order) of six face photos in any order.
pub fn scan_photos(frames: &[(String, Frame)]) -> Result<Vec<[f64; 3]>, ScanError> {
    if frames.len() != 6 {
        return Err(ScanError::PhotoCount {
            found: frames.len(),
        });
    }
    let faces: Vec<FaceGrid> = frames
        .iter()
        .map(|(name, frame)| find_face(frame, name))
        .collect::<Result<_, _>>()?;
    let centres: [[f64; 3]; 6] = std::array::from_fn(|i| faces[i].colours[4]);
    let order = match_faces(&centres);
    Ok((0..54)
        .map(|s| faces[order[s / 9]].colours[s % 9])
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faults::{FaultKind, Faults};
    use crate::lighting::{judge, Outcome};
    use crate::render::{render_face, wca_base};
    use rand::Rng;
    use rubik_cube::random::rng_from_seed;

    #[test]
    fn a_photo_without_a_cube_is_refused() {
        let mut rng = rng_from_seed(4);
        let (width, height) = (320, 240);
        let pixels = (0..width * height)
            .map(|i| {
                let g = ((i % width) / 9 % 2 * 40 + 100) as u8;
                [g, g.saturating_sub(rng.gen_range(0..20)), 90]
            })
            .collect();
        let frame = Frame {
            width,
            height,
            pixels,
        };
        let e = find_face(&frame, "table.png").unwrap_err();
        assert!(
            e.to_string().starts_with("no cube face found in table.png"),
            "{e}"
        );
    }

    /// 20 cubes (120 rendered photos under lighting faults, shuffled): every face is found,
    /// every sticker sampled within a few units of what was drawn, and the resolver reads the
    /// cube exactly or names every wrong sticker.
    #[test]
    fn rendered_photos_give_their_cubes() {
        let mut exact = 0;
        for seed in 0..20u64 {
            let base = wca_base(4_000_000 + seed);
            let mut rng = rng_from_seed(seed);
            let faults = Faults::draw(FaultKind::CYCLE[seed as usize % 8], &mut rng);
            let rgb = faults.apply(&base.rgb, &mut rng);
            let mut photos: Vec<(String, Frame)> = (0..6)
                .map(|f| {
                    let colours: [[f64; 3]; 9] = std::array::from_fn(|i| rgb[f * 9 + i]);
                    (
                        format!("face{f}.png"),
                        render_face(&colours, seed * 10 + f as u64),
                    )
                })
                .collect();
            photos.rotate_left(seed as usize % 6);
            photos.swap(0, 3);
            for (name, frame) in &photos {
                let face: usize = name[4..5].parse().unwrap();
                let grid = find_face(frame, name).unwrap();
                for i in 0..9 {
                    let want = rgb[face * 9 + i];
                    let got = grid.colours[i];
                    // Glare removal keeps the median within the pixel noise (±6).
                    assert!(
                        (0..3).all(|c| (got[c] - want[c]).abs() <= 7.0),
                        "seed {seed} {name} sticker {i}: {got:?} vs {want:?}"
                    );
                }
            }
            let sampled = scan_photos(&photos).unwrap();
            match judge(&base.facelets, &crate::resolve(&sampled)) {
                Outcome::Exact { .. } => exact += 1,
                Outcome::Silent { unnamed } => panic!("seed {seed}: silently wrong at {unnamed:?}"),
                _ => {}
            }
        }
        assert!(exact >= 19, "{exact} of 20 exact");
    }
}
