export { accessibilityProblems, settleAnimations } from './accessibility.js';
export {
  classOfThree,
  pupilSignsIn,
  registeredUser,
  teacherCreatesClassThroughForm,
  teacherOnClassPage,
  teacherSignsUpThroughForm,
} from './accounts.js';
export { CHROMIUM_PATH, launchBrowser, newContext } from './browser.js';
export { offlineHelpers, withOfflineStack } from './offline.js';
export { answerAdditionGame, playAdditionGame, readStatistics, type WrongAnswers } from './play.js';
export { type Started, withOwnStackAndBrowser, withStackAndBrowser } from './setup.js';
export {
  IN_EN,
  IN_TR,
  LANGS,
  type MailCapture,
  type Stack,
  type StartStackOptions,
  startStack,
} from './stack.js';
export { ensureWebAppBuilt } from './web-app.js';
