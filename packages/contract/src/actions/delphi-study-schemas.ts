/**
 * A study's shapes and rules (issue 26, ADR 071): its statuses and their transitions, its team's
 * levels, its games and their settings, its devices, its completion redirect, the whole study as
 * stored and as a participant's page sees it. The calls that use them are in delphi-studies.ts.
 */
import { z } from 'zod';
import type { ErrorInfo } from '../errors';
import { LANGUAGES } from '../constants';
import { GAME_DECLARATIONS } from '../games/index';
import { STUDY_ORDERS } from '../studies/game-order';
import { languageTextsSchema } from '../studies/language-texts';
import type { LanguageTexts } from '../studies/language-texts';
import { completionRedirectIssue, declineRedirectIssue } from '../studies/redirect-links';
import { GAME_NAMES } from './delphi-schemas';
import { DEFAULT_STUDY_SLUG } from './delphi-data-scope';
import type { GameName } from './delphi-schemas';

export { STUDY_ORDERS, assignGameOrder, orderCycleLength, williamsRows } from '../studies/game-order';
export { dropEmptyTexts, languageTextsSchema, textInLanguage } from '../studies/language-texts';
export type { LanguageTexts } from '../studies/language-texts';
export { REDIRECT_PLACEHOLDERS, completionRedirectIssue, declineRedirectIssue } from '../studies/redirect-links';
export type { StudyOrder } from '../studies/game-order';

export const STUDY_STATUSES = ['draft', 'piloting', 'open', 'closed'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

/**
 * The status changes a study allows (ADR 071). Piloting may go back to draft (the pilot taught
 * something); an open study only closes; a closed one may open again (more places, replaced
 * returns). Pilot runs are marked on their suites, so going back never mixes them into the data.
 */
export const STUDY_TRANSITIONS: Readonly<Record<StudyStatus, readonly StudyStatus[]>> = {
  draft: ['piloting'],
  piloting: ['draft', 'open'],
  open: ['closed'],
  closed: ['open'],
};

/** A study team's levels, lowest first (SPEC §6 names and values). */
export const STUDY_LEVELS = ['review', 'develop', 'manage', 'own'] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];
/** What the caller may do in a study: a team level, or the application's own (manageApp, devOp). */
export const STUDY_ACCESS = [...STUDY_LEVELS, 'manageApp', 'devOp'] as const;
export type StudyAccess = (typeof STUDY_ACCESS)[number];

/** The URL parameter a study takes its participant id from (or `anonymous`: the server makes one). */
export const PARTICIPANT_PARAMS = ['participantId', 'PROLIFIC_PID', 'id', 'workerId', 'anonymous'] as const;
export type ParticipantParam = (typeof PARTICIPANT_PARAMS)[number];

/** The slug of the study every `/?participantId=` link belongs to (migration 0038). */
export { DEFAULT_STUDY_SLUG };

export const STUDY_ERRORS = {
  /** No such study, or not one the caller may see (its existence does not leak). */
  studyNotFound: { name: 'Not Found', message: 'No such study.', code: 404 },
  slugTaken: { name: 'Study Error', message: 'Another study already has this slug.', code: 409 },
  badTransition: { name: 'Study Error', message: 'This status change is not allowed.', code: 409 },
  lastOwner: { name: 'Study Error', message: 'A study keeps at least one owner.', code: 409 },
  slugFixed: { name: 'Study Error', message: 'The slug can only change while the study is a draft.', code: 409 },
  /** Two changes of one study at the same moment made the same new version (of its games or its consent). */
  changedMeanwhile: { name: 'Study Error', message: 'Someone else changed this study at the same moment. Reload it and try again.', code: 409 },
  unknownAccount: { name: 'Study Error', message: 'accountId: no active account has this id.', code: 400 },
  /** A participant link of a draft study, or a newcomer to a closed one (a preview by its team is allowed). */
  notOpen: { name: 'Study Error', message: 'This study is not open.', code: 409 },
  /** A newcomer once the target sample has started (a participant who started before still gets in). */
  full: { name: 'Study Error', message: 'This study is full.', code: 409 },
} as const satisfies Record<string, ErrorInfo>;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const studySlugSchema = z
  .string({ error: 'slug is required' })
  .trim()
  .regex(SLUG, { message: 'slug: 1–60 lower-case letters, digits and hyphens, not starting or ending with a hyphen' });

const PARAM = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const paramNameSchema = z.string().regex(PARAM, { message: 'a URL parameter name: letters, digits and _, at most 40, not starting with a digit' });

