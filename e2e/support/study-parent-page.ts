/**
 * A stand-in for the study platform that embeds the games: a real local HTTP server (Chromium
 * lets only local pages frame local servers), serving `/study?src=<games url>`, which frames
 * the games and records every message posted to it in `window.messages`.
 */
import { createServer, type Server } from 'node:http';

export interface StudyParentPage {
  origin: string;
  url(gamesUrl: string): string;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html lang="en"><title>Study</title>
<script>
  window.messages = [];
  addEventListener('message', (event) => window.messages.push({ origin: event.origin, data: event.data }));
</script>
<iframe title="Games" allow="microphone" style="width:1200px;height:860px"></iframe>
<script>document.querySelector('iframe').src = new URLSearchParams(location.search).get('src');</script>
</html>`;

export async function startStudyParentPage(): Promise<StudyParentPage> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://study.localhost:${port}`;
  return {
    origin,
    url: (gamesUrl) => `${origin}/study?src=${encodeURIComponent(gamesUrl)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
