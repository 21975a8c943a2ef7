/**
 * Whether the keyboard focus is on nothing a person can use: no element, the body, or an
 * element that has left the page (a closed dialog's button, a replaced static page). A dialog
 * that closes puts the focus back only then; a focus the person moved elsewhere stays.
 */
export function focusIsLost(doc: Document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || !active.isConnected;
}