/** One game of a study and its settings (checked against the game's declaration, games/). */
export const studyGameSchema = z.object({
  game: z.enum(GAME_NAMES, { error: `game: one of ${GAME_NAMES.join(', ')}` }),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type StudyGame = z.output<typeof studyGameSchema>;

/** The settings problems of one game (empty when its declaration accepts them): `key: message` each. */
export function studyGameSettingsIssues(game: GameName, settings: Record<string, unknown>): { key: string; message: string }[] {
  const schema = GAME_DECLARATIONS[game].settings;
  const known = new Set(Object.keys(schema.shape));
  const issues = Object.keys(settings)
    .filter((key) => !known.has(key))
    .map((key) => ({ key, message: `${game} has no setting '${key}'${known.size ? ` (it has ${[...known].join(', ')})` : ''}` }));
  const parsed = schema.safeParse(settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      issues.push({ key, message: `${game} setting '${key}': ${issue.message}` });
    }
  }
  return issues;
}

/** A game's settings as stored: the declaration's output, so every default is written out. */
export function normaliseStudyGame(entry: StudyGame): StudyGame {
  return { game: entry.game, settings: GAME_DECLARATIONS[entry.game].settings.parse(entry.settings) as Record<string, unknown> };
}

export const studyGamesSchema = z
  .array(studyGameSchema)
  .min(1, { message: 'games: a study has at least one game' })
  .max(GAME_NAMES.length)
  .superRefine((games, ctx) => {
    const seen = new Set<string>();
    games.forEach((entry, index) => {
      if (seen.has(entry.game)) ctx.addIssue({ code: 'custom', path: [index, 'game'], message: `${entry.game} is in the study twice (each game is played once)` });
      seen.add(entry.game);
      for (const issue of studyGameSettingsIssues(entry.game, entry.settings)) {
        ctx.addIssue({ code: 'custom', path: [index, 'settings', issue.key], message: issue.message });
      }
    });
  });

export const studyDevicesSchema = z.object({
  phoneAllowed: z.boolean().default(true),
  keyboardNeeded: z.boolean().default(false),
  microphoneNeeded: z.boolean().default(false),
});

/** Everything a researcher sets on a study (all but slug and name have defaults). */
const studyFieldsShape = {
  name: z.string({ error: 'name is required' }).trim().min(1, { message: 'name is required' }).max(200),
  games: studyGamesSchema,
  order: z.enum(STUDY_ORDERS, { error: `order: one of ${STUDY_ORDERS.join(', ')}` }),
  languages: z
    .array(z.enum(LANGUAGES, { error: `languages: each one of ${LANGUAGES.join(', ')}` }))
    .min(1, { message: 'languages: at least one' })
    .refine((list) => new Set(list).size === list.length, { message: 'languages: each at most once' }),
  defaultLanguage: z.enum(LANGUAGES, { error: `defaultLanguage: one of ${LANGUAGES.join(', ')}` }),
  /** Markdown shown (and accepted) before the first game; empty: no consent page. */
  consentMarkdown: z.string().max(50_000),
  /** The consent in other languages (ADR 079); the study asks for a consent only when `consentMarkdown` has a text. */
  consentTranslations: languageTextsSchema,
  /** Markdown of the end page. */
  endPageMarkdown: z.string().max(50_000),
  /** The end page in other languages (ADR 079). */
  endPageTranslations: languageTextsSchema,
  /** Where a participant goes after the last game, e.g. `https://app.prolific.com/submissions/complete?cc={code}`. */
  completionRedirect: z.string().trim().max(2000).nullable(),
  /**
   * Where a participant who does not agree to the consent is sent back, e.g. Prolific's completion URL with
   * the study's "no consent" code; null: they are told to return the study on the panel themselves.
   */
  declineRedirect: z.string().trim().max(2000).nullable(),
  /** The panel's completion code put into `{code}`. */
  completionCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'completionCode: 1–64 letters, digits, _ or -' })
    .nullable(),
  /** Newcomers past this many participants see "This study is full"; null: no limit. */
  targetSample: z.number({ error: 'targetSample: a whole number from 1 or null' }).int({ message: 'targetSample: a whole number' }).min(1).max(1_000_000).nullable(),
  devices: studyDevicesSchema,
  participantParam: z.enum(PARTICIPANT_PARAMS, { error: `participantParam: one of ${PARTICIPANT_PARAMS.join(', ')}` }),
  /** Other URL parameters of the study link kept on the suite (Prolific's STUDY_ID, SESSION_ID). */
  keptParams: z
    .array(paramNameSchema)
    .max(10)
    .refine((list) => new Set(list).size === list.length, { message: 'keptParams: each at most once' }),
};

