/** The Color Catch chunk: what the route table loads on demand. */
export { ColorCatchLayout, ColorWelcome, ColorTutorial, ColorGame, ColorDone } from './color-catch-screens';
