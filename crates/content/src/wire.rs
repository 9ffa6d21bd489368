//! Packs as a server sends them: each known by its identity, a hash of everything in it, and
//! carried as a `.zip` archive; a world's content known by one id, a hash of its packs'
//! identities and its block table, so a client that has it already fetches nothing.

use std::io::Write as _;

use sha2::{Digest, Sha256};

use super::pack::Pack;

impl Pack {
    /// What the pack is, as a hex SHA-256 of its manifest and every file, path and bytes, in
    /// path order: the same for a pack read from its folder or from any archive of it.
    #[must_use]
    pub fn identity(&self) -> String {
        let mut hash = Sha256::new();
        let m = &self.manifest;
        for field in [&m.name, &m.version, &m.description] {
            hash.update(field.as_bytes());
            hash.update([0]);
        }
        for need in &m.needs {
            hash.update(need.as_bytes());
            hash.update([0]);
        }
        // Packs without a mod hash as they did before mods.
        if let Some(module) = &m.module {
            hash.update([2]);
            hash.update(module.as_bytes());
            hash.update([0]);
        }
        for (path, bytes) in &self.files {
            hash.update([1]);
            hash.update(path.as_bytes());
            hash.update([0]);
            hash.update((bytes.len() as u64).to_le_bytes());
            hash.update(bytes);
        }
        hex(&hash.finalize())
    }

    /// The pack as a client has it: without its mod, whose code runs on the server alone.
    #[must_use]
    pub fn for_clients(&self) -> Self {
        let mut pack = self.clone();
        if let Some(module) = pack.manifest.module.take() {
            pack.files.remove(&module);
        }
        pack
    }

    /// The pack as a `.zip` archive, deflated, its `pack.toml` and files at the top, as
    /// [`Pack::read_zip`] reads one back.
    #[must_use]
    pub fn archive(&self) -> Vec<u8> {
        let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        let manifest = toml::to_string(&self.manifest).unwrap_or_default();
        let files = std::iter::once(("pack.toml", manifest.as_bytes()))
            .chain(self.files.iter().map(|(p, b)| (p.as_str(), b.as_slice())));
        for (path, bytes) in files {
            // Writing into memory fails only for an archive past zip's own limits, which a
            // pack, held to 64 MiB, never reaches.
            let written = archive
                .start_file(path, options)
                .map_err(std::io::Error::other)
                .and_then(|()| archive.write_all(bytes));
            if written.is_err() {
                return Vec::new();
            }
        }
        archive
            .finish()
            .map(std::io::Cursor::into_inner)
            .unwrap_or_default()
    }
}

/// A world's content id: a hex SHA-256 of its packs' identities, in order, and the name of
/// each of its block ids.
#[must_use]
pub fn content_id<'a>(identities: &[String], names: impl Iterator<Item = &'a str>) -> String {
    let mut hash = Sha256::new();
    for identity in identities {
        hash.update(identity.as_bytes());
        hash.update([0]);
    }
    hash.update([1]);
    for name in names {
        hash.update(name.as_bytes());
        hash.update([0]);
    }
    hex(&hash.finalize())
}

/// `bytes` in lowercase hex.
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn more_stone() -> Pack {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/more-stone");
        Pack::read_dir(&dir).expect("the example pack reads")
    }

    #[test]
    fn a_pack_sent_as_an_archive_reads_back_as_the_same_pack() {
        let pack = more_stone();
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(format!("{}.zip", pack.identity()));
        std::fs::write(&path, pack.archive()).expect("written");
        let back = Pack::read_zip(&path).expect("reads");
        assert_eq!(back.manifest, pack.manifest);
        assert_eq!(back.files, pack.files);
        assert_eq!(back.identity(), pack.identity());
        assert_eq!(pack.identity().len(), 64);
    }

    #[test]
    fn any_change_to_a_pack_or_the_table_changes_the_ids() {
        let pack = more_stone();
        let mut changed = pack.clone();
        changed.manifest.version.push_str(".1");
        assert_ne!(changed.identity(), pack.identity());
        let ids = [pack.identity()];
        let names = ["air", "stone"];
        let id = content_id(&ids, names.iter().copied());
        assert_eq!(id, content_id(&ids, names.iter().copied()));
        assert_ne!(id, content_id(&ids, ["air"].iter().copied()));
        assert_ne!(id, content_id(&[], names.iter().copied()));
    }
}
