/**
 * The publication bundle: a zip in the Psych-DS 1.5.0 layout (ADR 024), written from the same
 * rows as the CSV export:
 *
 *   dataset_description.json        schema.org Dataset; variableMeasured from EXPORT_COLUMN_INFO
 *   README.md                       what is in the bundle, how it was made, how to check it
 *   documentation/codebook.html     every column: meaning, type, unit, range, levels; each task's
 *                                   attributes from the games' declarations (ADR 064)
 *   documentation/exclusion-log.csv every exclusion and undo with who, when and why
 *   documentation/raw-files.csv     every raw file: recording id → path, participant, kind, duration…
 *   data/task-<game>_data.csv       one long-format file per task (game) with responses
 *   data/raw/subject-…_task-morningmemo_trial-<kind>_description-<id>.<ext>
 *                                   each complete Morning Memo recording, byte for byte (streamed)
 *   SHA256SUMS                      `sha256sum -c` manifest of every other file
 *
 * Every CSV file's text cells go through the one spreadsheet formula guard (issue 24 item 15),
 * like the CSV export: a researcher opens these files in a spreadsheet too.
 */
import type { Writable } from 'node:stream';
import { delphi } from '@chi/contract';
import type { FileStorage } from '../../../storage/file-storage';
import { openZipStream } from '../../../storage/zip-stream';
import type { EntryContent } from '../../../storage/zip-stream';
import type { Db } from '../delphi-db';
import { extensionOf } from '../recordings/audio-type';
import { completeRecordingRows, recordingKey } from '../recordings/recordings.service';
import { ExclusionState, listExclusionLog } from '../quality/exclusions';
import { csvText } from '../../../security/csv-cell';
import type { CsvValue } from '../../../security/csv-cell';
import { attributesDescription, attributesHtml } from './attribute-codebook';
import { CONSENT_COLUMNS, CONSENT_LOG, consentDocuments } from './consent-documents';
import type { DataScope } from '../studies/data-scope';
import { chunksInProcess, gamesWithResponses, snapshot, suiteColumns, suitesWithEvents } from './export-writer';
import type { ArrayReader, ChunkSource, ExportProgress } from './export-writer';

export const PSYCH_DS_VERSION = '1.5.0';
/** Every exclusion and undo, oldest first (ADR 025); outside data/, as it is not a data file. */
export const EXCLUSION_LOG = 'documentation/exclusion-log.csv';
/** Every raw file of the bundle with the recording it holds; outside data/, as it is not a data file. */
export const RAW_FILES_INDEX = 'documentation/raw-files.csv';
/** The game whose recordings are the bundle's raw files (its task file's rows carry `attributes.recordingId`). */
const RECORDING_GAME = 'MorningMemo' satisfies delphi.GameName;

/** The columns of RAW_FILES_INDEX, described once for its header and the codebook. */
export const RAW_FILE_COLUMNS = [
  ['recordingId', 'The recording\'s id: attributes.recordingId of its row in the MorningMemo task file.'],
  ['path', 'The raw file in this bundle (under data/raw/); empty when the stored audio could not be read when the bundle was made.'],
  ['participantId', 'The participant who recorded it.'],
  ['suiteId', 'The participant\'s suite (as in the task files).'],
  ['kind', 'background (10 s of background noise) or talk (up to 90 s about the morning routine).'],
  ['mimeType', 'The audio container, sniffed from the file\'s first bytes (audio/webm, audio/ogg, audio/mp4 or audio/wav).'],
  ['bytes', 'The file\'s size in bytes.'],
  ['durationMs', 'The duration measured by the browser\'s recorder, in milliseconds.'],
  ['sha256', 'SHA-256 of the file, checked when the upload was completed (also in SHA256SUMS).'],
  ['recordedAt', 'When its first part reached the server (ISO 8601, UTC).'],
  ['completedAt', 'When the server had the whole recording (ISO 8601, UTC).'],
  ['excluded', 'true when a researcher had excluded the participant or their MorningMemo game when the bundle was made (as the task files\' excluded column).'],
] as const;

