//! Survival's things in the world that are not blocks: the items lying about and the cracks
//! over the block being dug, as camera-relative [`BoxVertex`] triangles for the items
//! pipeline (alpha-tested, seen from both sides).
//!
//! An item is drawn as Minecraft draws it: a block as a small cube of its own faces, anything
//! else (a stick, a pickaxe, a torch) as its flat icon standing upright; either turns about
//! its upright axis a radian a second and bobs a little above where it lies. Both follow
//! from the item's age alone, so every item's motion is the same in every frame that shows
//! the same tick. The cracks are the block's shape, a hair larger, showing the stage's tile.

use glam::DVec3;

use super::hud::icon_faces;
use hewn_core::sim::Item;
use hewn_core::sim::survival::ITEM_SIZE;
use hewn_core::world::{Face, Light};
use hewn_mesh::tiles::{CRATE_TILE, tile_for, tile_index};
use hewn_mesh::{BoxVertex, corners};

/// Radians an item turns each tick: Minecraft's one radian a second.
const SPIN_PER_TICK: f64 = 1.0 / 60.0;
/// Ticks per radian of an item's bob: one bob in about 3 seconds.
const BOB_TICKS: f64 = 30.0;
/// How high an item floats over where it lies, on average, and how far it bobs either way.
const FLOAT: f64 = 0.1;
const BOB: f64 = 0.05;
/// The side of a flat item's icon, in blocks.
const FLAT_SIDE: f64 = 0.4;
/// How far the cracks stand off the block's faces, so they win the depth test.
const CRACK_OFFSET: f64 = 0.002;

/// An item lying in the world, as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ItemSprite {
    /// What it is.
    pub item: Item,
    /// The bottom centre of its box, as the simulation has it.
    pub position: DVec3,
    /// Ticks since it appeared, with the part of a tick drawn: it turns and bobs by this.
    pub age: f64,
    /// The light where it lies.
    pub light: Light,
}

/// The cracks over a block being dug.
#[derive(Clone, Debug, PartialEq)]
pub struct Crack {
    /// The block's shape, as boxes in world coordinates.
    pub boxes: Vec<(DVec3, DVec3)>,
    /// How far the dig is: 0 (the first cracks) to 9 (about to break).
    pub stage: u8,
    /// The light the block's faces are seen in.
    pub light: Light,
}

/// The tile of crack stage `stage` (0 to 9), if the atlas has it.
#[must_use]
pub fn crack_tile(stage: u8) -> Option<u16> {
    tile_index(&format!("destroy_stage_{}", stage.min(9)))
}

/// How `sprite` stands this frame: the middle of its picture, and how far it has turned.
fn pose(sprite: &ItemSprite, height: f64) -> (DVec3, f64) {
    let float = FLOAT + BOB * (sprite.age / BOB_TICKS).sin();
    let middle = sprite.position + DVec3::Y * (float + height / 2.0);
    (middle, sprite.age * SPIN_PER_TICK)
}

/// `v` turned by `angle` radians about the upright axis.
fn turned(v: DVec3, angle: f64) -> DVec3 {
    let (sin, cos) = angle.sin_cos();
    DVec3::new(v.x * cos + v.z * sin, v.y, -v.x * sin + v.z * cos)
}

/// The face whose shading suits a surface facing `normal`.
fn nearest_face(normal: DVec3) -> Face {
    Face::ALL
        .into_iter()
        .max_by(|a, b| {
            let dot = |f: &Face| f.normal().as_dvec3().dot(normal);
            dot(a).total_cmp(&dot(b))
        })
        .unwrap_or(Face::Up)
}

/// Appends the items in `sprites` as triangles relative to `eye`.
pub fn push_items(out: &mut Vec<BoxVertex>, sprites: &[ItemSprite], eye: DVec3) {
    for sprite in sprites {
        let faces = icon_faces(sprite.item);
        let light = [
            f32::from(sprite.light.sky()),
            f32::from(sprite.light.block()),
        ];
        if let [flat] = faces.as_slice() {
            push_flat(out, sprite, flat.tile, light, eye);
        } else {
            push_cube(out, sprite, light, eye);
        }
    }
}

/// A block item: a cube of [`ITEM_SIZE`] with the block's own faces.
fn push_cube(out: &mut Vec<BoxVertex>, sprite: &ItemSprite, light: [f32; 2], eye: DVec3) {
    let (middle, angle) = pose(sprite, ITEM_SIZE);
    for face in Face::ALL {
        let tile = match sprite.item {
            Item::Block(block) => tile_for(block, face),
            _ => CRATE_TILE,
        };
        let shade_face = nearest_face(turned(face.normal().as_dvec3(), angle));
        for i in [0, 1, 2, 0, 2, 3] {
            let corner = corners(face)[i];
            let local = DVec3::from_array(corner.pos.map(f64::from)) - DVec3::splat(0.5);
            let at = middle + turned(local * ITEM_SIZE, angle);
            out.push(BoxVertex {
                relative: (at - eye).as_vec3().to_array(),
                uv: corner.uv.map(f32::from),
                face: shade_face as u32,
                tile: u32::from(tile),
                shade: 1.0,
                light,
            });
        }
    }
}

