/** Morning Memo recordings: participants' resumable part uploads, researchers' list, play, download and zip (ADR 018). */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { recordings } from '@chi/contract';
import { openZipStream } from '../../../storage/zip-stream';
import { registerHandler } from '../../../http/registrar';
import type { DelphiDeps } from '../delphi-deps';
import { completeRecording, completeRecordingRows, listRecordings, recordingKey, requireCompleteRecording, storePart } from './recordings.service';
import { extensionOf } from './audio-type';
import { AppError } from '../../../http/app-error';
import { participantGuard } from '../suite-key';
import { defineRecordingCleanUp } from './recording-policy';
import { dataScope, suiteStudy } from '../studies/data-scope';

/** A file name for a researcher's disk: participant, kind and the recording id (all safe characters). */
function fileName(row: { participant_id: string; kind: string; id: string; mime_type: string }): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${safe(row.participant_id)}-${row.kind}-${safe(row.id)}.${extensionOf(row.mime_type)}`;
}

export function registerRecordingRoutes(app: FastifyInstance, deps: DelphiDeps): void {
  const db = deps.database.db;
  const { storage } = deps;

  const guard = participantGuard(deps);
  defineRecordingCleanUp(deps.jobs, db, storage, deps.now);
  registerHandler(app, recordings.uploadPart, async (input, { request }) => (await guard(request, input), storePart(db, storage, input, deps.now())));
  registerHandler(app, recordings.completeRecording, async (input, { request }) => (await guard(request, input), completeRecording(db, storage, input, deps.now())));
  registerHandler(app, recordings.listRecordings, async (input, { request }) => listRecordings(db, await dataScope(db, request.user, input), input.filter, input.offset, input.pageSize));

  registerHandler(app, recordings.downloadRecording, async (input, { id, reply, request }) => {
    const row = await requireCompleteRecording(db, id ?? '');
    // The audio is its study's data: review+ there (ADR 074).
    await suiteStudy(db, request.user, row.suite_id, 'review');
    const key = recordingKey(row);
    const info = await storage.stat(key);
    const stream = info ? await storage.openRead(key) : undefined;
    if (!info || !stream) throw new AppError(recordings.RECORDING_ERRORS.unknownRecording);
    reply
      .type(row.mime_type)
      .header('content-length', info.size)
      .header('content-disposition', `${input.download === '1' ? 'attachment' : 'inline'}; filename="${fileName(row)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    await reply.send(stream);
    return undefined;
  });

  registerHandler(app, recordings.downloadArchive, async (input, { reply, request }) => {
    const rows = await completeRecordingRows(db, await dataScope(db, request.user, input));
    const body = new PassThrough();
    // Stored, not deflated: opus is already compressed. Each file is read and added in turn,
    // with back-pressure, so memory holds one chunk at a time whatever the number of recordings.
    const zip = openZipStream(body);
    const day = deps.now().toISOString().slice(0, 10);
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="delphi-recordings-${day}.zip"`)
      .header('cache-control', 'no-store');
    void (async () => {
      for (const row of rows) {
        const stream = await storage.openRead(recordingKey(row));
        if (stream) await zip.add(fileName(row), stream as AsyncIterable<Buffer>, { store: true });
      }
      await zip.finish();
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'recordings archive failed');
      body.destroy(error instanceof Error ? error : new Error('archive failed'));
    });
    await reply.send(body);
    return undefined;
  });
}
