/**
 * Bytes to string for the text formats. UTF-8 is assumed (with or without BOM); UTF-16 is
 * recognised by its BOM; anything that is not valid UTF-8 is read as Windows-1252, the usual
 * encoding of old Western text files, with a warning.
 */

export type DecodedText = { text: string; warning: string | null };

export function decodeText(bytes: Uint8Array, declaredCharset?: string | null): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes), warning: null };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes), warning: null };
  }
  const charset = declaredCharset?.toLowerCase().trim();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return { text: new TextDecoder(charset).decode(bytes), warning: null };
    } catch {
      // An unknown label: fall through to UTF-8.
    }
  }
  try {
    // TextDecoder drops a UTF-8 BOM by itself.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warning: null };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      warning: 'The file is not valid UTF-8; it was read as Windows-1252.',
    };
  }
}

/** The charset an HTML or XML file declares in its first bytes, if any. */
export function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const match =
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head) ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w-]+)/i.exec(head);
  return match?.[1] ?? null;
}
