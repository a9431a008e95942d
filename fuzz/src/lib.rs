//! Helpers shared by genxc's fuzz targets (and by its test suite, which includes [`gen`] by path).

pub mod gen;
