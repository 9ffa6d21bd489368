//! Survival's part of the HUD, laid out as Minecraft's: ten hearts of health just above the
//! hotbar's left end, ten drumsticks of hunger above its right end, bubbles of air above
//! those while they matter, and on the
//! hotbar's stacks their counts and, for a worn tool, how much of it is left.

use super::{HudBuilder, tile_uvs};
use hewn_core::sim::HOTBAR_SLOTS;
use hewn_core::sim::survival::{MAX_AIR, MAX_HEALTH, MAX_HUNGER, Stack};
use hewn_mesh::tiles::{HUD_ICON_INSET, HUD_ICON_SIZE, TILE_SIZE, tile_index};

/// HUD pixels from one heart or bubble to the next: they overlap by one, as Minecraft's.
const ICON_STEP: f32 = 8.0;
/// HUD pixels between the top of the hotbar and the bottom of the hearts.
const ICON_GAP: f32 = 2.0;
/// Air one bubble stands for: ten bubbles hold the full breath.
const AIR_PER_BUBBLE: u16 = MAX_AIR / 10;
/// Ticks after a bubble is lost in which it shows burst.
const BURST_TICKS: u16 = 10;

/// What survival shows on the HUD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurvivalHud {
    /// The stacks in the hotbar's slots (the inventory's first nine).
    pub hotbar: [Option<Stack>; HOTBAR_SLOTS],
    /// Health, 0 to [`MAX_HEALTH`]: two points a heart.
    pub health: u8,
    /// Hunger, 0 to [`MAX_HUNGER`]: two points a drumstick.
    pub hunger: u8,
    /// Air, 0 to [`MAX_AIR`], while it is shown: the eyes under water, or the breath not
    /// yet whole again.
    pub air: Option<u16>,
}

/// How one heart shows `health`: the `i`th (from 0) is full, half or empty.
#[must_use]
pub fn heart(health: u8, i: u8) -> &'static str {
    let health = health.min(MAX_HEALTH);
    match health.saturating_sub(2 * i) {
        0 => "heart_empty",
        1 => "heart_half",
        _ => "heart_full",
    }
}

/// How one drumstick shows `hunger`: the `i`th from the right (from 0) is full, half or
/// empty.
#[must_use]
pub fn drumstick(hunger: u8, i: u8) -> &'static str {
    let hunger = hunger.min(MAX_HUNGER);
    match hunger.saturating_sub(2 * i) {
        0 => "food_empty",
        1 => "food_half",
        _ => "food_full",
    }
}

/// The bubbles `air` shows: how many are whole, and whether the next one shows burst (it
/// went in the last [`BURST_TICKS`] of breath; none shows once the breath is all gone).
#[must_use]
pub const fn bubbles(air: u16) -> (u16, bool) {
    let whole = air.div_ceil(AIR_PER_BUBBLE);
    let since_lost = whole * AIR_PER_BUBBLE - air;
    let burst = whole < 10 && air > 0 && since_lost < BURST_TICKS;
    (whole, burst)
}

impl SurvivalHud {
    /// Draws hotbar slot `i`'s stack in the slot whose top-left corner is (`x`, `top`) and
    /// whose side is `slot` pixels, at `scale` screen pixels per HUD pixel.
    pub(super) fn draw_slot(
        &self,
        b: &mut HudBuilder,
        i: usize,
        x: f32,
        top: f32,
        slot: f32,
        scale: f32,
    ) {
        let Some(stack) = self.hotbar[i] else {
            return;
        };
        b.item_icon(x + slot / 2.0, top + slot / 2.0, slot * 0.62, stack.item);
        stack_marks(b, stack, x, top, slot, scale);
    }

    /// Draws the hearts, hunger and the air over the hotbar whose left end is at `left` and
    /// whose top is at `top`.
    pub(super) fn draw_bars(&self, b: &mut HudBuilder, left: f32, top: f32, scale: f32) {
        let size = HUD_ICON_SIZE as f32 * scale;
        let y = top - 2.0 - ICON_GAP * scale - size;
        let right = left + 9.0 * 22.0 * scale;
        for i in 0..MAX_HEALTH / 2 {
            let x = left + f32::from(i) * ICON_STEP * scale;
            hud_icon(b, x, y, size, heart(self.health, i));
        }
        for i in 0..MAX_HUNGER / 2 {
            let x = right - size - f32::from(i) * ICON_STEP * scale;
            hud_icon(b, x, y, size, drumstick(self.hunger, i));
        }
        if let Some(air) = self.air {
            let y = y - size - scale;
            let (whole, burst) = bubbles(air);
            for k in 0..whole + u16::from(burst) {
                let x = right - size - f32::from(k) * ICON_STEP * scale;
                let name = if k < whole { "bubble" } else { "bubble_burst" };
                hud_icon(b, x, y, size, name);
            }
        }
    }
}

