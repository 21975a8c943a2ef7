/** The Mime Mix chunk: what the route table loads on demand. */
export { MimeLayout, MimeWelcome, MimeTutorialInfo, MimeGameStart, MimeGame, MimeGameEnd } from './mime-screens';
