//! The page's files, embedded in the binary so `rubik serve` needs nothing else at run time.

use axum::http::header;
use axum::response::IntoResponse;

/// One embedded file: its URL path, content type and bytes.
pub struct Asset {
    /// Path it is served at.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its contents.
    pub body: &'static str,
}

/// Every file of the page.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_str!("../static/index.html"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../static/style.css"),
    },
    Asset {
        path: "/i18n.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/i18n.js"),
    },
    Asset {
        path: "/cube.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/cube.js"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/app.js"),
    },
    Asset {
        path: "/goals.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/goals.js"),
    },
    Asset {
        path: "/scan.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/scan.js"),
    },
    Asset {
        path: "/scan.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../static/scan.css"),
    },
    Asset {
        path: "/playback.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/playback.js"),
    },
    Asset {
        path: "/drag.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/drag.js"),
    },
    Asset {
        path: "/caseview.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/caseview.js"),
    },
    Asset {
        path: "/timer.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/timer.js"),
    },
    Asset {
        path: "/trainer.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../static/trainer.js"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../static/favicon.svg"),
    },
];

/// The page allows only its own scripts, styles and API: nothing is loaded from elsewhere.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

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