/// The count of `stack` (when more than one) and the wear bar of a worn tool, over the slot
/// at (`x`, `top`) of side `slot`: what the hotbar and the inventory's slots show alike.
fn stack_marks(b: &mut HudBuilder, stack: Stack, x: f32, top: f32, slot: f32, scale: f32) {
    if let Some(tool) = stack.item.tool()
        && stack.wear > 0
    {
        let left = 1.0 - f32::from(stack.wear) / f32::from(tool.tier.uses());
        let (bx, by, bw) = (
            x + 3.0 * scale,
            top + slot - 5.0 * scale,
            slot - 6.0 * scale,
        );
        b.rect(bx, by, bw, 2.0 * scale, [0, 0, 0, 255]);
        b.rect(bx, by, bw * left, scale, wear_colour(left));
    }
    if stack.count > 1 {
        let text = stack.count.to_string();
        let width = text.len() as f32 * 6.0 * scale - scale;
        b.text(
            x + slot - width - 2.0 * scale,
            top + slot - 9.0 * scale,
            scale,
            &text,
            [255, 255, 255, 255],
        );
    }
}

/// A wear bar's colour for `left` (1: new, 0: used up): green through yellow to red.
#[must_use]
pub fn wear_colour(left: f32) -> [u8; 4] {
    let left = left.clamp(0.0, 1.0);
    let red = (2.0 * (1.0 - left)).min(1.0);
    let green = (2.0 * left).min(1.0);
    [(red * 255.0) as u8, (green * 255.0) as u8, 0, 255]
}

/// Draws the picture of the HUD icon tile `name` (its [`HUD_ICON_SIZE`] square inside the
/// tile) as a square of side `size` from (`x`, `y`). A name the atlas lacks draws nothing.
fn hud_icon(b: &mut HudBuilder, x: f32, y: f32, size: f32, name: &str) {
    let Some(tile) = tile_index(name) else {
        return;
    };
    let [top_left, _, bottom_right, _] = tile_uvs(tile);
    let texel = [
        (bottom_right[0] - top_left[0]) / TILE_SIZE as f32,
        (bottom_right[1] - top_left[1]) / TILE_SIZE as f32,
    ];
    let (inset, side) = (HUD_ICON_INSET as f32, HUD_ICON_SIZE as f32);
    let u0 = top_left[0] + inset * texel[0];
    let v0 = top_left[1] + inset * texel[1];
    let (u1, v1) = (u0 + side * texel[0], v0 + side * texel[1]);
    b.quad(
        [[x, y], [x + size, y], [x + size, y + size], [x, y + size]],
        [[u0, v0], [u1, v0], [u1, v1], [u0, v1]],
        [255; 4],
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hearts_show_two_points_each() {
        let row = |health| (0..10).map(|i| heart(health, i)).collect::<Vec<_>>();
        assert_eq!(row(20), ["heart_full"; 10]);
        let seven = row(7);
        assert_eq!(
            &seven[..4],
            ["heart_full", "heart_full", "heart_full", "heart_half"]
        );
        assert!(seven[4..].iter().all(|&h| h == "heart_empty"));
        assert_eq!(row(0), ["heart_empty"; 10]);
    }

    #[test]
    fn drumsticks_show_two_points_each_emptying_from_the_left() {
        let row = |hunger| (0..10).map(|i| drumstick(hunger, i)).collect::<Vec<_>>();
        assert_eq!(row(20), ["food_full"; 10]);
        let seven = row(7);
        assert_eq!(
            seven[..4],
            ["food_full", "food_full", "food_full", "food_half"]
        );
        assert!(seven[4..].iter().all(|&h| h == "food_empty"));
    }

    #[test]
    fn a_bubble_goes_every_ninety_ticks_and_shows_burst_as_it_goes() {
        assert_eq!(bubbles(900), (10, false));
        assert_eq!(bubbles(899), (10, false));
        assert_eq!(bubbles(810), (9, true), "the tenth just went");
        assert_eq!(bubbles(801), (9, true));
        assert_eq!(bubbles(800), (9, false));
        assert_eq!(bubbles(1), (1, false));
        assert_eq!(bubbles(0), (0, false));
    }

    #[test]
    fn every_survival_hud_icon_is_in_the_atlas() {
        for name in [
            "heart_full",
            "heart_half",
            "heart_empty",
            "bubble",
            "bubble_burst",
            "food_full",
            "food_half",
            "food_empty",
        ] {
            assert!(tile_index(name).is_some(), "{name}");
        }
        assert_eq!(wear_colour(1.0), [0, 255, 0, 255]);
        assert_eq!(wear_colour(0.0), [255, 0, 0, 255]);
    }
}
