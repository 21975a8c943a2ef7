/**
 * Quantum HR (issue 16 part 2) through the real routes on both dialects: the HR assistant and
 * its sample postings appear on first use (once, however often it is asked), skill suggestions
 * come from the postings, bad input is a 400 naming the field, and find jobs by skills ranks
 * the sample postings in the order ADR 029's formula gives (worked out by hand below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, quantumHr } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { ac } from '../assistants-kit';
import { startImport } from '../batch-import/batch-import-kit';
import { SAMPLE_POSTINGS } from './sample-postings';
import { SAMPLES_IMPORT_ID, SAMPLES_PREFIX } from './quantum-hr.service';

type HrState = { assistantId: string; postingsStoreId: string; postings: number; indexed: number; skills: { name: string; postings: number }[] };
type Found = { skills: string[]; jobs: quantumHr.JobMatch[] };

describe.each(TEST_DIALECTS)('quantum HR (%s)', (dialect) => {
  let t: TestApp;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'seeker@example.org', password: 'correct horse 3' });
    user = (await logIn(t, 'seeker@example.org', 'correct horse 3')).session;
  });
  afterAll(() => t.close());

  const find = async (input: Record<string, unknown>) => {
    const response = await ac(t, quantumHr.findJobsBySkills, input, user);
    expect(response.statusCode).toBe(200);
    return response.json() as Found;
  };

  it('needs a login', async () => {
    expect((await ac(t, quantumHr.getQuantumHr, {})).statusCode).toBe(401);
    expect((await ac(t, quantumHr.findJobsBySkills, { skills: ['Python'] })).statusCode).toBe(401);
  });

  it('creates the HR assistant with its sample postings once, and suggests the skills they ask for', async () => {
    const [first, second] = await Promise.all([ac(t, quantumHr.getQuantumHr, {}, user), ac(t, quantumHr.getQuantumHr, {}, user)]);
    expect(first?.statusCode).toBe(200);
    expect((first?.json() as HrState).assistantId).toBe((second?.json() as HrState).assistantId);
    await t.app.jobs?.idle();
    // Every sample imported, and if one was not, the failure names it with its reason.
    const items = await t.database.db.selectFrom('batch_import_items').select(['name', 'state', 'error']).where('import_id', '=', SAMPLES_IMPORT_ID).orderBy('seq').execute();
    expect(items).toEqual(SAMPLE_POSTINGS.map((p) => ({ name: `${SAMPLES_PREFIX}_${p.fileName}`, state: 'imported', error: null })));
    const state = (await ac(t, quantumHr.getQuantumHr, {}, user)).json() as HrState;
    expect(state.postings).toBe(SAMPLE_POSTINGS.length);
    expect(state.indexed).toBe(SAMPLE_POSTINGS.length);
    expect((state as HrState & { importing: number }).importing).toBe(0);
    expect(state.skills[0]).toEqual({ name: 'Python', postings: 4 });
    expect(state.skills).toContainEqual({ name: 'Kubernetes', postings: 1 });
    // Every logged-in user may chat with it: it is a published assistant they cannot manage.
    const assistant = (await ac(t, assistants.loadAssistant, {}, user, state.assistantId)).json() as assistants.Assistant;
    expect(assistant.name).toBe('Quantum HR assistant');
    expect(assistant.abilities).toEqual({ manage: false, use: true });
    const store = (await ac(t, assistants.getVectorStore, {}, user, state.postingsStoreId));
    expect(store.statusCode).toBe(404);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'skills'],
      [{ skills: [] }, 'skills'],
      [{ skills: [''] }, 'skills'],
      [{ skills: ['x'.repeat(quantumHr.SKILL_MAX + 1)] }, 'skills'],
      [{ skills: 'Python' }, 'skills'],
      [{ cv: 'y'.repeat(quantumHr.CV_MAX + 1) }, 'cv'],
      [{ skills: ['Python'], limit: 0 }, 'limit'],
    ];
    for (const [input, field] of cases) {
      const response = await ac(t, quantumHr.findJobsBySkills, input, user);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json().Error.message).toContain(field);
    }
  });

  it('ranks postings by the weighted share of the asked skills they mention', async () => {
    await t.app.jobs?.idle();
    // N = 12 postings; Python is asked by 4 (w = ln 4), Machine learning and Docker by 2 each (w = ln 7).
    // ML engineer has all three (1.0); the PhD Python + ML (.631); DevOps Docker only (.369) ranks above
    // the two postings with Python only (.263 each): a rare skill weighs more than a common one.
    const found = await find({ skills: ['python', 'Machine learning', 'Docker'] });
    expect(found.skills).toEqual(['python', 'Machine learning', 'Docker']);
    expect(found.jobs.map((j) => j.title)).toEqual([
      'Machine Learning Engineer',
      'PhD Fellow in Computational Cognition',
      'DevOps Engineer',
      expect.stringMatching(/^(Data Scientist, Behavioural Studies|Data Engineer)$/),
      expect.stringMatching(/^(Data Scientist, Behavioural Studies|Data Engineer)$/),
    ]);
    expect(found.jobs.map((j) => j.score)).toEqual([1, 0.631, 0.369, 0.263, 0.263]);
    const phd = found.jobs[1] as quantumHr.JobMatch;
    expect(phd.matchedSkills).toEqual(['python', 'Machine learning']);
    expect(phd.missingSkills).toEqual(['Docker']);
    // The justifying passage is the posting's own text, and it contains the skills it is cited for.
    const reference = phd.references[0] as quantumHr.JobReference;
    expect(reference.fileName).toBe('sample_phd-computational-cognition.md');
    expect(reference.skills).toEqual(['python', 'Machine learning']);
    expect(reference.text).toContain('- Python');
    expect(reference.text).toContain('- Machine learning');
  });

  it('finds the skills a pasted CV mentions and ranks by them', async () => {
    const found = await find({ cv: 'Ten years of running Kubernetes clusters, Bash scripting and PostgreSQL tuning. I enjoy machine-room work.' });
    expect(found.skills.sort()).toEqual(['Bash', 'Kubernetes', 'PostgreSQL']);
    expect(found.jobs[0]?.title).toBe('DevOps Engineer');
    expect(found.jobs[0]?.matchedSkills.sort()).toEqual(['Bash', 'Kubernetes', 'PostgreSQL']);
    // "machine" alone is not the skill "Machine learning".
    expect(found.skills).not.toContain('Machine learning');
    const limited = await find({ skills: ['Danish'], limit: 2 });
    expect(limited.jobs).toHaveLength(2);
    expect(limited.jobs.every((j) => j.matchedSkills.includes('Danish'))).toBe(true);
  });

  it('matches a one-letter skill a CV names, like "R" (issue 25 item 23)', async () => {
    const found = await find({ cv: 'I analyse reaction times in R and write Python notebooks.' });
    expect(found.skills).toContain('R');
    const job = found.jobs.find((j) => j.title === 'Data Scientist, Behavioural Studies');
    expect(job?.matchedSkills).toContain('R');
    expect(job?.missingSkills).not.toContain('R');
    // "R" is a word of its own, not the r of "research".
    expect((await find({ cv: 'Ten years of research.' })).skills).not.toContain('R');
  });

  it('answers no jobs for a skill no posting asks for', async () => {
    const found = await find({ skills: ['Underwater basket weaving'] });
    expect(found.jobs).toEqual([]);
  });

  describe('with imported CVs', () => {
    let admin: string;
    let cvs: quantumHr.HrCv[];
    const asAdmin = async (input: Record<string, unknown>) => ac(t, quantumHr.findJobsBySkills, input, admin);

    beforeAll(async () => {
      await createUser(t, { email: 'recruiter@example.org', password: 'correct horse 4', appAdmin: true });
      admin = (await logIn(t, 'recruiter@example.org', 'correct horse 4')).session;
      const state = (await ac(t, quantumHr.getQuantumHr, {}, admin)).json() as HrState & { cvsStoreId: string };
      const started = await startImport(t, admin, 'cv', 'pipe-hr-cvs-1', [
        { name: 'ada.md', content: '# Ada\n\nI build Machine learning models in Python and ship them with Docker.' },
        { name: 'grace.txt', content: 'Grace: ten years of Kubernetes clusters and Bash scripting.' },
      ], state.cvsStoreId);
      expect(started.statusCode).toBe(200);
      await t.app.jobs?.idle();
    });

    it('lists the imported CVs for managers only', async () => {
      expect((await ac(t, quantumHr.listHrCvs, {}, user)).statusCode).toBe(403);
      expect((await ac(t, quantumHr.listHrCvs, {})).statusCode).toBe(401);
      const listed = await ac(t, quantumHr.listHrCvs, {}, admin);
      expect(listed.statusCode).toBe(200);
      cvs = (listed.json() as { cvs: quantumHr.HrCv[] }).cvs;
      expect(cvs.map((c) => c.name).sort()).toEqual(['cv_ada.md', 'cv_grace.txt']);
    });

    it('ranks postings for an imported CV as for the same skills typed', async () => {
      const ada = cvs.find((c) => c.name === 'cv_ada.md') as quantumHr.HrCv;
      const response = await asAdmin({ cvFileId: ada.fileId });
      expect(response.statusCode).toBe(200);
      const found = response.json() as Found;
      expect([...found.skills].sort()).toEqual(['Docker', 'Machine learning', 'Python']);
      // The order worked out above for Python + Machine learning + Docker.
      expect(found.jobs.slice(0, 3).map((j) => [j.title, j.score])).toEqual([
        ['Machine Learning Engineer', 1],
        ['PhD Fellow in Computational Cognition', 0.631],
        ['DevOps Engineer', 0.369],
      ]);
      expect(found.jobs[0]?.references[0]?.fileName).toBe('sample_machine-learning-engineer.md');
      const grace = cvs.find((c) => c.name === 'cv_grace.txt') as quantumHr.HrCv;
      expect(((await asAdmin({ cvFileId: grace.fileId })).json() as Found).jobs[0]?.title).toBe('DevOps Engineer');
    });

    it('refuses imported CVs to others, unknown ids and a CV given twice', async () => {
      const id = cvs[0]?.fileId as string;
      expect((await ac(t, quantumHr.findJobsBySkills, { cvFileId: id }, user)).statusCode).toBe(403);
      const unknown = await asAdmin({ cvFileId: 'no-such-cv' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().Error.message).toBe('CV not found');
      const both = await asAdmin({ cvFileId: id, cv: 'Python' });
      expect(both.statusCode).toBe(400);
      expect(both.json().Error.message).toContain('cvFileId');
      const tooLong = await asAdmin({ cvFileId: 'x'.repeat(65) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().Error.message).toContain('cvFileId');
      // A posting is no CV.
      const posting = ((await asAdmin({ skills: ['Docker'] })).json() as Found).jobs[0]?.fileId as string;
      expect((await asAdmin({ cvFileId: posting })).statusCode).toBe(404);
    });
  });
});
