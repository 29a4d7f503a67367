//! The machine's memory, for choosing table sizes: below [`COMPACT_BELOW_BYTES`] (a Raspberry
//! Pi with 1 GB, say) the two-phase solver's full tables (636 MB) would crowd out everything
//! else, so the front ends choose the compact ones (15 MB) unless told otherwise.

/// Machines with less memory than this get the compact two-phase tables by default (2 GiB).
pub const COMPACT_BELOW_BYTES: u64 = 2 << 30;

/// The machine's total memory in bytes (`MemTotal` of `/proc/meminfo`), when it can be read.
pub fn total_memory() -> Option<u64> {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text))
}

/// Whether a machine with `total` bytes of memory (None: unknown) should use the compact
/// two-phase tables by default.
pub fn compact_by_default(total: Option<u64>) -> bool {
    total.is_some_and(|bytes| bytes < COMPACT_BELOW_BYTES)
}

/// When this machine should use the compact two-phase tables by default, the sentence that
/// says so (for the front ends to print once); None when it has 2 GiB or more, or its memory
/// cannot be read.
pub fn compact_default_notice() -> Option<String> {
    let total = total_memory()?;
    compact_by_default(Some(total)).then(|| notice(total))
}

/// The sentence of [`compact_default_notice`] for a machine with `total` bytes.
fn notice(total: u64) -> String {
    format!(
        "this machine has {:.1} GB of memory, under 2 GB: using the compact two-phase tables \
         (15 MB instead of 636 MB)",
        total as f64 / 1e9
    )
}

/// The `MemTotal` line of a `/proc/meminfo` text, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let amount: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => amount.checked_mul(1024),
        None => Some(amount),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_total_in_bytes() {
        let pi = "MemTotal:         944268 kB\nMemFree:          501832 kB\n";
        assert_eq!(mem_total(pi), Some(944_268 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        assert_eq!(mem_total("MemTotal: lots kB\n"), None);
        assert_eq!(mem_total("MemTotal: 5 MB\n"), None);
    }

    #[test]
    fn compact_below_two_gigabytes_only() {
        assert!(compact_by_default(Some(944_268 * 1024))); // a 1 GB Raspberry Pi
        assert!(compact_by_default(Some(COMPACT_BELOW_BYTES - 1)));
        assert!(!compact_by_default(Some(COMPACT_BELOW_BYTES)));
        assert!(!compact_by_default(Some(3_884_000 * 1024))); // a 4 GB Pi
        assert!(!compact_by_default(None));
    }

    #[test]
    fn the_notice_says_how_much_memory_and_which_tables() {
        let said = notice(944_268 * 1024);
        assert!(
            said.starts_with("this machine has 1.0 GB of memory, under 2 GB"),
            "{said}"
        );
        assert!(said.contains("compact two-phase tables"), "{said}");
    }

    #[test]
    fn this_machine_reports_its_memory() {
        if cfg!(target_os = "linux") {
            assert!(total_memory().is_some_and(|b| b > 0));
        }
    }
}
