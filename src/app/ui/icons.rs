//! Item icons and names in menus: the hotbar's isometric cubes, drawn by egui from the block
//! atlas.

use hewn_core::sim::Item;
use hewn_render::hud::{icon_faces, tile_uvs};

/// Paints `item`'s icon filling `rect`, from the atlas egui knows as `atlas`.
pub fn paint_icon(painter: &egui::Painter, rect: egui::Rect, atlas: egui::TextureId, item: Item) {
    let mut mesh = egui::Mesh::with_texture(atlas);
    let (centre, size) = (rect.center(), rect.width().min(rect.height()));
    for face in icon_faces(item) {
        let base = mesh.vertices.len() as u32;
        let [r, g, b, a] = face.tint;
        let colour = egui::Color32::from_rgba_unmultiplied(r, g, b, a);
        for (corner, uv) in face.corners.iter().zip(tile_uvs(face.tile)) {
            mesh.vertices.push(egui::epaint::Vertex {
                pos: centre + egui::vec2(corner[0], corner[1]) * size,
                uv: egui::pos2(uv[0], uv[1]),
                color: colour,
            });
        }
        mesh.indices.extend([0, 1, 2, 0, 2, 3].map(|i| base + i));
    }
    painter.add(egui::Shape::mesh(mesh));
}

/// An item's name as players read it: "Stone bricks" for `stone_bricks`.
#[must_use]
pub fn item_name(item: Item) -> String {
    let mut name = item.name().replace('_', " ");
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Block;

    #[test]
    fn names_read_as_words() {
        assert_eq!(item_name(Item::Block(Block::STONE)), "Stone");
        assert_eq!(item_name(Item::Block(Block::STONE_SLAB)), "Stone slab");
        assert_eq!(item_name(Item::Crate), "Crate");
    }
}
