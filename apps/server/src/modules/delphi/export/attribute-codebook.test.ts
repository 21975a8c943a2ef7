/** The codebook's attributes per task are generated from the games' declarations (ADR 064). */
import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { codebookHtml, datasetDescription } from './psych-ds-bundle';

describe("the export's codebook of the attributes column", () => {
  const at = new Date('2026-11-26T10:00:00Z');

  it('lists every declared response attribute of every game, with its type, values and meaning', () => {
    const html = codebookHtml(at);
    for (const game of delphi.GAME_NAMES) {
      expect(html).toContain(`<h3 id="attributes-${game.toLowerCase()}">${game}</h3>`);
      for (const attribute of delphi.describeAttributes(delphi.GAME_DECLARATIONS[game].response)) expect(html).toContain(`<code>${attribute.name}</code>`);
    }
    expect(html).toContain(
      '<tr><th scope="row"><code>errorType</code></th><td>text or null</td><td></td><td>outdated, swap, other, timeout</td><td>some rows</td>',
    );
    expect(html).toContain('<tr><th scope="row"><code>cuedHalf</code></th><td>text</td><td></td><td>top, bottom</td><td>every row</td><td>The half the participant was asked to read.</td></tr>');
    // Flash Match keeps everything in the columns.
    expect(html).toMatch(/attributes-flashmatch">FlashMatch<\/h3>\n<p>[^\n]*<\/p>\n<p>No attributes/);
  });

  it("describes the attributes column's keys per task in the Psych-DS metadata", () => {
    const variables = datasetDescription(at, []).variableMeasured as { name: string; description: string }[];
    const attributes = variables.find((v) => v.name === 'attributes')?.description ?? '';
    expect(attributes).toContain('FlashMatch: none.');
    expect(attributes).toContain('ColorCatch: level (text), trial (integer), color (text), probe (integer, some rows), targetCell (integer or null, some rows)');
    expect(attributes).toContain('WordLinks: slot (integer), attempt (integer), firstKeyAt (number or null)');
  });

});