/** The defaults of a new study: today's six games in today's order, both languages, nothing asked of the device. */
export const STUDY_DEFAULTS = {
  games: GAME_NAMES.map((game) => ({ game, settings: {} })),
  order: 'fixed',
  languages: [...LANGUAGES],
  defaultLanguage: 'en',
  consentMarkdown: '',
  consentTranslations: {},
  endPageMarkdown: '',
  endPageTranslations: {},
  completionRedirect: null,
  declineRedirect: null,
  completionCode: null,
  targetSample: null,
  devices: { phoneAllowed: true, keyboardNeeded: false, microphoneNeeded: false },
  participantParam: 'participantId',
  keptParams: [],
} as const;

interface CrossFields {
  languages?: readonly string[] | undefined;
  consentMarkdown?: string | undefined;
  consentTranslations?: LanguageTexts | undefined;
  defaultLanguage?: string | undefined;
  completionRedirect?: string | null | undefined;
  declineRedirect?: string | null | undefined;
  completionCode?: string | null | undefined;
  keptParams?: readonly string[] | undefined;
  participantParam?: string | undefined;
}

/**
 * The checks that span fields, on the study as it will be (the stored study merged with the
 * change): the default language is offered, the redirect's placeholders are known, a kept
 * parameter is not the participant id's.
 */
export function studyCrossIssues(study: CrossFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (study.languages && study.defaultLanguage && !study.languages.includes(study.defaultLanguage)) {
    issues.push({ path: 'defaultLanguage', message: 'defaultLanguage: must be one of the languages offered' });
  }
  // A study asks for a consent when its own text has one: a translation alone would never be shown.
  // (One kept for a language no longer offered is not shown either way, and not held against the study.)
  const offeredTranslations = Object.keys(study.consentTranslations ?? {}).filter((language) => study.languages?.includes(language) ?? true);
  if (study.consentMarkdown !== undefined && study.consentMarkdown.trim() === '' && offeredTranslations.length > 0) {
    issues.push({ path: 'consentTranslations', message: 'consentTranslations: write the consent text first; a translation is shown in its place' });
  }
  if (study.completionRedirect) {
    const issue = completionRedirectIssue(study.completionRedirect, study.keptParams ?? [], Boolean(study.completionCode));
    if (issue) issues.push({ path: 'completionRedirect', message: issue });
  }
  if (study.declineRedirect) {
    const issue = declineRedirectIssue(study.declineRedirect, study.keptParams ?? []);
    if (issue) issues.push({ path: 'declineRedirect', message: issue });
  }
  if (study.participantParam && study.keptParams?.includes(study.participantParam)) {
    issues.push({ path: 'keptParams', message: `keptParams: ${study.participantParam} is already the participant id` });
  }
  return issues;
}

export const createStudyInputSchema = z
  .object({
    slug: studySlugSchema,
    name: studyFieldsShape.name,
    games: studyFieldsShape.games.default(STUDY_DEFAULTS.games.map((entry) => ({ ...entry, settings: {} }))),
    order: studyFieldsShape.order.default(STUDY_DEFAULTS.order),
    languages: studyFieldsShape.languages.default([...STUDY_DEFAULTS.languages]),
    defaultLanguage: studyFieldsShape.defaultLanguage.default(STUDY_DEFAULTS.defaultLanguage),
    consentMarkdown: studyFieldsShape.consentMarkdown.default(''),
    consentTranslations: studyFieldsShape.consentTranslations.default({}),
    endPageMarkdown: studyFieldsShape.endPageMarkdown.default(''),
    endPageTranslations: studyFieldsShape.endPageTranslations.default({}),
    completionRedirect: studyFieldsShape.completionRedirect.default(null),
    declineRedirect: studyFieldsShape.declineRedirect.default(null),
    completionCode: studyFieldsShape.completionCode.default(null),
    targetSample: studyFieldsShape.targetSample.default(null),
    devices: studyFieldsShape.devices.default({ ...STUDY_DEFAULTS.devices }),
    participantParam: studyFieldsShape.participantParam.default(STUDY_DEFAULTS.participantParam),
    keptParams: studyFieldsShape.keptParams.default([]),
  })
  .strict()
  .superRefine((study, ctx) => {
    // The path names the field: the message is said without its own `field: ` prefix.
    for (const issue of studyCrossIssues(study)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message.slice(issue.path.length + 2) });
  });
export type CreateStudyInput = z.input<typeof createStudyInputSchema>;

