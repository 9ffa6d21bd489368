//! A world's own ids: the blocks its packs declare, put at the ids the world's block table
//! gave them when they were first saved, so that adding, removing or reordering packs never
//! scrambles what a world holds (as Luanti keeps a world's `blocks` map).
//!
//! A name the table holds that no enabled pack declares stands as an [unknown
//! block](BlockProperties::unknown): solid, drawn with a marker, keeping its name, so that
//! it comes back whole when its pack returns. A name no table holds yet takes the next free
//! id.

use std::collections::BTreeMap;

use super::{Block, BlockProperties, Drop, FaceTextures, OPAQUE, Problem, RenderKind};
use super::{MAX_BLOCKS, Shape, Sound};

/// The texture an unknown block shows on every face.
pub const UNKNOWN_TEXTURE: &str = "unknown";

impl BlockProperties {
    /// The block that stands where a block called `name` was saved while no enabled pack
    /// declares it: a solid cube showing [`UNKNOWN_TEXTURE`], that light does not pass, that
    /// survival cannot dig and no player but an operator may break.
    #[must_use]
    pub fn unknown(name: &str, id: Block) -> Self {
        Self {
            name: name.to_owned(),
            colliders: super::load::full(),
            outline: super::load::full(),
            render: RenderKind::Opaque,
            shape: Shape::Cube,
            textures: FaceTextures::all(UNKNOWN_TEXTURE),
            breakable: false,
            opacity: OPAQUE,
            emission: 0,
            falls: false,
            replaceable: false,
            holds_plants: false,
            rooted: false,
            sound: Some(Sound::Stone),
            hardness_tenths: None,
            tool: None,
            tier: None,
            drop: Drop::Nothing,
            held_as: id,
            water: None,
            crop: None,
            door: None,
            bed: None,
            unknown: true,
        }
    }
}

/// `blocks`, declared in pack order with ids following one another, put at the ids `kept`
/// gives their names (`kept[id]` is the name saved with id `id`), each other block after
/// them in order, and an unknown block at each id of `kept` whose name none declares. The
/// blocks' references to one another follow them to their new ids.
///
/// # Errors
/// A problem when `kept` names one block twice, or moves one of the first `fixed` blocks
/// (the base pack's, whose ids the engine's own names for them hold) from its id.
pub(super) fn arrange(
    blocks: Vec<BlockProperties>,
    kept: &[String],
    fixed: usize,
) -> Result<Vec<BlockProperties>, Problem> {
    let problem = |message: String| Problem {
        file: "the world's block table".to_owned(),
        line: 0,
        key: "blocks".to_owned(),
        message,
    };
    if kept.len() + blocks.len() > MAX_BLOCKS {
        let message = format!(
            "{} saved blocks and {} declared, past the {MAX_BLOCKS} a world may hold",
            kept.len(),
            blocks.len()
        );
        return Err(problem(message));
    }
    let mut kept_ids = BTreeMap::new();
    for (id, name) in kept.iter().enumerate() {
        if kept_ids.insert(name.as_str(), id).is_some() {
            return Err(problem(format!("{name} has two ids")));
        }
    }
    let mut next = kept.len();
    let moved: Vec<usize> = blocks
        .iter()
        .map(|block| {
            kept_ids
                .get(block.name.as_str())
                .copied()
                .unwrap_or_else(|| {
                    next += 1;
                    next - 1
                })
        })
        .collect();
    if let Some((old, new)) = moved.iter().enumerate().take(fixed).find(|(o, n)| o != *n) {
        let name = &blocks[old].name;
        return Err(problem(format!(
            "{name} is saved with id {new}, where every world has it at {old}"
        )));
    }
    let to = |block: Block| Block::new(id(moved[block.index()]));
    let mut arranged: Vec<Option<BlockProperties>> = vec![None; next];
    for (block, &new) in blocks.into_iter().zip(&moved) {
        let mut block = block;
        block.held_as = to(block.held_as);
        if let Some(crop) = &mut block.crop {
            crop.next = crop.next.map(to);
            crop.soil = to(crop.soil);
        }
        arranged[new] = Some(block);
    }
    Ok(arranged
        .into_iter()
        .enumerate()
        .map(|(index, block)| {
            block.unwrap_or_else(|| BlockProperties::unknown(&kept[index], Block::new(id(index))))
        })
        .collect())
}

/// `index` as an id: the loader refuses more blocks than ids, and a table is read no longer.
fn id(index: usize) -> u16 {
    u16::try_from(index).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests;
