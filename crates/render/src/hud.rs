//! The HUD as geometry: crosshair, hotbar with block icons, survival's hearts, air and
//! stacks ([`survival`]), and the debug overlay's text, built on the CPU into screen-space
//! quads (pixels, y down) that one pipeline draws.

mod survival;

pub use survival::{SurvivalHud, wear_colour};

use bytemuck::{Pod, Zeroable};

use super::font::{GLYPH_HEIGHT, GLYPH_WIDTH, glyph};
use hewn_core::sim::{HOTBAR_SLOTS, Item};
use hewn_core::world::Face;
use hewn_core::world::block::Shape;
use hewn_mesh::tiles::{ATLAS_COLUMNS, ATLAS_ROWS, CRATE_TILE, tile_for, tile_index};

/// One HUD vertex: a pixel position, an atlas coordinate (negative for flat colour) and a
/// colour that tints the texel.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct HudVertex {
    /// Position in pixels from the top-left corner.
    pub pixel: [f32; 2],
    /// Atlas coordinate in 0..1, or negative for an untextured quad.
    pub uv: [f32; 2],
    /// RGBA colour, multiplied with the texel.
    pub colour: [u8; 4],
}

/// What the HUD shows this frame.
#[derive(Clone, Debug, PartialEq)]
pub struct HudState {
    /// The nine hotbar items.
    pub hotbar: [Item; HOTBAR_SLOTS],
    /// The selected slot, 0 to 8.
    pub selected: usize,
    /// Lines of the debug overlay, when it is open.
    pub overlay: Option<Vec<String>>,
    /// A line shown in the middle of the screen (such as "loading").
    pub banner: Option<String>,
    /// Lines of chat shown at the bottom left, oldest first, each with its opacity from 0
    /// to 1.
    pub chat: Vec<(String, f32)>,
    /// The player list's lines, shown at the top while its key is held.
    pub player_list: Option<Vec<String>>,
    /// Screen pixels per HUD pixel (the GUI scale); `None` picks the largest whole number
    /// that keeps the HUD's 360-pixel-high design on the screen.
    pub scale: Option<f32>,
    /// In survival: health, air and the stacks the hotbar shows instead of `hotbar`.
    pub survival: Option<SurvivalHud>,
}

impl Default for HudState {
    /// A new player's hotbar, nothing else.
    fn default() -> Self {
        Self {
            hotbar: hewn_core::sim::DEFAULT_HOTBAR,
            selected: 0,
            overlay: None,
            banner: None,
            chat: Vec::new(),
            player_list: None,
            scale: None,
            survival: None,
        }
    }
}

/// Quads accumulated as triangle-list vertices.
#[derive(Debug, Default)]
pub struct HudBuilder {
    /// The vertices, six per quad.
    pub vertices: Vec<HudVertex>,
}

const UNTEXTURED: [f32; 2] = [-1.0, -1.0];

impl HudBuilder {
    fn quad(&mut self, corners: [[f32; 2]; 4], uvs: [[f32; 2]; 4], colour: [u8; 4]) {
        for i in [0, 1, 2, 0, 2, 3] {
            self.vertices.push(HudVertex {
                pixel: corners[i],
                uv: uvs[i],
                colour,
            });
        }
    }

    /// A flat rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: [u8; 4]) {
        let c = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
        self.quad(c, [UNTEXTURED; 4], colour);
    }

    /// An atlas tile mapped onto an arbitrary quad (corners: top-left, top-right,
    /// bottom-right, bottom-left of the tile).
    pub fn tile(&mut self, corners: [[f32; 2]; 4], tile: u16, tint: [u8; 4]) {
        self.quad(corners, tile_uvs(tile), tint);
    }

    /// Text in the built-in font with a drop shadow; returns the width drawn.
    pub fn text(&mut self, x: f32, y: f32, scale: f32, text: &str, colour: [u8; 4]) -> f32 {
        let advance = (GLYPH_WIDTH + 1) as f32 * scale;
        for (i, c) in text.chars().enumerate() {
            let gx = x + i as f32 * advance;
            for (row, bits) in glyph(c).iter().enumerate() {
                for col in 0..GLYPH_WIDTH {
                    if bits & (0x10 >> col) != 0 {
                        let (px, py) = (gx + col as f32 * scale, y + row as f32 * scale);
                        self.rect(px + scale, py + scale, scale, scale, [0, 0, 0, 160]);
                        self.rect(px, py, scale, scale, colour);
                    }
                }
            }
        }
        text.chars().count() as f32 * advance
    }

    /// A small icon of `item`, `size` pixels across, centred on (`cx`, `cy`).
    pub fn item_icon(&mut self, cx: f32, cy: f32, size: f32, item: Item) {
        for face in icon_faces(item) {
            let corners = face.corners.map(|[x, y]| [cx + x * size, cy + y * size]);
            self.tile(corners, face.tile, face.tint);
        }
    }
}

