//! The judge's output text: JSON as jsoncpp's stream operator writes it.
//!
//! The judge prints its output with `cout << value`, so the layout is that
//! of the jsoncpp it is linked with. Keys come in byte order (jsoncpp keeps
//! an object's members in a `std::map`), the indentation is one tab and a
//! key is followed by ` : `.
//!
//! - [`Layout::Jsoncpp1`]: jsoncpp 1.x (1.9.5, as Debian and Ubuntu ship it):
//!   every non-empty array one element a line, non-ASCII characters as
//!   `\uXXXX` escapes (lowercase hexadecimal), no line feed at the end.
//! - [`Layout::Jsoncpp05`]: jsoncpp 0.5.0 (botzone-local's binary): a line
//!   feed first and last, an array of scalars on one line (`[ -4, -4, -4, -4 ]`)
//!   when it fits in 74 characters, characters written as they are (UTF-8).
//! - [`Layout::Compact`]: one line, no spaces, then a line feed.

use serde_json::Value;

/// How the output is written (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// jsoncpp 1.x's styled stream writer (1.9.5).
    Jsoncpp1,
    /// jsoncpp 0.5.0's styled stream writer.
    Jsoncpp05,
    /// One line of JSON.
    Compact,
}

impl Layout {
    /// Every layout, in the order [`Layout::name`] lists them.
    pub const ALL: [Layout; 3] = [Layout::Jsoncpp1, Layout::Jsoncpp05, Layout::Compact];

    /// Its name on the command line (`jsoncpp-1`, `jsoncpp-0.5`, `compact`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Jsoncpp1 => "jsoncpp-1",
            Layout::Jsoncpp05 => "jsoncpp-0.5",
            Layout::Compact => "compact",
        }
    }

    /// The layout of that name.
    pub fn by_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }

    /// `value` as the judge linked with this jsoncpp prints it.
    pub fn write(self, value: &Value) -> String {
        match self {
            Layout::Jsoncpp1 => {
                let mut w = Styled1 { out: String::new(), indent: String::new(), indented: true };
                w.value(value);
                w.out
            }
            Layout::Jsoncpp05 => {
                let mut w = Styled05 { out: String::new(), indent: String::new() };
                w.value(value);
                w.out.push('\n');
                w.out
            }
            Layout::Compact => {
                let mut out = Value::to_string(&sorted(value));
                out.push('\n');
                out
            }
        }
    }
}

/// `value` with every object's keys in byte order, as jsoncpp keeps them.
fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&o[k]))).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// An object's members in byte order of their keys.
fn members(o: &serde_json::Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut m: Vec<(&String, &Value)> = o.iter().collect();
    m.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    m
}

