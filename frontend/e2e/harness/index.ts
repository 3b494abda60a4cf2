export { accessibilityProblems, settleAnimations } from './accessibility.js';
export { classOfThree, pupilSignsIn, registeredUser, teacherSignsUpThroughForm } from './accounts.js';
export { CHROMIUM_PATH, launchBrowser, newContext } from './browser.js';
export { answerAdditionGame, playAdditionGame } from './play.js';
export { type Started, withStackAndBrowser } from './setup.js';
export { type MailCapture, type Stack, type StartStackOptions, startStack } from './stack.js';
export { ensureWebAppBuilt } from './web-app.js';
