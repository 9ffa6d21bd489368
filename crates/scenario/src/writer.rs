//! Writes the scenario types of [`raw`](super::raw) as TOML, laid out the way recordings
//! always have been: a struct's plain values first, one `key = value` line each in field
//! order, then its tables and arrays of tables, each after a blank line under its `[header]`.
//!
//! Floats are written with Rust's shortest round-trip formatting (`{:?}`), which always has a
//! `.` or an exponent, so a replay reads back the very same bits. The `toml` crate's writer
//! spells floats and spaces tables its own way, which would change every recording; this one
//! is small because scenarios need only structs, arrays, strings, numbers and booleans.

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{self, Impossible};

/// Why a value could not be written as a scenario file.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the scenario as TOML: {0}")]
pub struct WriteError(String);

impl ser::Error for WriteError {
    fn custom<T: std::fmt::Display>(message: T) -> Self {
        Self(message.to_string())
    }
}

fn unsupported(what: &str) -> WriteError {
    WriteError(format!("{what} has no place in a scenario file"))
}

/// `value`, a struct, as the text of a TOML file.
///
/// # Errors
/// [`WriteError`] if `value` holds something the scenario format has no way to write: a map,
/// bytes, an enum with data, a missing value inside an array, an integer beyond i64.
pub fn to_string<T: Serialize>(value: &T) -> Result<String, WriteError> {
    let Node::Table(fields) = value.serialize(NodeSerializer)? else {
        return Err(WriteError("the top of a file must be a table".to_owned()));
    };
    let mut out = String::new();
    write_table(&mut out, "", &fields);
    Ok(out)
}

/// A value on its way to the file.
enum Node {
    /// `None`: the key is left out.
    Absent,
    /// Written on its key's line: a number, string, boolean or array of those.
    Inline(String),
    /// A `[table]`.
    Table(Vec<(String, Node)>),
    /// An array of `[[tables]]`.
    Tables(Vec<Vec<(String, Node)>>),
}

fn write_table(out: &mut String, path: &str, fields: &[(String, Node)]) {
    for (key, node) in fields {
        if let Node::Inline(value) = node {
            let _ = writeln!(out, "{} = {value}", bare_key(key));
        }
    }
    for (key, node) in fields {
        let path = if path.is_empty() {
            bare_key(key)
        } else {
            format!("{path}.{}", bare_key(key))
        };
        match node {
            Node::Table(inner) => {
                let _ = writeln!(out, "\n[{path}]");
                write_table(out, &path, inner);
            }
            Node::Tables(list) => {
                for inner in list {
                    let _ = writeln!(out, "\n[[{path}]]");
                    write_table(out, &path, inner);
                }
            }
            Node::Absent | Node::Inline(_) => {}
        }
    }
}

/// `key` as TOML spells it: bare when it can be, else quoted.
fn bare_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare { key.to_owned() } else { quoted(key) }
}

/// `text` as a TOML basic string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Turns a serde value into a [`Node`].
struct NodeSerializer;

fn inline(text: impl Into<String>) -> Result<Node, WriteError> {
    Ok(Node::Inline(text.into()))
}

impl ser::Serializer for NodeSerializer {
    type Ok = Node;
    type Error = WriteError;
    type SerializeSeq = SeqNodes;
    type SerializeTuple = SeqNodes;
    type SerializeTupleStruct = SeqNodes;
    type SerializeTupleVariant = Impossible<Node, WriteError>;
    type SerializeMap = MapNodes;
    type SerializeStruct = FieldNodes;
    type SerializeStructVariant = Impossible<Node, WriteError>;

