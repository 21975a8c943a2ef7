/** The panel's name for the link's text: Prolific, SONA, MTurk, else the host the link leads to. */
export function panelName(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return url;
  }
  if (/(^|\.)prolific\.(com|co)$/.test(host)) return 'Prolific';
  if (/(^|\.)sona-systems\.com$/.test(host)) return 'SONA';
  if (/(^|\.)mturk\.com$/.test(host)) return 'MTurk';
  return host;
}
