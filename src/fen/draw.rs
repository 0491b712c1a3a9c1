//! Drawings of boards of three or more axes as a grid of flat panels (see
//! [`Drawing`]): Cubic levels side by side, the 3x3 Sphinx boards, Ecila's platforms.
//!
//! Labels come from the cell names: a name part that depends only on the rows inside a panel
//! labels the rows (Cubic ranks), one that depends only on the columns labels the columns
//! (Cubic files), and the parts fixed within a panel are its title (Cubic level `A`, Sphinx
//! board `e`); a panel with no fixed part is titled by the ranges of its names (`A-D 1-4`).

use crate::core::notation::Drawing;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::naming::{Digit, NamePart, count_size, count_value, set_count};
use crate::geometry::{Geometry, MAX_AXES, Sq};

/// Space between two panels side by side.
const PANEL_GAP: &str = "    ";

pub(super) fn axes(digits: &[Digit]) -> Vec<u8> {
    digits.iter().map(|d| d.axis).collect()
}

pub(super) fn within(part: &NamePart, set: &[u8]) -> bool {
    part.digits.iter().all(|d| set.contains(&d.axis))
}

pub(super) fn square(g: &Geometry, coords: &[i32; MAX_AXES]) -> Sq {
    g.square(&coords[..g.axes()]).unwrap_or(0)
}

/// The text of the parts in `parts` for the cell at `coords`.
pub(super) fn part_texts(g: &Geometry, parts: &[&NamePart], coords: &[i32; MAX_AXES]) -> String {
    let c = coords.map(|x| x as u8);
    parts
        .iter()
        .map(|p| p.text(count_value(g, &p.digits, &c)))
        .collect()
}

/// True when a blank row or column goes before index `i` of a count over `digits`: the first
/// digit changes there and there are several digits.
pub(super) fn gap_before(g: &Geometry, digits: &[Digit], i: usize) -> bool {
    if digits.len() < 2 || i == 0 {
        return false;
    }
    let inner = count_size(g, &digits[1..]);
    i.is_multiple_of(inner)
}

/// One line across a panel: `cell` gives the text of each column (the coordinates of the
/// column set in `coords`), with a space between columns and one more between groups.
fn columns(
    g: &Geometry,
    cols: &[Digit],
    coords: &mut [i32; MAX_AXES],
    cell: impl Fn(&[i32; MAX_AXES]) -> String,
) -> String {
    let mut line = String::new();
    for c in 0..count_size(g, cols) {
        if c > 0 {
            line.push(' ');
        }
        if gap_before(g, cols, c) {
            line.push(' ');
        }
        set_count(g, cols, c, coords);
        line.push_str(&cell(coords));
    }
    line
}

/// The panels of the board, then the caller appends the position string.
pub fn draw_panels(v: &Variant, d: &Drawing, pos: &Position) -> String {
    let g = v.geometry();
    let parts = v.notation.names.parts();
    let (row_axes, col_axes) = (axes(&d.rows), axes(&d.cols));
    let mut panel_axes = axes(&d.panel_rows);
    panel_axes.extend(axes(&d.panel_cols));
    let row_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &row_axes)).collect();
    let col_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &col_axes)).collect();
    let title_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &panel_axes)).collect();
    let (panel_rows, panel_cols) = (count_size(g, &d.panel_rows), count_size(g, &d.panel_cols));
    let rows = count_size(g, &d.rows);

    let mut out = String::new();
    for pr in 0..panel_rows {
        let mut panels: Vec<Vec<String>> = Vec::with_capacity(panel_cols);
        let mut labels: Vec<String> = Vec::new();
        for pc in 0..panel_cols {
            let mut coords = [0i32; MAX_AXES];
            set_count(g, &d.panel_rows, pr, &mut coords);
            set_count(g, &d.panel_cols, pc, &mut coords);
            let title = if title_parts.is_empty() {
                range_title(v, d, &coords)
            } else {
                part_texts(g, &title_parts, &coords)
            };
            let mut lines = vec![title];
            labels = vec![String::new()];
            for r in 0..rows {
                if gap_before(g, &d.rows, r) {
                    lines.push(String::new());
                    labels.push(String::new());
                }
                set_count(g, &d.rows, r, &mut coords);
                labels.push(part_texts(g, &row_parts, &coords));
                lines.push(columns(g, &d.cols, &mut coords, |coords| {
                    let p = pos.at(square(g, coords));
                    (if p.is_empty() { '.' } else { v.letter(p) }).to_string()
                }));
            }
            if !col_parts.is_empty() {
                lines.push(columns(g, &d.cols, &mut coords, |coords| {
                    part_texts(g, &col_parts, coords)
                }));
                labels.push(String::new());
            }
            panels.push(lines);
        }
        let label_width = labels.iter().map(String::len).max().unwrap_or(0);
        let widths: Vec<usize> = panels
            .iter()
            .map(|lines| lines.iter().map(String::len).max().unwrap_or(0))
            .collect();
        if pr > 0 {
            out.push('\n');
        }
        for (i, label) in labels.iter().enumerate() {
            let mut line = String::new();
            if label_width > 0 {
                line.push_str(&format!("{label:>label_width$} "));
            }
            for (j, (panel, &width)) in panels.iter().zip(&widths).enumerate() {
                if j > 0 {
                    line.push_str(PANEL_GAP);
                }
                let text = panel.get(i).map_or("", String::as_str);
                line.push_str(&format!("{text:<width$}"));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// A title for a panel with no name part fixed inside it: each part's range (`A-D 1-4`).
pub(super) fn range_title(v: &Variant, d: &Drawing, panel: &[i32; MAX_AXES]) -> String {
    let g = v.geometry();
    let parts = v.notation.names.parts();
    let mut low = vec![usize::MAX; parts.len()];
    let mut high = vec![0usize; parts.len()];
    let mut coords = *panel;
    for r in 0..count_size(g, &d.rows) {
        set_count(g, &d.rows, r, &mut coords);
        for c in 0..count_size(g, &d.cols) {
            set_count(g, &d.cols, c, &mut coords);
            let cell = coords.map(|x| x as u8);
            for (i, p) in parts.iter().enumerate() {
                let value = count_value(g, &p.digits, &cell);
                low[i] = low[i].min(value);
                high[i] = high[i].max(value);
            }
        }
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if low[i] == high[i] {
                p.text(low[i])
            } else {
                format!("{}-{}", p.text(low[i]), p.text(high[i]))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
