/**
 * Studies (issue 26, ADR 071): many studies at once, each with its own link, games, order,
 * consent, completion redirect and team. `/actions/delphi/Study/action/<endpoint>[/<id>]`.
 *
 * A study's team has SPEC §6's levels: review (reads the data), develop (edits and previews),
 * manage (opens, closes, excludes), own (the team). manageApp and devOp act on every study. A
 * study the caller may not see answers 404; a level too low for the call answers 403.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { DELPHI_STUDY_RUN_DESCRIPTORS } from './delphi-study-run';
import { browserKeySchema, suiteSchema } from './delphi-schemas';
import {
  DEVICE_PROBLEMS,
  STUDY_LEVELS,
  STUDY_STATUSES,
  createStudyInputSchema,
  deviceFactsSchema,
  participantStudySchema,
  studyMemberSchema,
  studySchema,
  studySlugSchema,
  studySummarySchema,
  studyUpdateSchema,
  studyVersionSchema,
} from './delphi-study-schemas';

export * from './delphi-study-schemas';
const studyOutput = z.object({ study: studySchema });
const S = { app: 'delphi', dataType: 'Study' } as const;

/** CREATE_STUDY: a draft study; its creator owns it. */
export const createStudy = defineAction({
  ...S, name: 'CREATE_STUDY', endpoint: 'create',
  summary: 'Create a study (a draft); the caller becomes its owner. Each game\'s settings are checked against the game\'s declaration.',
  input: createStudyInputSchema,
  output: studyOutput,
  access: 'read',
});

/** GET_STUDY: one study by id or slug (review+). */
export const getStudy = defineAction({
  ...S, name: 'GET_STUDY', endpoint: 'get', method: 'GET', withId: true,
  summary: 'One study, by id or slug (any level of its team; manageApp, devOp).',
  input: z.object({}),
  output: studyOutput,
  access: 'read',
});

/** LIST_STUDIES: the studies whose team the caller is in (every study for manageApp and devOp), newest change first. */
export const listStudies = defineAction({
  ...S, name: 'LIST_STUDIES', endpoint: 'list', method: 'GET',
  summary: 'The studies the caller is a member of (all for manageApp and devOp), with participants started and completed, target and last activity.',
  input: z.object({}),
  output: z.object({ studies: z.array(studySummarySchema) }),
  access: 'read',
});

/** UPDATE_STUDY: change a study (develop+). */
export const updateStudy = defineAction({
  ...S, name: 'UPDATE_STUDY', endpoint: 'update', method: 'PATCH', withId: true,
  summary: 'Change a study (develop+). A draft or piloting study changes in place; a change of games, settings or order of an open or closed study makes a new version.',
  input: z.object({ update: studyUpdateSchema }),
  output: studyOutput,
  access: 'read',
});

/** SET_STUDY_STATUS: draft → piloting → open → closed (manage+), see STUDY_TRANSITIONS. */
export const setStudyStatus = defineAction({
  ...S, name: 'SET_STUDY_STATUS', endpoint: 'status', withId: true,
  summary: 'Change a study\'s status (manage+): draft→piloting, piloting→draft or open, open→closed, closed→open.',
  input: z.object({ status: z.enum(STUDY_STATUSES, { error: `status: one of ${STUDY_STATUSES.join(', ')}` }) }),
  output: studyOutput,
  access: 'read',
});

/** LIST_STUDY_VERSIONS: the study's versions, newest first (any member). */
export const listStudyVersions = defineAction({
  ...S, name: 'LIST_STUDY_VERSIONS', endpoint: 'versions', method: 'GET', withId: true,
  summary: 'The study\'s versions of games and order, newest first, with the participants who started on each (any level of its team; manageApp, devOp).',
  input: z.object({}),
  output: z.object({ versions: z.array(studyVersionSchema) }),
  access: 'read',
});