/// The atlas coordinates of `tile`'s corners: top-left, top-right, bottom-right,
/// bottom-left.
#[must_use]
pub fn tile_uvs(tile: u16) -> [[f32; 2]; 4] {
    let (cols, rows) = (ATLAS_COLUMNS as f32, ATLAS_ROWS as f32);
    let (u0, v0) = (
        f32::from(tile % ATLAS_COLUMNS as u16) / cols,
        f32::from(tile / ATLAS_COLUMNS as u16) / rows,
    );
    let (du, dv) = (1.0 / cols, 1.0 / rows);
    [[u0, v0], [u0 + du, v0], [u0 + du, v0 + dv], [u0, v0 + dv]]
}

/// One textured quad of an item's icon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IconFace {
    /// Corners (top-left, top-right, bottom-right, bottom-left of the tile) in icon sizes
    /// from the icon's centre, y down.
    pub corners: [[f32; 2]; 4],
    /// The atlas tile.
    pub tile: u16,
    /// The colour the tile is multiplied by: sides are shaded as if lit from above.
    pub tint: [u8; 4],
}

/// The icon of `item`, as the hotbar and the inventory draw it: a small isometric cube
/// (top, left and right faces, the sides darker). Blocks drawn as models of their own (a
/// torch, a flower) show their tile flat, as held items do in Minecraft; a door stands as
/// its two halves, one above the other, and a bed lies low, as tall as its mattress, so
/// that neither reads as a chest.
#[must_use]
pub fn icon_faces(item: Item) -> Vec<IconFace> {
    let (h, q) = (0.5, 0.25);
    if matches!(item, Item::Block(block) if block.is_door()) {
        let half = |name, top: f32| IconFace {
            corners: [[-q, top], [q, top], [q, top + h], [-q, top + h]],
            tile: tile_index(name).unwrap_or(0),
            tint: [255; 4],
        };
        return vec![half("door_upper", -h), half("door_lower", 0.0)];
    }
    let flat = match item {
        Item::Block(block) if matches!(block.shape(), Shape::Torch { .. } | Shape::Cross) => {
            Some(tile_for(block, Face::South))
        }
        Item::Material(_) | Item::Tool(_) => Some(tile_index(item.name()).unwrap_or(0)),
        _ => None,
    };
    if let Some(tile) = flat {
        return vec![IconFace {
            corners: [[-h, -h], [h, -h], [h, h], [-h, h]],
            tile,
            tint: [255; 4],
        }];
    }
    let tile = |face| match item {
        Item::Block(block) => tile_for(block, face),
        Item::Crate => CRATE_TILE,
        Item::Material(_) | Item::Tool(_) => 0,
    };
    // A bed is 9/16 of a block tall: its top comes down by the rest, and the whole icon
    // down by half as much again, to sit in the middle of its slot.
    let low = if matches!(item, Item::Block(block) if block.is_bed()) {
        h * 7.0 / 16.0
    } else {
        0.0
    };
    let at = |corners: [[f32; 2]; 4], lowered: [bool; 4]| {
        std::array::from_fn(|i| {
            let [x, y] = corners[i];
            [x, y + if lowered[i] { low / 2.0 } else { -low / 2.0 }]
        })
    };
    vec![
        IconFace {
            corners: at([[0.0, -h], [h, -q], [0.0, 0.0], [-h, -q]], [true; 4]),
            tile: tile(Face::Up),
            tint: [255; 4],
        },
        IconFace {
            corners: at(
                [[-h, -q], [0.0, 0.0], [0.0, h], [-h, q]],
                [true, true, false, false],
            ),
            tile: tile(Face::South),
            tint: [200, 200, 200, 255],
        },
        IconFace {
            corners: at(
                [[0.0, 0.0], [h, -q], [h, q], [0.0, h]],
                [true, true, false, false],
            ),
            tile: tile(Face::East),
            tint: [160, 160, 160, 255],
        },
    ]
}

