//! Reading a `blocks.toml` into the registry: every key turned into the property it names,
//! and every check a type cannot make, each failure a [`Problem`] naming its line and key.

use std::collections::BTreeMap;

use toml::Spanned;

use super::schema::{self, BlockEntry, Boxes, BoxesName, RenderName, ShapeName, Side};
use super::{
    Bed, Block, BlockProperties, Crop, Door, Drop, FaceTextures, LocalBox, OPAQUE, Problem,
    RenderKind, Shape, Water,
};
use crate::world::Face;

/// The most blocks one registry holds: ids are `u16`, and the last is kept free.
pub const MAX_BLOCKS: usize = u16::MAX as usize;

/// The hardest a block may be: harder would take more than an hour by hand.
const MAX_HARDNESS: f64 = 10_000.0;

/// One pack's `blocks.toml`, as [`load`] reads it.
#[derive(Clone, Copy, Debug)]
pub struct BlocksSource<'a> {
    /// The namespace every name it declares starts with (`morestone` for
    /// `morestone:marble`), or `None` for the base pack, whose names have none.
    pub namespace: Option<&'a str>,
    /// The file, as problems name it (`more-stone/blocks.toml`).
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
    /// The textures the pack holds itself (`marble` for `textures/marble.png`): a block of
    /// the pack naming one shows the pack's, named `NAMESPACE:NAME` in the atlas so that two
    /// packs' `marble`s never meet; any other name is a base texture.
    pub own_textures: &'a [String],
}

/// The blocks of `sources`, in order, their ids following one another (the first source's
/// first block is air, id 0), or every problem found in them. A source may name the blocks
/// of those before it.
pub(super) fn load(sources: &[BlocksSource<'_>]) -> Result<Vec<BlockProperties>, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut ids = BTreeMap::new();
    let mut blocks = Vec::new();
    for source in sources {
        let parsed: schema::BlocksFile = match toml::from_str(source.text) {
            Ok(parsed) => parsed,
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                let message = e.message().to_owned();
                problems.push(Problem::at(source.file, source.text, offset, "", message));
                continue;
            }
        };
        if blocks.len() + parsed.block.len() > MAX_BLOCKS {
            let message = format!(
                "{} blocks, past the {MAX_BLOCKS} a world may hold",
                blocks.len() + parsed.block.len()
            );
            problems.push(Problem::at(source.file, source.text, 0, "block", message));
            break;
        }
        let mut reader = Reader {
            file: source.file,
            text: source.text,
            namespace: source.namespace,
            own_textures: source.own_textures,
            problems: Vec::new(),
            ids,
        };
        let first = blocks.len();
        for (index, entry) in parsed.block.iter().enumerate() {
            let name = entry.name.get_ref();
            if let Some(message) = misnamed(name, source.namespace) {
                reader.problem(&entry.name, "block.name", message);
            } else if reader.ids.insert(name.clone(), first + index).is_some() {
                let message = format!("a second block named {name}");
                reader.problem(&entry.name, "block.name", message);
            }
        }
        let read = parsed
            .block
            .iter()
            .enumerate()
            .filter_map(|(index, entry)| reader.block(first + index, entry));
        blocks.extend(read);
        for entry in &parsed.overrides {
            reader.override_block(&mut blocks, entry);
        }
        problems.append(&mut reader.problems);
        ids = reader.ids;
    }
    if problems.is_empty() {
        Ok(blocks)
    } else {
        Err(problems)
    }
}

/// What is wrong with `name` as the name of a block declared in a pack of `namespace`, if
/// anything: the base pack's names are lowercase letters, digits and `_`; a pack's are the
/// same after its namespace and a colon.
fn misnamed(name: &str, namespace: Option<&str>) -> Option<String> {
    let bare = match namespace {
        None => name,
        Some(namespace) => match name
            .strip_prefix(namespace)
            .and_then(|n| n.strip_prefix(':'))
        {
            Some(bare) => bare,
            None => {
                return Some(format!(
                    "{name:?} does not start with the pack's namespace, {namespace}:"
                ));
            }
        },
    };
    (!is_name(bare))
        .then(|| format!("{name:?} is not a block name: lowercase letters, digits and _ only"))
}

