//! Where each cell of a board goes in a flat picture: the geometry a graphical board (the web
//! page of `menagerie serve`) draws from, laid out as `menagerie show` draws the text.
//!
//! Flat boards are one panel, rank 1 at the bottom, with rank numbers on the left and file
//! letters below. Boards of three or more axes follow their [`Drawing`]: a grid of flat panels
//! (Cubic levels side by side, the 3x3 Sphinx boards, Ecila's platforms), each titled with the
//! name part fixed inside it, with half a cell between groups inside a panel and a whole cell
//! (plus room for titles and labels) between panels. Labels come from the cell names exactly as
//! in [`super::draw`].
//!
//! Units are cells: a cell is the unit square whose top-left corner is `(x, y)`; `y` grows
//! downward, as on a screen.

use crate::core::notation::Drawing;
use crate::core::variant::Variant;
use crate::geometry::naming::{NamePart, count_size, set_count};
use crate::geometry::{MAX_AXES, Sq};

use super::draw::{axes, gap_before, part_texts, range_title, square, within};

/// Extra space between groups inside a panel (a Sphinx board's quarters, an Ecila layer).
const GROUP_GAP: f32 = 0.5;
/// Space between two panels side by side, besides their labels.
const PANEL_GAP: f32 = 1.0;
/// Height of a panel's title above it.
const TITLE: f32 = 0.8;
/// Room for the labels of rows (left) and columns (below).
const LABEL: f32 = 0.7;

/// A flat panel of the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The name part fixed inside the panel (`A`, `e`), or name ranges; empty on flat boards.
    pub title: String,
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// A row or column label: its text centred at `(x, y)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub x: f32,
    pub y: f32,
}

/// The picture of a board: every cell's corner (indexed by square), its panel, labels, and the
/// extent of the whole (from `(0, 0)` to `(width, height)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub cells: Vec<(f32, f32)>,
    /// The panel each cell belongs to (index into `panels`).
    pub cell_panel: Vec<usize>,
    pub panels: Vec<Panel>,
    pub labels: Vec<Label>,
    pub width: f32,
    pub height: f32,
}

/// The layout of `v`'s board.
pub fn board_layout(v: &Variant) -> Layout {
    match &v.notation.drawing {
        Some(d) => panels_layout(v, d),
        None => flat_layout(v),
    }
}

/// One panel, ranks from the top, labels left and below.
fn flat_layout(v: &Variant) -> Layout {
    let g = v.geometry();
    let (files, ranks) = (g.files(), g.ranks());
    let mut cells = vec![(0.0, 0.0); g.squares()];
    for (sq, cell) in cells.iter_mut().enumerate() {
        let (file, rank) = (g.file_of(sq as Sq), g.rank_of(sq as Sq));
        *cell = (LABEL + file as f32, (ranks - 1 - rank) as f32);
    }
    let mut labels = Vec::new();
    for rank in 0..ranks {
        labels.push(Label {
            text: (rank + 1).to_string(),
            x: LABEL / 2.0,
            y: (ranks - 1 - rank) as f32 + 0.5,
        });
    }
    for file in 0..files {
        labels.push(Label {
            text: ((b'a' + file as u8) as char).to_string(),
            x: LABEL + file as f32 + 0.5,
            y: ranks as f32 + LABEL / 2.0,
        });
    }
    Layout {
        cell_panel: vec![0; cells.len()],
        cells,
        panels: vec![Panel {
            title: String::new(),
            x: LABEL,
            y: 0.0,
            w: files as f32,
            h: ranks as f32,
        }],
        labels,
        width: LABEL + files as f32,
        height: ranks as f32 + LABEL,
    }
}

/// The offset of index `i` of a count over `digits`, with a group gap where a blank goes in
/// the text drawing; and the total length.
fn offsets(g: &crate::geometry::Geometry, digits: &[crate::geometry::Digit]) -> (Vec<f32>, f32) {
    let mut at = 0.0;
    let mut out = Vec::new();
    for i in 0..count_size(g, digits) {
        if gap_before(g, digits, i) {
            at += GROUP_GAP;
        }
        out.push(at);
        at += 1.0;
    }
    (out, at)
}

/// The window the board page is laid out for, width over height (1400x1000 and 1000x800
/// are both near it).
const WINDOW_ASPECT: f32 = 1.4;

