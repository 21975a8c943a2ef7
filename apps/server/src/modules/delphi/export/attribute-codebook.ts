/**
 * The `attributes` column per task, written from the games' declarations (ADR 064): what each
 * game puts in a response's `attributes`, for the codebook and the Psych-DS metadata. A game
 * that declares a new attribute is documented in the next export, with nothing to edit here.
 * Games declare their start, end and round attributes too (ADR 068), but the export is one row
 * per response and carries none of them, so they are not listed here.
 */
import { delphi } from '@chi/contract';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function typeText(info: delphi.AttributeInfo): string {
  return `${info.type}${info.nullable ? ' or null' : ''}`;
}

/** One line per game for `variableMeasured`'s `attributes` description (only PropertyValue properties are allowed there). */
export function attributesDescription(): string {
  const games = delphi.GAME_NAMES.map((game) => {
    const attributes = delphi.describeAttributes(delphi.GAME_DECLARATIONS[game].response);
    const list = attributes.length === 0 ? 'none' : attributes.map((a) => `${a.name} (${typeText(a)}${a.optional ? ', some rows' : ''})`).join(', ');
    return `${game}: ${list}.`;
  });
  return `${delphi.EXPORT_COLUMN_INFO.attributes.description} Keys per task (the codebook describes each): ${games.join(' ')}`;
}

/** The codebook's section: per task, each attribute's type, values, presence and meaning. */
export function attributesHtml(): string {
  const sections = delphi.GAME_NAMES.map((game) => {
    const declaration = delphi.GAME_DECLARATIONS[game];
    const attributes = delphi.describeAttributes(declaration.response);
    const rows = attributes.map((a) => {
      const range = [a.minValue, a.maxValue].some((v) => v !== undefined) ? `${a.minValue ?? ''} – ${a.maxValue ?? ''}` : '';
      return (
        `<tr><th scope="row"><code>${escapeHtml(a.name)}</code></th><td>${escapeHtml(typeText(a))}</td><td>${escapeHtml(range)}</td>` +
        `<td>${escapeHtml((a.levels ?? []).join(', '))}</td><td>${a.optional ? 'some rows' : 'every row'}</td><td>${escapeHtml(a.description)}</td></tr>`
      );
    });
    const body =
      rows.length === 0
        ? '<p>No attributes: everything of a response is in the columns above.</p>'
        : `<table>
<thead><tr><th scope="col">Key</th><th scope="col">Type</th><th scope="col">Range</th><th scope="col">Values</th><th scope="col">Present in</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
    return `<h3 id="attributes-${escapeHtml(game.toLowerCase())}">${escapeHtml(game)}</h3>
<p>${escapeHtml(declaration.summary)} File: <code>data/task-${escapeHtml(game.toLowerCase())}_data.csv</code>.</p>
${body}`;
  });
  return `<h2>The attributes column, per task</h2>
<p>Each row's <code>attributes</code> is a JSON object whose keys are the game's declared response attributes
(generated from the games' declarations). Rows stored before a key was declared may lack it or hold keys not listed here.</p>
${sections.join('\n')}`;
}
