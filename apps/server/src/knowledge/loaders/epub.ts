/**
 * EPUB: container.xml → package (OPF) → spine order. Chapters go through the HTML block
 * extraction; each chapter is headed by its table-of-contents title. Spine order, not the
 * order of files in the ZIP, is reading order.
 */
import { DomUtils } from 'htmlparser2';
import { normaliseText } from '../normalise.ts';
import { LoadError, type LoadedBlock } from '../types.ts';
import { Archive, elementsNamed, firstText, resolveMember } from './archive.ts';
import { declaredCharset, decodeText } from './decode.ts';
import { extractHtmlBlocks } from './html-blocks.ts';
import { DEFAULT_LOAD_LIMITS, type LoadLimits, ReadBudget } from './limits.ts';
import type { LoaderResult } from './result.ts';

type ManifestItem = { path: string; mediaType: string; properties: string };

const invalid = (detail: string) =>
  new LoadError('damaged', `EPUB is damaged or not a valid EPUB (${detail})`);

async function readPackagePath(archive: Archive): Promise<string> {
  const container = await archive.readText('META-INF/container.xml');
  if (!container) throw invalid('no META-INF/container.xml');
  const rootfile = elementsNamed(archive.parseXml(container).children, 'rootfile')[0];
  const path = rootfile?.attribs['full-path'];
  if (!path) throw invalid('no package document');
  return path;
}

/** Table-of-contents labels by chapter file, from the EPUB 3 nav or the EPUB 2 NCX. */
async function readTocLabels(
  archive: Archive,
  manifest: Map<string, ManifestItem>,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const nav = [...manifest.values()].find((item) => item.properties.split(' ').includes('nav'));
  const ncx = [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  const add = (base: string, href: string | undefined, label: string | null) => {
    if (!href || !label) return;
    const path = resolveMember(base, href);
    if (!labels.has(path)) labels.set(path, normaliseText(label));
  };
  if (nav) {
    const text = await archive.readText(nav.path);
    const navElement = text ? elementsNamed(archive.parseXml(text).children, 'nav')[0] : undefined;
    for (const link of navElement ? elementsNamed(navElement, 'a') : []) {
      add(nav.path, link.attribs.href, DomUtils.textContent(link));
    }
  }
  if (ncx) {
    const text = await archive.readText(ncx.path);
    for (const point of text ? elementsNamed(archive.parseXml(text).children, 'navPoint') : []) {
      const label = elementsNamed(point, 'navLabel')[0];
      add(
        ncx.path,
        elementsNamed(point, 'content')[0]?.attribs.src,
        label ? firstText(label, 'text') : null,
      );
    }
  }
  return labels;
}

/**
 * Chapters are unpacked and parsed one at a time, all against one budget: a book of a hundred
 * modest chapters is bounded as a whole, and only one chapter is in memory at once.
 */
export async function loadEpub(
  bytes: Uint8Array,
  limits: LoadLimits = DEFAULT_LOAD_LIMITS,
): Promise<LoaderResult> {
  const archive = new Archive(bytes, 'EPUB', new ReadBudget('EPUB', limits));
  const packagePath = await readPackagePath(archive);
  const packageText = await archive.readText(packagePath);
  if (!packageText) throw invalid(`missing ${packagePath}`);
  const opf = archive.parseXml(packageText).children;
  const manifest = new Map<string, ManifestItem>();
  for (const item of elementsNamed(opf, 'item')) {
    const { id, href } = item.attribs;
    if (!id || !href) continue;
    manifest.set(id, {
      path: resolveMember(packagePath, href),
      mediaType: item.attribs['media-type'] ?? '',
      properties: item.attribs.properties ?? '',
    });
  }
  const chapters = elementsNamed(opf, 'itemref')
    .map((ref) => manifest.get(ref.attribs.idref ?? ''))
    .filter((item): item is ManifestItem => item !== undefined)
    .filter((item) => /html/.test(item.mediaType) && !item.properties.split(' ').includes('nav'));
  const labels = await readTocLabels(archive, manifest);
  const blocks: LoadedBlock[] = [];
  const warnings: string[] = [];
  for (const chapter of chapters) {
    const file = await archive.read(chapter.path);
    if (!file) {
      warnings.push(`Chapter ${chapter.path} is missing from the EPUB.`);
      continue;
    }
    const extracted = extractHtmlBlocks(decodeText(file, declaredCharset(file)).text, {
      xhtml: true,
      levelOffset: 1,
      budget: archive.budget,
    });
    if (!extracted.blocks.some((block) => block.kind === 'paragraph')) continue;
    // The table of contents names a chapter best, then the chapter's own opening heading,
    // then its <title>.
    const label = labels.get(chapter.path);
    const first = extracted.blocks[0];
    const title = label ?? extracted.title;
    if (first?.kind === 'heading' && (!label || first.text.toLowerCase() === label.toLowerCase())) {
      first.level = 1;
    } else if (title) {
      blocks.push({
        kind: 'heading',
        level: 1,
        text: title,
        page: null,
        endPage: null,
        pageLabel: null,
        anchor: null,
      });
    }
    // Not push(...blocks): a chapter of 100,000 paragraphs would overflow the call stack.
    for (const block of extracted.blocks) blocks.push(block);
  }
  return {
    blocks,
    title: firstText(opf, 'title'),
    pageCount: null,
    warnings,
  };
}