/// A scalar as jsoncpp writes it (`escape_utf8`: non-ASCII as `\u` escapes).
fn scalar(value: &Value, escape_utf8: bool) -> String {
    match value {
        Value::String(s) => quoted(s, escape_utf8),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

/// A quoted string: `"` and `\` escaped, the C escapes `\b \f \n \r \t`,
/// other control characters as `\u00XX` (jsoncpp 1.x: lowercase hex, and
/// every non-ASCII character as `\uXXXX`; 0.5.0: uppercase hex, non-ASCII
/// as it is).
fn quoted(s: &str, escape_utf8: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 && escape_utf8 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04X}", c as u32)),
            c if (c as u32) >= 0x80 && escape_utf8 => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// jsoncpp 1.x's `BuiltStyledStreamWriter` with every comment style on
/// (which makes every non-empty array multi-line).
struct Styled1 {
    out: String,
    indent: String,
    indented: bool,
}

impl Styled1 {
    fn newline(&mut self) {
        self.out.push('\n');
        self.out.push_str(&self.indent);
    }

    fn with_indent(&mut self, text: &str) {
        if !self.indented {
            self.newline();
        }
        self.out.push_str(text);
        self.indented = false;
    }

    fn value(&mut self, value: &Value) {
        match value {
            Value::Object(o) if !o.is_empty() => {
                self.with_indent("{");
                self.indent.push('\t');
                let m = members(o);
                for (i, (key, child)) in m.iter().enumerate() {
                    self.with_indent(&quoted(key, true));
                    self.out.push_str(" : ");
                    self.value(child);
                    if i + 1 < m.len() {
                        self.out.push(',');
                    }
                }
                self.indent.pop();
                self.with_indent("}");
            }
            Value::Array(a) if !a.is_empty() => {
                self.with_indent("[");
                self.indent.push('\t');
                for (i, child) in a.iter().enumerate() {
                    if !self.indented {
                        self.newline();
                    }
                    self.indented = true;
                    self.value(child);
                    self.indented = false;
                    if i + 1 < a.len() {
                        self.out.push(',');
                    }
                }
                self.indent.pop();
                self.with_indent("]");
            }
            Value::Object(_) => self.out.push_str("{}"),
            Value::Array(_) => self.out.push_str("[]"),
            scalar_value => self.out.push_str(&scalar(scalar_value, true)),
        }
    }
}

/// jsoncpp 0.5.0's `StyledStreamWriter`.
struct Styled05 {
    out: String,
    indent: String,
}

/// jsoncpp 0.5.0's right margin for one-line arrays.
const RIGHT_MARGIN: usize = 74;

impl Styled05 {
    fn with_indent(&mut self, text: &str) {
        self.out.push('\n');
        self.out.push_str(&self.indent);
        self.out.push_str(text);
    }

    fn value(&mut self, value: &Value) {
        match value {
            Value::Object(o) if !o.is_empty() => {
                self.with_indent("{");
                self.indent.push('\t');
                let m = members(o);
                for (i, (key, child)) in m.iter().enumerate() {
                    self.with_indent(&quoted(key, false));
                    self.out.push_str(" : ");
                    self.value(child);
                    if i + 1 < m.len() {
                        self.out.push(',');
                    }
                }
                self.indent.pop();
                self.with_indent("}");
            }
            Value::Array(a) if !a.is_empty() => self.array(a),
            Value::Object(_) => self.out.push_str("{}"),
            Value::Array(_) => self.out.push_str("[]"),
            scalar_value => self.out.push_str(&scalar(scalar_value, false)),
        }
    }

    /// One line when no element is a non-empty container, there are fewer
    /// than 25 elements and `[ a, b ]` is shorter than the margin; else one
    /// element a line (scalars as rendered for the one-line test).
    fn array(&mut self, a: &[Value]) {
        let nested = a
            .iter()
            .any(|c| matches!(c, Value::Array(x) if !x.is_empty()) || matches!(c, Value::Object(x) if !x.is_empty()));
        let rendered: Option<Vec<String>> = (a.len() * 3 < RIGHT_MARGIN && !nested).then(|| {
            a.iter()
                .map(|c| match c {
                    Value::Array(_) => "[]".to_string(),
                    Value::Object(_) => "{}".to_string(),
                    s => scalar(s, false),
                })
                .collect()
        });
        if let Some(items) = &rendered {
            let length = 4 + (a.len() - 1) * 2 + items.iter().map(String::len).sum::<usize>();
            if length < RIGHT_MARGIN {
                self.out.push_str("[ ");
                self.out.push_str(&items.join(", "));
                self.out.push_str(" ]");
                return;
            }
        }
        self.with_indent("[");
        self.indent.push('\t');
        for (i, child) in a.iter().enumerate() {
            match &rendered {
                Some(items) => self.with_indent(&items[i]),
                None => {
                    self.out.push('\n');
                    self.out.push_str(&self.indent);
                    self.value(child);
                }
            }
            if i + 1 < a.len() {
                self.out.push(',');
            }
        }
        self.indent.pop();
        self.with_indent("]");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn layouts_of_a_small_output() {
        let v = json!({"display": {"canHu": [-4, -4], "action": "HU", "fan": [{"name": "边张", "cnt": 1}]}, "command": "finish"});
        assert_eq!(
            Layout::Jsoncpp1.write(&v),
            "{\n\t\"command\" : \"finish\",\n\t\"display\" : \n\t{\n\t\t\"action\" : \"HU\",\n\t\t\"canHu\" : \n\t\t[\n\t\t\t-4,\n\t\t\t-4\n\t\t],\n\t\t\"fan\" : \n\t\t[\n\t\t\t{\n\t\t\t\t\"cnt\" : 1,\n\t\t\t\t\"name\" : \"\\u8fb9\\u5f20\"\n\t\t\t}\n\t\t]\n\t}\n}"
        );
        assert_eq!(
            Layout::Jsoncpp05.write(&v),
            "\n{\n\t\"command\" : \"finish\",\n\t\"display\" : \n\t{\n\t\t\"action\" : \"HU\",\n\t\t\"canHu\" : [ -4, -4 ],\n\t\t\"fan\" : \n\t\t[\n\t\t\t\n\t\t\t{\n\t\t\t\t\"cnt\" : 1,\n\t\t\t\t\"name\" : \"边张\"\n\t\t\t}\n\t\t]\n\t}\n}\n"
        );
        assert_eq!(
            Layout::Compact.write(&v),
            "{\"command\":\"finish\",\"display\":{\"action\":\"HU\",\"canHu\":[-4,-4],\"fan\":[{\"cnt\":1,\"name\":\"边张\"}]}}\n"
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(quoted("a\"b\\\u{1}\u{1F600}", true), "\"a\\\"b\\\\\\u0001\\ud83d\\ude00\"");
        assert_eq!(quoted("a\u{1f}é", false), "\"a\\u001Fé\"");
    }
}
