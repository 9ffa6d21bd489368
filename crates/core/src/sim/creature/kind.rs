//! Creature kinds as a pack declares them in `creatures.toml`: size, health, speed, how it
//! behaves, where it spawns, what it drops, how it looks and sounds (`docs/content.md`
//! gives the keys).

use toml::Spanned;

use crate::sim::Item;
use crate::world::block::{InstallError, Installed, Problem};

/// The base pack's `creatures.toml`, built into the game.
pub const BASE: &str = include_str!("../../../../../assets/content/base/creatures.toml");

/// The kinds installed by worlds opened with packs, as blocks and the rules of survival
/// are; slot 0 holds the base pack's.
static INSTALLED: Installed<Vec<Kind>> = Installed::new();

/// The base pack's kinds.
fn base() -> Vec<Kind> {
    let mut problems = Vec::new();
    let kinds = read("creatures.toml", BASE, &Item::from_name, &mut problems);
    // The file is compiled in and a test reads it, so this is a build that never ran its
    // tests; nothing a player does can reach it.
    assert!(
        problems.is_empty(),
        "the base pack's creatures: {problems:?}"
    );
    kinds
}

/// The kinds in use: those installed for the world in play, or the base pack's.
#[must_use]
pub fn installed() -> &'static [Kind] {
    INSTALLED.current(base)
}

/// Makes the base pack's kinds the ones in use again.
pub fn install_base() {
    INSTALLED.install_base(base);
}

/// Makes `kinds` the ones in use, for the world about to open.
///
/// # Errors
/// [`InstallError`] when the process has no slot left.
pub fn install(kinds: Vec<Kind>) -> Result<(), InstallError> {
    INSTALLED.install(kinds)
}

/// The most kinds one pack may declare.
pub const MAX_KINDS: usize = 256;

/// How a kind behaves towards players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Behaviour {
    /// Wanders, grazes, and flees when hit: an animal.
    Passive,
    /// Walks to the player it noticed and strikes it.
    Melee,
    /// Keeps its distance from the player it noticed and shoots arrows at it.
    Ranged,
}

/// When and where a kind appears by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spawns {
    /// With the terrain, on grass in plains and forests, and stays.
    Animal,
    /// In the dark and at night, and goes when no one is near.
    Monster,
    /// Only where a scenario or a command puts it.
    Never,
}

/// The figure a kind is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Model {
    /// A body on four legs, a head in front.
    Quadruped,
    /// Upright on two legs, with two arms.
    Biped,
    /// A small body on two legs, with wings.
    Bird,
}

/// What a kind drops when it dies: `min` to `max` of `item`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    /// The item.
    pub item: Item,
    /// The fewest dropped.
    pub min: u8,
    /// The most dropped.
    pub max: u8,
}

/// One look of a kind (a sheep's wool colour): how often it is drawn, its colour, and
/// what it drops besides the kind's drops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Variant {
    /// Its share among the kind's variants.
    pub weight: u32,
    /// The colour of its coat, as `0xRRGGBB`: where the kind's body has a texture, the
    /// colour that tints it.
    pub colour: u32,
    /// One of this, dropped with the kind's drops.
    pub drop: Option<Item>,
}

/// A kind of creature.
#[derive(Clone, Debug, PartialEq)]
pub struct Kind {
    /// Its name (`sheep`).
    pub name: String,
    /// The side of its box's square base, in blocks.
    pub width: f64,
    /// Its box's height, in blocks.
    pub height: f64,
    /// Health when whole.
    pub health: u8,
    /// Walking speed, in blocks a second.
    pub speed: f64,
    /// How it behaves.
    pub behaviour: Behaviour,
    /// The health a melee kind's strike takes.
    pub damage: u8,
    /// Ticks between two strikes or two shots.
    pub interval: u16,
    /// For a ranged kind, the nearest and farthest it keeps from its target, in blocks.
    pub range: (f64, f64),
    /// When and where it appears by itself.
    pub spawns: Spawns,
    /// Its share among the kinds that spawn as it does.
    pub weight: u32,
    /// Whether it falls slowly, as a chicken flutters down.
    pub flutters: bool,
    /// What it drops when it dies.
    pub drops: Vec<Drop>,
    /// Its looks; at least one.
    pub variants: Vec<Variant>,
    /// The figure it is drawn as.
    pub model: Model,
    /// The colours of its skin: body, head, limbs, and a mark (a nose, a beak, eyes).
    pub skin: [u32; 4],
    /// The textures its parts show, in the order of [`skin`](Self::skin), each a base
    /// texture's name; a part without one is drawn in its colour.
    pub textures: [Option<String>; 4],
    /// The sound family its calls, hurts, deaths and steps sound as.
    pub sound: String,
}

impl Kind {
    /// Whether it hunts players.
    #[must_use]
    pub fn is_hostile(&self) -> bool {
        self.behaviour != Behaviour::Passive
    }
}

/// One `[[creature]]` as written.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    width: f64,
    height: f64,
    health: u8,
    speed: f64,
    behaviour: Behaviour,
    #[serde(default)]
    damage: u8,
    #[serde(default = "default_interval")]
    interval: u16,
    #[serde(default)]
    range: Option<(f64, f64)>,
    spawns: Spawns,
    #[serde(default = "default_weight")]
    weight: u32,
    #[serde(default)]
    flutters: bool,
    #[serde(default)]
    drops: Vec<DropEntry>,
    #[serde(default)]
    variants: Vec<VariantEntry>,
    model: Model,
    skin: [String; 4],
    #[serde(default)]
    textures: TexturesEntry,
    sound: String,
}