export interface BundleOptions {
  readonly output: Writable;
  /** Reads the task files' rows as arrays (the database's `readArrays`). */
  readonly readArrays: ArrayReader;
  /** Where the recordings' audio is read from (streamed into data/raw/). */
  readonly storage: FileStorage;
  /** When the bundle was made: written into its metadata and used as every entry's time. */
  readonly createdAt: Date;
  /** Whose suites (ADR 074): one study's, its live runs unless test runs were asked for. */
  readonly scope: DataScope;
  readonly batchSize?: number;
  /** Ask for each next batch before formatting the current one (PostgreSQL; exportChunks). */
  readonly readAhead?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ExportProgress) => Promise<void>;
  /** Where the task files' text comes from: a worker thread's (export-worker-host.ts); this thread's when absent. */
  readonly chunkSource?: ChunkSource;
}

/** `data/task-flashmatch_data.csv`: the Psych-DS keyword pattern (values letters and digits only). */
export function taskFileName(gameName: string): string {
  return `data/task-${gameName.toLowerCase().replace(/[^a-z0-9]/g, '')}_data.csv`;
}

/** A keyword value: letters and digits only (Psych-DS). */
const keywordValue = (text: string) => text.replace(/[^A-Za-z0-9]/g, '') || 'x';

/**
 * `data/raw/subject-X1_task-morningmemo_trial-talk_description-<recording id>.webm`: official
 * keywords only, values reduced to letters and digits; a name that two recordings would share
 * after that reduction gets a counter, so every recording has its own file.
 */
export function rawFileName(
  recording: { participant_id: string; kind: string; id: string; mime_type: string },
  taken: Set<string>,
): string {
  const base =
    `data/raw/subject-${keywordValue(recording.participant_id)}_task-${keywordValue(RECORDING_GAME).toLowerCase()}` +
    `_trial-${keywordValue(recording.kind)}_description-${keywordValue(recording.id)}`;
  const extension = extensionOf(recording.mime_type);
  let name = `${base}.${extension}`;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}.${extension}`;
  taken.add(name);
  return name;
}

/** A schema.org PropertyValue per column, from the contract's column descriptions. */
export function variableMeasured(): Record<string, unknown>[] {
  return delphi.EXPORT_COLUMNS.map((name) => {
    const info = delphi.EXPORT_COLUMN_INFO[name];
    // Only schema.org PropertyValue properties (the validator refuses others): levels go in the text.
    const levels = info.levels ? ` One of: ${info.levels.join(', ')}.` : '';
    // The attributes column's keys come from the games' declarations (ADR 064).
    const description = name === 'attributes' ? attributesDescription() : info.description;
    return {
      '@type': 'PropertyValue',
      name,
      description: `${description}${levels}`,
      ...(info.unit ? { unitText: info.unit } : {}),
      ...(info.minValue !== undefined ? { minValue: info.minValue } : {}),
      ...(info.maxValue !== undefined ? { maxValue: info.maxValue } : {}),
    };
  });
}

/** The study a bundle holds (ADR 074): its slug and which runs. */
export interface BundleStudy {
  readonly slug: string;
  readonly runs: delphi.DataRuns;
}

const RUNS_TEXT: Readonly<Record<delphi.DataRuns, string>> = {
  live: "participants' runs only (previews and piloting runs left out)",
  test: "researchers' previews and piloting runs only",
  all: "participants' runs, piloting runs and previews (the run column tells them apart)",
};

export function datasetDescription(createdAt: Date, tasks: readonly { game: string; rows: number }[], study: BundleStudy = { slug: delphi.DEFAULT_STUDY_SLUG, runs: 'live' }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    name: `CHI Delphi study suite: responses of study ${study.slug}`,
    description:
      `Long-format responses of the Delphi cognitive-games study suite, study ${study.slug}: ${RUNS_TEXT[study.runs]}; one CSV per task (game), one row per response, ` +
      `as stored by the CHI research framework when the bundle was generated (${createdAt.toISOString()}). ` +
      'Every row names its study (slug) and the study version its participant ran.',
    dateCreated: createdAt.toISOString(),
    keywords: ['cognitive games', 'reaction time', 'online study', ...tasks.map((task) => task.game)],
    schemaVersion: `Psych-DS ${PSYCH_DS_VERSION}`,
    variableMeasured: variableMeasured(),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A readable, self-contained HTML codebook made from the same column descriptions. */
export function codebookHtml(createdAt: Date, rawFiles: readonly RawFileEntry[] = []): string {
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
th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}thead th{background:#eee}td code{overflow-wrap:anywhere}</style></head>
<body>
<h1>Codebook: CHI Delphi study suite responses</h1>
<p>Generated ${escapeHtml(createdAt.toISOString())}. Every <code>data/task-*_data.csv</code> file has these columns, in this order.</p>
<table>
<thead><tr><th scope="col">Column</th><th scope="col">Type</th><th scope="col">Unit</th><th scope="col">Range</th><th scope="col">Values</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${attributesHtml()}
${rawFilesHtml(rawFiles)}
</body>
</html>
`;
}

