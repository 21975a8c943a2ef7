/**
 * Dense search with an embedding endpoint (ADR 028), against the local OpenAI-compatible test
 * server (real HTTP): each text is embedded once per content hash, whichever file or store it
 * comes from; a replaced or deleted file's vectors are retired unless another chunk uses the
 * same text; dense and full-text rankings fuse by weighted RRF in the order worked out by hand;
 * an endpoint error shows as a failed indexing state with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { makeUsers } from '../documents/documents-kit';
import type { Users } from '../documents/documents-kit';
import { ac, readPipe, replace, upload } from './assistants-kit';
import { textHash } from '../retrieval/embeddings';
import { startModelServer } from './model-server-kit';
import type { ModelServer } from './model-server-kit';
import { fuseRankings, RRF_K } from '../retrieval/retrieval';

/** A toy embedding with known geometry: one dimension per concept, counting its words. */
const CONCEPTS = [['ship', 'vessel', 'boat'], ['black', 'dark'], ['sails', 'sail', 'canvas'], ['cargo', 'loaded', 'powder', 'rope'], ['harbour']];
function toyEmbedding(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [...CONCEPTS.map((concept) => words.filter((w) => concept.includes(w)).length), 0.01];
}

const PEARL = 'The Pearl has black sails.';
const CARGO = 'Spare sails were loaded as cargo with powder and rope.';
const VESSEL = 'A vessel with dark canvas crossed the harbour.';
const QUESTION = 'ship black sails';

type F = assistants.AssistantFile;

describe.each(TEST_DIALECTS)('dense search fused with full text (%s)', (dialect) => {
  let model: ModelServer;
  let t: TestApp;
  let u: Users;
  let origin: string;
  const vectorCount = async (text: string) =>
    Number((await t.database.db.selectFrom('assistant_embeddings').select((eb) => eb.fn.countAll<number | string>().as('n')).where('content_hash', '=', textHash(text)).executeTakeFirst())?.n ?? 0);
  const timesEmbedded = (text: string) => model.embedded.filter((x) => x === text).length;

  beforeAll(async () => {
    model = await startModelServer(toyEmbedding);
    t = await createTestApp(dialect, { env: { EMBEDDING_BASE_URL: model.url, EMBEDDING_MODEL: 'toy-embed' } });
    u = await makeUsers(t);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('fuses two rankings by weighted reciprocal rank', () => {
    const fused = fuseRankings([
      { weight: 1, ids: [1, 2] },
      { weight: 2, ids: [3, 1, 2] },
    ]);
    // 1: 1/61 + 2/62 = .0486; 2: 1/62 + 2/63 = .0479; 3: 2/61 = .0328.
    expect(fused.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 1) + 2 / (RRF_K + 2), 12);
    expect(fused[1]?.score).toBeCloseTo(1 / (RRF_K + 2) + 2 / (RRF_K + 3), 12);
    expect(fused[2]?.score).toBeCloseTo(2 / (RRF_K + 1), 12);
  });

  it('embeds each text once, answers in the fused order, and retires vectors with their chunks', async () => {
    const a = (await ac(t, assistants.createAssistant, { name: 'Harbour' }, u.owner.session)).json<assistants.Assistant>();
    const files = [
      { name: 'pearl.txt', content: PEARL },
      { name: 'cargo.txt', content: CARGO },
      { name: 'vessel.txt', content: VESSEL },
    ];
    const uploaded = (await upload(t, a._id, files, u.owner.session, 'pipe-dense-01')).json<{ files: F[] }>().files;
    await t.app.jobs?.idle();
    expect([PEARL, CARGO, VESSEL].map(timesEmbedded)).toEqual([1, 1, 1]);

    // Full text finds pearl (black, sails) before cargo (sails); the vessel shares no word with
    // the question. Dense: vessel (ship+dark+sail) > pearl > cargo. RRF, k 60, weights 1:
    // pearl 1/61+1/62, cargo 1/62+1/63, vessel 1/61.
    await ac(t, assistants.runWithMessage, { pipeName: 'pipe-dense-02', listenerName: 'chat', message: QUESTION }, u.owner.session, a._id);
    const events = await readPipe(origin, u.owner.session, 'pipe-dense-02', (e) => e.some((x) => x.data.type === 'message'));
    const references = events.find((e) => e.data.type === 'references')?.data.references as assistants.Reference[];
    expect(references.map((r) => r.fileName)).toEqual(['pearl.txt', 'cargo.txt', 'vessel.txt']);
    expect(references.map((r) => r.score)).toEqual([1 / 61 + 1 / 62, 1 / 62 + 1 / 63, 1 / 61].map((s) => Math.round(s * 10_000) / 10_000));
    expect(timesEmbedded(QUESTION)).toBe(1);

    // The same text in another assistant's store: no new request, one shared vector.
    const b = (await ac(t, assistants.createAssistant, { name: 'Copy' }, u.other.session)).json<assistants.Assistant>();
    const copy = (await upload(t, b._id, [{ name: 'copy.txt', content: PEARL }], u.other.session, 'pipe-dense-03')).json<{ files: F[] }>().files[0] as F;
    await t.app.jobs?.idle();
    expect(timesEmbedded(PEARL)).toBe(1);
    expect(await vectorCount(PEARL)).toBe(1);

    // Replacing the vessel file: only the new text is embedded; the old text's vector is retired.
    const vessel = uploaded.find((f) => f.name === 'vessel.txt') as F;
    const renamed = 'A boat with dark canvas left the harbour.';
    expect((await replace(t, vessel._id, { name: 'vessel.txt', content: renamed }, u.owner.session)).statusCode).toBe(200);
    await t.app.jobs?.idle();
    expect(timesEmbedded(renamed)).toBe(1);
    expect(await vectorCount(VESSEL)).toBe(0);
    expect(await vectorCount(renamed)).toBe(1);

    // Deleting pearl.txt keeps the vector the copy still uses; deleting the copy retires it.
    const pearl = uploaded.find((f) => f.name === 'pearl.txt') as F;
    expect((await ac(t, assistants.deleteFile, {}, u.owner.session, pearl._id)).statusCode).toBe(200);
    expect(await vectorCount(PEARL)).toBe(1);
    expect((await ac(t, assistants.deleteFile, {}, u.other.session, copy._id)).statusCode).toBe(200);
    expect(await vectorCount(PEARL)).toBe(0);
  });

  it('shows an embedding endpoint error as a failed indexing state with the reason', async () => {
    const a = (await ac(t, assistants.createAssistant, { name: 'Offline' }, u.owner.session)).json<assistants.Assistant>();
    model.embeddingStatus = 503;
    try {
      const states = readPipe(origin, u.owner.session, 'pipe-dense-04', (e) => e.some((x) => x.data.state === 'failed'));
      expect((await upload(t, a._id, [{ name: 'tides.txt', content: 'Spring tides follow the new moon.' }], u.owner.session, 'pipe-dense-04')).statusCode).toBe(200);
      await t.app.jobs?.idle();
      const failed = (await states).find((e) => e.data.state === 'failed');
      expect(String(failed?.data.error)).toMatch(/^the embedding endpoint \(127\.0\.0\.1:\d+\) failed: 503 /);
      const store = (await ac(t, assistants.getVectorStore, {}, u.owner.session, a.vectorStoreId)).json<assistants.VectorStore>();
      expect(store.files.map((f) => [f.name, f.state])).toEqual([['tides.txt', 'failed']]);
      expect(store.chunks).toBe(0);
    } finally {
      model.embeddingStatus = undefined;
    }
  });
});
