//! The exceptions `mcr_engine` raises: all derive from `McrError`; those a
//! caller may already catch as a `ValueError` or a `TypeError` derive from
//! that too (`HandError`, `UnsupportedInput`, `UnknownRules`,
//! `ArgumentError` are `ValueError`s, `ArgumentTypeError` a `TypeError`).
//!
//! `create_exception!` gives a class one base; the classes of two bases are
//! made once per interpreter by calling `type(name, bases, dict)`, and
//! raised through [`Exception::new_err`] as the others are.

use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyTuple, PyType};

create_exception!(mcr_engine, McrError, pyo3::exceptions::PyException, "Base class of the errors mcr_engine raises.");
create_exception!(
    mcr_engine,
    EngineError,
    McrError,
    "The engine refused a command: bad wall, quan or srand, a missing response, step before reset or after the end."
);
create_exception!(mcr_engine, EnvError, McrError, "The environment refused a command or its input: bad configuration, arrays of the wrong dtype, shape or layout, actions out of range.");
create_exception!(mcr_engine, RecordError, McrError, "A record file could not be read, or one of its lines is not a valid record; `path` and `line` (1-based, 0 = the file itself) say where.");

/// An exception class of two bases: `McrError` and a built-in one.
pub struct Exception {
    name: &'static str,
    doc: &'static str,
    /// The built-in base: `ValueError` or `TypeError`.
    builtin: fn(Python<'_>) -> Bound<'_, PyType>,
    class: GILOnceCell<Py<PyType>>,
}

impl Exception {
    const fn new(name: &'static str, doc: &'static str, builtin: fn(Python<'_>) -> Bound<'_, PyType>) -> Exception {
        Exception { name, doc, builtin, class: GILOnceCell::new() }
    }

    /// The class, made on first use.
    pub fn type_object<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyType>> {
        let class = self.class.get_or_try_init(py, || -> PyResult<Py<PyType>> {
            let bases = PyTuple::new(py, [py.get_type::<McrError>(), (self.builtin)(py)])?;
            let dict = PyDict::new(py);
            dict.set_item("__doc__", self.doc)?;
            dict.set_item("__module__", "mcr_engine")?;
            let class = py.get_type::<PyType>().call1((self.name, bases, dict))?;
            Ok(class.downcast_into::<PyType>()?.unbind())
        })?;
        Ok(class.bind(py).clone())
    }

    /// An error of this class with `message`.
    pub fn new_err(&self, message: impl std::fmt::Display) -> PyErr {
        let message = message.to_string();
        Python::with_gil(|py| match self.type_object(py) {
            Ok(class) => PyErr::from_type(class, message),
            Err(e) => e,
        })
    }
}

fn value_error(py: Python<'_>) -> Bound<'_, PyType> {
    py.get_type::<pyo3::exceptions::PyValueError>()
}

fn type_error(py: Python<'_>) -> Bound<'_, PyType> {
    py.get_type::<pyo3::exceptions::PyTypeError>()
}

/// A hand that cannot be read (a `ValueError`).
pub static HAND_ERROR: Exception = Exception::new(
    "HandError",
    "A hand that cannot be read: unknown tile, bad pack, too many tiles or packs, wind out of range.",
    value_error,
);

/// The mahjonggb drop-in's refusal of an input without a stated rule (a `ValueError`).
pub static UNSUPPORTED_INPUT: Exception = Exception::new(
    "UnsupportedInput",
    "mahjonggb drop-in: an input pymahjonggb 1.4.0 accepts without a stated rule (wind outside 0..3, PENG/CHI with offer 0, CHI not on the middle tile of a run).",
    value_error,
);

/// A `rules=` naming no profile (a `ValueError`).
pub static UNKNOWN_RULES: Exception = Exception::new(
    "UnknownRules",
    "`rules=` names no rule profile; the message lists the known ones (`mcr_engine.profiles()`).",
    value_error,
);

/// An argument outside its allowed values (a `ValueError`).
pub static ARGUMENT_ERROR: Exception = Exception::new(
    "ArgumentError",
    "An argument outside its allowed values (a format name, an option, a bot's settings).",
    value_error,
);

/// An argument of the wrong type (a `TypeError`).
pub static ARGUMENT_TYPE_ERROR: Exception = Exception::new(
    "ArgumentTypeError",
    "An argument of the wrong type (a hand that is neither text nor a dict).",
    type_error,
);

/// Adds every class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("McrError", py.get_type::<McrError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EnvError", py.get_type::<EnvError>())?;
    for e in [&HAND_ERROR, &UNSUPPORTED_INPUT, &UNKNOWN_RULES, &ARGUMENT_ERROR, &ARGUMENT_TYPE_ERROR] {
        m.add(e.name, e.type_object(py)?)?;
    }
    Ok(())
}

/// `HandError::new_err(message)` and the like, as for the classes of one base.
macro_rules! raiser {
    ($name:ident, $class:ident) => {
        #[doc = concat!("Raises `", stringify!($name), "`.")]
        pub struct $name;

        impl $name {
            /// An error of this class with `message`.
            #[allow(dead_code)]
            pub fn new_err(message: impl std::fmt::Display) -> PyErr {
                $class.new_err(message)
            }

            /// The class.
            #[allow(dead_code)]
            pub fn type_object(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
                $class.type_object(py)
            }
        }
    };
}

raiser!(HandError, HAND_ERROR);
raiser!(UnsupportedInput, UNSUPPORTED_INPUT);
raiser!(UnknownRules, UNKNOWN_RULES);
raiser!(ArgumentError, ARGUMENT_ERROR);
raiser!(ArgumentTypeError, ARGUMENT_TYPE_ERROR);
