//! The hotbar as a world keeps it: each slot's item by name, so a reader can see it with any
//! `SQLite` tool, and the selected slot.

pub use hewn_core::sim::HOTBAR_SLOTS;
use hewn_core::sim::{DEFAULT_HOTBAR, Item};

/// The items the player has at hand, and which one is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hotbar {
    /// The item in each slot; `None` for an empty slot.
    pub slots: [Option<Item>; HOTBAR_SLOTS],
    /// The selected slot, below [`HOTBAR_SLOTS`].
    pub selected: usize,
}

impl Default for Hotbar {
    /// What a new player starts with.
    fn default() -> Self {
        Self {
            slots: DEFAULT_HOTBAR.map(Some),
            selected: 0,
        }
    }
}

impl Hotbar {
    /// The slots as stored: item names separated by commas, empty for an empty slot. Names,
    /// not ids, so a reader can see the hotbar with any `SQLite` tool.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.slots
            .iter()
            .map(|s| s.map_or("", Item::name))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The hotbar stored as `text` with `selected`, or `None` if either is not one this build
    /// could have written.
    #[must_use]
    pub fn from_text(text: &str, selected: i64) -> Option<Self> {
        let mut slots = [None; HOTBAR_SLOTS];
        let mut names = text.split(',');
        for slot in &mut slots {
            let name = names.next()?;
            if !name.is_empty() {
                *slot = Some(Item::from_name(name)?);
            }
        }
        let selected = usize::try_from(selected)
            .ok()
            .filter(|&s| s < HOTBAR_SLOTS)?;
        names.next().is_none().then_some(Self { slots, selected })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hotbar_text_round_trips_and_rejects_strangers() {
        let mut bar = Hotbar::default();
        bar.slots[4] = None;
        bar.selected = 8;
        assert_eq!(Hotbar::from_text(&bar.to_text(), 8), Some(bar));
        assert_eq!(Hotbar::from_text(&bar.to_text(), 9), None);
        assert_eq!(Hotbar::from_text("stone,unobtainium,,,,,,,", 0), None);
        assert_eq!(Hotbar::from_text("stone", 0), None);
        assert_eq!(Hotbar::from_text(",,,,,,,,,", 0), None, "ten slots");
    }
}
