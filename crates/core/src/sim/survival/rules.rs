//! The rules of survival as a pack declares them: recipes, what smelts into what, what
//! burns how long, what can be eaten and what creatures live, read from `tags.toml`,
//! `recipes.toml`, `smelting.toml`, `food.toml` and `creatures.toml` (`docs/content.md`
//! gives their keys).
//!
//! Wherever an item may be named, a `#tag` names every item of a tag instead: any planks
//! make sticks, any log smelts into charcoal.

mod schema;

use std::collections::{BTreeMap, BTreeSet};

use toml::Spanned;

use super::hunger::Food;
use super::inventory::Inventory;
use super::recipes::Recipe;
use crate::sim::Item;
use crate::sim::creature::kind::{self, Kind};
use crate::world::block::{InstallError, Installed, Problem, Problems};

/// The most recipes, tags, smelting and fuel entries and foods one pack may declare: more
/// than any game needs, few enough that a hostile pack reads in bounded time.
pub const MAX_ENTRIES: usize = 10_000;

/// How deep tags may name tags.
const MAX_TAG_DEPTH: usize = 8;

/// The texts of the files the rules are read from, each possibly empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesFiles<'a> {
    /// The folder the files are in, as problems name it: empty, or ending in `/`
    /// (`more-stone/`).
    pub folder: &'a str,
    /// The `tags.toml` of each pack before this one, in order, with the name problems give
    /// it: its files may name their tags.
    pub earlier_tags: &'a [(&'a str, &'a str)],
    /// `tags.toml`.
    pub tags: &'a str,
    /// `recipes.toml`.
    pub recipes: &'a str,
    /// `smelting.toml`.
    pub smelting: &'a str,
    /// `food.toml`.
    pub food: &'a str,
    /// `creatures.toml`.
    pub creatures: &'a str,
}

/// The base pack's rules files, built into the game.
pub const BASE: RulesFiles<'static> = RulesFiles {
    folder: "",
    earlier_tags: &[],
    tags: include_str!("../../../../../assets/content/base/tags.toml"),
    recipes: include_str!("../../../../../assets/content/base/recipes.toml"),
    smelting: include_str!("../../../../../assets/content/base/smelting.toml"),
    food: include_str!("../../../../../assets/content/base/food.toml"),
    creatures: kind::BASE,
};

/// The rules installed by worlds opened with packs, as blocks are
/// ([`Registry::install`](crate::world::block::Registry::install)); slot 0 holds the base
/// pack's.
static INSTALLED: Installed<Rules> = Installed::new();

/// The base pack's rules.
fn base() -> Rules {
    match Rules::read(&BASE) {
        Ok(rules) => rules,
        // The files are compiled in and a test reads them, so this is a build that never ran
        // its tests; nothing a player does can reach it.
        Err(problems) => panic!("the base pack's rules: {problems}"),
    }
}

/// Recipes, smelting, fuel, food and creatures.
#[derive(Debug, Default)]
pub struct Rules {
    /// The creature kinds, in the order declared (a later pack's after the earlier's).
    kinds: Vec<Kind>,
    recipes: Vec<Recipe>,
    /// The items whose recipes in the rules before these are taken away ([`Rules::then`]).
    removed: BTreeSet<Item>,
    smelting: BTreeMap<Item, Item>,
    fuel: BTreeMap<Item, u32>,
    food: BTreeMap<Item, Food>,
}