export interface RawFileEntry {
  readonly recordingId: string;
  /** Empty when the stored audio was missing. */
  readonly path: string;
  readonly participantId: string;
}

function rawFilesHtml(rawFiles: readonly RawFileEntry[]): string {
  const columns = RAW_FILE_COLUMNS.map(
    ([name, meaning]) => `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${escapeHtml(meaning)}</td></tr>`,
  ).join('\n');
  const files = rawFiles.map(
    (file) =>
      `<tr><td><code>${escapeHtml(file.recordingId)}</code></td><td>${escapeHtml(file.participantId)}</td>` +
      `<td>${file.path === '' ? 'missing: the stored audio could not be read' : `<code>${escapeHtml(file.path)}</code>`}</td></tr>`,
  ).join('\n');
  return `<h2>Raw files</h2>
<p>Each Morning Memo recording is under <code>data/raw/</code>, byte for byte as uploaded. A row of
<code>data/task-morningmemo_data.csv</code> names its recording in <code>attributes.recordingId</code>;
<code>${RAW_FILES_INDEX}</code> maps that id to the file, with these columns:</p>
<table>
<thead><tr><th scope="col">Column</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${columns}
</tbody>
</table>
${
  rawFiles.length === 0
    ? '<p>No recordings were complete when the bundle was made.</p>'
    : `<h3>Recordings and their files</h3>
<table>
<thead><tr><th scope="col">Recording id</th><th scope="col">Participant</th><th scope="col">File</th></tr></thead>
<tbody>
${files}
</tbody>
</table>`
}`;
}

function readme(createdAt: Date, tasks: readonly { game: string; file: string; rows: number }[], rawFiles: number, consent: { versions: number; agreements: number }): string {
  const lines = tasks.map((task) => `- \`${task.file}\`: ${task.game}, ${task.rows} responses`);
  const consentLines =
    consent.versions + consent.agreements === 0
      ? ''
      : `- \`documentation/consent/\`: the study's consent text, each of its ${consent.versions} version${consent.versions === 1 ? '' : 's'} (\`version-N.md\`), and its own text in
  another language where it had one (\`version-N.dk.md\`); texts replaced before the framework kept every version are not in it.
- \`${CONSENT_LOG}\`: the ${consent.agreements} agreement${consent.agreements === 1 ? '' : 's'} to it: ${CONSENT_COLUMNS.join(', ')} (the language of the text read;
  empty where the page did not say).
`;
  return `# CHI Delphi study suite: responses

Generated ${createdAt.toISOString()} by the CHI research framework, in the Psych-DS ${PSYCH_DS_VERSION} layout.

## Files
- \`dataset_description.json\`: the dataset's metadata (schema.org \`Dataset\`), with every column in \`variableMeasured\`.
- \`documentation/codebook.html\`: what each column means, its type, unit and range.
- \`${EXCLUSION_LOG}\`: every exclusion of a participant or game by a researcher, and every undo, with who, when and why
  (oldest first); the \`excluded\` column of the task files is the state when the bundle was made.
${consentLines}${lines.length > 0 ? lines.join('\n') : '- No responses were stored yet: there are no task files.'}
- \`data/raw/\`: ${rawFiles} Morning Memo recording${rawFiles === 1 ? '' : 's'}, byte for byte as uploaded (raw files).
- \`${RAW_FILES_INDEX}\`: each raw file with its recording id, participant, kind, duration, size and checksum; the
  MorningMemo task file's rows name their recording in \`attributes.recordingId\`.
- \`SHA256SUMS\`: checksums of every other file; check them with \`sha256sum -c SHA256SUMS\`.

## Reading the data
One row per response (long format). Times are ISO 8601 in UTC; \`rtMs\` is \`respondedAt − promptedAt\`
in milliseconds from the browser's high-resolution clock, never clamped. Text cells are RFC 4180-quoted;
a text cell that starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is written with a leading
\`'\` so a spreadsheet does not run it as a formula (\`=1+2\` is stored as \`=1+2\` and written \`'=1+2\`):
drop that one leading quote when analysing text responses. \`attributes\` holds each game's own details of a response as a JSON object.
`;
}

