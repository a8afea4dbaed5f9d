import { deflateSync } from 'node:zlib';

/**
 * Sample-data portraits: small illustrated head-and-shoulders PNGs drawn here, so the seed
 * needs no network and no image files in the repository. Each index gives a different mix of
 * background, skin tone, hair and overall colour.
 */
const SIZE = 96;
type Rgb = [number, number, number];
const BACKGROUNDS: Rgb[] = [
  [219, 234, 254],
  [220, 252, 231],
  [254, 243, 199],
  [237, 233, 254],
  [252, 231, 243],
  [224, 242, 254],
];
const SKIN: Rgb[] = [
  [241, 204, 177],
  [224, 172, 138],
  [198, 134, 96],
  [141, 85, 54],
  [255, 220, 196],
  [173, 116, 80],
];
const HAIR: Rgb[] = [
  [44, 34, 30],
  [92, 58, 33],
  [180, 130, 70],
  [20, 20, 24],
  [140, 140, 140],
  [120, 50, 30],
];
const OVERALLS: Rgb[] = [
  [30, 64, 175],
  [21, 128, 61],
  [185, 28, 28],
  [55, 65, 81],
  [194, 65, 12],
  [13, 148, 136],
];

export function seedPortrait(index: number): Buffer {
  const pick = <T>(list: T[], step: number) => list[(index * step + Math.floor(index / list.length)) % list.length];
  const background = pick(BACKGROUNDS, 1);
  const skin = pick(SKIN, 5);
  const hair = pick(HAIR, 7);
  const overall = pick(OVERALLS, 11);
  const longHair = index % 3 === 1;

  const pixels = Buffer.alloc(SIZE * (SIZE * 3 + 1));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 3 + 1);
    pixels[row] = 0; // PNG filter: none
    for (let x = 0; x < SIZE; x++) {
      let colour = background;
      const inHead = (x - 48) ** 2 / 19 ** 2 + (y - 42) ** 2 / 22 ** 2 <= 1;
      const inHair = (x - 48) ** 2 / 21 ** 2 + (y - 36) ** 2 / 20 ** 2 <= 1 && (y < 32 || (longHair && y < 58 && Math.abs(x - 48) > 15));
      const inShoulders = (x - 48) ** 2 / 40 ** 2 + (y - 100) ** 2 / 30 ** 2 <= 1;
      const inNeck = Math.abs(x - 48) <= 8 && y >= 58 && y <= 74;
      if (inShoulders) colour = Math.abs(x - 48) <= 5 && y < 86 ? skin : overall;
      if (inNeck) colour = skin;
      if (inHair && !inHead) colour = hair;
      if (inHead) colour = y < 30 ? hair : skin;
      if (inHead && (y === 42 || y === 43) && (Math.abs(x - 41) <= 1 || Math.abs(x - 55) <= 1)) colour = [40, 30, 30];
      pixels.set(colour, row + 1 + x * 3);
    }
  }
  return png(SIZE, SIZE, pixels);
}

function png(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
