use super::super::assert_problem;
use super::super::{Block, Registry};
use super::*;

/// The problems reading `text` as `blocks.toml` gives, each as `line: key: message`.
#[track_caller]
fn problems(text: &str) -> Vec<String> {
    match Registry::read("blocks.toml", text) {
        Ok(_) => panic!("read without a problem:\n{text}"),
        Err(problems) => problems
            .0
            .iter()
            .map(|p| {
                assert_eq!(p.file, "blocks.toml");
                format!("{}: {}: {}", p.line, p.key, p.message)
            })
            .collect(),
    }
}

const AIR: &str = "[[block]]\nname = \"air\"\nrender = \"invisible\"\ncolliders = \"none\"\n";

#[test]
fn the_base_pack_reads_into_the_blocks_this_build_names() {
    let registry = Block::registry();
    assert_eq!(registry.len(), Block::count());
    for block in Block::all() {
        assert_eq!(registry.named(block.name()), Some(block));
    }
    // Every drop names an item.
    for block in Block::all() {
        if let Drop::Named(name) = &block.properties().drop {
            assert!(
                crate::sim::Item::from_name(name).is_some(),
                "{block}: {name}"
            );
        }
    }
}

#[test]
fn a_mistake_in_the_toml_itself_is_named_by_its_line() {
    let found = problems(&format!(
        "{AIR}\n[[block]]\nname = \"stone\"\ntexture = stone\n"
    ));
    assert_eq!(found.len(), 1);
    assert!(found[0].starts_with("8: "), "{found:?}");
}

#[test]
fn an_unknown_key_is_refused_where_it_stands() {
    let found = problems(&format!(
        "{AIR}\n[[block]]\nname = \"stone\"\ntexture = \"stone\"\nhardnes = 1.5\n"
    ));
    assert_eq!(found.len(), 1);
    assert!(
        found[0].starts_with("9: ") && found[0].contains("hardnes"),
        "{found:?}"
    );
}

#[test]
fn names_must_be_unique_and_well_formed_and_references_must_resolve() {
    let text = format!(
        "{AIR}\n[[block]]\nname = \"stone\"\ntexture = \"stone\"\n\n\
         [[block]]\nname = \"stone\"\ntexture = \"stone\"\n\n\
         [[block]]\nname = \"Dirt\"\ntexture = \"dirt\"\nheld_as = \"nothing_here\"\n"
    );
    let found = problems(&text);
    assert_problem(&found, "11: block.name", "a second block named stone");
    assert_problem(&found, "15: block.name", "\"Dirt\" is not a block name");
    assert_problem(
        &found,
        "17: block.held_as",
        "no block is named nothing_here",
    );
}

#[test]
fn values_out_of_range_are_refused() {
    let text = format!(
        "{AIR}\n[[block]]\nname = \"lamp\"\ntexture = \"lamp\"\nemission = 16\n\
         opacity = 200\nhardness = -1\noutline = [[0, 0, 0, 17, 16, 16]]\n\
         water = {{ level = 9 }}\n"
    );
    let found = problems(&text);
    assert_problem(&found, "9: block.emission", "not a light level");
    assert_problem(&found, "10: block.opacity", "not a light level");
    assert_problem(&found, "11: block.hardness", "not a hardness");
    assert_problem(&found, "12: block.outline", "not a box in the cell");
    assert_problem(&found, "13: block.water", "water is");
}

#[test]
fn a_drawn_block_needs_a_texture_and_only_a_torch_points() {
    let text = format!("{AIR}\n[[block]]\nname = \"stone\"\npoints = \"east\"\n");
    let found = problems(&text);
    assert_problem(&found, "7: block.texture", "needs texture or textures");
    assert_problem(&found, "7: block.points", "for torches");
}

#[test]
fn a_family_declared_in_part_is_refused() {
    let text = format!(
        "{AIR}\n[[block]]\nname = \"door\"\ntexture = \"door\"\n\
         door = {{ half = \"lower\", facing = \"north\" }}\n"
    );
    let found = problems(&text);
    assert_problem(
        &found,
        "0: block",
        "no block is the door's lower half facing East",
    );
    assert_eq!(found.len(), 15, "the fifteen other halves: {found:#?}");
}

#[test]
fn more_blocks_than_ids_are_refused_without_reading_them_all() {
    let text = "[[block]]\nname = \"b\"\ntexture = \"t\"\n\n".repeat(MAX_BLOCKS + 5);
    let found = problems(&text);
    assert_eq!(found.len(), 1);
    assert!(
        found[0].contains("past the 65535 a world may hold"),
        "{found:?}"
    );
}
