/** The shape of a legal document and its rendering as a PDF with pdfkit. */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';

export type LegalSection = { heading: string; paragraphs: string[]; bullets?: string[] };
export type LegalText = { title: string; updated: string; intro: string[]; sections: LegalSection[] };

const MARGIN = 64;
const BLUE = '#1c7ed6';

/** Writes `text` as a letter-size PDF (the paper size used in Canada) at `file`, with `{contact}` filled in. */
export async function writeLegalPdf(text: LegalText, lang: 'fr' | 'en', contact: string, file: string): Promise<void> {
  const fill = (value: string) => value.replaceAll('{contact}', contact);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: lang === 'fr' ? 'fr-CA' : 'en-CA',
    displayTitle: true,
    info: { Title: text.title, Author: 'EventMap', Subject: text.title, Creator: 'EventMap' },
  });
  const output = createWriteStream(file);
  doc.pipe(output);

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BLUE).text(text.title);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555555').text(text.updated);
  doc.moveDown(1).fillColor('#222222').fontSize(11);
  for (const paragraph of text.intro) doc.text(fill(paragraph), { align: 'left', lineGap: 2 }).moveDown(0.6);

  for (const section of text.sections) {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).fillColor(BLUE).text(section.heading);
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222222');
    for (const paragraph of section.paragraphs) doc.text(fill(paragraph), { lineGap: 2 }).moveDown(0.5);
    if (section.bullets) {
      doc.list(section.bullets.map(fill), { bulletRadius: 2, textIndent: 14, lineGap: 2, paragraphGap: 4 });
      doc.moveDown(0.5);
    }
  }

  doc.end();
  await once(output, 'finish');
}
