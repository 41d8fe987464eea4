/**
 * DOCX: the paragraphs of word/document.xml. Heading levels come from the paragraph style
 * (Heading1…Heading6, Title; localised style ids are resolved through styles.xml) or from an
 * explicit outline level.
 */
import type { AnyNode, Element } from 'domhandler';
import { hasContent, normaliseText } from '../normalise.ts';
import type { LoadedBlock } from '../types.ts';
import { Archive, elementsNamed, firstText, isElement } from './archive.ts';
import { DEFAULT_LOAD_LIMITS, type LoadLimits, ReadBudget } from './limits.ts';
import type { LoaderResult } from './result.ts';

const DOCUMENT = 'word/document.xml';
const STYLES = 'word/styles.xml';
const CORE = 'docProps/core.xml';

/** Heading level for a style name such as "heading 2", "Heading2" or "Title". */
function levelOfStyleName(name: string): number | null {
  const heading = /^heading\s*([1-6])$/i.exec(name.trim());
  if (heading?.[1]) return Number(heading[1]);
  return /^title$/i.test(name.trim()) ? 1 : null;
}

/** Style id → heading level, following styles.xml names (ids are localised: "berschrift1"). */
function readStyleLevels(archive: Archive, stylesXml: string | null): Map<string, number> {
  const levels = new Map<string, number>();
  if (!stylesXml) return levels;
  for (const style of elementsNamed(archive.parseXml(stylesXml).children, 'w:style')) {
    const id = style.attribs['w:styleId'];
    const name = elementsNamed(style, 'w:name')[0]?.attribs['w:val'];
    const outline = elementsNamed(style, 'w:outlineLvl')[0]?.attribs['w:val'];
    const level = (name ? levelOfStyleName(name) : null) ?? (outline ? Number(outline) + 1 : null);
    if (id && level !== null && level >= 1 && level <= 6) levels.set(id, level);
  }
  return levels;
}

/** Runs of a paragraph as text; deleted text and field instructions are not text. */
function paragraphText(paragraph: Element): string {
  let text = '';
  const visit = (node: AnyNode) => {
    if (!isElement(node)) return;
    switch (node.name) {
      case 'w:t':
        for (const child of node.children) if ('data' in child) text += child.data;
        return;
      case 'w:tab':
        text += '\t';
        return;
      case 'w:br':
      case 'w:cr':
        text += ' ';
        return;
      case 'w:noBreakHyphen':
        text += '-';
        return;
      case 'w:delText':
      case 'w:instrText':
      case 'w:pPr':
      case 'w:footnoteReference':
      case 'w:endnoteReference':
        return;
      default:
        for (const child of node.children) visit(child);
    }
  };
  visit(paragraph);
  return text;
}

function headingLevel(paragraph: Element, styleLevels: Map<string, number>): number | null {
  const properties = paragraph.children.find(
    (child): child is Element => isElement(child) && child.name === 'w:pPr',
  );
  if (!properties) return null;
  const outline = elementsNamed(properties, 'w:outlineLvl')[0]?.attribs['w:val'];
  if (outline !== undefined && Number(outline) < 6) return Number(outline) + 1;
  const styleId = elementsNamed(properties, 'w:pStyle')[0]?.attribs['w:val'];
  if (!styleId) return null;
  return styleLevels.get(styleId) ?? levelOfStyleName(styleId);
}

export async function loadDocx(
  bytes: Uint8Array,
  limits: LoadLimits = DEFAULT_LOAD_LIMITS,
): Promise<LoaderResult> {
  const archive = new Archive(bytes, 'DOCX', new ReadBudget('DOCX', limits));
  const documentXml = await archive.readText(DOCUMENT);
  if (!documentXml) {
    return { blocks: [], title: null, pageCount: null, warnings: ['The DOCX has no document.'] };
  }
  const styleLevels = readStyleLevels(archive, await archive.readText(STYLES));
  const blocks: LoadedBlock[] = [];
  // Nested paragraphs (text boxes) are read with their outer paragraph, so only outer ones.
  const paragraphs = elementsNamed(archive.parseXml(documentXml).children, 'w:p').filter(
    (paragraph) => {
      for (let parent = paragraph.parent; parent; parent = parent.parent) {
        if (isElement(parent) && parent.name === 'w:p') return false;
      }
      return true;
    },
  );
  for (const paragraph of paragraphs) {
    const text = normaliseText(paragraphText(paragraph));
    if (!hasContent(text)) continue;
    const level = headingLevel(paragraph, styleLevels);
    blocks.push({
      kind: level === null ? 'paragraph' : 'heading',
      ...(level === null ? {} : { level }),
      text,
      page: null,
      endPage: null,
      pageLabel: null,
      anchor: null,
    });
  }
  const core = await archive.readText(CORE);
  return {
    blocks,
    title: core ? firstText(archive.parseXml(core).children, 'dc:title') : null,
    pageCount: null,
    warnings: [],
  };
}
