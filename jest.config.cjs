/** `pnpm test:unit`: every package's jest project except the API (it runs on its own, once per database). */
module.exports = {
  projects: ['shared-api', 'shared-auth', 'shared-ui', 'shell', 'mf-orders', 'mf-accounting', 'mf-payments', 'mf-inventory', 'mf-customers'].map(
    (p) => `<rootDir>/${p}`,
  ),
};
