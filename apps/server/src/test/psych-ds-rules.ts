/**
 * The Psych-DS 1.5.0 rules our bundle must pass, read from the specification's schema model
 * (psych-ds/psych-DS, `schema_model/versions/1.5.0/rules/`): the core files and directory
 * (`files/common/core.yaml`), the data file names (`files/tabular_data/data.yaml`), the
 * compiled metadata (`compiled_metadata.yaml`), the CSV checks and their error codes
 * (`csv_data.yaml`, `errors.yaml`). Only errors are checked, not the "recommended" warnings
 * (ADR 024 lists which rules and why).
 */
import { parseCsv } from './csv';

export interface PsychDsIssue {
  readonly code: string;
  readonly file?: string;
  readonly detail?: string;
}

/** `files/tabular_data/data.yaml` fileRegex, anchored. */
const DATAFILE = /^([a-z]+-[a-zA-Z0-9]+)(_[a-z]+-[a-zA-Z0-9]+)*_data\.csv$/;
/** `objects/common_principles.yaml` keywords: the only keys a data file name may use. */
const KEYWORDS = new Set(['study', 'site', 'subject', 'session', 'task', 'condition', 'trial', 'stimulus', 'description']);
/** The schema.org properties our metadata uses, per type (INVALID_SCHEMAORG_PROPERTY otherwise). */
const SCHEMA_ORG: Record<string, ReadonlySet<string>> = {
  Dataset: new Set(['name', 'description', 'variableMeasured', 'author', 'citation', 'license', 'funder', 'url', 'identifier',
    'privacyPolicy', 'keywords', 'dateCreated', 'schemaVersion', 'creator', 'version']),
  PropertyValue: new Set(['name', 'description', 'unitText', 'unitCode', 'minValue', 'maxValue', 'value', 'valueReference',
    'measurementTechnique', 'propertyID']),
};
const REQUIRED_FIELDS = ['name', 'description', 'variableMeasured'];


function checkObject(value: unknown, issues: PsychDsIssue[], where: string): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkObject(item, issues, `${where}[${i}]`));
    return;
  }
  const object = value as Record<string, unknown>;
  const type = object['@type'];
  const allowed = typeof type === 'string' ? SCHEMA_ORG[type] : undefined;
  if (typeof type === 'string' && !allowed) issues.push({ code: 'INVALID_OBJECT_TYPE', detail: `${where}: ${type}` });
  for (const [key, child] of Object.entries(object)) {
    if (key.startsWith('@')) continue;
    if (allowed && !allowed.has(key)) issues.push({ code: 'INVALID_SCHEMAORG_PROPERTY', detail: `${where}.${key}` });
    checkObject(child, issues, `${where}.${key}`);
  }
}

/** Checks a dataset given as its files (path → text); answers the errors found (none when valid). */
export function checkPsychDs(files: ReadonlyMap<string, string>): PsychDsIssue[] {
  const issues: PsychDsIssue[] = [];
  const paths = [...files.keys()];
  const description = files.get('dataset_description.json');
  if (description === undefined) issues.push({ code: 'MISSING_DATASET_DESCRIPTION' });
  for (const path of paths) {
    if (path !== 'dataset_description.json' && path.endsWith('/dataset_description.json')) issues.push({ code: 'WRONG_METADATA_LOCATION', file: path });
  }
  if (!paths.some((path) => path.startsWith('data/'))) issues.push({ code: 'MISSING_DATA_DIRECTORY' });

  let metadata: Record<string, unknown> = {};
  if (description !== undefined) {
    try {
      metadata = JSON.parse(description) as Record<string, unknown>;
    } catch {
      issues.push({ code: 'INVALID_JSON_FORMATTING', file: 'dataset_description.json' });
    }
    if (metadata['@context'] === undefined) issues.push({ code: 'INVALID_JSONLD_FORMATTING', detail: '@context missing' });
    if (metadata['@type'] === undefined) issues.push({ code: 'MISSING_DATASET_TYPE' });
    else if (metadata['@type'] !== 'Dataset') issues.push({ code: 'INCORRECT_DATASET_TYPE' });
    for (const field of REQUIRED_FIELDS) if (metadata[field] === undefined) issues.push({ code: 'JSON_KEY_REQUIRED', detail: field });
    checkObject(metadata, issues, 'dataset_description');
  }
  const variables = new Set(
    (Array.isArray(metadata.variableMeasured) ? metadata.variableMeasured : []).map((v: unknown) =>
      typeof v === 'string' ? v : String((v as { name?: unknown }).name),
    ),
  );

  const seenColumns = new Set<string>();
  const datafiles = paths.filter((path) => path.startsWith('data/') && path.endsWith('.csv'));
  let validDatafiles = 0;
  for (const path of datafiles) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!DATAFILE.test(name)) {
      issues.push({ code: 'FILENAME_KEYWORD_FORMATTING_ERROR', file: path });
      continue;
    }
    const keys = name.replace(/_data\.csv$/, '').split('_').map((pair) => pair.split('-')[0] ?? '');
    const unofficial = keys.filter((key) => !KEYWORDS.has(key));
    if (unofficial.length > 0) issues.push({ code: 'FILENAME_UNOFFICIAL_KEYWORD_ERROR', file: path, detail: unofficial.join(',') });
    let rows: string[][];
    try {
      rows = parseCsv(files.get(path) ?? '');
    } catch {
      issues.push({ code: 'CSV_FORMATTING_ERROR', file: path });
      continue;
    }
    const header = rows[0];
    if (!header || header.length === 0 || header.every((cell) => cell === '')) {
      issues.push({ code: 'CSV_HEADER_MISSING', file: path });
      continue;
    }
    if (new Set(header).size !== header.length) issues.push({ code: 'CSV_HEADER_REPEATED', file: path });
    if (rows.some((row) => row.length !== header.length)) issues.push({ code: 'CSV_HEADER_LENGTH_MISMATCH', file: path });
    const missing = header.filter((column) => !variables.has(column));
    if (missing.length > 0) issues.push({ code: 'CSV_COLUMN_MISSING_FROM_METADATA', file: path, detail: missing.join(',') });
    const rowIdColumn = header.indexOf('row_id');
    if (rowIdColumn >= 0) {
      const ids = rows.slice(1).map((row) => row[rowIdColumn]);
      if (new Set(ids).size !== ids.length) issues.push({ code: 'ROWID_VALUES_NOT_UNIQUE', file: path });
    }
    header.forEach((column) => seenColumns.add(column));
    validDatafiles++;
  }
  if (validDatafiles === 0) issues.push({ code: 'MISSING_DATAFILE' });
  const unused = [...variables].filter((name) => !seenColumns.has(name));
  if (validDatafiles > 0 && unused.length > 0) issues.push({ code: 'VARIABLE_MISSING_FROM_CSV_COLUMNS', detail: unused.join(',') });
  return issues;
}