    fn serialize_bool(self, v: bool) -> Result<Node, WriteError> {
        inline(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Node, WriteError> {
        inline(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Node, WriteError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Node, WriteError> {
        // TOML integers are i64; the format writes larger numbers (seeds) as strings itself.
        let v = i64::try_from(v).map_err(|_| unsupported("an integer above i64::MAX"))?;
        self.serialize_i64(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Node, WriteError> {
        inline(format!("{v:?}"))
    }
    fn serialize_f64(self, v: f64) -> Result<Node, WriteError> {
        inline(format!("{v:?}"))
    }
    fn serialize_char(self, v: char) -> Result<Node, WriteError> {
        inline(quoted(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<Node, WriteError> {
        inline(quoted(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Node, WriteError> {
        Err(unsupported("bytes"))
    }
    fn serialize_none(self) -> Result<Node, WriteError> {
        Ok(Node::Absent)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Node, WriteError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node, WriteError> {
        Err(unsupported("a unit value"))
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Node, WriteError> {
        Err(unsupported(name))
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Node, WriteError> {
        inline(quoted(variant))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Node, WriteError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Node, WriteError> {
        Err(unsupported(name))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqNodes, WriteError> {
        Ok(SeqNodes(Vec::with_capacity(len.unwrap_or_default())))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqNodes, WriteError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<SeqNodes, WriteError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, WriteError> {
        Err(unsupported(name))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapNodes, WriteError> {
        Ok(MapNodes {
            fields: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<FieldNodes, WriteError> {
        Ok(FieldNodes(Vec::with_capacity(len)))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, WriteError> {
        Err(unsupported(name))
    }
}

/// The elements of an array so far.
struct SeqNodes(Vec<Node>);

impl ser::SerializeSeq for SeqNodes {
    type Ok = Node;
    type Error = WriteError;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), WriteError> {
        self.0.push(value.serialize(NodeSerializer)?);
        Ok(())
    }

    /// An array of tables if every element is a table (and there is one), else an inline
    /// array, which may hold only inline values.
    fn end(self) -> Result<Node, WriteError> {
        if !self.0.is_empty() && self.0.iter().all(|n| matches!(n, Node::Table(_))) {
            let tables = self.0.into_iter().filter_map(|n| match n {
                Node::Table(fields) => Some(fields),
                _ => None,
            });
            return Ok(Node::Tables(tables.collect()));
        }
        let mut items = Vec::with_capacity(self.0.len());
        for node in self.0 {
            match node {
                Node::Inline(text) => items.push(text),
                Node::Absent => return Err(unsupported("a missing value inside an array")),
                Node::Table(_) | Node::Tables(_) => {
                    return Err(unsupported("a table inside an array of values"));
                }
            }
        }
        inline(format!("[{}]", items.join(", ")))
    }
}

impl ser::SerializeTuple for SeqNodes {
    type Ok = Node;
    type Error = WriteError;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Node, WriteError> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqNodes {
    type Ok = Node;
    type Error = WriteError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Node, WriteError> {
        ser::SerializeSeq::end(self)
    }
}

/// The fields of a struct so far, in order.
struct FieldNodes(Vec<(String, Node)>);

impl ser::SerializeStruct for FieldNodes {
    type Ok = Node;
    type Error = WriteError;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        self.0
            .push((key.to_owned(), value.serialize(NodeSerializer)?));
        Ok(())
    }

    fn end(self) -> Result<Node, WriteError> {
        Ok(Node::Table(self.0))
    }
}

/// The entries of a map with string keys so far, in the map's order: written as a table
/// whose keys are the map's (`[players.alice]`).
struct MapNodes {
    fields: Vec<(String, Node)>,
    key: Option<String>,
}

impl ser::SerializeMap for MapNodes {
    type Ok = Node;
    type Error = WriteError;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), WriteError> {
        match serde_json::to_value(key) {
            Ok(serde_json::Value::String(key)) => {
                self.key = Some(key);
                Ok(())
            }
            _ => Err(unsupported("a map key that is not a string")),
        }
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), WriteError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| unsupported("a map value without a key"))?;
        self.fields.push((key, value.serialize(NodeSerializer)?));
        Ok(())
    }

    fn end(self) -> Result<Node, WriteError> {
        Ok(Node::Table(self.fields))
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;

    #[derive(Serialize)]
    struct Inner {
        name: &'static str,
        list: Vec<[i32; 2]>,
    }

    #[derive(Serialize)]
    struct Outer {
        ratio: f64,
        missing: Option<bool>,
        table: Inner,
        #[serde(rename = "row")]
        rows: Vec<Inner>,
        odd: &'static str,
    }

    #[test]
    fn values_come_first_then_tables_each_under_its_header() {
        let text = to_string(&Outer {
            ratio: 1e16,
            missing: None,
            table: Inner {
                name: "a \"b\"",
                list: vec![[1, 2], [-3, 4]],
            },
            rows: vec![
                Inner {
                    name: "c",
                    list: Vec::new(),
                },
                Inner {
                    name: "d",
                    list: vec![[0, 0]],
                },
            ],
            odd: "tab\there",
        });
        let expected = "ratio = 1e16\nodd = \"tab\\there\"\n\
                        \n[table]\nname = \"a \\\"b\\\"\"\nlist = [[1, 2], [-3, 4]]\n\
                        \n[[row]]\nname = \"c\"\nlist = []\n\
                        \n[[row]]\nname = \"d\"\nlist = [[0, 0]]\n";
        assert_eq!(text.ok().as_deref(), Some(expected));
        assert!(toml::from_str::<toml::Table>(expected).is_ok());
    }

    #[test]
    fn what_toml_cannot_hold_is_an_error() {
        assert!(to_string(&[1, 2]).is_err(), "not a table");
        #[derive(Serialize)]
        struct Big {
            n: u64,
        }
        assert!(to_string(&Big { n: u64::MAX }).is_err());
        #[derive(Serialize)]
        struct Holes {
            v: Vec<Option<i32>>,
        }
        assert!(
            to_string(&Holes {
                v: vec![Some(1), None]
            })
            .is_err()
        );
    }
}