impl Rules {
    /// The base pack's rules.
    #[must_use]
    pub fn base() -> &'static Self {
        INSTALLED.base(base)
    }

    /// The rules in use: those installed for the world in play, or the base pack's.
    #[must_use]
    pub fn current() -> &'static Self {
        INSTALLED.current(base)
    }

    /// Makes the base pack's rules the ones in use again, for a world with no packs.
    pub fn install_base() {
        INSTALLED.install_base(base);
        kind::install_base();
    }

    /// Makes `rules` the ones survival plays by, and their creature kinds the ones that
    /// live, for the world about to open.
    ///
    /// # Errors
    /// [`InstallError`] when the process has no slot left.
    pub fn install(rules: Self) -> Result<(), InstallError> {
        kind::install(rules.kinds.clone())?;
        INSTALLED.install(rules)
    }

    /// Reads the rules from `files`.
    ///
    /// # Errors
    /// Every problem found, each naming its file, line and key.
    pub fn read(files: &RulesFiles<'_>) -> Result<Self, Problems> {
        Self::read_naming(files, &Item::from_name)
    }

    /// Reads the rules from `files`, where `item` finds the item a name names: for a pack,
    /// among the blocks of the base pack and its own.
    ///
    /// # Errors
    /// Every problem found, each naming its file, line and key.
    pub fn read_naming(
        files: &RulesFiles<'_>,
        item: &dyn Fn(&str) -> Option<Item>,
    ) -> Result<Self, Problems> {
        let mut reader = Reader {
            problems: Vec::new(),
            tags: BTreeMap::new(),
            item,
        };
        let file = |name: &str| format!("{}{name}", files.folder);
        for (file, text) in files.earlier_tags {
            reader.tags(file, text);
        }
        reader.tags(&file("tags.toml"), files.tags);
        let (recipes, removed) = reader.recipes(&file("recipes.toml"), files.recipes);
        let rules = Self {
            recipes,
            removed,
            smelting: BTreeMap::new(),
            fuel: BTreeMap::new(),
            food: reader.food(&file("food.toml"), files.food),
            kinds: kind::read(
                &file("creatures.toml"),
                files.creatures,
                reader.item,
                &mut reader.problems,
            ),
        };
        let (smelting, fuel) = reader.smelting(&file("smelting.toml"), files.smelting);
        if reader.problems.is_empty() {
            Ok(Self {
                smelting,
                fuel,
                ..rules
            })
        } else {
            Err(Problems(reader.problems))
        }
    }

    /// These rules, with `later`'s after them: the recipes `later` removes taken away from
    /// these, its recipes tried after these, and where both smelt, burn or feed with one
    /// item, `later`'s word on it (the last pack's word wins, as data packs' does).
    #[must_use]
    pub fn then(mut self, later: Self) -> Self {
        self.recipes.retain(|r| !later.removed.contains(&r.output));
        self.recipes.extend(later.recipes);
        self.smelting.extend(later.smelting);
        self.fuel.extend(later.fuel);
        self.food.extend(later.food);
        for kind in later.kinds {
            match self.kinds.iter_mut().find(|k| k.name == kind.name) {
                Some(earlier) => *earlier = kind,
                None => self.kinds.push(kind),
            }
        }
        self
    }

    /// Gives each texture its creature kinds name the name the atlas knows it by:
    /// `texture` answers for each name as written, with the name to keep or why there is
    /// none (its kind's name and the answer are added to `problems`, and the part is drawn
    /// in its colour).
    pub fn name_textures(
        &mut self,
        texture: &dyn Fn(&str) -> Result<String, String>,
        problems: &mut Vec<(String, String)>,
    ) {
        for kind in &mut self.kinds {
            for slot in &mut kind.textures {
                let Some(name) = slot.take() else { continue };
                match texture(&name) {
                    Ok(found) => *slot = Some(found),
                    Err(why) => problems.push((kind.name.clone(), why)),
                }
            }
        }
    }

    /// The creature kinds, in the order declared: a creature names its kind by its place
    /// here.
    #[must_use]
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// Every recipe, in the order they are tried.
    #[must_use]
    pub fn recipes(&self) -> &[Recipe] {
        &self.recipes
    }

    /// What smelting `item` makes, if it smelts.
    #[must_use]
    pub fn smelted(&self, item: Item) -> Option<Item> {
        self.smelting.get(&item).copied()
    }

    /// How many ticks one `item` burns for as fuel, if it burns.
    #[must_use]
    pub fn burn_ticks(&self, item: Item) -> Option<u32> {
        self.fuel.get(&item).copied()
    }

    /// What eating `item` restores, if it is food.
    #[must_use]
    pub fn food(&self, item: Item) -> Option<Food> {
        self.food.get(&item).copied()
    }
}

/// The state of one reading: the tags read so far and the problems met.
struct Reader<'n> {
    problems: Vec<Problem>,
    /// Each tag's items, expanded.
    tags: BTreeMap<String, Vec<Item>>,
    /// The item a name names.
    item: &'n dyn Fn(&str) -> Option<Item>,
}

