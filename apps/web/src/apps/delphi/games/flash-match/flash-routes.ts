/** The Flash Match chunk: what the route table loads on demand. */
export {
  FlashLayout,
  FlashWelcome,
  FlashSearchIntro,
  FlashSearch,
  FlashSearchBreak,
  FlashSearchEnd,
  FlashComparisonIntro,
  FlashComparison,
  FlashComparisonBreak,
  FlashFeedback,
} from './flash-screens';