/// Whether `name` may name a block: lowercase ASCII letters, digits and underscores.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The state of one file's reading: its text, for lines, and the problems met so far.
struct Reader<'a> {
    file: &'a str,
    text: &'a str,
    /// The pack's namespace, `None` for the base pack's.
    namespace: Option<&'a str>,
    /// The textures the pack holds.
    own_textures: &'a [String],
    problems: Vec<Problem>,
    /// Each declared name's id.
    ids: BTreeMap<String, usize>,
}

impl Reader<'_> {
    /// Notes a problem at the value `at`.
    fn problem<T>(&mut self, at: &Spanned<T>, key: &str, message: String) {
        let problem = Problem::at(self.file, self.text, at.span().start, key, message);
        self.problems.push(problem);
    }

    /// The block a name refers to, or a problem noted at it.
    fn block_named(&mut self, name: &Spanned<String>, key: &str) -> Option<Block> {
        let id = self.ids.get(name.get_ref()).copied();
        let block = id.and_then(|id| u16::try_from(id).ok()).map(Block::new);
        if block.is_none() {
            let message = format!("no block is named {}", name.get_ref());
            self.problem(name, key, message);
        }
        block
    }

    /// One block's properties, or `None` with its problems noted.
    fn block(&mut self, index: usize, entry: &BlockEntry) -> Option<BlockProperties> {
        let before = self.problems.len();
        // [`load`] refuses more blocks than ids before reading any.
        let this = u16::try_from(index).ok().map(Block::new)?;
        let render = match entry.render {
            RenderName::Invisible => RenderKind::Invisible,
            RenderName::Opaque => RenderKind::Opaque,
            RenderName::Cutout => RenderKind::Cutout,
            RenderName::Translucent => RenderKind::Translucent,
        };
        let textures = self.textures(
            &entry.name,
            entry.texture.as_ref(),
            entry.textures.as_ref(),
            render,
        );
        let colliders = match &entry.colliders {
            Some(boxes) => self.boxes(boxes, "block.colliders"),
            None => full(),
        };
        let outline = match &entry.outline {
            Some(boxes) => self.boxes(boxes, "block.outline"),
            None => colliders.clone(),
        };
        let shape = self.shape(entry);
        let opacity = self.level(entry.opacity.as_ref(), "block.opacity", OPAQUE);
        let emission = self.level(entry.emission.as_ref(), "block.emission", 0);
        let hardness_tenths = entry.hardness.as_ref().and_then(|h| self.hardness(h));
        let held_as = match &entry.held_as {
            Some(name) => self.block_named(name, "block.held_as"),
            None => Some(this),
        };
        let drop = match &entry.drop {
            None => Drop::Held,
            Some(name) if name.get_ref().is_empty() => Drop::Nothing,
            Some(name) => Drop::Named(name.get_ref().clone()),
        };
        let water = entry.water.as_ref().and_then(|w| self.water(w));
        let crop = entry.crop.as_ref().and_then(|c| self.crop(c));
        let door = entry.door.as_ref().map(|d| Door {
            upper: matches!(d.get_ref().half, schema::Half::Upper),
            facing: face(d.get_ref().facing),
            open: d.get_ref().open,
        });
        let bed = entry.bed.as_ref().map(|b| Bed {
            head: matches!(b.get_ref().part, schema::BedPart::Head),
            facing: face(b.get_ref().facing),
        });
        if self.problems.len() > before {
            return None;
        }
        let holds_plants = entry.holds_plants.unwrap_or(colliders == full());
        Some(BlockProperties {
            name: entry.name.get_ref().clone(),
            colliders,
            outline,
            render,
            shape,
            textures,
            breakable: entry.breakable.unwrap_or(true),
            opacity,
            emission,
            falls: entry.falls,
            replaceable: entry.replaceable,
            holds_plants,
            rooted: entry.rooted,
            sound: entry.sound,
            hardness_tenths,
            tool: entry.tool,
            tier: entry.tier,
            drop,
            held_as: held_as?,
            water,
            crop,
            door,
            bed,
            unknown: false,
        })
    }

    /// Gives the block an `[[override]]` names the properties it gives, the last pack's
    /// word winning, as data packs' does: what it digs and drops like, how it sounds and
    /// glows, and how it looks. Its shape, light and family stay, which the world's chunks
    /// and the engine's families rely on.
    fn override_block(&mut self, blocks: &mut [BlockProperties], entry: &schema::OverrideEntry) {
        let name = entry.name.get_ref();
        let Some(&id) = self.ids.get(name) else {
            let message = format!("no block is named {name}");
            self.problem(&entry.name, "override.name", message);
            return;
        };
        let textures = match (&entry.texture, &entry.textures) {
            (None, None) => None,
            (texture, textures) => Some(self.textures(
                &entry.name,
                texture.as_ref(),
                textures.as_ref(),
                RenderKind::Opaque,
            )),
        };
        let emission = entry
            .emission
            .as_ref()
            .map(|e| self.level(Some(e), "override.emission", 0));
        let hardness = entry.hardness.as_ref().map(|h| self.hardness(h));
        let Some(block) = blocks.get_mut(id) else {
            return;
        };
        if let Some(textures) = textures {
            block.textures = textures;
        }
        if let Some(emission) = emission {
            block.emission = emission;
        }
        if let Some(hardness) = hardness {
            block.hardness_tenths = hardness;
        }
        if let Some(sound) = entry.sound {
            block.sound = Some(sound);
        }
        if let Some(breakable) = entry.breakable {
            block.breakable = breakable;
        }
        if let Some(tool) = entry.tool {
            block.tool = Some(tool);
        }
        if let Some(tier) = entry.tier {
            block.tier = Some(tier);
        }
        match &entry.drop {
            Some(drop) if drop.get_ref().is_empty() => block.drop = Drop::Nothing,
            Some(drop) => block.drop = Drop::Named(drop.get_ref().clone()),
            None => {}
        }
    }

    /// The textures of its faces: `texture` for all six, or `textures` by face; neither
    /// only for a block that is not drawn.
    fn textures(
        &mut self,
        name: &Spanned<String>,
        texture: Option<&Spanned<String>>,
        textures: Option<&Spanned<schema::TexturesEntry>>,
        render: RenderKind,
    ) -> FaceTextures {
        let named = |name: &String| match self.namespace {
            Some(namespace) if self.own_textures.contains(name) => format!("{namespace}:{name}"),
            _ => name.clone(),
        };
        match (texture, textures) {
            (Some(all), None) => FaceTextures::all(&named(all.get_ref())),
            (None, Some(faces)) => {
                let faces = faces.get_ref();
                FaceTextures {
                    top: named(&faces.top),
                    side: named(&faces.side),
                    bottom: named(&faces.bottom),
                }
            }
            (Some(all), Some(_)) => {
                let message = "both texture and textures: give one".to_owned();
                self.problem(all, "block.texture", message);
                FaceTextures::default()
            }
            (None, None) => {
                if render != RenderKind::Invisible {
                    let message = "a drawn block needs texture or textures".to_owned();
                    self.problem(name, "block.texture", message);
                }
                FaceTextures::default()
            }
        }
    }

    /// Boxes given in sixteenths, each inside the cell with its minimum below its maximum.
    fn boxes(&mut self, boxes: &Spanned<Boxes>, key: &str) -> Vec<LocalBox> {
        match boxes.get_ref() {
            Boxes::Named(BoxesName::Full) => full(),
            Boxes::Named(BoxesName::None) => Vec::new(),
            Boxes::Sixteenths(list) => {
                let mut out = Vec::with_capacity(list.len());
                for b in list {
                    let inside = b.iter().all(|c| (0.0..=16.0).contains(c));
                    if !inside || (0..3).any(|a| b[a] >= b[a + 3]) {
                        let message = format!(
                            "{b:?} is not a box in the cell: six numbers from 0 to 16, \
                             each minimum below its maximum"
                        );
                        self.problem(boxes, key, message);
                        return Vec::new();
                    }
                    out.push(LocalBox {
                        min: [b[0] / 16.0, b[1] / 16.0, b[2] / 16.0],
                        max: [b[3] / 16.0, b[4] / 16.0, b[5] / 16.0],
                    });
                }
                out
            }
        }
    }

    /// The shape, with a torch's `points` (and `points` on nothing else).
    fn shape(&mut self, entry: &BlockEntry) -> Shape {
        let wall = entry.points.map(face);
        if wall.is_some() && entry.shape != ShapeName::Torch {
            let message = "points is for torches (shape = \"torch\")".to_owned();
            self.problem(&entry.name, "block.points", message);
        }
        match entry.shape {
            ShapeName::Cube => Shape::Cube,
            ShapeName::LowerHalf => Shape::LowerHalf,
            ShapeName::Cross => Shape::Cross,
            ShapeName::Inset => Shape::Inset,
            ShapeName::Boxes => Shape::Boxes,
            ShapeName::Torch => Shape::Torch { wall },
        }
    }

    /// A light level, 0 to 15.
    fn level(&mut self, value: Option<&Spanned<u8>>, key: &str, default: u8) -> u8 {
        match value {
            Some(level) if *level.get_ref() > OPAQUE => {
                let message = format!("{} is not a light level: 0 to 15", level.get_ref());
                self.problem(level, key, message);
                default
            }
            Some(level) => *level.get_ref(),
            None => default,
        }
    }

    /// Hardness in tenths, from the hardness a file gives in whole blocks' units.
    fn hardness(&mut self, hardness: &Spanned<f64>) -> Option<u32> {
        let h = *hardness.get_ref();
        let tenths = (h * 10.0).round();
        if !(0.0..=MAX_HARDNESS).contains(&h) || (h * 10.0 - tenths).abs() > 1e-6 {
            let message = format!("{h} is not a hardness: 0 to {MAX_HARDNESS}, in tenths");
            self.problem(hardness, "block.hardness", message);
            return None;
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "checked above: a whole number from 0 to 100,000"
        )]
        Some(tenths as u32)
    }

    /// Water's kind: a source (level 0), flowing (1 to 7) or falling.
    fn water(&mut self, water: &Spanned<schema::WaterEntry>) -> Option<Water> {
        let entry = water.get_ref();
        match (entry.level, entry.falling) {
            (None, true) => Some(Water::Falling),
            (Some(0), false) => Some(Water::Source),
            (Some(level @ 1..=super::MAX_FLOW_LEVEL), false) => Some(Water::Flowing(level)),
            _ => {
                let message = "water is { level = 0 } (a source), { level = 1 } to \
                               { level = 7 } (flowing) or { falling = true }"
                    .to_owned();
                self.problem(water, "block.water", message);
                None
            }
        }
    }

    /// A crop's stage, the block it grows into and the block it grows on.
    fn crop(&mut self, crop: &Spanned<schema::CropEntry>) -> Option<Crop> {
        let entry = crop.get_ref();
        let named = |name: &String| Spanned::new(crop.span(), name.clone());
        let next = match &entry.next {
            Some(next) => Some(self.block_named(&named(next), "block.crop.next")?),
            None => None,
        };
        let soil = self.block_named(&named(&entry.soil), "block.crop.soil")?;
        Some(Crop {
            stage: entry.stage,
            next,
            soil,
        })
    }
}

/// The whole cell, as one box.
pub(super) fn full() -> Vec<LocalBox> {
    vec![LocalBox {
        min: [0.0; 3],
        max: [1.0; 3],
    }]
}

/// The face a side names.
const fn face(side: Side) -> Face {
    match side {
        Side::North => Face::North,
        Side::East => Face::East,
        Side::South => Face::South,
        Side::West => Face::West,
    }
}

#[cfg(test)]
mod tests;
