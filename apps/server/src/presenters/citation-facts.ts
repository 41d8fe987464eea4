/**
 * What a citation needs beyond the title and page (issue #29 item 8, 'Cite this'): the volume of
 * a series ("Writings and Speeches, Vol. 1", "cad_volume_11_…", "…hindi_volume17.pdf") and the
 * year, read from the document's title or file name. Documents carry no such fields of their own
 * (yet), so nothing is guessed beyond what those say.
 */

/** "Vol. 2", "Volume 17", "vol01", "volume_11": the number after the word. */
const VOLUME = /\bvol(?:ume)?[\s._-]*0*(\d{1,3})(?!\d)/i;
/** A year of the reformer's era or later, standing alone ("1949", "25-nov-1949"). */
const YEAR = /(?<![\d])(1[89]\d\d|20\d\d)(?!\d)/;

export function volumeOf(title: string, fileName: string): string | undefined {
  const match = VOLUME.exec(title) ?? VOLUME.exec(fileName.replace(/_/g, ' '));
  return match?.[1];
}

export function yearOf(title: string, fileName: string): number | undefined {
  const match = YEAR.exec(title) ?? YEAR.exec(fileName);
  return match?.[1] ? Number(match[1]) : undefined;
}
