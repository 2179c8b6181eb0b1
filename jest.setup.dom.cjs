// react-router 7 needs TextEncoder/TextDecoder on globalThis; jsdom lacks them.
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
require('@testing-library/jest-dom');
