/**
 * Texts in several scripts with their word counts, checked on both sides: the API's draft
 * route (server) and the answer box's counter (browser) must both give these numbers.
 */
export const WORD_COUNT_SAMPLES: readonly { label: string; text: string; words: number }[] = [
  { label: 'Latin with punctuation', text: 'Hello, world!  It’s a test — of 3 things.', words: 8 },
  { label: 'Arabic', text: 'مرحبا بكم في الدرس الأول', words: 5 },
  { label: 'Chinese', text: '我是学生。', words: 2 },
  { label: 'Japanese mixed', text: '東京は日本の首都です', words: 6 },
  { label: 'emoji and symbols', text: '👍 🎉 great work 🚀!', words: 2 },
  { label: 'punctuation only', text: '… — !? ; :', words: 0 },
  { label: 'Amharic', text: 'ሰላም ለዓለም', words: 2 },
  { label: 'hyphens and numbers', text: 'well-known 2026 e-mail 3.5', words: 6 },
];
