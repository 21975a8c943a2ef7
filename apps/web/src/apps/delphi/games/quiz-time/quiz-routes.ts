/** The Quiz Time chunk: what the route table loads on demand. */
export { QuizLayout, QuizWelcome, QuizFeedback } from './quiz-screens';
export { QuizGame } from './quiz-game';
