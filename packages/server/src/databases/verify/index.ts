export { verifyProject, verifyOn, type VerifyFinding, type VerifyReport } from './verify-project.js';
export { tableChecks, type Check, type CheckKind } from './verify-checks.js';
