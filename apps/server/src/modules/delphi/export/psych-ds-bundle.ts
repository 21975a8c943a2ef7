/**
 * The publication bundle: a zip in the Psych-DS 1.5.0 layout (ADR 024), written from the same
 * rows as the CSV export:
 *
 *   dataset_description.json        schema.org Dataset; variableMeasured from EXPORT_COLUMN_INFO
 *   README.md                       what is in the bundle, how it was made, how to check it
 *   documentation/codebook.html     every column: meaning, type, unit, range, levels
 *   documentation/exclusion-log.csv every exclusion and undo with who, when and why
 *   data/task-<game>_data.csv       one long-format file per task (game) with responses
 *   SHA256SUMS                      `sha256sum -c` manifest of every other file
 *
 * Task files hold cells as stored (no spreadsheet formula guard: they are for analysis tools).
 */
import type { Writable } from 'node:stream';
import { delphi } from '@chi/contract';
import { openZipStream } from '../../../storage/zip-stream';
import type { Db } from '../delphi-db';
import { ExclusionState, listExclusionLog } from '../quality/exclusions';
import { csvRawCell } from './export-format';
import { exportChunks, gamesWithResponses, snapshot } from './export-writer';
import type { ExportProgress } from './export-writer';

export const PSYCH_DS_VERSION = '1.5.0';
/** Every exclusion and undo, oldest first (ADR 025); outside data/, as it is not a data file. */
export const EXCLUSION_LOG = 'documentation/exclusion-log.csv';

export interface BundleOptions {
  readonly output: Writable;
  /** When the bundle was made: written into its metadata and used as every entry's time. */
  readonly createdAt: Date;
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ExportProgress) => Promise<void>;
}

/** `data/task-flashmatch_data.csv`: the Psych-DS keyword pattern (values letters and digits only). */
export function taskFileName(gameName: string): string {
  return `data/task-${gameName.toLowerCase().replace(/[^a-z0-9]/g, '')}_data.csv`;
}

/** A schema.org PropertyValue per column, from the contract's column descriptions. */
export function variableMeasured(): Record<string, unknown>[] {
  return delphi.EXPORT_COLUMNS.map((name) => {
    const info = delphi.EXPORT_COLUMN_INFO[name];
    // Only schema.org PropertyValue properties (the validator refuses others): levels go in the text.
    const levels = info.levels ? ` One of: ${info.levels.join(', ')}.` : '';
    return {
      '@type': 'PropertyValue',
      name,
      description: `${info.description}${levels}`,
      ...(info.unit ? { unitText: info.unit } : {}),
      ...(info.minValue !== undefined ? { minValue: info.minValue } : {}),
      ...(info.maxValue !== undefined ? { maxValue: info.maxValue } : {}),
    };
  });
}

