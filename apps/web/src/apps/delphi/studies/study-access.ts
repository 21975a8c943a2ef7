import { delphi } from '@chi/contract';

/** Whether the caller's access in a study reaches a level (manageApp and devOp reach every one), as the server checks it. */
export function reaches(access: delphi.StudyAccess, level: delphi.StudyLevel): boolean {
  return delphi.STUDY_ACCESS.indexOf(access) >= delphi.STUDY_ACCESS.indexOf(level);
}
