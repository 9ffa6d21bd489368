//! A world's content from its packs: the base pack's blocks and rules, then each pack's, in
//! order.

use hewn_core::sim::Item;
use hewn_core::sim::survival::{Rules, RulesFiles, rules};
use hewn_core::world::block::{BASE_BLOCKS, BlocksSource, Problem, Problems, Registry};

use super::check;
use super::pack::Pack;
use super::textures::{self, MAX_PACK_TEXTURES, Textures};

/// The most blocks a world's packs may declare in all, the base pack's included: an item's
/// id on the wire and in saves names a block below 256, so a block past it could be placed
/// but never carried.
pub const MAX_CARRIED_BLOCKS: usize = 256;

/// The blocks and rules of the base pack and the packs after it.
pub struct Content {
    /// Every block: the base pack's first, with their ids, then each pack's.
    pub registry: Registry,
    /// The rules: the base pack's, then each pack's recipes after them, and its word on
    /// what smelts, burns and feeds.
    pub rules: Rules,
    /// The packs' textures, by the names their blocks show them by.
    pub textures: Textures,
    /// Its id ([`content_id`](super::content_id)): the packs' identities and the blocks' ids.
    pub id: String,
    /// Whether it is the base pack's alone, with the base pack's ids.
    is_base: bool,
}

impl Content {
    /// Makes this content the game's, for the world about to open: its blocks and its rules
    /// ([`Registry::install`], [`Rules::install`]).
    ///
    /// # Errors
    /// When the process has installed as many as it can.
    pub fn install(self) -> Result<(), hewn_core::world::block::InstallError> {
        if self.id == textures::installed_id() {
            // The very content in play (a world opened again, or read before it opens):
            // nothing to change, and no slot spent.
            return Ok(());
        }
        if self.is_base {
            // The base pack's own, already built: no slot is spent on a copy of it.
            Registry::install_base();
            Rules::install_base();
            textures::install_base();
            return Ok(());
        }
        Registry::install(self.registry)?;
        Rules::install(self.rules)?;
        textures::install(self.id, self.textures)
    }
}

/// Checks that `packs` can be enabled in this order: no two of one name (they would share a
/// namespace), and each after every pack it needs, which rules out a cycle of needs.
///
/// # Errors
/// A problem at the `pack.toml` of each pack out of place.
pub fn order(packs: &[Pack]) -> Result<(), Problems> {
    let mut problems = Vec::new();
    let mut before: Vec<&str> = vec!["base"];
    for pack in packs {
        let name = pack.manifest.name.as_str();
        let mut note = |key: &str, message: String| {
            problems.push(Problem {
                file: pack.file_name("pack.toml"),
                line: 0,
                key: key.to_owned(),
                message,
            });
        };
        if before.contains(&name) {
            note("name", format!("a second pack named {name}"));
        }
        for need in &pack.manifest.needs {
            if !before.contains(&need.as_str()) {
                let message = format!("{name} needs {need}, which is not enabled before it");
                note("needs", message);
            }
        }
        before.push(name);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Problems(problems))
    }
}

/// The content of the base pack and `packs` after it, in order.
///
/// # Errors
/// Packs out of [`order`], and every problem with their files, each naming its file, line
/// and key.
pub fn load(packs: &[Pack]) -> Result<Content, Problems> {
    load_keeping(packs, &[])
}

