/** Accessibility and a clean console on every page a newcomer meets, at desktop size (support/accessibility-audit.ts). */
import { describeAccessibility, DESKTOP } from './support/accessibility-audit';

describeAccessibility(DESKTOP);