/// Builds the whole HUD for a screen of `width` × `height` pixels.
#[must_use]
pub fn build(state: &HudState, width: f32, height: f32) -> Vec<HudVertex> {
    let mut b = HudBuilder::default();
    let scale = state
        .scale
        .unwrap_or_else(|| (height / 360.0).floor())
        .max(1.0);
    // Crosshair: white bars with a dark outline so it shows on sky and snow alike.
    let (cx, cy) = ((width / 2.0).floor(), (height / 2.0).floor());
    let (arm, thick) = (6.0 * scale, scale.max(2.0));
    b.rect(
        cx - arm - 1.0,
        cy - thick / 2.0 - 1.0,
        2.0 * arm + 2.0,
        thick + 2.0,
        [0, 0, 0, 140],
    );
    b.rect(
        cx - thick / 2.0 - 1.0,
        cy - arm - 1.0,
        thick + 2.0,
        2.0 * arm + 2.0,
        [0, 0, 0, 140],
    );
    b.rect(
        cx - arm,
        cy - thick / 2.0,
        2.0 * arm,
        thick,
        [240, 240, 240, 255],
    );
    b.rect(
        cx - thick / 2.0,
        cy - arm,
        thick,
        2.0 * arm,
        [240, 240, 240, 255],
    );
    // Hotbar: nine slots centred at the bottom.
    let slot = 22.0 * scale;
    let left = cx - slot * 4.5;
    let top = height - slot - 4.0 * scale;
    b.rect(
        left - 2.0,
        top - 2.0,
        slot * 9.0 + 4.0,
        slot + 4.0,
        [20, 20, 20, 170],
    );
    for i in 0..HOTBAR_SLOTS {
        let x = left + i as f32 * slot;
        b.rect(
            x + scale,
            top + scale,
            slot - 2.0 * scale,
            slot - 2.0 * scale,
            [90, 90, 90, 150],
        );
        match &state.survival {
            Some(s) => s.draw_slot(&mut b, i, x, top, slot, scale),
            None => b.item_icon(
                x + slot / 2.0,
                top + slot / 2.0,
                slot * 0.62,
                state.hotbar[i],
            ),
        }
    }
    if let Some(s) = &state.survival {
        s.draw_bars(&mut b, left, top, scale);
    }
    let sx = left + state.selected.min(HOTBAR_SLOTS - 1) as f32 * slot;
    for (x, y, w, h) in [
        (sx - 2.0, top - 2.0, slot + 4.0, 2.0 * scale),
        (
            sx - 2.0,
            top + slot + 2.0 - 2.0 * scale,
            slot + 4.0,
            2.0 * scale,
        ),
        (sx - 2.0, top - 2.0, 2.0 * scale, slot + 4.0),
        (
            sx + slot + 2.0 - 2.0 * scale,
            top - 2.0,
            2.0 * scale,
            slot + 4.0,
        ),
    ] {
        b.rect(x, y, w, h, [250, 250, 250, 255]);
    }
    if let Some(lines) = &state.overlay {
        let line_height = (GLYPH_HEIGHT + 3) as f32 * scale;
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let w = widest as f32 * (GLYPH_WIDTH + 1) as f32 * scale + 6.0 * scale;
        b.rect(
            0.0,
            0.0,
            w,
            lines.len() as f32 * line_height + 4.0 * scale,
            [0, 0, 0, 110],
        );
        for (i, line) in lines.iter().enumerate() {
            b.text(
                3.0 * scale,
                3.0 * scale + i as f32 * line_height,
                scale,
                line,
                [235, 235, 235, 255],
            );
        }
    }
    chat(&mut b, &state.chat, scale, top - 6.0 * scale, width);
    if let Some(lines) = &state.player_list {
        let line_height = (GLYPH_HEIGHT + 3) as f32 * scale;
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let w = widest as f32 * (GLYPH_WIDTH + 1) as f32 * scale + 8.0 * scale;
        let x = cx - (w / 2.0).floor();
        let y = 12.0 * scale;
        let h = lines.len() as f32 * line_height + 4.0 * scale;
        b.rect(x, y, w, h, [0, 0, 0, 140]);
        for (i, line) in lines.iter().enumerate() {
            let colour = if i == 0 {
                [255, 255, 160, 255]
            } else {
                [235, 235, 235, 255]
            };
            b.text(
                x + 4.0 * scale,
                y + 3.0 * scale + i as f32 * line_height,
                scale,
                line,
                colour,
            );
        }
    }
    if let Some(banner) = &state.banner {
        let s = scale * 2.0;
        let w = banner.chars().count() as f32 * (GLYPH_WIDTH + 1) as f32 * s;
        b.text(
            cx - w / 2.0,
            cy + 24.0 * scale,
            s,
            banner,
            [255, 255, 255, 255],
        );
    }
    b.vertices
}

