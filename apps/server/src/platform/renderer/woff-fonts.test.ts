import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-fonts.ts';

/** A WOFF 1.0 of the given tables (tag → bytes), the first compressed and the others stored as they are. */
function woffOf(tables: [string, Buffer][]): Buffer {
  const header = Buffer.alloc(44);
  header.writeUInt32BE(0x774f4646, 0);
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt16BE(tables.length, 12);
  const directory = Buffer.alloc(20 * tables.length);
  const bodies: Buffer[] = [];
  let offset = 44 + directory.length;
  tables.forEach(([tag, data], index) => {
    const stored = index === 0 ? deflateSync(data) : data;
    directory.write(tag, index * 20, 'latin1');
    directory.writeUInt32BE(offset, index * 20 + 4);
    directory.writeUInt32BE(stored.length, index * 20 + 8);
    directory.writeUInt32BE(data.length, index * 20 + 12);
    directory.writeUInt32BE(0x12345678 + index, index * 20 + 16);
    bodies.push(stored, Buffer.alloc((4 - (stored.length % 4)) % 4));
    offset += stored.length + ((4 - (stored.length % 4)) % 4);
  });
  return Buffer.concat([header, directory, ...bodies]);
}

describe('woffToSfnt', () => {
  it('writes the OpenType font back out: its tables unpacked, each at a 4-byte boundary, the directory filled in', () => {
    const cmap = Buffer.from('cmap table '.repeat(20));
    const head = Buffer.from('head!');
    const font = woffToSfnt(
      woffOf([
        ['cmap', cmap],
        ['head', head],
      ]),
    );
    expect(font.readUInt32BE(0)).toBe(0x00010000);
    expect(font.readUInt16BE(4)).toBe(2);
    // searchRange, entrySelector, rangeShift for 2 tables.
    expect([font.readUInt16BE(6), font.readUInt16BE(8), font.readUInt16BE(10)]).toEqual([32, 1, 0]);
    const entry = (index: number) => ({
      tag: font.toString('latin1', 12 + index * 16, 16 + index * 16),
      checksum: font.readUInt32BE(16 + index * 16),
      offset: font.readUInt32BE(20 + index * 16),
      length: font.readUInt32BE(24 + index * 16),
    });
    const [first, second] = [entry(0), entry(1)];
    expect(first).toMatchObject({ tag: 'cmap', checksum: 0x12345678, offset: 44, length: cmap.length });
    expect(font.subarray(first.offset, first.offset + first.length)).toEqual(cmap);
    expect(second).toMatchObject({ tag: 'head', checksum: 0x12345679, length: head.length });
    expect(second.offset % 4).toBe(0);
    expect(font.subarray(second.offset, second.offset + second.length)).toEqual(head);
  });

  it('reads the emoji font the documents use', () => {
    const woff = readFileSync(
      new URL(import.meta.resolve('@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff')),
    );
    const font = woffToSfnt(woff);
    const tags = Array.from({ length: font.readUInt16BE(4) }, (_, index) =>
      font.toString('latin1', 12 + index * 16, 16 + index * 16),
    );
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'name']));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() =>
      woffToSfnt(Buffer.from('wOF2 and more bytes than a header needs, padded out to 44')),
    ).toThrow('Not a WOFF 1.0 font');
  });
});
