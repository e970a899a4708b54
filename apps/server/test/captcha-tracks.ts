/**
 * Slider tracks for the captcha's tests and its guessing benchmark (bench/captcha-guess.ts), in
 * the web widget's format: `x`, `y` the handle's offset from where the drag began (shown px,
 * two decimals), `t` ms since the drag began, `down`, then `move`s, then `up`.
 *
 * `personDrag` and `keyboardSlide` model what a person's slide looks like to the server;
 * `straightTrack`, `easedTrack` and `scriptedTrack` are what guessing scripts send. All take a
 * random source, so that a seeded one (`seeded`) gives the same track on every run.
 */

export interface Point {
  x: number;
  y: number;
  type: 'down' | 'move' | 'up';
  t: number;
}

/** A reproducible random source in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const between = (rnd: () => number, min: number, max: number) => min + (max - min) * rnd();
/** Minimum-jerk profile: how far (0..1) a reaching hand is at time share u, slow at both ends. */
const minimumJerk = (u: number) => u * u * u * (10 - 15 * u + 6 * u * u);

/**
 * A person's drag to `endX`, as a browser reports it: the hand speeds up and slows down
 * (minimum-jerk reach), overshoots the gap by a few px and comes back, trembles a little,
 * drifts vertically, and is sampled once per display frame (16-17 ms, now and then a frame
 * late); 0.6-1.6 s, released where it was put.
 */
export function personDrag(endX: number, rnd: () => number = Math.random): Point[] {
  const overshoot = between(rnd, 1.5, 5);
  const reach = between(rnd, 450, 1100);
  const settle = between(rnd, 150, 400);
  const drift = between(rnd, -4, 4);
  const tremor = { amplitude: between(rnd, 0.3, 0.9), hz: between(rnd, 7, 11), phase: between(rnd, 0, 6.28) };
  const track: Point[] = [{ x: 0, y: 0, type: 'down', t: 0 }];
  let t = 0;
  while (t < reach + settle) {
    t += rnd() < 0.08 ? 33 : rnd() < 0.5 ? 16 : 17;
    const shake = tremor.amplitude * Math.sin(tremor.phase + (2 * Math.PI * tremor.hz * t) / 1000);
    const x =
      t <= reach
        ? (endX + overshoot) * minimumJerk(t / reach)
        : endX + overshoot * (1 - minimumJerk(Math.min(1, (t - reach) / settle)));
    const y = drift * minimumJerk(Math.min(1, t / (reach + settle))) + shake * 0.6;
    track.push({ x: r2(Math.max(0, x + shake)), y: r2(y), type: 'move', t });
  }
  const last = track[track.length - 1]!;
  track.push({ x: r2(endX), y: last.y, type: 'up', t: t + Math.round(between(rnd, 20, 90)) });
  return track;
}

/**
 * A slide with the keyboard (the widget's arrow keys move 2 px, Page Up 20 px): Page Up
 * presses, then arrow presses, at a person's irregular pace, then Enter.
 */
export function keyboardSlide(endX: number, rnd: () => number = Math.random): Point[] {
  // the widget starts a keyboard slide with the first press: both in the same millisecond
  const track: Point[] = [{ x: 0, y: 0, type: 'down', t: 0 }];
  let x = 20;
  let t = 0;
  track.push({ x, y: 0, type: 'move', t });
  while (endX - x >= 20) {
    x += 20;
    t += Math.round(between(rnd, 110, 260));
    track.push({ x, y: 0, type: 'move', t });
  }
  while (endX - x >= 2) {
    x += 2;
    t += Math.round(between(rnd, 90, 220));
    track.push({ x, y: 0, type: 'move', t });
  }
  track.push({ x, y: 0, type: 'up', t: t + Math.round(between(rnd, 200, 500)) });
  return track;
}

/** A script's straight track: constant speed, no vertical movement, evenly timed points. */
export function straightTrack(endX: number, ms = 800, points = 30): Point[] {
  const track: Point[] = [{ x: 0, y: 0, type: 'down', t: 0 }];
  for (let i = 1; i < points; i++)
    track.push({ x: r2((endX * i) / points), y: 0, type: 'move', t: Math.round((ms * i) / points) });
  track.push({ x: endX, y: 0, type: 'up', t: ms });
  return track;
}

/** A script's smooth eased track (ease-in-out), evenly timed, without any tremor or drift. */
export function easedTrack(endX: number, ms = 900, points = 40): Point[] {
  const ease = (u: number) => (u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2);
  const track: Point[] = [{ x: 0, y: 0, type: 'down', t: 0 }];
  for (let i = 1; i < points; i++)
    track.push({ x: r2(endX * ease(i / points)), y: 0, type: 'move', t: Math.round((ms * i) / points) });
  track.push({ x: endX, y: 0, type: 'up', t: ms });
  return track;
}

/**
 * A guessing script's "human" track as scripts for this kind of captcha make them: an
 * ease-out reach (x = endX - a (t - T)^2), x in whole px, y drifting with x plus random
 * jitter, a point every 15-25 ms.
 */
export function scriptedTrack(endX: number, rnd: () => number = Math.random): Point[] {
  const ms = Math.round(between(rnd, 600, 1400));
  const track: Point[] = [{ x: 0, y: 0, type: 'down', t: 0 }];
  for (let t = Math.round(between(rnd, 15, 25)); t < ms; t += Math.round(between(rnd, 15, 25))) {
    const x = Math.round(endX - (endX / ms ** 2) * (t - ms) ** 2);
    track.push({ x, y: Math.round(0.05 * x + between(rnd, -1, 1)), type: 'move', t });
  }
  track.push({ x: endX, y: track[track.length - 1]!.y, type: 'up', t: ms });
  return track;
}

/** checkCaptcha's body for a track on a picture shown `width` px wide (the original's web app: 300). */
export function slideBody(id: string, track: Point[], startedAt: number, width = 300) {
  return {
    id,
    data: {
      bgImageWidth: width,
      bgImageHeight: width * 0.6,
      startTime: new Date(startedAt).toISOString(),
      stopTime: new Date(startedAt + track[track.length - 1]!.t).toISOString(),
      trackList: track,
    },
  };
}