/// Rows and columns the panels are shown in. A drawing's grid is kept, except a single long
/// row (Cubic's six levels side by side), which is wrapped into the rows that best fill a
/// window of [`WINDOW_ASPECT`], reading order kept: at 1400x1000 a single row of six 6x6
/// panels left each cell about 22 pixels and most of the window empty. `panel_aspect` is one
/// panel's step across over its step down.
fn shown_grid(panel_rows: usize, panel_cols: usize, panel_aspect: f32) -> (usize, usize) {
    if panel_rows != 1 || panel_cols <= 3 {
        return (panel_rows, panel_cols);
    }
    let n = panel_cols as f32;
    let rows = ((n * panel_aspect / WINDOW_ASPECT).sqrt().round() as usize).clamp(1, panel_cols);
    (rows, panel_cols.div_ceil(rows))
}

/// A grid of panels as [`super::draw::draw_panels`] arranges them (a single long row wrapped,
/// see [`shown_grid`]).
fn panels_layout(v: &Variant, d: &Drawing) -> Layout {
    let g = v.geometry();
    let parts = v.notation.names.parts();
    let (row_axes, col_axes) = (axes(&d.rows), axes(&d.cols));
    let mut panel_axes = axes(&d.panel_rows);
    panel_axes.extend(axes(&d.panel_cols));
    let row_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &row_axes)).collect();
    let col_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &col_axes)).collect();
    let title_parts: Vec<&NamePart> = parts.iter().filter(|p| within(p, &panel_axes)).collect();
    let (panel_rows, panel_cols) = (count_size(g, &d.panel_rows), count_size(g, &d.panel_cols));
    let (row_at, panel_h) = offsets(g, &d.rows);
    let (col_at, panel_w) = offsets(g, &d.cols);
    let left = if row_parts.is_empty() { 0.0 } else { LABEL };
    let below = if col_parts.is_empty() { 0.0 } else { LABEL };
    let step_x = panel_w + PANEL_GAP + left;
    let step_y = TITLE + panel_h + below + PANEL_GAP;
    let (shown_rows, shown_cols) = shown_grid(panel_rows, panel_cols, step_x / step_y);

    let mut layout = Layout {
        cells: vec![(0.0, 0.0); g.squares()],
        cell_panel: vec![0; g.squares()],
        panels: Vec::new(),
        labels: Vec::new(),
        width: shown_cols as f32 * step_x - PANEL_GAP,
        height: shown_rows as f32 * step_y - PANEL_GAP,
    };
    for pr in 0..panel_rows {
        for pc in 0..panel_cols {
            let mut coords = [0i32; MAX_AXES];
            set_count(g, &d.panel_rows, pr, &mut coords);
            set_count(g, &d.panel_cols, pc, &mut coords);
            let title = if title_parts.is_empty() {
                range_title(v, d, &coords)
            } else {
                part_texts(g, &title_parts, &coords)
            };
            let at = pr * panel_cols + pc;
            let (row, col) = (at / shown_cols, at % shown_cols);
            let (x0, y0) = (col as f32 * step_x + left, row as f32 * step_y + TITLE);
            let panel = layout.panels.len();
            layout.panels.push(Panel {
                title,
                x: x0,
                y: y0,
                w: panel_w,
                h: panel_h,
            });
            for (r, &ry) in row_at.iter().enumerate() {
                set_count(g, &d.rows, r, &mut coords);
                if !row_parts.is_empty() {
                    layout.labels.push(Label {
                        text: part_texts(g, &row_parts, &coords),
                        x: x0 - LABEL / 2.0,
                        y: y0 + ry + 0.5,
                    });
                }
                for (c, &cx) in col_at.iter().enumerate() {
                    set_count(g, &d.cols, c, &mut coords);
                    let sq = square(g, &coords) as usize;
                    layout.cells[sq] = (x0 + cx, y0 + ry);
                    layout.cell_panel[sq] = panel;
                    if r + 1 == row_at.len() && !col_parts.is_empty() {
                        layout.labels.push(Label {
                            text: part_texts(g, &col_parts, &coords),
                            x: x0 + cx + 0.5,
                            y: y0 + panel_h + LABEL / 2.0,
                        });
                    }
                }
            }
        }
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_long_row_of_panels_is_wrapped_to_fill_the_window() {
        // Cubic's six square-ish panels: two rows of three.
        assert_eq!(shown_grid(1, 6, 0.9), (2, 3));
        // Short rows and drawings that are grids already stay as they are.
        assert_eq!(shown_grid(1, 3, 0.9), (1, 3));
        assert_eq!(shown_grid(3, 3, 0.9), (3, 3));
        // Wide panels wrap into more rows.
        assert_eq!(shown_grid(1, 4, 2.8), (3, 2));
    }
}
