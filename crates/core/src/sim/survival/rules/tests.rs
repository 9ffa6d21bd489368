use super::*;
use crate::sim::survival::Material;
use crate::world::Block;
use crate::world::block::assert_problem;

/// The problems reading `files` gives, each as `file:line: key: message`.
#[track_caller]
fn problems(files: &RulesFiles<'_>) -> Vec<String> {
    match Rules::read(files) {
        Ok(_) => panic!("read without a problem"),
        Err(problems) => problems.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn the_base_rules_read_and_say_what_survival_always_said() {
    let rules = Rules::base();
    assert_eq!(rules.recipes().len(), 40);
    let stick = Item::Material(Material::Stick);
    assert_eq!(rules.burn_ticks(stick), Some(300));
    assert_eq!(
        rules.smelted(Item::Block(Block::BIRCH_LOG)),
        Some(Item::Material(Material::Charcoal))
    );
    assert_eq!(
        rules
            .food(Item::Material(Material::Bread))
            .map(|f| f.hunger),
        Some(5)
    );
    assert_eq!(rules.food(stick), None);
    // The bed takes any wool or wheat, through a tag of a tag.
    let bed = recipes()
        .iter()
        .find(|r| r.output == Item::Block(Block::BED_FOOT_NORTH));
    let bedding = &bed.expect("a bed recipe").key[0].1;
    assert_eq!(bedding.len(), 17);
    assert!(bedding.contains(&Item::Block(Block::RED_WOOL)));
}

#[test]
fn a_shapeless_recipe_matches_its_ingredients_in_any_cells_and_nothing_more() {
    let recipes = "[[recipe]]\noutput = \"torch\"\ncount = 2\n\
                   ingredients = [\"#fuel\", \"stick\", \"stick\"]\n";
    let tags = "[tag]\nfuel = [\"coal\", \"charcoal\"]\n";
    let rules = Rules::read(&RulesFiles {
        tags,
        recipes,
        ..RulesFiles::default()
    })
    .expect("a good recipe");
    let recipe = &rules.recipes()[0];
    assert!(recipe.shapeless && !recipe.needs_table());
    let (coal, stick) = (
        Some(Item::Material(Material::Charcoal)),
        Some(Item::Material(Material::Stick)),
    );
    assert!(recipe.matches(&[stick, None, coal, stick], 2));
    assert!(recipe.matches(&[None, None, None, stick, None, None, coal, None, stick], 3));
    assert!(!recipe.matches(&[stick, stick, stick, None], 2));
    assert!(!recipe.matches(&[stick, coal, stick, stick], 2));
    assert!(!recipe.matches(&[stick, coal, None, None], 2));
}

#[test]
fn names_that_name_nothing_are_refused_with_their_line() {
    let recipes = "[[recipe]]\noutput = \"planks\"\npattern = [\"L\"]\nkey = { L = \"log\" }\n\n\
                   [[recipe]]\noutput = \"netherite_sword\"\npattern = [\"D\"]\nkey = { D = \"#gems\" }\n";
    let found = problems(&RulesFiles {
        recipes,
        ..RulesFiles::default()
    });
    assert_problem(
        &found,
        "recipes.toml:6: recipe.output",
        "no item is named netherite_sword",
    );
    assert_eq!(
        found.len(),
        1,
        "the output is refused before its key: {found:#?}"
    );
    let smelting = "[[smelt]]\ninput = \"#gems\"\noutput = \"stone\"\n";
    let found = problems(&RulesFiles {
        smelting,
        ..RulesFiles::default()
    });
    assert_problem(
        &found,
        "smelting.toml:1: smelt.input",
        "no tag is named #gems",
    );
}

#[test]
fn patterns_keys_and_counts_are_checked() {
    let recipes = "[[recipe]]\noutput = \"stick\"\npattern = [\"PP\", \"P\"]\nkey = { P = \"planks\" }\n\n\
                   [[recipe]]\noutput = \"stick\"\npattern = [\"P\"]\nkey = { P = \"planks\", Q = \"log\" }\n\n\
                   [[recipe]]\noutput = \"stick\"\npattern = [\"PQ\"]\nkey = { P = \"planks\" }\n\n\
                   [[recipe]]\noutput = \"stick\"\ncount = 0\npattern = [\"P\"]\nkey = { P = \"planks\" }\n\n\
                   [[recipe]]\noutput = \"stick\"\ningredients = []\n";
    let found = problems(&RulesFiles {
        recipes,
        ..RulesFiles::default()
    });
    assert_problem(&found, "recipes.toml:1: recipe.pattern", "all as wide");
    assert_problem(
        &found,
        "recipes.toml:6: recipe.key",
        "'Q' is not in the pattern",
    );
    assert_problem(&found, "recipes.toml:11: recipe.pattern", "'Q' has no key");
    assert_problem(&found, "recipes.toml:16: recipe.count", "0 is not a count");
    assert_problem(&found, "recipes.toml:22: recipe", "from 1 to 9 ingredients");
}

#[test]
fn a_tag_that_names_itself_is_refused() {
    let tags = "[tag]\na = [\"stone\", \"#b\"]\nb = [\"#a\"]\n";
    let found = problems(&RulesFiles {
        tags,
        ..RulesFiles::default()
    });
    assert_problem(&found, "tags.toml:", "names itself");
}

#[test]
fn smelting_fuel_and_food_are_checked() {
    let smelting = "[[smelt]]\ninput = \"sand\"\noutput = \"glass\"\n\n\
                    [[smelt]]\ninput = \"sand\"\noutput = \"stone\"\n\n\
                    [[smelt]]\ninput = \"clay\"\noutput = \"#logs\"\n\n\
                    [[fuel]]\nitem = \"stick\"\nticks = 0\n";
    let tags = "[tag]\nlogs = [\"log\"]\n";
    let food = "[[food]]\nitem = \"bread\"\nhunger = 50\nsaturation = 1.0\n";
    let found = problems(&RulesFiles {
        tags,
        smelting,
        food,
        ..RulesFiles::default()
    });
    assert_problem(&found, "smelting.toml:5: smelt.input", "sand smelts twice");
    assert_problem(&found, "smelting.toml:9: smelt.output", "not a tag");
    assert_problem(&found, "smelting.toml:13: fuel.ticks", "at least a tick");
    assert_problem(&found, "food.toml:1: food", "hunger is 1 to 20");
}

#[test]
fn too_many_entries_are_refused_before_they_are_read() {
    let recipes = "[[recipe]]\noutput = \"stick\"\ningredients = [\"x\"]\n".repeat(MAX_ENTRIES + 1);
    let found = problems(&RulesFiles {
        recipes: &recipes,
        ..RulesFiles::default()
    });
    assert_eq!(found.len(), 1, "{found:?}");
    assert_problem(&found, "recipes.toml:1: recipe", "more than 10000 recipes");
}
