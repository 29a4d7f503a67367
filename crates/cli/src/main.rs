//! The `rubik` command.

fn main() -> anyhow::Result<()> {
    Ok(())
}
