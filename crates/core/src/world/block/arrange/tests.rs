use super::super::{BASE_BLOCKS, Block, BlocksSource, Registry};

/// A pack, `test`, of two blocks: a crop that grows on the second.
const PACK: &str = r#"
[[block]]
name = "test:sprout"
texture = "wheat_0"
render = "cutout"
shape = "cross"
colliders = "none"
crop = { stage = 0, soil = "test:loam" }

[[block]]
name = "test:loam"
texture = "dirt"
"#;

/// The base pack and [`PACK`], read for a world whose table is `kept`.
fn read(kept: &[String]) -> Result<Registry, String> {
    let sources = [
        BlocksSource {
            namespace: None,
            file: "base/blocks.toml",
            text: BASE_BLOCKS,
            own_textures: &[],
        },
        BlocksSource {
            namespace: Some("test"),
            file: "test/blocks.toml",
            text: PACK,
            own_textures: &[],
        },
    ];
    Registry::read_packs_keeping(&sources, kept).map_err(|p| p.to_string())
}

/// The base pack's names, then `more`.
fn table(more: &[&str]) -> Vec<String> {
    let base = Registry::base().names().map(str::to_owned);
    base.chain(more.iter().map(|&n| n.to_owned())).collect()
}

#[test]
fn a_new_world_numbers_the_packs_blocks_after_the_base_packs() {
    let registry = read(&[]).expect("reads");
    let base = Registry::base().len();
    assert_eq!(registry.len(), base + 2);
    assert_eq!(registry.named("test:sprout").map(Block::index), Some(base));
    assert_eq!(
        registry.named("test:loam").map(Block::index),
        Some(base + 1)
    );
}

#[test]
fn saved_ids_hold_and_a_name_no_pack_declares_stands_as_an_unknown_block() {
    let base = Registry::base().len();
    // Saved when another pack, since removed, came first: its block keeps its id.
    let kept = table(&["gone:marble", "test:loam", "test:sprout"]);
    let registry = read(&kept).expect("reads");
    let names: Vec<&str> = registry.names().collect();
    assert_eq!(names, kept.iter().map(String::as_str).collect::<Vec<_>>());
    let gone = registry.properties(Block::new(u16::try_from(base).expect("an id")));
    assert!(gone.unknown && !gone.breakable && gone.hardness_tenths.is_none());
    assert_eq!(gone.textures.side, super::UNKNOWN_TEXTURE);
    assert!(!gone.colliders.is_empty(), "an unknown block is solid");
    // The sprout's soil followed the loam to its saved id.
    let sprout = registry.named("test:sprout").expect("declared");
    let loam = registry.named("test:loam").expect("declared");
    assert_eq!((loam.index(), sprout.index()), (base + 1, base + 2));
    let crop = registry.properties(sprout).crop.expect("a crop");
    assert_eq!(crop.soil, loam);
    assert_eq!(registry.properties(sprout).held_as, sprout);
    assert!(!registry.properties(loam).unknown);
}

#[test]
fn a_name_new_to_the_table_takes_the_next_free_id() {
    let base = Registry::base().len();
    let registry = read(&table(&["test:loam"])).expect("reads");
    assert_eq!(registry.named("test:loam").map(Block::index), Some(base));
    assert_eq!(
        registry.named("test:sprout").map(Block::index),
        Some(base + 1)
    );
}

#[test]
fn a_table_that_moves_a_base_block_or_names_one_twice_is_refused() {
    let mut moved = table(&[]);
    moved.swap(1, 2);
    let message = read(&moved).err().expect("refused");
    assert!(message.contains("where every world has it at"), "{message}");
    let twice = table(&["test:loam", "test:loam"]);
    let message = read(&twice).err().expect("refused");
    assert!(message.contains("test:loam has two ids"), "{message}");
}