/// `textures = { body, head, limbs, mark }`: a texture's name for each part, any left out.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TexturesEntry {
    body: Option<String>,
    head: Option<String>,
    limbs: Option<String>,
    mark: Option<String>,
}

const fn default_interval() -> u16 {
    60
}

const fn default_weight() -> u32 {
    1
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DropEntry {
    item: String,
    #[serde(default = "one")]
    min: u8,
    #[serde(default = "one")]
    max: u8,
}

const fn one() -> u8 {
    1
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantEntry {
    weight: u32,
    colour: String,
    #[serde(default)]
    drop: Option<String>,
}

/// A whole `creatures.toml`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    creature: Vec<Spanned<Entry>>,
}

/// White, `0xRRGGBB`: the tint that leaves a texture as it is painted.
const WHITE: u32 = 0x00ff_ffff;

/// `#RRGGBB` as `0xRRGGBB`.
fn colour(text: &str) -> Option<u32> {
    let hex = text.strip_prefix('#')?;
    (hex.len() == 6)
        .then(|| u32::from_str_radix(hex, 16).ok())
        .flatten()
}

/// Reads the kinds of `text`, the contents of `file`, with `item` naming the items drops
/// name; each problem is added to `problems`.
#[expect(
    clippy::too_many_lines,
    reason = "one check after another over an entry's keys, each with its own message"
)]
pub fn read(
    file: &str,
    text: &str,
    item: &dyn Fn(&str) -> Option<Item>,
    problems: &mut Vec<Problem>,
) -> Vec<Kind> {
    let parsed: File = match toml::from_str(text) {
        Ok(parsed) => parsed,
        Err(e) => {
            let offset = e.span().map_or(0, |s| s.start);
            problems.push(Problem::at(file, text, offset, "", e.message().to_owned()));
            return Vec::new();
        }
    };
    if parsed.creature.len() > MAX_KINDS {
        let message = format!("more than {MAX_KINDS} creatures");
        problems.push(Problem::at(file, text, 0, "creature", message));
        return Vec::new();
    }
    let mut kinds: Vec<Kind> = Vec::new();
    for at in &parsed.creature {
        let mut problem = |key: &str, message: String| {
            problems.push(Problem::at(file, text, at.span().start, key, message));
        };
        let e = at.get_ref();
        let named = !e.name.is_empty()
            && e.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !named {
            problem(
                "creature.name",
                format!("{:?} is not lowercase letters, digits and _", e.name),
            );
            continue;
        }
        if kinds.iter().any(|k| k.name == e.name) {
            problem("creature.name", format!("{} is declared twice", e.name));
            continue;
        }
        if !((0.125..=3.0).contains(&e.width) && (0.125..=4.0).contains(&e.height)) {
            problem(
                "creature",
                "width is 0.125 to 3 and height 0.125 to 4".to_owned(),
            );
            continue;
        }
        if e.health == 0 || !(0.0..=20.0).contains(&e.speed) || e.interval == 0 {
            problem(
                "creature",
                "health is 1 to 255, speed 0 to 20 and interval 1 or more".to_owned(),
            );
            continue;
        }
        let range = e.range.unwrap_or((0.0, 0.0));
        if !(range.0 >= 0.0 && range.0 <= range.1 && range.1 <= 64.0) {
            problem(
                "creature.range",
                "the nearest is 0 or more, at most the farthest, at most 64".to_owned(),
            );
            continue;
        }
        let Some(skin) = e
            .skin
            .iter()
            .map(|c| colour(c))
            .collect::<Option<Vec<u32>>>()
        else {
            problem("creature.skin", "each colour is #RRGGBB".to_owned());
            continue;
        };
        let mut drops = Vec::new();
        for d in &e.drops {
            match item(&d.item) {
                Some(found) if d.min <= d.max && d.max <= 64 => drops.push(Drop {
                    item: found,
                    min: d.min,
                    max: d.max,
                }),
                Some(_) => problem(
                    "creature.drops",
                    "min is at most max, and max at most 64".to_owned(),
                ),
                None => problem("creature.drops", format!("no item is named {}", d.item)),
            }
        }
        let mut variants = Vec::new();
        for v in &e.variants {
            let drop = match v.drop.as_deref().map(|name| (name, item(name))) {
                Some((name, None)) => {
                    problem("creature.variants", format!("no item is named {name}"));
                    continue;
                }
                Some((_, found)) => found,
                None => None,
            };
            match colour(&v.colour) {
                Some(c) if v.weight > 0 => variants.push(Variant {
                    weight: v.weight,
                    colour: c,
                    drop,
                }),
                _ => problem(
                    "creature.variants",
                    "a weight of 1 or more and a colour #RRGGBB".to_owned(),
                ),
            }
        }
        let t = &e.textures;
        let textures = [&t.body, &t.head, &t.limbs, &t.mark].map(Clone::clone);
        if variants.is_empty() {
            // A variant's colour tints the body's texture: one declared by none shows it
            // as painted.
            let colour = if textures[0].is_some() {
                WHITE
            } else {
                skin[0]
            };
            variants.push(Variant {
                weight: 1,
                colour,
                drop: None,
            });
        }
        kinds.push(Kind {
            name: e.name.clone(),
            width: e.width,
            height: e.height,
            health: e.health,
            speed: e.speed,
            behaviour: e.behaviour,
            damage: e.damage,
            interval: e.interval,
            range,
            spawns: e.spawns,
            weight: e.weight,
            flutters: e.flutters,
            drops,
            variants,
            model: e.model,
            skin: [skin[0], skin[1], skin[2], skin[3]],
            textures,
            sound: e.sound.clone(),
        });
    }
    kinds
}
