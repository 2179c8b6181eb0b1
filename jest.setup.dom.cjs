// react-router 7 needs TextEncoder/TextDecoder on globalThis; jsdom lacks them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
