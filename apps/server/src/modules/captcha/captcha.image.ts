import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { BG_HEIGHT, BG_WIDTH } from './captcha.rules.ts';

/**
 * Draws a slider puzzle: a new picture (gradient sky, hills, discs, grain) with a jigsaw-shaped
 * hole, and the matching piece on a transparent strip as tall as the picture. The picture is
 * SVG rendered by sharp (libvips) on its own threads, so the event loop stays free; nothing is
 * loaded from disk or the network.
 */

/** The piece: a square body with a knob on top and on the right and a notch on the left. */
const BODY = 78;
const KNOB = 14;
const NOTCH = 11;
/** Transparent margin around the piece in the template. */
const PAD = 4;
const PIECE = BODY + KNOB;
export const TEMPLATE_WIDTH = PIECE + 2 * PAD;
export const TEMPLATE_HEIGHT = BG_HEIGHT;

export interface SliderPuzzle {
  /** data:image/jpeg;base64,... (BG_WIDTH x BG_HEIGHT) */
  backgroundImage: string;
  /** data:image/png;base64,... with alpha (TEMPLATE_WIDTH x TEMPLATE_HEIGHT) */
  templateImage: string;
  /** Where the template's left edge belongs on the background, px. */
  answerX: number;
}

const rnd = (min: number, max: number) => randomInt(min, max + 1);
const hsl = (h: number, s: number, l: number) => `hsl(${h % 360},${s}%,${l}%)`;

/** The outline of the piece with its body's top-left corner at (x, y + KNOB). */
function piecePath(x: number, y: number): string {
  const h = BODY / 2;
  const top = y + KNOB;
  return [
    `M${x} ${top}`,
    `H${x + h - KNOB}`,
    `A${KNOB} ${KNOB} 0 0 1 ${x + h + KNOB} ${top}`,
    `H${x + BODY}`,
    `V${top + h - KNOB}`,
    `A${KNOB} ${KNOB} 0 0 1 ${x + BODY} ${top + h + KNOB}`,
    `V${top + BODY}`,
    `H${x}`,
    `V${top + h + NOTCH}`,
    `A${NOTCH} ${NOTCH} 0 0 0 ${x} ${top + h - NOTCH}`,
    'Z',
  ].join(' ');
}

function backgroundSvg(): string {
  const hue = rnd(0, 359);
  const hills = [0, 1, 2].map((i) => {
    const base = Math.round(BG_HEIGHT * (0.45 + i * 0.17)) + rnd(0, 25);
    const y = () => base + rnd(-35, 35);
    // a smooth ridge: one quadratic curve, then smooth continuations every 150 px
    const ridge = `M0 ${y()} Q75 ${base + rnd(-60, 60)} 150 ${y()} T300 ${y()} T450 ${y()} T600 ${y()}`;
    return `<path d="${ridge} V${BG_HEIGHT} H0 Z" fill="${hsl(hue + 120 + i * 35, 45, 45 - i * 8)}"/>`;
  });
  const discs = Array.from(
    { length: 14 },
    () =>
      `<circle cx="${rnd(0, BG_WIDTH)}" cy="${rnd(0, BG_HEIGHT)}" r="${rnd(12, 60)}" fill="${hsl(rnd(0, 359), 65, rnd(50, 80))}" fill-opacity="${(rnd(25, 70) / 100).toFixed(2)}"/>`,
  );
  const shards = Array.from({ length: 6 }, () => {
    const x = rnd(0, BG_WIDTH);
    const y = rnd(0, BG_HEIGHT);
    return `<path d="M${x} ${y} l${rnd(-70, 70)} ${rnd(20, 80)} l${rnd(20, 90)} ${rnd(-60, 10)} Z" fill="${hsl(rnd(0, 359), 55, rnd(35, 70))}" fill-opacity="0.55"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BG_WIDTH}" height="${BG_HEIGHT}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 80)}"/><stop offset="1" stop-color="${hsl(hue + rnd(40, 100), 50, 60)}"/></linearGradient>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${rnd(1, 9999)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.18"/></feComponentTransfer></filter>
</defs>
<rect width="${BG_WIDTH}" height="${BG_HEIGHT}" fill="url(#sky)"/>
${hills.join('\n')}
${discs.join('\n')}
${shards.join('\n')}
<rect width="${BG_WIDTH}" height="${BG_HEIGHT}" filter="url(#grain)"/>
</svg>`;
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

/** A new puzzle with the piece at a random place, away from the slider's start. */
export async function sliderPuzzle(): Promise<SliderPuzzle> {
  const answerX = rnd(TEMPLATE_WIDTH + 20, BG_WIDTH - TEMPLATE_WIDTH - 10);
  const pieceTop = rnd(10, BG_HEIGHT - PIECE - 10);
  const picture = await sharp(Buffer.from(backgroundSvg())).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: picture.info.width, height: picture.info.height, channels: picture.info.channels } };

  const hole = piecePath(answerX + PAD, pieceTop);
  const background = await sharp(picture.data, raw)
    .composite([
      {
        input: svg(
          BG_WIDTH,
          BG_HEIGHT,
          `<path d="${hole}" fill="#000" fill-opacity="0.5" stroke="#fff" stroke-opacity="0.55" stroke-width="2"/>`,
        ),
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();

  const piece = piecePath(PAD, pieceTop);
  const template = await sharp(picture.data, raw)
    .extract({ left: answerX, top: 0, width: TEMPLATE_WIDTH, height: TEMPLATE_HEIGHT })
    .composite([
      {
        input: svg(TEMPLATE_WIDTH, TEMPLATE_HEIGHT, `<path d="${piece}" fill="#fff" stroke="#fff" stroke-width="2"/>`),
        blend: 'dest-in',
      },
      {
        input: svg(
          TEMPLATE_WIDTH,
          TEMPLATE_HEIGHT,
          `<path d="${piece}" fill="#fff" fill-opacity="0.12" stroke="#fff" stroke-opacity="0.9" stroke-width="2"/>`,
        ),
      },
    ])
    .png()
    .toBuffer();

  return {
    backgroundImage: `data:image/jpeg;base64,${background.toString('base64')}`,
    templateImage: `data:image/png;base64,${template.toString('base64')}`,
    answerX,
  };
}
