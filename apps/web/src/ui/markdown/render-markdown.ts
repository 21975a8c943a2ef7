/**
 * Markdown → safe HTML, the one way Markdown is shown (SPEC §9, issue 5): marked parses,
 * DOMPurify removes scripts, event handlers and `javascript:` links. Stored Markdown comes from
 * other users, so nothing reaches the DOM without passing through here.
 */
import { Marked } from 'marked';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

// A private marked instance: options set here never leak into the editor's own marked.
const marked = new Marked({ gfm: true, breaks: false, async: false });

let purifier: Purifier | undefined;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  // Its own instance, so the link hook below does not change sanitising elsewhere.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Links leave the app: the opened page must not reach back through window.opener.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return getPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}
