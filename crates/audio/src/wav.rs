//! The `--audio-out` file: 16-bit stereo PCM WAV at [`RATE`], written as the mixer renders
//! and given its final length when closed.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use super::synth::RATE;

/// A WAV file being written.
#[derive(Debug)]
pub struct WavWriter {
    file: BufWriter<File>,
    frames: u32,
}

/// The bytes of a canonical 44-byte WAV header for `frames` stereo 16-bit frames.
fn header(frames: u32) -> [u8; 44] {
    let data = frames.saturating_mul(4);
    let mut h = [0u8; 44];
    let mut put = |at: usize, bytes: &[u8]| h[at..at + bytes.len()].copy_from_slice(bytes);
    put(0, b"RIFF");
    put(4, &data.saturating_add(36).to_le_bytes());
    put(8, b"WAVEfmt ");
    put(16, &16u32.to_le_bytes());
    put(20, &1u16.to_le_bytes()); // PCM
    put(22, &2u16.to_le_bytes()); // stereo
    put(24, &RATE.to_le_bytes());
    put(28, &(RATE * 4).to_le_bytes());
    put(32, &4u16.to_le_bytes());
    put(34, &16u16.to_le_bytes());
    put(36, b"data");
    put(40, &data.to_le_bytes());
    h
}

impl WavWriter {
    /// Creates (or truncates) `path` with a header for an empty file.
    ///
    /// # Errors
    /// The file cannot be created or written.
    pub fn create(path: &Path) -> std::io::Result<Self> {
        let mut file = BufWriter::new(File::create(path)?);
        file.write_all(&header(0))?;
        Ok(Self { file, frames: 0 })
    }

    /// Appends `frames`, each channel clamped to [-1, 1].
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&mut self, frames: &[[f32; 2]]) -> std::io::Result<()> {
        for frame in frames {
            for s in frame {
                let v = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
                self.file.write_all(&v.to_le_bytes())?;
            }
        }
        let before = self.frames;
        self.frames = self
            .frames
            .saturating_add(u32::try_from(frames.len()).unwrap_or(u32::MAX));
        // The lengths in the header are brought up to date every second of sound, so a run
        // that is killed still leaves a file that plays to nearly its end.
        if before / RATE != self.frames / RATE {
            self.write_header()?;
        }
        Ok(())
    }

    /// Writes the final lengths into the header and closes the file.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.write_header()?;
        self.file.flush()
    }

    /// Writes the header for the frames so far, and goes back to the end.
    fn write_header(&mut self) -> std::io::Result<()> {
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(&header(self.frames))?;
        self.file.seek(SeekFrom::End(0))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_has_the_header_and_samples_written() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("x.wav");
        let mut w = WavWriter::create(&path).expect("create");
        w.write(&[[0.5, -1.0], [2.0, 0.0]]).expect("write");
        w.finish().expect("finish");
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(bytes.len(), 44 + 8);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(
            u32::from_le_bytes([bytes[40], bytes[41], bytes[42], bytes[43]]),
            8
        );
        let sample = |i: usize| i16::from_le_bytes([bytes[44 + 2 * i], bytes[45 + 2 * i]]);
        assert_eq!([sample(0), sample(1), sample(2)], [16384, -32767, 32767]);
    }
}
