//! Helpers shared by genxc's fuzz targets (and by its test suite, which includes [`gen`] and
//! [`valid`] by path).

pub mod gen;
pub mod valid;
pub mod oracle;
