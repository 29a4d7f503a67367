//! The page's files, embedded in the binary so `rubik serve` needs nothing else at run time,
//! and written out as a static site by [`export`] (`rubik serve --export DIR`): the same page,
//! which then runs on its WebAssembly core with no server (`static/core.js`).

use axum::http::header;
use axum::response::IntoResponse;

/// One embedded file: its URL path, content type and bytes.
pub struct Asset {
    /// Path it is served at.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its contents.
    pub body: &'static [u8],
}

/// Every file of the page.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("../static/index.html"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../static/style.css"),
    },
    Asset {
        path: "/i18n.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/i18n.js"),
    },
    Asset {
        path: "/cube.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/cube.js"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/app.js"),
    },
    Asset {
        path: "/goals.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/goals.js"),
    },
    Asset {
        path: "/scan.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/scan.js"),
    },
    Asset {
        path: "/scan.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../static/scan.css"),
    },
    Asset {
        path: "/core.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/core.js"),
    },
    Asset {
        path: "/worker.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/worker.js"),
    },
    Asset {
        path: "/sw.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/sw.js"),
    },
    Asset {
        path: "/manifest.webmanifest",
        content_type: "application/manifest+json",
        body: include_bytes!("../static/manifest.webmanifest"),
    },
    // The WebAssembly core and its wasm-bindgen glue, built by build.rs from crates/wasm.
    Asset {
        path: "/rubik_wasm.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!(concat!(env!("OUT_DIR"), "/pkg/rubik_wasm.js")),
    },
    Asset {
        path: "/rubik_wasm_bg.wasm",
        content_type: "application/wasm",
        body: include_bytes!(concat!(env!("OUT_DIR"), "/pkg/rubik_wasm_bg.wasm")),
    },
    Asset {
        path: "/playback.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/playback.js"),
    },
    Asset {
        path: "/drag.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/drag.js"),
    },
    Asset {
        path: "/caseview.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/caseview.js"),
    },
    Asset {
        path: "/timer.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/timer.js"),
    },
    Asset {
        path: "/trainer.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../static/trainer.js"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../static/favicon.svg"),
    },
];

/// The page allows only its own scripts, styles and API: nothing is loaded from elsewhere
/// (`'wasm-unsafe-eval'` lets it compile its own WebAssembly core, nothing more).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; \
     connect-src 'self'; frame-ancestors 'none'";

/// A handler serving `asset`.
pub fn serve(asset: &'static Asset) -> impl IntoResponse + Clone {
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        asset.body,
    )
}

/// The file name of `asset` in a static copy of the page (`/` is `index.html`).
pub fn file_name(asset: &Asset) -> &'static str {
    match asset.path.trim_start_matches('/') {
        "" => "index.html",
        name => name,
    }
}

/// Writes the page into `dir` (created if needed) as static files that work from any static
/// web host, or offline after the first visit, with no server: the page answers its own API
/// calls with its WebAssembly core. Returns the files written.
pub fn export(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    ASSETS
        .iter()
        .map(|asset| {
            let path = dir.join(file_name(asset));
            std::fs::write(&path, asset.body)?;
            Ok(path)
        })
        .collect()
}
