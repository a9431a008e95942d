//! The temporary files and folders a compile creates, listed while they exist: outputs the command
//! stages in their folder before renaming them into place, and the finalizer's working folders.
//! The `genxc` command removes every listed one when it is interrupted (SIGINT, SIGTERM, SIGHUP)
//! before it ends, so an interrupted build leaves nothing behind; the library only keeps the list.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The listed paths, each with the number its [`Listed`] holds.
static LISTED: Mutex<Vec<(u64, PathBuf)>> = Mutex::new(Vec::new());

/// The number of the next listed path.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// The list, even after a thread panicked holding it.
fn listed() -> MutexGuard<'static, Vec<(u64, PathBuf)>> {
    LISTED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A path on the list, taken off it when this is dropped.
#[derive(Debug)]
pub struct Listed(u64);

impl Drop for Listed {
    fn drop(&mut self) {
        listed().retain(|(n, _)| *n != self.0);
    }
}

/// Lists `path` until the returned value is dropped.
pub fn list(path: &Path) -> Listed {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    listed().push((n, path.to_path_buf()));
    Listed(n)
}

/// Lists `path` until the process ends (for a file renamed away soon, whose removal later would
/// find nothing).
pub fn list_until_exit(path: &Path) {
    std::mem::forget(list(path));
}

/// A new temporary folder, listed while it exists (removed, then taken off the list, on drop).
#[derive(Debug)]
pub struct TempFolder {
    // dropped first: the folder goes before its listing
    dir: tempfile::TempDir,
    _listed: Listed,
}

impl TempFolder {
    /// A new, listed temporary folder in the system's temporary folder.
    pub fn new() -> std::io::Result<TempFolder> {
        let dir = tempfile::tempdir()?;
        let listed = list(dir.path());
        Ok(TempFolder { dir, _listed: listed })
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// Holds the list: no listed path is removed by [`remove_listed`] while the returned guard lives
/// (the command holds it while it renames its outputs into place).
pub fn hold() -> MutexGuard<'static, Vec<(u64, PathBuf)>> {
    listed()
}

/// Removes every listed path that still exists (folders with what they hold), once nothing holds
/// the list.
pub fn remove_listed() {
    remove(&listed_paths());
}

/// The paths listed now.
fn listed_paths() -> Vec<PathBuf> {
    listed().iter().map(|(_, p)| p.clone()).collect()
}

/// Removes each of `paths` that exists: a folder with what it holds, anything else itself.
fn remove(paths: &[PathBuf]) {
    for p in paths {
        match std::fs::symlink_metadata(p) {
            Ok(m) if m.is_dir() => {
                let _ = std::fs::remove_dir_all(p);
            }
            Ok(_) => {
                let _ = std::fs::remove_file(p);
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_listed_while_they_live_and_removed_with_what_they_hold() {
        // (other tests of this process list folders too: nothing here removes the whole list)
        let folder = TempFolder::new().unwrap();
        std::fs::write(folder.path().join("f"), b"x").unwrap();
        let other = tempfile::NamedTempFile::new().unwrap();
        let file = other.path().to_path_buf();
        let listing = list(&file);
        let now = listed_paths();
        assert!(now.contains(&folder.path().to_path_buf()) && now.contains(&file));
        drop(listing);
        assert!(!listed_paths().contains(&file));
        let folder_path = folder.path().to_path_buf();
        drop(folder);
        assert!(!listed_paths().contains(&folder_path) && !folder_path.exists());
        let kept = TempFolder::new().unwrap();
        std::fs::create_dir(kept.path().join("inner")).unwrap();
        std::fs::write(kept.path().join("inner/f"), b"x").unwrap();
        remove(&[kept.path().to_path_buf(), file.clone()]);
        assert!(!kept.path().exists() && !file.exists());
    }
}
