// A video of a real-looking cube being scanned, for Chromium's fake camera
// (--use-file-for-fake-video-capture): the six faces of a given cube shown in the page's
// guided order (F R B L with U on top, then U with B at the top of the picture, then D with F
// at the top), each held still for a while, with the cube moving in between. Each face has its
// own light (a warm one, a dim one, a cold one, a gradient, a glare spot) and every frame
// sensor noise, so the colour resolver has real work to do. Written as YUV4MPEG2 (4:2:0), the
// format Chromium reads, by hand: no video library needed.
import { openSync, writeSync, closeSync } from "node:fs";

/** Camera colours of the six sticker colours under neutral light (sRGB), by the face each
 * belongs to on the solved cube (the standard scheme). */
export const STICKERS = {
  U: [226, 228, 224], // white
  R: [188, 24, 36], // red
  F: [18, 148, 70], // green
  D: [228, 204, 32], // yellow
  L: [240, 108, 22], // orange
  B: [22, 70, 168], // blue
};

/** The guided order of the page, and each face image's light: channel gains, a gradient
 * across the face (brightness at the left and right edge), a glare spot (sticker, strength). */
export const SHOTS = [
  { face: "F", gain: [1, 1, 1] },
  { face: "R", gain: [1.12, 1, 0.82] },
  { face: "B", gain: [0.72, 0.72, 0.72] },
  { face: "L", gain: [0.88, 1, 1.15] },
  { face: "U", gain: [1, 1, 1], glare: [2, 0.55] },
  { face: "D", gain: [1, 1, 1], gradient: [1.0, 0.62] },
];

export const WIDTH = 480;
export const HEIGHT = 360;
export const FPS = 10;
/** Seconds: of moving picture before the first face, each face held still, each move. */
export const LEAD_IN = 1.0;
export const HOLD = 3.2;
export const MOVE = 0.8;

const toLinear = (v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
};
const toSrgb = (v) => {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
};

/** A deterministic random source (mulberry32), so the video is the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An RGB frame buffer (0–255 floats). */
function frame() {
  return new Float32Array(WIDTH * HEIGHT * 3);
}

function fill(buf, x0, y0, w, h, rgb) {
  for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(WIDTH, x0 + w); x++) {
      const k = (y * WIDTH + x) * 3;
      buf[k] = rgb[0];
      buf[k + 1] = rgb[1];
      buf[k + 2] = rgb[2];
    }
  }
}

/** The background: a dim table-top gradient. */
function background(buf) {
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const k = (y * WIDTH + x) * 3;
      const v = 38 + 26 * (y / HEIGHT);
      buf[k] = v + 6;
      buf[k + 1] = v + 3;
      buf[k + 2] = v;
    }
  }
}

/** One face held in front of the camera: black plastic, nine stickers in their light. The
 * face covers 62% of the picture's height, centred, shifted by (dx, dy). */
function drawFace(buf, letters, shot, dx, dy) {
  const side = Math.round(HEIGHT * 0.62);
  const x0 = Math.round((WIDTH - side) / 2) + dx;
  const y0 = Math.round((HEIGHT - side) / 2) + dy;
  fill(buf, x0 - 4, y0 - 4, side + 8, side + 8, [14, 14, 16]);
  const cell = side / 3;
  const gap = Math.round(cell * 0.08);
  for (let i = 0; i < 9; i++) {
    const row = Math.floor(i / 3);
    const col = i % 3;
    const sx = Math.round(x0 + col * cell + gap);
    const sy = Math.round(y0 + row * cell + gap);
    const size = Math.round(cell - 2 * gap);
    const base = STICKERS[letters[i]].map(toLinear);
    for (let y = sy; y < sy + size; y++) {
      for (let x = sx; x < sx + size; x++) {
        const u = (x - x0) / side;
        const light = shot.gradient ? shot.gradient[0] + (shot.gradient[1] - shot.gradient[0]) * u : 1;
        let lin = base.map((v, c) => v * shot.gain[c] * light);
        if (shot.glare && shot.glare[0] === i) {
          // A round highlight over part of the sticker.
          const r = Math.hypot(x - (sx + size * 0.45), y - (sy + size * 0.4)) / (size * 0.45);
          const w = shot.glare[1] * Math.max(0, 1 - r * r);
          lin = lin.map((v) => (1 - w) * v + w * 1.2);
        }
        const k = (y * WIDTH + x) * 3;
        buf[k] = toSrgb(lin[0]);
        buf[k + 1] = toSrgb(lin[1]);
        buf[k + 2] = toSrgb(lin[2]);
      }
    }
  }
}