export function datasetDescription(createdAt: Date, tasks: readonly { game: string; rows: number }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    name: 'CHI Delphi study suite: responses',
    description:
      'Long-format responses of the Delphi cognitive-games study suite, one CSV per task (game), one row per response, ' +
      `as stored by the CHI research framework when the bundle was generated (${createdAt.toISOString()}).`,
    dateCreated: createdAt.toISOString(),
    keywords: ['cognitive games', 'reaction time', 'online study', ...tasks.map((task) => task.game)],
    schemaVersion: `Psych-DS ${PSYCH_DS_VERSION}`,
    variableMeasured: variableMeasured(),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A readable, self-contained HTML codebook made from the same column descriptions. */
export function codebookHtml(createdAt: Date): string {
  const rows = delphi.EXPORT_COLUMNS.map((name) => {
    const info = delphi.EXPORT_COLUMN_INFO[name];
    const range = [info.minValue, info.maxValue].some((v) => v !== undefined) ? `${info.minValue ?? ''} – ${info.maxValue ?? ''}` : '';
    return (
      `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${escapeHtml(info.type)}</td>` +
      `<td>${escapeHtml(info.unit ?? '')}</td><td>${escapeHtml(range)}</td>` +
      `<td>${escapeHtml((info.levels ?? []).join(', '))}</td><td>${escapeHtml(info.description)}</td></tr>`
    );
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Codebook: CHI Delphi study suite responses</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;line-height:1.4}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}thead th{background:#eee}</style></head>
<body>
<h1>Codebook: CHI Delphi study suite responses</h1>
<p>Generated ${escapeHtml(createdAt.toISOString())}. Every <code>data/task-*_data.csv</code> file has these columns, in this order.</p>
<table>
<thead><tr><th scope="col">Column</th><th scope="col">Type</th><th scope="col">Unit</th><th scope="col">Range</th><th scope="col">Values</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}

function readme(createdAt: Date, tasks: readonly { game: string; file: string; rows: number }[]): string {
  const lines = tasks.map((task) => `- \`${task.file}\`: ${task.game}, ${task.rows} responses`);
  return `# CHI Delphi study suite: responses

Generated ${createdAt.toISOString()} by the CHI research framework, in the Psych-DS ${PSYCH_DS_VERSION} layout.

## Files
- \`dataset_description.json\`: the dataset's metadata (schema.org \`Dataset\`), with every column in \`variableMeasured\`.
- \`documentation/codebook.html\`: what each column means, its type, unit and range.
- \`${EXCLUSION_LOG}\`: every exclusion of a participant or game by a researcher, and every undo, with who, when and why
  (oldest first); the \`excluded\` column of the task files is the state when the bundle was made.
${lines.length > 0 ? lines.join('\n') : '- No responses were stored yet: there are no task files.'}
- \`SHA256SUMS\`: checksums of every other file; check them with \`sha256sum -c SHA256SUMS\`.

## Reading the data
One row per response (long format). Times are ISO 8601 in UTC; \`rtMs\` is \`respondedAt − promptedAt\`
in milliseconds from the browser's high-resolution clock, never clamped. Text cells are written
exactly as stored (RFC 4180 quoting): a spreadsheet may read a cell such as \`=1+2\` as a formula, so
import them as text. \`attributes\` holds each game's own details of a response as a JSON object.
`;
}

/** Writes the whole bundle to `output`; answers the number of responses written. */
export async function writePsychDsBundle(db: Db, options: BundleOptions): Promise<{ rows: number }> {
  const { createdAt } = options;
  const { maxSeq, total } = await snapshot(db);
  // The log and the `excluded` column from one read, so they agree.
  const log = (await listExclusionLog(db)).reverse();
  const exclusions = ExclusionState.fold(log.map((e) => ({ suite_id: e.suiteId, game_name: e.gameName, action: e.action })));
  const zip = openZipStream(options.output, { mtime: createdAt, ...(options.signal ? { signal: options.signal } : {}) });
  const sums: string[] = [];
  const add = async (name: string, content: Parameters<typeof zip.add>[1]) => {
    const { sha256 } = await zip.add(name, content);
    sums.push(`${sha256}  ${name}`);
  };

  let done = 0;
  const tasks: { game: string; file: string; rows: number }[] = [];
  for (const game of await gamesWithResponses(db, maxSeq)) {
    const file = taskFileName(game);
    let rows = 0;
    await add(
      file,
      exportChunks(db, {
        format: 'csv',
        gameName: game,
        rawCells: true,
        maxSeq,
        exclusions,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        onBatch: async (written) => {
          rows = written;
          await options.onProgress?.({ rows: done + rows, total });
        },
      }),
    );
    done += rows;
    tasks.push({ game, file, rows });
  }
  const logLines = log.map((e) => [e.at, e.action, e.participantId, e.suiteId, e.gameName, e.reason, e.by].map(csvRawCell).join(','));
  await add(EXCLUSION_LOG, `${['at', 'action', 'participantId', 'suiteId', 'game', 'reason', 'by'].join(',')}\r\n${logLines.map((l) => `${l}\r\n`).join('')}`);
  await add('dataset_description.json', `${JSON.stringify(datasetDescription(createdAt, tasks), null, 2)}\n`);
  await add('README.md', readme(createdAt, tasks));
  await add('documentation/codebook.html', codebookHtml(createdAt));
  await zip.add('SHA256SUMS', `${sums.join('\n')}\n`);
  await zip.finish();
  return { rows: done };
}