const membersOutput = z.object({ members: z.array(studyMemberSchema) });
const accountIdSchema = z.string({ error: 'accountId is required' }).trim().min(1, { message: 'accountId is required' }).max(64);

/** LIST_STUDY_MEMBERS: the study's team (any member). */
export const listStudyMembers = defineAction({
  ...S, name: 'LIST_STUDY_MEMBERS', endpoint: 'members', method: 'GET', withId: true,
  summary: 'The study\'s team with each member\'s level (any level of its team; manageApp, devOp).',
  input: z.object({}),
  output: membersOutput,
  access: 'read',
});

/** ADD_STUDY_MEMBER: add a colleague, or change their level (own). */
export const addStudyMember = defineAction({
  ...S, name: 'ADD_STUDY_MEMBER', endpoint: 'addMember', withId: true,
  summary: 'Add an account to the study\'s team at a level, or change its level (own; the last owner stays an owner).',
  input: z.object({ accountId: accountIdSchema, level: z.enum(STUDY_LEVELS, { error: `level: one of ${STUDY_LEVELS.join(', ')}` }) }),
  output: membersOutput,
  access: 'read',
});

/** REMOVE_STUDY_MEMBER: take an account off the team (own); the last owner stays. */
export const removeStudyMember = defineAction({
  ...S, name: 'REMOVE_STUDY_MEMBER', endpoint: 'removeMember', withId: true,
  summary: 'Remove an account from the study\'s team (own; the last owner cannot be removed).',
  input: z.object({ accountId: accountIdSchema }),
  output: membersOutput,
  access: 'read',
});

/** ENTER_STUDY: the study link `/s/<slug>` starts or resumes the participant's suite in that study. */
export const enterStudy = defineAction({
  ...S, name: 'ENTER_STUDY', endpoint: 'enter',
  summary:
    "Start or resume a participant's suite in a study (public). The participant id is the link's URL parameter the study names (or made by the server for an anonymous link); the study's kept parameters are stored on the suite; a new participant gets the study's current version and the next order of its design. 409 for a draft, for a newcomer to a closed study and past the target sample. With the page's `device` facts, a device the study cannot use is answered with its `deviceProblems` and no suite: nothing is stored, no place in the design or the target sample is taken.",
  input: z
    .object({
      study: studySlugSchema,
      /** The study link's URL query parameters as given (PROLIFIC_PID, STUDY_ID, …). */
      params: z.record(z.string(), z.string().max(200)).default({}),
      /** An anonymous link's participant id the server made earlier (to resume in this browser). */
      participantId: z.string().max(128).optional(),
      /** A researcher's preview (develop+ in the study): any status, marked and kept out of the data. */
      preview: z.boolean().default(false),
      /** This browser's own key for the suite (ADR 043): a retry after a lost answer is let in. */
      browserKey: browserKeySchema,
      /** What the page knows of its device: checked against the study's needs before any suite is made or resumed. */
      device: deviceFactsSchema.optional(),
    })
    .strict(),
  output: z.union([
    /** `suite` as initLocalSuite answers it (its `_participantId` is the id to resume an anonymous link with). */
    z.object({ suite: suiteSchema, study: participantStudySchema, resumed: z.boolean() }),
    /** The device cannot take part: why, and the study (its languages) for the page that says so. No suite. */
    z.object({ deviceProblems: z.array(z.enum(DEVICE_PROBLEMS)).min(1), study: participantStudySchema }),
  ]),
  access: 'public',
});

/** ENTER_STUDY's answer: the suite entered, or why this device cannot take part. */
export type EnterStudyAnswer = z.infer<typeof enterStudy.output>;

export const DELPHI_STUDY_DESCRIPTORS = [
  createStudy, getStudy, listStudies, updateStudy, setStudyStatus, listStudyVersions, listStudyMembers, addStudyMember, removeStudyMember, enterStudy,
  ...DELPHI_STUDY_RUN_DESCRIPTORS,
] as const;
