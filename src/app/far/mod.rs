//! The far view: coarse copies of the world drawn beyond the render distance.

pub mod rings;
