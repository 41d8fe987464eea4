/**
 * Just enough of ZIP for EPUB and DOCX: the central directory, and one member at a time unpacked
 * under a byte budget. Inflating stops as soon as a member's output passes what the budget has
 * left (zlib's maxOutputLength), so a member that claims 1 KB and holds 1 GB costs the budget
 * and no more; sizes a ZIP declares are never trusted. Inflating runs on libuv's thread pool.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;
const UTF8_NAME_FLAG = 0x800;

export type ZipMember = {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
};

/** A ZIP that cannot be read as one; the loaders turn it into their 'damaged' message. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/** Thrown when a member would unpack past the bytes left. */
export class ZipBudgetError extends Error {
  override name = 'ZipBudgetError';
}

export class ZipReader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly members: Map<string, ZipMember>;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      this.members = this.#readDirectory();
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      // A DataView read past the end: offsets that point outside the file.
      throw new ZipFormatError('the ZIP directory points outside the file', { cause: error });
    }
  }

  /** The member's bytes, unpacked; at most `maxBytes` of them, or a ZipBudgetError. */
  async unpack(member: ZipMember, maxBytes: number): Promise<Uint8Array> {
    const data = this.#memberData(member);
    if (member.method === 0) {
      if (data.length > maxBytes) throw new ZipBudgetError(member.name);
      return data;
    }
    if (member.method !== 8) {
      throw new ZipFormatError(`${member.name} uses compression method ${member.method}`);
    }
    let output: Buffer;
    try {
      output = await inflateRawAsync(data, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipBudgetError(member.name, { cause: error });
      }
      throw new ZipFormatError(`${member.name} cannot be unpacked`, { cause: error });
    }
    if (output.length > maxBytes) throw new ZipBudgetError(member.name);
    return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
  }

  #memberData(member: ZipMember): Uint8Array {
    const at = member.localOffset;
    if (this.#view.getUint32(at, true) !== LOCAL_HEADER) {
      throw new ZipFormatError(`no local header for ${member.name}`);
    }
    const start =
      at + 30 + this.#view.getUint16(at + 26, true) + this.#view.getUint16(at + 28, true);
    const end = start + member.compressedSize;
    if (end > this.#bytes.length) throw new ZipFormatError(`${member.name} is cut off`);
    return this.#bytes.subarray(start, end);
  }

  #readDirectory(): Map<string, ZipMember> {
    const view = this.#view;
    const length = this.#bytes.length;
    let end = length - 22;
    while (end >= 0 && view.getUint32(end, true) !== END_OF_DIRECTORY) {
      if (length - end > 22 + MAX_COMMENT) break;
      end--;
    }
    if (end < 0 || view.getUint32(end, true) !== END_OF_DIRECTORY) {
      throw new ZipFormatError('no ZIP directory');
    }
    let count = view.getUint16(end + 10, true);
    let offset = view.getUint32(end + 16, true);
    if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
      const zip64End = Number(view.getBigUint64(end - 12, true));
      if (view.getUint32(zip64End, true) === ZIP64_END_OF_DIRECTORY) {
        count = Number(view.getBigUint64(zip64End + 32, true));
        offset = Number(view.getBigUint64(zip64End + 48, true));
      }
    }
    const members = new Map<string, ZipMember>();
    for (let index = 0; index < count; index++) {
      if (view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
        throw new ZipFormatError('a damaged ZIP directory entry');
      }
      const flags = view.getUint16(offset + 8, true);
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const nameStart = offset + 46;
      const nameBytes = this.#bytes.subarray(nameStart, nameStart + nameLength);
      // Names without the UTF-8 flag are CP437; Latin-1 reads their ASCII the same.
      const name = new TextDecoder(flags & UTF8_NAME_FLAG ? 'utf-8' : 'latin1').decode(nameBytes);
      const member: ZipMember = {
        name,
        method: view.getUint16(offset + 10, true),
        compressedSize: view.getUint32(offset + 20, true),
        localOffset: view.getUint32(offset + 42, true),
      };
      this.#applyZip64(
        member,
        view.getUint32(offset + 24, true),
        nameStart + nameLength,
        extraLength,
      );
      members.set(name, member);
      offset = nameStart + nameLength + extraLength + commentLength;
    }
    return members;
  }

  /** ZIP64 keeps sizes and offsets that do not fit 32 bits in an extra field, in this order. */
  #applyZip64(member: ZipMember, size: number, extraStart: number, extraLength: number): void {
    const FULL = 0xffffffff;
    if (size !== FULL && member.compressedSize !== FULL && member.localOffset !== FULL) return;
    const view = this.#view;
    for (let at = extraStart; at + 4 <= extraStart + extraLength; ) {
      const id = view.getUint16(at, true);
      const fieldLength = view.getUint16(at + 2, true);
      if (id === ZIP64_EXTRA) {
        let field = at + 4;
        const next = () => {
          const value = Number(view.getBigUint64(field, true));
          field += 8;
          return value;
        };
        if (size === FULL) next();
        if (member.compressedSize === FULL) member.compressedSize = next();
        if (member.localOffset === FULL) member.localOffset = next();
        return;
      }
      at += 4 + fieldLength;
    }
  }
}
