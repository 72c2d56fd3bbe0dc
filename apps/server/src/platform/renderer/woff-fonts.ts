import { inflateSync } from 'node:zlib';

// WOFF 1.0 (https://www.w3.org/TR/WOFF/) is an OpenType font whose tables are each zlib-compressed. Typst reads
// OpenType only, and some fonts are published only as web fonts: this writes the OpenType font back out.

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

const padded = (length: number) => (length + 3) & ~3;

/** The OpenType (sfnt) font a WOFF 1.0 file holds, its tables in the order the WOFF lists them (by tag). */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.length < WOFF_HEADER_BYTES || input.readUInt32BE(0) !== WOFF_SIGNATURE)
    throw new Error('Not a WOFF 1.0 font');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((at) =>
      input.readUInt32BE(entry + at),
    ) as [number, number, number, number, number];
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table does not unpack to its stated length');
    return { tag, checksum, data };
  });

  const power = 2 ** Math.floor(Math.log2(numTables));
  const headerBytes = SFNT_HEADER_BYTES + numTables * SFNT_ENTRY_BYTES;
  const output = Buffer.alloc(
    headerBytes + tables.reduce((sum, table) => sum + padded(table.data.length), 0),
  );
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(numTables, 4);
  output.writeUInt16BE(power * 16, 6);
  output.writeUInt16BE(Math.log2(power), 8);
  output.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerBytes;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    output.writeUInt32BE(table.tag, entry);
    output.writeUInt32BE(table.checksum, entry + 4);
    output.writeUInt32BE(offset, entry + 8);
    output.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(output, offset);
    offset += padded(table.data.length);
  });
  return output;
}
