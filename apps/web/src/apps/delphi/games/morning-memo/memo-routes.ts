/** The Morning Memo chunk: what the route table loads on demand. */
export { MemoLayout } from './memo-shared';
export { MemoWelcome, MemoTest } from './memo-screens';
export { MemoBackgroundNoise, MemoTalk } from './memo-recording';
export { MemoAffectGrid, MemoAffectGridExamples, MemoHowDoYouFeel, MemoFeedback } from './memo-feel';
