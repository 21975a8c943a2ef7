/**
 * Hostile assistant files (issue 24), made on the fly for the server test and the ingest bench:
 * HTML of 40,000 unclosed `<h1>`, a small DOCX whose XML repeats one paragraph 900,000
 * times (mammoth builds an object per element: gigabytes), one whose elements nest 100,000
 * deep, and a zip bomb (a DOCX whose document unpacks to hundreds of megabytes).
 */
import { strToU8, zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function docx(document: Uint8Array): Buffer {
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': document,
  };
  return Buffer.from(zipSync(files, { level: 9 }));
}

function body(inner: string): Uint8Array {
  return strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${inner}</w:body></w:document>`);
}

/** 40,000 `<h1>` and nothing else: 156 KB. */
export function manyHeadingsHtml(count = 40_000): Buffer {
  return Buffer.from('<h1>'.repeat(count));
}

/** One short paragraph repeated `count` times: a few dozen KB zipped, tens of MB of XML. */
export function repeatedParagraphsDocx(count = 900_000): Buffer {
  return docx(body('<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(count)));
}

/** Table cells nested `depth` deep. */
export function deeplyNestedDocx(depth = 100_000): Buffer {
  const open = '<w:tbl><w:tr><w:tc>'.repeat(depth);
  const close = '</w:tc></w:tr></w:tbl>'.repeat(depth);
  return docx(body(`${open}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${close}`));
}

/** A document that unpacks to `megabytes` MB of blanks inside one run of text. */
export function zipBombDocx(megabytes = 90): Buffer {
  const head = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`);
  const tail = strToU8('</w:t></w:r></w:p></w:body></w:document>');
  const blanks = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  const xml = new Uint8Array(head.length + blanks.length + tail.length);
  xml.set(head, 0);
  xml.set(blanks, head.length);
  xml.set(tail, head.length + blanks.length);
  return docx(xml);
}