/** The cube on the move: blocks of random colour (no steady grid to capture). */
function drawMotion(buf, rand) {
  const block = 24;
  for (let y = 0; y < HEIGHT; y += block) {
    for (let x = 0; x < WIDTH; x += block) {
      const rgb = [rand() * 255, rand() * 255, rand() * 255];
      fill(buf, x, y, block, block, rgb);
    }
  }
}

/** Sensor noise on every pixel. */
function noise(buf, rand, amount) {
  for (let k = 0; k < buf.length; k++) buf[k] += (rand() + rand() + rand() - 1.5) * amount;
}

/** Writes one RGB frame as a Y4M frame (BT.601, limited range, 4:2:0). */
function writeFrame(fd, buf) {
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (x) => Math.max(0, Math.min(255, Math.round(x)));
  for (let py = 0; py < HEIGHT; py++) {
    for (let px = 0; px < WIDTH; px++) {
      const k = (py * WIDTH + px) * 3;
      const r = buf[k] / 255;
      const g = buf[k + 1] / 255;
      const b = buf[k + 2] / 255;
      y[py * WIDTH + px] = clamp(16 + 65.481 * r + 128.553 * g + 24.966 * b);
    }
  }
  for (let py = 0; py < HEIGHT; py += 2) {
    for (let px = 0; px < WIDTH; px += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [ox, oy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const k = ((py + oy) * WIDTH + px + ox) * 3;
        r += buf[k] / 1020;
        g += buf[k + 1] / 1020;
        b += buf[k + 2] / 1020;
      }
      const i = (py / 2) * (WIDTH / 2) + px / 2;
      u[i] = clamp(128 - 37.797 * r - 74.203 * g + 112 * b);
      v[i] = clamp(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  writeSync(fd, "FRAME\n");
  writeSync(fd, y);
  writeSync(fd, u);
  writeSync(fd, v);
}

/** The whole scene in `light` times its light (linear), as a camera in a dark room sees it
 * before its sensor noise. */
function dim(buf, light) {
  if (light === 1) return;
  for (let k = 0; k < buf.length; k++) buf[k] = toSrgb(toLinear(buf[k]) * light);
}

/** Writes the video of `facelets` (54 letters, URFDLB) to `path`; returns its length in
 * seconds. `light`: the room's light as a share of the usual (0.035: nearly dark). */
export function writeScanVideo(path, facelets, { light = 1 } = {}) {
  const fd = openSync(path, "w");
  writeSync(fd, `YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const rand = random(7);
  const buf = frame();
  const frames = (seconds) => Math.round(seconds * FPS);
  const motion = (seconds) => {
    for (let n = 0; n < frames(seconds); n++) {
      drawMotion(buf, rand);
      dim(buf, light);
      writeFrame(fd, buf);
    }
  };
  motion(LEAD_IN);
  for (const shot of SHOTS) {
    const f = "URFDLB".indexOf(shot.face);
    const letters = facelets.slice(9 * f, 9 * f + 9);
    for (let n = 0; n < frames(HOLD); n++) {
      background(buf);
      // A hand is never quite still: a pixel of jitter.
      drawFace(buf, letters, shot, Math.round(rand() * 2 - 1), Math.round(rand() * 2 - 1));
      dim(buf, light);
      noise(buf, rand, 5);
      writeFrame(fd, buf);
    }
    motion(MOVE);
  }
  closeSync(fd);
  return LEAD_IN + SHOTS.length * (HOLD + MOVE);
}
