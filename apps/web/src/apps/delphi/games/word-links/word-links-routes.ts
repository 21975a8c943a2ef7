/** The Word Links chunk: what the route table loads on demand. */
export { WordLinksFeedback, WordLinksIntro, WordLinksLayout, WordLinksLevel1Results, WordLinksRoundResults } from './word-links-screens';
export { WordLinksLevel1Round, WordLinksLevel2Round } from './word-links-round';
