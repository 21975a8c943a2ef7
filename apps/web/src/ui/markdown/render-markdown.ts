/**
 * Markdown → safe HTML, the one way Markdown is shown (SPEC §9, issue 5): marked parses,
 * DOMPurify removes scripts, event handlers and `javascript:` links. Stored Markdown comes from
 * other users, so nothing reaches the DOM without passing through here.
 * Issue 24 item 9: `style` attributes go too (a link styled over the whole page), and an image
 * from another site becomes a plain link to it: loading it would tell that site who reads what
 * (a tracking pixel, or data leaked into an image URL of a model's answer).
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

function isOwnImage(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** An image of another site, as a link the reader may choose to open (nothing is loaded). */
function imageLink(image: HTMLImageElement): HTMLElement {
  const src = image.getAttribute('src') ?? '';
  const link = image.ownerDocument.createElement('a');
  link.textContent = image.getAttribute('alt') || src;
  // DOMPurify already checked the src's scheme (no javascript:), so it is safe as an href.
  if (/^https?:/i.test(src)) {
    link.setAttribute('href', src);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return link;
}

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  const fragment = getPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'srcset'],
    ADD_ATTR: ['target'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const image of fragment.querySelectorAll('img')) {
    if (!isOwnImage(image.getAttribute('src') ?? '')) image.replaceWith(imageLink(image));
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * Moves every heading `by` levels down (h1 → h2 for `by` 1; h6 stays h6): Markdown shown under a
 * page's own h1 (a study's consent or end page) must not add a second h1. The HTML is renderMarkdown's,
 * so a `<h` in the text is already escaped and only real tags match.
 */
export function shiftHeadings(html: string, by: number): string {
  if (by <= 0) return html;
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}`);
}