/// The most characters on one line of chat over the game before it wraps.
const CHAT_COLUMNS: usize = 53;

/// Draws `lines` of chat at the bottom left, the newest just above `bottom`, each wrapped
/// at [`CHAT_COLUMNS`] (fewer on a narrow screen) on a dark band, as faint as it fades.
fn chat(b: &mut HudBuilder, lines: &[(String, f32)], scale: f32, bottom: f32, width: f32) {
    let advance = (GLYPH_WIDTH + 1) as f32 * scale;
    let columns = CHAT_COLUMNS.min(((width - 8.0 * scale) / advance).max(1.0) as usize);
    let line_height = (GLYPH_HEIGHT + 3) as f32 * scale;
    let rows: Vec<(String, f32)> = lines
        .iter()
        .flat_map(|(line, opacity)| {
            let chars: Vec<char> = line.chars().collect();
            chars
                .chunks(columns)
                .map(|part| (part.iter().collect::<String>(), *opacity))
                .collect::<Vec<_>>()
        })
        .collect();
    let band = columns as f32 * advance + 4.0 * scale;
    for (i, (row, opacity)) in rows.iter().rev().enumerate() {
        let y = bottom - (i + 1) as f32 * line_height;
        if y < 0.0 {
            break;
        }
        let alpha = |a: f32| (a * opacity.clamp(0.0, 1.0)).round() as u8;
        b.rect(2.0 * scale, y, band, line_height, [0, 0, 0, alpha(110.0)]);
        b.text(
            4.0 * scale,
            y + 2.0 * scale,
            scale,
            row,
            [235, 235, 235, alpha(255.0)],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Block;

    /// The highest and lowest points of an icon, in icon sizes from its centre, y down.
    fn extent(faces: &[IconFace]) -> (f32, f32) {
        let ys = faces.iter().flat_map(|f| f.corners.map(|[_, y]| y));
        ys.fold((f32::MAX, f32::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)))
    }

    #[test]
    fn a_door_stands_as_its_two_halves_and_a_bed_lies_low() {
        let door = icon_faces(Item::Block(Block::DOOR_LOWER_NORTH));
        let tiles: Vec<u16> = door.iter().map(|f| f.tile).collect();
        let named = |n| tile_index(n).expect("a tile");
        assert_eq!(tiles, [named("door_upper"), named("door_lower")]);
        assert_eq!(extent(&door), (-0.5, 0.5), "a door is as tall as the slot");
        let chest = icon_faces(Item::Block(Block::CHEST));
        assert_eq!(chest.len(), 3, "a chest is a cube");
        assert_eq!(extent(&chest), (-0.5, 0.5));
        let bed = icon_faces(Item::Block(Block::BED_FOOT_NORTH));
        let (top, bottom) = extent(&bed);
        let height = bottom - top;
        assert!((height - (1.0 - 7.0 / 32.0)).abs() < 1e-6, "{height}");
        assert!((top + bottom).abs() < 1e-6, "centred: {top} {bottom}");
    }
}