/** A change: any of the fields (the slug only while a draft); cross-field checks run on the server against the stored study. */
export const studyUpdateSchema = z
  .object({ slug: studySlugSchema, ...studyFieldsShape, devices: studyDevicesSchema.partial() })
  .partial()
  .strict();
export type StudyUpdate = z.input<typeof studyUpdateSchema>;

export const studySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(STUDY_STATUSES),
  /** The version new participants get; a change of games, settings or order of a study that has been open makes the next one. */
  version: z.number().int(),
  games: z.array(studyGameSchema),
  order: z.enum(STUDY_ORDERS),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  consentMarkdown: z.string(),
  consentTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  /** Counts the changes of the consent text or its translations (0: never set); a suite records the version its participant accepted. */
  consentVersion: z.number().int(),
  endPageMarkdown: z.string(),
  endPageTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  completionRedirect: z.string().nullable(),
  declineRedirect: z.string().nullable(),
  completionCode: z.string().nullable(),
  targetSample: z.number().int().nullable(),
  devices: z.object({ phoneAllowed: z.boolean(), keyboardNeeded: z.boolean(), microphoneNeeded: z.boolean() }),
  participantParam: z.enum(PARTICIPANT_PARAMS),
  keptParams: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do here. */
  access: z.enum(STUDY_ACCESS),
});
export type Study = z.infer<typeof studySchema>;

export const studySummarySchema = studySchema.pick({ id: true, slug: true, name: true, status: true, version: true, targetSample: true, access: true, updatedAt: true }).extend({
  /** Participants who started (previews and pilot runs left out). */
  started: z.number().int(),
  completed: z.number().int(),
  /** Of those started, participants excluded now (ADR 025: their latest whole-participant exclusion is not undone). */
  excluded: z.number().int(),
  /** The latest suite start or completion, or null before the first participant. */
  lastActivity: z.string().nullable(),
});
export type StudySummary = z.infer<typeof studySummarySchema>;

export const studyMemberSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.enum(STUDY_LEVELS),
  addedAt: z.string(),
});
export type StudyMember = z.infer<typeof studyMemberSchema>;

/** One version of a study's games and order (ADR 071): what a participant who started on it ran. */
export const studyVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  games: z.array(studyGameSchema),
  order: z.enum(STUDY_ORDERS),
  /** Participants who started on this version (previews and pilot runs left out). */
  started: z.number().int(),
});
export type StudyVersionInfo = z.infer<typeof studyVersionSchema>;

/** What a participant's page needs of its study (no team, no completion code). */
export const participantStudySchema = z.object({
  slug: z.string(),
  name: z.string(),
  status: z.enum(STUDY_STATUSES),
  /** The version this participant runs (the one their suite started on). */
  version: z.number().int(),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  consentMarkdown: z.string(),
  /** The consent in other languages: the page shows its language's own, else `consentMarkdown`. */
  consentTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  consentVersion: z.number().int(),
  /** The consent version this participant's suite accepted; 0 before any. The page asks again while it is below `consentVersion`. */
  acceptedConsentVersion: z.number().int(),
  endPageMarkdown: z.string(),
  endPageTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  devices: studySchema.shape.devices,
  /** This participant's games in the order they play them, each with its settings. */
  games: z.array(studyGameSchema),
});
export type ParticipantStudy = z.infer<typeof participantStudySchema>;

/** Why a device cannot take part in a study (issue 26, ADR 073), in the order the page explains them. */
export const DEVICE_PROBLEMS = ['phone', 'keyboard', 'microphone'] as const;
export type DeviceProblem = (typeof DEVICE_PROBLEMS)[number];

/** What a participant's page can learn of its device without asking anything (sent with ENTER_STUDY). */
export const deviceFactsSchema = z
  .object({
    /** The primary pointer is a finger and no mouse or trackpad is attached. */
    touchOnly: z.boolean(),
    /** A touch-only device with a small screen. */
    phone: z.boolean(),
    /** The browser can record sound and has (or may have) an audio input. */
    microphone: z.boolean(),
  })
  .strict();
export type DeviceFacts = z.infer<typeof deviceFactsSchema>;

/** The study's device needs this device does not meet, in DEVICE_PROBLEMS' order (the one rule; server and page). */
export function deviceProblems(needs: ParticipantStudy['devices'], facts: DeviceFacts): DeviceProblem[] {
  const problems: DeviceProblem[] = [];
  if (!needs.phoneAllowed && facts.phone) problems.push('phone');
  if (needs.keyboardNeeded && facts.touchOnly) problems.push('keyboard');
  if (needs.microphoneNeeded && !facts.microphone) problems.push('microphone');
  return problems;
}
