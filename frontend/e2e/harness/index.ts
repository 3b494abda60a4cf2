export { CHROMIUM_PATH, launchBrowser, newContext } from './browser.js';
export { type MailCapture, type Stack, type StartStackOptions, startStack } from './stack.js';
export { ensureWebAppBuilt } from './web-app.js';
