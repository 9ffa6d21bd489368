//! The packs a client has fetched from servers, kept by identity in its data folder
//! (`cache/packs/IDENTITY.zip`), so that joining again costs nothing. A cached archive is
//! read within a pack's bounds and its identity checked every time it is used: a file
//! damaged or changed since is fetched again, never trusted.

use std::path::PathBuf;

use hewn_content::Pack;

use super::SaveError;

/// The folder of cached packs: `cache/packs` in the [data folder](super::data_dir).
///
/// # Errors
/// [`SaveError::NoDataDir`] if there is no home folder.
pub fn packs_cache_dir() -> Result<PathBuf, SaveError> {
    Ok(super::data_dir()?.join("cache").join("packs"))
}

/// Whether `identity` is one: 64 lowercase hex digits, and so safe as a file name.
fn is_identity(identity: &str) -> bool {
    identity.len() == 64
        && identity
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The cached pack of `identity`, if the cache holds it whole.
#[must_use]
pub fn cached_pack(identity: &str) -> Option<Pack> {
    if !is_identity(identity) {
        return None;
    }
    let path = packs_cache_dir().ok()?.join(format!("{identity}.zip"));
    let pack = Pack::read_zip(&path).ok()?;
    (pack.identity() == identity).then_some(pack)
}

/// Keeps `archive`, fetched as the pack of `identity`, in the cache, and gives the pack.
///
/// # Errors
/// In words: an archive that is not a pack or not the one of `identity` (nothing is kept),
/// or a cache that cannot be written.
pub fn cache_pack(identity: &str, archive: &[u8]) -> Result<Pack, String> {
    if !is_identity(identity) {
        return Err(format!("{identity:?} is not a pack's identity"));
    }
    let dir = packs_cache_dir().map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // Written under a name of its own and read back before it takes its place, so the
    // cache never holds a file that is not the pack it is named for.
    let temp = dir.join(format!("{identity}.{}.part", std::process::id()));
    let path = dir.join(format!("{identity}.zip"));
    std::fs::write(&temp, archive).map_err(|e| format!("{}: {e}", temp.display()))?;
    let read = Pack::read_zip(&temp).map_err(|p| super::escaped(&p.to_string()).into_owned());
    let checked = read.and_then(|pack| {
        if pack.identity() == identity {
            Ok(pack)
        } else {
            Err("its files are not those the server named".to_owned())
        }
    });
    match checked {
        Ok(pack) => {
            std::fs::rename(&temp, &path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(pack)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(e)
        }
    }
}