/// Parses `text` as `file`, or notes the parser's problem.
fn parse<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    toml::from_str(text)
        .map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            problems.push(Problem::at(file, text, offset, "", e.message().to_owned()));
        })
        .ok()
}

impl Reader<'_> {
    /// Notes a problem at the entry `at` of `file`, whose text is `text`.
    fn problem<T>(
        &mut self,
        (file, text): (&str, &str),
        at: &Spanned<T>,
        key: &str,
        message: String,
    ) {
        self.problems
            .push(Problem::at(file, text, at.span().start, key, message));
    }

    /// The items `name` stands for: one item, or a `#tag`'s; `None` with a problem noted.
    fn items<T>(
        &mut self,
        source: (&str, &str),
        at: &Spanned<T>,
        key: &str,
        name: &str,
    ) -> Option<Vec<Item>> {
        let found = match name.strip_prefix('#') {
            Some(tag) => self.tags.get(tag).cloned(),
            None => (self.item)(name).map(|item| vec![item]),
        };
        if found.is_none() {
            let what = if name.starts_with('#') { "tag" } else { "item" };
            self.problem(source, at, key, format!("no {what} is named {name}"));
        }
        found
    }

    /// Reads `tags.toml`, expanding tags that name tags.
    fn tags(&mut self, file: &str, text: &str) {
        let Some(parsed) = parse::<schema::TagsFile>(file, text, &mut self.problems) else {
            return;
        };
        if parsed.tag.len() > MAX_ENTRIES {
            let message = format!("more than {MAX_ENTRIES} tags");
            self.problems
                .push(Problem::at(file, text, 0, "tag", message));
            return;
        }
        for name in parsed.tag.keys() {
            let mut seen = BTreeSet::new();
            if let Some(items) = self.expand(&parsed, name, (file, text), &mut seen, 0) {
                self.tags.insert(name.clone(), items);
            }
        }
    }

    /// The items of tag `name`, its tags expanded; `None` with a problem noted for a name
    /// no one declares, a tag that names itself, or nesting past [`MAX_TAG_DEPTH`].
    fn expand(
        &mut self,
        parsed: &schema::TagsFile,
        name: &str,
        source: (&str, &str),
        seen: &mut BTreeSet<String>,
        depth: usize,
    ) -> Option<Vec<Item>> {
        let members = parsed.tag.get(name)?;
        if depth > MAX_TAG_DEPTH || !seen.insert(name.to_owned()) {
            let message = format!("tag {name} names itself, or tags nest past {MAX_TAG_DEPTH}");
            self.problem(source, members, "tag", message);
            return None;
        }
        let mut items = Vec::new();
        for member in members.get_ref() {
            let more = match member.strip_prefix('#') {
                Some(inner) if parsed.tag.contains_key(inner) => {
                    self.expand(parsed, inner, source, seen, depth + 1)?
                }
                _ => self.items(source, members, "tag", member)?,
            };
            for item in more {
                if !items.contains(&item) {
                    items.push(item);
                }
            }
        }
        seen.remove(name);
        Some(items)
    }

    /// Reads `recipes.toml`.
    fn recipes(&mut self, file: &str, text: &str) -> (Vec<Recipe>, BTreeSet<Item>) {
        let Some(parsed) = parse::<schema::RecipesFile>(file, text, &mut self.problems) else {
            return (Vec::new(), BTreeSet::new());
        };
        if parsed.recipe.len() + parsed.remove.len() > MAX_ENTRIES {
            let message = format!("more than {MAX_ENTRIES} recipes and removals");
            self.problems
                .push(Problem::at(file, text, 0, "recipe", message));
            return (Vec::new(), BTreeSet::new());
        }
        let mut removed = BTreeSet::new();
        for entry in &parsed.remove {
            let name = &entry.get_ref().output;
            if name.starts_with('#') {
                let message = "a removal names one item, not a tag".to_owned();
                self.problem((file, text), entry, "remove.output", message);
                continue;
            }
            if let Some(items) = self.items((file, text), entry, "remove.output", name) {
                removed.extend(items);
            }
        }
        let recipes = parsed
            .recipe
            .iter()
            .filter_map(|entry| self.recipe((file, text), entry))
            .collect();
        (recipes, removed)
    }

    /// One recipe, or `None` with its problems noted.
    fn recipe(
        &mut self,
        source: (&str, &str),
        at: &Spanned<schema::RecipeEntry>,
    ) -> Option<Recipe> {
        let entry = at.get_ref();
        if entry.output.starts_with('#') {
            let message = "a recipe makes one item, not a tag".to_owned();
            self.problem(source, at, "recipe.output", message);
            return None;
        }
        let output = *self
            .items(source, at, "recipe.output", &entry.output)?
            .first()?;
        if !(1..=Item::STACK).contains(&entry.count) {
            let message = format!("{} is not a count: 1 to {}", entry.count, Item::STACK);
            self.problem(source, at, "recipe.count", message);
            return None;
        }
        match (&entry.pattern, &entry.key, &entry.ingredients) {
            (Some(pattern), Some(key), None) => {
                let key = self.key(source, at, pattern, key)?;
                Some(Recipe::shaped(output, entry.count, pattern.clone(), key))
            }
            (None, None, Some(ingredients)) if (1..=9).contains(&ingredients.len()) => {
                let mut all = Vec::new();
                for name in ingredients {
                    all.push(self.items(source, at, "recipe.ingredients", name)?);
                }
                Some(Recipe::shapeless(output, entry.count, all))
            }
            _ => {
                let message =
                    "a recipe has a pattern and a key, or from 1 to 9 ingredients".to_owned();
                self.problem(source, at, "recipe", message);
                None
            }
        }
    }

    /// A shaped recipe's key, checked against its pattern: rows of one width, at most 3×3,
    /// every character but a space a key of one character, and every key used.
    fn key(
        &mut self,
        source: (&str, &str),
        at: &Spanned<schema::RecipeEntry>,
        pattern: &[String],
        key: &BTreeMap<String, String>,
    ) -> Option<Vec<(char, Vec<Item>)>> {
        let width = pattern.first().map_or(0, |row| row.chars().count());
        let square = (1..=3).contains(&pattern.len())
            && (1..=3).contains(&width)
            && pattern.iter().all(|row| row.chars().count() == width);
        if !square {
            let message = "a pattern is 1 to 3 rows of 1 to 3 characters, all as wide".to_owned();
            self.problem(source, at, "recipe.pattern", message);
            return None;
        }
        let used: BTreeSet<char> = pattern.iter().flat_map(|r| r.chars()).collect();
        let mut out = Vec::new();
        for (name, items) in key {
            let mut chars = name.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                let message = format!("key {name:?} is not one character");
                self.problem(source, at, "recipe.key", message);
                return None;
            };
            if c == ' ' || !used.contains(&c) {
                let message = format!("key {c:?} is not in the pattern");
                self.problem(source, at, "recipe.key", message);
                return None;
            }
            out.push((c, self.items(source, at, "recipe.key", items)?));
        }
        if let Some(c) = used
            .iter()
            .find(|&&c| c != ' ' && !key.contains_key(&c.to_string()))
        {
            let message = format!("the pattern's {c:?} has no key");
            self.problem(source, at, "recipe.pattern", message);
            return None;
        }
        // Keys in the order the pattern first shows them (a table has no order of its own):
        // ingredients are taken from an inventory key by key.
        let order: Vec<char> = pattern.iter().flat_map(|r| r.chars()).collect();
        out.sort_by_key(|(c, _)| order.iter().position(|o| o == c));
        Some(out)
    }

    /// Reads `smelting.toml`: what smelts into what, and fuel.
    fn smelting(&mut self, file: &str, text: &str) -> (BTreeMap<Item, Item>, BTreeMap<Item, u32>) {
        let (mut smelting, mut fuel) = (BTreeMap::new(), BTreeMap::new());
        let Some(parsed) = parse::<schema::SmeltingFile>(file, text, &mut self.problems) else {
            return (smelting, fuel);
        };
        if parsed.smelt.len() + parsed.fuel.len() > MAX_ENTRIES {
            let message = format!("more than {MAX_ENTRIES} entries");
            self.problems
                .push(Problem::at(file, text, 0, "smelt", message));
            return (smelting, fuel);
        }
        let source = (file, text);
        for at in &parsed.smelt {
            let entry = at.get_ref();
            if entry.output.starts_with('#') {
                let message = "smelting makes one item, not a tag".to_owned();
                self.problem(source, at, "smelt.output", message);
                continue;
            }
            let inputs = self.items(source, at, "smelt.input", &entry.input);
            let output = self.items(source, at, "smelt.output", &entry.output);
            let (Some(inputs), Some(&[output])) = (inputs, output.as_deref()) else {
                continue;
            };
            for input in inputs {
                if smelting.insert(input, output).is_some() {
                    let message = format!("{input} smelts twice");
                    self.problem(source, at, "smelt.input", message);
                }
            }
        }
        for at in &parsed.fuel {
            let entry = at.get_ref();
            let Some(items) = self.items(source, at, "fuel.item", &entry.item) else {
                continue;
            };
            if entry.ticks == 0 {
                self.problem(
                    source,
                    at,
                    "fuel.ticks",
                    "a fuel burns at least a tick".to_owned(),
                );
                continue;
            }
            for item in items {
                if fuel.insert(item, entry.ticks).is_some() {
                    self.problem(source, at, "fuel.item", format!("{item} is fuel twice"));
                }
            }
        }
        (smelting, fuel)
    }

    /// Reads `food.toml`.
    fn food(&mut self, file: &str, text: &str) -> BTreeMap<Item, Food> {
        let mut food = BTreeMap::new();
        let Some(parsed) = parse::<schema::FoodFile>(file, text, &mut self.problems) else {
            return food;
        };
        if parsed.food.len() > MAX_ENTRIES {
            let message = format!("more than {MAX_ENTRIES} foods");
            self.problems
                .push(Problem::at(file, text, 0, "food", message));
            return food;
        }
        let source = (file, text);
        for at in &parsed.food {
            let entry = at.get_ref();
            let Some(items) = self.items(source, at, "food.item", &entry.item) else {
                continue;
            };
            let sane = (1..=20).contains(&entry.hunger)
                && (0.0..=20.0).contains(&entry.saturation)
                && entry.health <= 20;
            if !sane {
                let message = "hunger is 1 to 20, saturation 0 to 20, health 0 to 20".to_owned();
                self.problem(source, at, "food", message);
                continue;
            }
            let meal = Food {
                hunger: entry.hunger,
                saturation: entry.saturation,
                health: entry.health,
            };
            for item in items {
                if food.insert(item, meal).is_some() {
                    self.problem(source, at, "food.item", format!("{item} is food twice"));
                }
            }
        }
        food
    }
}

