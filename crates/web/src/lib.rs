//! `rubik-web`: the web app behind `rubik serve`.