/** Writes the whole bundle to `output`; answers the number of responses written. */
export async function writePsychDsBundle(db: Db, options: BundleOptions): Promise<{ rows: number }> {
  const { createdAt, scope } = options;
  const { maxSeq, total } = await snapshot(db, scope);
  const suites = await suiteColumns(db, scope);
  const eventSuites = await suitesWithEvents(db, scope);
  // The log and the `excluded` column from one read, so they agree: the study's suites' entries.
  const log = (await listExclusionLog(db, undefined, scope)).reverse();
  const exclusions = ExclusionState.fold(log.map((e) => ({ suite_id: e.suiteId, game_name: e.gameName, action: e.action })));
  const zip = openZipStream(options.output, { mtime: createdAt, ...(options.signal ? { signal: options.signal } : {}) });
  const sums: string[] = [];
  const add = async (name: string, content: EntryContent, entryOptions?: { store?: boolean }) => {
    const { sha256 } = await zip.add(name, content, entryOptions);
    sums.push(`${sha256}  ${name}`);
  };

  const source = options.chunkSource ?? chunksInProcess(db, options.readArrays);
  let done = 0;
  const tasks: { game: string; file: string; rows: number }[] = [];
  for (const game of await gamesWithResponses(db, maxSeq, scope)) {
    const file = taskFileName(game);
    let rows = 0;
    await add(
      file,
      source({
        format: 'csv',
        gameName: game,
        maxSeq,
        exclusions,
        scope,
        suites,
        eventSuites,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(options.readAhead ? { readAhead: true } : {}),
        onBatch: async (written) => {
          rows = written;
          await options.onProgress?.({ rows: done + rows, total });
        },
      }),
    );
    done += rows;
    tasks.push({ game, file, rows });
  }
  const rawFiles = await addRawFiles(options.storage, db, exclusions, suites, add);
  const logRows = log.map((e) => [e.at, e.action, e.participantId, e.suiteId, e.gameName, e.reason, e.by]);
  await add(EXCLUSION_LOG, csvText(['at', 'action', 'participantId', 'suiteId', 'game', 'reason', 'by'], logRows));
  const consent = await consentDocuments(db, scope);
  for (const file of consent.files) await add(file.name, file.content);
  await add('dataset_description.json', `${JSON.stringify(datasetDescription(createdAt, tasks, { slug: scope.slug, runs: scope.runs }), null, 2)}\n`);
  await add('README.md', readme(createdAt, tasks, rawFiles.filter((file) => file.path !== '').length, consent));
  await add('documentation/codebook.html', codebookHtml(createdAt, rawFiles));
  await zip.add('SHA256SUMS', `${sums.join('\n')}\n`);
  await zip.finish();
  return { rows: done };
}

/**
 * Streams every complete recording into data/raw/ (stored, not deflated: opus is compressed
 * already; one chunk in memory at a time), then writes RAW_FILES_INDEX. Excluded participants'
 * recordings are included and marked, as their rows are in the task files.
 */
async function addRawFiles(
  storage: FileStorage,
  db: Db,
  exclusions: ExclusionState,
  suites: ReadonlyMap<string, unknown>,
  add: (name: string, content: EntryContent, options?: { store?: boolean }) => Promise<void>,
): Promise<RawFileEntry[]> {
  const taken = new Set<string>();
  const entries: RawFileEntry[] = [];
  const lines: CsvValue[][] = [];
  // The scope's recordings only (another study's, or a run not asked for, stay out).
  for (const row of (await completeRecordingRows(db)).filter((recording) => suites.has(recording.suite_id))) {
    const stream = await storage.openRead(recordingKey(row));
    const path = stream ? rawFileName(row, taken) : '';
    if (stream) {
      // An aborted bundle (the job's signal) stops mid-file: the file handle is closed, not leaked.
      await add(path, stream as AsyncIterable<Buffer>, { store: true }).catch((error: unknown) => {
        stream.destroy();
        throw error;
      });
    }
    entries.push({ recordingId: row.id, path, participantId: row.participant_id });
    const cells = [
      row.id, path, row.participant_id, row.suite_id, row.kind, row.mime_type, row.byte_size === null ? null : Number(row.byte_size),
      row.duration_ms === null ? null : Number(row.duration_ms), row.sha256, row.created_at, row.completed_at,
      exclusions.excludes(row.suite_id, RECORDING_GAME),
    ];
    lines.push(cells);
  }
  await add(RAW_FILES_INDEX, csvText(RAW_FILE_COLUMNS.map(([name]) => name), lines));
  return entries;
}
