/** Accessibility and a clean console on every page a newcomer meets, at phone size (support/accessibility-audit.ts). */
import { describeAccessibility, PHONE } from './support/accessibility-audit';

describeAccessibility(PHONE);