/// [`load`] for a world whose block table is `kept` (the name of each id it has saved):
/// each block at the id the world gave it, new blocks after them, and an unknown block for
/// each saved name no pack declares ([`Registry::read_packs_keeping`]).
///
/// # Errors
/// As [`load`], and a table that names a block twice or moves a base block.
pub fn load_keeping(packs: &[Pack], kept: &[String]) -> Result<Content, Problems> {
    order(packs)?;
    let problems: Vec<Problem> = packs.iter().flat_map(check::files).collect();
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let names: Vec<String> = packs.iter().map(|p| p.file_name("blocks.toml")).collect();
    let text = |pack: &Pack, path: &str| pack.text(path).unwrap_or_default().to_owned();
    let texts: Vec<[String; 6]> = packs
        .iter()
        .map(|p| {
            [
                "blocks.toml",
                "tags.toml",
                "recipes.toml",
                "smelting.toml",
                "food.toml",
                "creatures.toml",
            ]
            .map(|path| text(p, path))
        })
        .collect();
    let own_textures: Vec<Vec<String>> = packs.iter().map(Pack::texture_names).collect();
    let mut sources = vec![BlocksSource {
        namespace: None,
        file: "base/blocks.toml",
        text: BASE_BLOCKS,
        own_textures: &[],
    }];
    for (((pack, name), files), own) in packs.iter().zip(&names).zip(&texts).zip(&own_textures) {
        sources.push(BlocksSource {
            namespace: Some(&pack.manifest.name),
            file: name,
            text: &files[0],
            own_textures: own,
        });
    }
    let textures = textures_of(packs)?;
    let registry = Registry::read_packs_keeping(&sources, kept)?;
    if registry.len() > MAX_CARRIED_BLOCKS {
        let last = packs
            .last()
            .map_or_else(String::new, |p| p.file_name("blocks.toml"));
        let message = format!(
            "{} blocks in all, where a world's items can name {MAX_CARRIED_BLOCKS} for now",
            registry.len()
        );
        return Err(Problems(vec![Problem {
            file: last,
            line: 0,
            key: "block".to_owned(),
            message,
        }]));
    }
    // A block of a pack's names its pack; a base block's texture can only have been changed
    // by an override, named at the last pack's file.
    let blocks_file = |namespace: &str| {
        let pack = (packs.iter().find(|p| p.manifest.name == namespace)).or(packs.last());
        pack.map_or_else(String::new, |p| p.file_name("blocks.toml"))
    };
    let problems = check::texture_names(&registry, 0, &blocks_file);
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let item = |n: &str| Item::from_name(n).or_else(|| registry.named(n).map(Item::Block));
    let mut rules = Rules::read_naming(&rules::BASE, &item)?;
    let tag_names: Vec<String> = packs.iter().map(|p| p.file_name("tags.toml")).collect();
    let mut earlier: Vec<(&str, &str)> = vec![("base/tags.toml", rules::BASE.tags)];
    for ((pack, files), tags_name) in packs.iter().zip(&texts).zip(&tag_names) {
        let folder = format!("{}/", pack.folder);
        let read = RulesFiles {
            folder: &folder,
            earlier_tags: &earlier,
            tags: &files[1],
            recipes: &files[2],
            smelting: &files[3],
            food: &files[4],
            creatures: &files[5],
        };
        let mut own = Rules::read_naming(&read, &item)?;
        // A texture a creature names is the pack's own, else the base pack's, as a block's.
        let mut missing = Vec::new();
        let namespace = &pack.manifest.name;
        own.name_textures(
            &|name| {
                if pack.files.contains_key(&format!("textures/{name}.png")) {
                    Ok(format!("{namespace}:{name}"))
                } else if textures::base_texture(name).is_some() {
                    Ok(name.to_owned())
                } else {
                    Err(format!("no texture is named {name}"))
                }
            },
            &mut missing,
        );
        if !missing.is_empty() {
            let file = pack.file_name("creatures.toml");
            let text = &files[5];
            let problems = missing.into_iter().map(|(kind, why)| {
                let at = text.find(&format!("\"{kind}\"")).unwrap_or(0);
                Problem::at(
                    &file,
                    text,
                    at,
                    "creature.textures",
                    format!("{kind}: {why}"),
                )
            });
            return Err(Problems(problems.collect()));
        }
        rules = rules.then(own);
        earlier.push((tags_name, &files[1]));
    }
    let is_base = packs.is_empty() && registry.len() == Registry::base().len();
    // Known by what clients are sent: two servers differing only in their mods' code serve
    // the same content.
    let identities: Vec<String> = packs.iter().map(|p| p.for_clients().identity()).collect();
    let id = super::content_id(&identities, registry.names());
    Ok(Content {
        registry,
        rules,
        textures,
        id,
        is_base,
    })
}

/// The textures of `packs`, each by the name its pack's blocks show it by
/// (`NAMESPACE:NAME`).
///
/// # Errors
/// More than [`MAX_PACK_TEXTURES`] in all, at the last pack's first texture past them.
fn textures_of(packs: &[Pack]) -> Result<Textures, Problems> {
    let mut textures = Textures::default();
    for pack in packs {
        for name in pack.texture_names() {
            if textures.len() == MAX_PACK_TEXTURES {
                let message = format!(
                    "past the {MAX_PACK_TEXTURES} textures the packs of a world may hold in all"
                );
                return Err(Problems(vec![Problem {
                    file: pack.file_name(&format!("textures/{name}.png")),
                    line: 0,
                    key: String::new(),
                    message,
                }]));
            }
            let png = pack.files[&format!("textures/{name}.png")].clone();
            textures.insert(format!("{}:{name}", pack.manifest.name), png);
        }
    }
    Ok(textures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installing_the_content_in_play_again_spends_no_slot() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/more-stone");
        let read = || load(&[Pack::read_dir(&dir).expect("reads")]).expect("loads");
        read().install().expect("installs");
        let generation = Registry::generation();
        assert_ne!(generation, 0, "a slot of its own");
        read().install().expect("installs");
        assert_eq!(Registry::generation(), generation);
        assert_eq!(textures::installed_id(), read().id);
    }
}
