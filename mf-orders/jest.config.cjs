module.exports = { ...require('../jest.preset.cjs').dom, displayName: 'mf-orders' };
