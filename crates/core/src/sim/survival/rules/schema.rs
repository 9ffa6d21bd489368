//! The shape of a pack's `tags.toml`, `recipes.toml`, `smelting.toml` and `food.toml`, as
//! serde reads them. What the keys mean, and the checks no type can make, are in
//! [`super`].

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// A whole `tags.toml`: each tag's items and tags, by the tag's name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TagsFile {
    #[serde(default)]
    pub tag: BTreeMap<String, Spanned<Vec<String>>>,
}

/// A whole `recipes.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RecipesFile {
    #[serde(default)]
    pub recipe: Vec<Spanned<RecipeEntry>>,
    #[serde(default)]
    pub remove: Vec<Spanned<RemoveEntry>>,
}

/// One `[[remove]]`: the recipes of the packs before that make an item.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RemoveEntry {
    pub output: String,
}

/// One `[[recipe]]`: shaped (`pattern` and `key`) or shapeless (`ingredients`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RecipeEntry {
    pub output: String,
    #[serde(default = "one")]
    pub count: u8,
    pub pattern: Option<Vec<String>>,
    pub key: Option<BTreeMap<String, String>>,
    pub ingredients: Option<Vec<String>>,
}

/// A recipe makes one unless it says otherwise.
const fn one() -> u8 {
    1
}

/// A whole `smelting.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SmeltingFile {
    #[serde(default)]
    pub smelt: Vec<Spanned<SmeltEntry>>,
    #[serde(default)]
    pub fuel: Vec<Spanned<FuelEntry>>,
}

/// One `[[smelt]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SmeltEntry {
    pub input: String,
    pub output: String,
}

/// One `[[fuel]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FuelEntry {
    pub item: String,
    pub ticks: u32,
}

/// A whole `food.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FoodFile {
    #[serde(default)]
    pub food: Vec<Spanned<FoodEntry>>,
}

/// One `[[food]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FoodEntry {
    pub item: String,
    pub hunger: u8,
    pub saturation: f64,
    #[serde(default)]
    pub health: u8,
}
