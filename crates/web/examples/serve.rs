//! Runs the web app without the CLI: `cargo run -p rubik-web --example serve -- 127.0.0.1:8080`.

fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8080".to_string());
    let addr = match addr.parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bad address {addr:?}: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = rubik_web::run(addr, rubik_solve::SolverConfig::default()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