/// Every recipe in use, in the order they are tried.
#[must_use]
pub fn recipes() -> &'static [Recipe] {
    Rules::current().recipes()
}

/// The recipe a `side`-square grid (2 or 3) holds, if any; a 2×2 grid never holds one that
/// needs a table.
#[must_use]
pub fn recipe_in(grid: &[Option<Item>], side: usize) -> Option<&'static Recipe> {
    recipes().iter().find(|r| r.matches(grid, side))
}

/// The first recipe that makes `item`, among those `inventory` can afford if any can.
#[must_use]
pub fn recipe_for(item: Item, inventory: &Inventory) -> Option<&'static Recipe> {
    let making = || recipes().iter().filter(move |r| r.output == item);
    making()
        .find(|r| r.affordable(inventory))
        .or_else(|| making().next())
}

/// What smelting `item` makes, if it smelts, by the rules in use.
#[must_use]
pub fn smelted(item: Item) -> Option<Item> {
    Rules::current().smelted(item)
}

/// How many ticks one `item` burns for as fuel, if it burns, by the rules in use.
#[must_use]
pub fn burn_ticks(item: Item) -> Option<u32> {
    Rules::current().burn_ticks(item)
}

/// What eating `item` restores, if it is food, by the rules in use.
#[must_use]
pub fn food(item: Item) -> Option<Food> {
    Rules::current().food(item)
}

#[cfg(test)]
mod tests;
