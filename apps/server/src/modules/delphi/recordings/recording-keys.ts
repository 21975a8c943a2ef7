/** Where a recording's bytes live in the file storage: its parts while receiving, then the whole file. */
import { storageKey } from '../../../storage/file-storage';
import { extensionOf } from './audio-type';

export function partKey(suiteId: string, recordingId: string, part: number): string {
  return storageKey('recordings', suiteId, recordingId, `${part}.part`);
}

export function recordingKey(row: { suite_id: string; id: string; mime_type: string }): string {
  return storageKey('recordings', row.suite_id, `${row.id}.${extensionOf(row.mime_type)}`);
}