/// Anything else: its icon upright, a card seen from both sides.
fn push_flat(
    out: &mut Vec<BoxVertex>,
    sprite: &ItemSprite,
    tile: u16,
    light: [f32; 2],
    eye: DVec3,
) {
    let (middle, angle) = pose(sprite, FLAT_SIDE);
    let h = FLAT_SIDE / 2.0;
    // Bottom left, bottom right, top right, top left, as the icon is seen from the south
    // before it turns.
    let card = [[-h, -h], [h, -h], [h, h], [-h, h]];
    let uvs = [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]];
    for i in [0, 1, 2, 0, 2, 3] {
        let [x, y] = card[i];
        let at = middle + turned(DVec3::new(x, y, 0.0), angle);
        out.push(BoxVertex {
            relative: (at - eye).as_vec3().to_array(),
            uv: uvs[i],
            // Lit as a top face is, as bright as the icon in the hotbar.
            face: Face::Up as u32,
            tile: u32::from(tile),
            shade: 1.0,
            light,
        });
    }
}

/// Appends the cracks of `crack` as triangles relative to `eye`; nothing when the atlas has
/// no tile for its stage.
pub fn push_crack(out: &mut Vec<BoxVertex>, crack: &Crack, eye: DVec3) {
    let Some(tile) = crack_tile(crack.stage) else {
        return;
    };
    let light = [f32::from(crack.light.sky()), f32::from(crack.light.block())];
    for &(min, max) in &crack.boxes {
        let (min, max) = (
            min - DVec3::splat(CRACK_OFFSET),
            max + DVec3::splat(CRACK_OFFSET),
        );
        for face in Face::ALL {
            for i in [0, 1, 2, 0, 2, 3] {
                let corner = corners(face)[i];
                let unit = DVec3::from_array(corner.pos.map(f64::from));
                let at = min + unit * (max - min);
                out.push(BoxVertex {
                    relative: (at - eye).as_vec3().to_array(),
                    uv: corner.uv.map(f32::from),
                    face: face as u32,
                    tile: u32::from(tile),
                    shade: 1.0,
                    light,
                });
            }
        }
    }
}

/// The middle of `sprite`'s picture this frame, for culling: no part of it is farther from
/// this than [`ITEM_REACH`].
#[must_use]
pub fn item_middle(sprite: &ItemSprite) -> DVec3 {
    sprite.position + DVec3::Y * (FLOAT + FLAT_SIDE / 2.0)
}

/// How far any part of an item's picture reaches from [`item_middle`].
pub const ITEM_REACH: f32 = 0.4;

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;
    use hewn_core::world::Block;

    fn sprite(item: Item, age: f64) -> ItemSprite {
        ItemSprite {
            item,
            position: DVec3::new(1e6 + 0.5, 64.0, 0.5),
            age,
            light: Light::SKY,
        }
    }

    fn points(out: &[BoxVertex]) -> Vec<Vec3> {
        out.iter().map(|v| Vec3::from(v.relative)).collect()
    }

    #[test]
    fn a_block_item_is_a_small_cube_turning_and_floating_over_where_it_lies() {
        let eye = DVec3::new(1e6, 65.0, 0.0);
        let mut out = Vec::new();
        push_items(&mut out, &[sprite(Item::Block(Block::DIRT), 0.0)], eye);
        assert_eq!(out.len(), 36);
        let p = points(&out);
        let low = p.iter().map(|v| v.y).fold(f32::INFINITY, f32::min);
        let high = p.iter().map(|v| v.y).fold(f32::NEG_INFINITY, f32::max);
        // At age 0 it floats FLOAT over the ground (y 64, the eye at 65).
        assert!((low - (-1.0 + FLOAT as f32)).abs() < 1e-4, "{low}");
        assert!((high - low - ITEM_SIZE as f32).abs() < 1e-4);
        // A quarter turn later, its west face looks south.
        let quarter = std::f64::consts::FRAC_PI_2 / SPIN_PER_TICK;
        let mut turned_out = Vec::new();
        push_items(
            &mut turned_out,
            &[sprite(Item::Block(Block::DIRT), quarter)],
            eye,
        );
        let west = &turned_out[6 * Face::West as usize];
        assert_eq!(west.face, Face::South as u32);
        let dirt = u32::from(tile_for(Block::DIRT, Face::West));
        assert!(turned_out.iter().all(|v| v.tile == dirt));
    }

    #[test]
    fn other_items_are_their_icon_standing_upright() {
        let stick = Item::from_name("stick").expect("an item");
        let mut out = Vec::new();
        push_items(&mut out, &[sprite(stick, 0.0)], DVec3::new(1e6, 65.0, 0.0));
        assert_eq!(out.len(), 6);
        assert!(
            out.iter()
                .all(|v| Some(v.tile as u16) == tile_index("stick"))
        );
        let p = points(&out);
        assert!(
            p.iter().all(|v| (v.z - 0.5).abs() < 1e-4),
            "upright, facing south"
        );
    }

    #[test]
    fn cracks_cover_the_block_a_hair_larger_with_their_stage() {
        let crack = Crack {
            boxes: vec![(DVec3::new(2.0, 64.0, -4.0), DVec3::new(3.0, 64.5, -3.0))],
            stage: 4,
            light: Light::SKY,
        };
        let mut out = Vec::new();
        push_crack(&mut out, &crack, DVec3::new(2.5, 66.0, 0.0));
        assert_eq!(out.len(), 36);
        assert!(out.iter().all(|v| Some(v.tile as u16) == crack_tile(4)));
        let p = points(&out);
        let high = p.iter().map(|v| v.y).fold(f32::NEG_INFINITY, f32::max);
        assert!((high - (-1.5 + CRACK_OFFSET as f32)).abs() < 1e-5, "{high}");
        assert!((0..10).all(|s| crack_tile(s).is_some()));
    }
}
