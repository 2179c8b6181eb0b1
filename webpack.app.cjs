/**
 * The one webpack config factory for the shell and the five remotes, so they build the same way.
 *
 *   // <app>/webpack.config.js
 *   module.exports = () => require('../webpack.app.cjs').createWebpackConfig({ name: 'mf_orders', dirname: __dirname, port: 3001, isHost: false });
 *
 * Federation options (name, exposes, runtimePlugins) live in each app's `module-federation.config.js`; the
 * shared singletons are decided here, once, so every app negotiates the same versions.
 */
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

/** Shared as singletons by every app. The workspace packages are TypeScript sources at version 0.1.0. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'styled-components',
  'swr',
  'single-spa',
  'single-spa-react',
  // Form state must be one copy: shared-ui's fields and a remote's <Form> meet through React context.
  'react-final-form',
  'final-form',
  // shared-api's schemas run in the browser too; one copy of zod for the shell and every remote.
  'zod',
  'shared-auth',
  'shared-ui',
];

/** Chunks (and remote entries, see shell/src/remotes/remote-load-plugin.ts) may take this long: SPEC.md §9. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The version actually installed for this app; never `workspace:*` or a range, so the runtime can compare. */
function installedVersion(dirname, pkg) {
  for (const dir of [path.join(dirname, 'node_modules'), path.join(__dirname, 'node_modules')]) {
    const file = path.join(dir, pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${pkg} is not installed for ${dirname}: add it to its package.json dependencies`);
}

function sharedSingletons(dirname) {
  return Object.fromEntries(
    SINGLETONS.map((pkg) => {
      const version = installedVersion(dirname, pkg);
      return [pkg, { singleton: true, requiredVersion: version, version }];
    }),
  );
}

/** The mode is only known from the CLI (`webpack --mode production`), and configs here are plain objects. */
function modeFromArgv(argv = process.argv) {
  const i = argv.findIndex((a) => a === '--mode' || a.startsWith('--mode='));
  if (i === -1) return process.env.NODE_ENV === 'production' ? 'production' : 'development';
  const value = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  return value === 'production' ? 'production' : 'development';
}

/**
 * The shell's one service worker (shell/src/pwa/sw/service-worker.mjs, README "Installable app and offline"): Workbox's
 * InjectManifest compiles it to /service-worker.js with the list of the build's files to precache. Production only:
 * a worker in `webpack serve` would answer from its cache while files change. The worker's imports (workbox-*) are
 * dependencies of workbox-webpack-plugin, not of the shell: pnpm keeps them beside that plugin, hence the aliases.
 */
function serviceWorkerBuild(appRequire, dirname) {
  const { InjectManifest } = appRequire('workbox-webpack-plugin');
  const workboxRequire = createRequire(createRequire(appRequire.resolve('workbox-webpack-plugin')).resolve('workbox-build'));
  const modules = ['workbox-core', 'workbox-precaching', 'workbox-routing', 'workbox-strategies', 'workbox-expiration', 'workbox-cacheable-response'];
  return {
    alias: Object.fromEntries(modules.map((m) => [m, path.dirname(workboxRequire.resolve(`${m}/package.json`))])),
    plugin: new InjectManifest({
      swSrc: path.join(dirname, 'src/pwa/sw/service-worker.mjs'),
      swDest: 'service-worker.js',
      // remotes.json is the deployment's, read network first and never from a build's copy; the rest is not loaded.
      exclude: [/\.map$/, /^remotes\.json$/, /^mf-stats\.json$/, /^serve\.json$/, /\.LICENSE\.txt$/],
    }),
  };
}

/**
 * An app whose public/ has a web app manifest (the shell's) is installable: its page links the manifest, colours the
 * browser's bar with the manifest's theme_color, and names its icons (scripts/make-icons.mjs). Others get no icon.
 */
function installableHead(publicDir) {
  const file = path.join(publicDir, 'manifest.webmanifest');
  if (!fs.existsSync(file)) return '<link rel="icon" href="data:,">';
  const { theme_color: themeColor } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return `<link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="${themeColor}"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">`;
}

/**
 * @param {{ name: string, dirname: string, port: number, isHost: boolean, exposes?: Record<string,string>, mode?: 'production'|'development', title?: string }} options
 * @returns {import('webpack').Configuration}
 */
function createWebpackConfig({ name, dirname, port, isHost, exposes, mode = modeFromArgv(), title }) {
  const production = mode === 'production';
  // Build tools are each app's own devDependencies (pnpm does not hoist them to the root).
  const appRequire = createRequire(path.join(dirname, 'package.json'));
  const webpack = appRequire('webpack');
  const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
  const CopyWebpackPlugin = appRequire('copy-webpack-plugin');
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  // webpack's own minimizer plugin, driven by swc instead of terser: same output size class, a few seconds faster.
  const MinimizerPlugin = createRequire(appRequire.resolve('webpack'))('minimizer-webpack-plugin');
  const mfFile = path.join(dirname, 'module-federation.config.js');
  const federation = fs.existsSync(mfFile) ? require(mfFile) : {};
  const publicDir = path.join(dirname, 'public');
  const hasPublicDir = fs.existsSync(publicDir);
  const serviceWorker = isHost && production ? serviceWorkerBuild(appRequire, dirname) : null;

  return {
    name,
    mode,
    context: dirname,
    entry: { main: './src/index.ts' },
    // Source maps only in development: production builds stay ~10 s and well under 1 GB.
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      // MEDICO_DIST_DIR: another folder than dist/, so two builds on one machine (and the tests reading them) never mix.
      path: path.join(dirname, process.env.MEDICO_DIST_DIR || 'dist'),
      // [contenthash] in `filename` breaks the federation runtime (TOOLCHAIN.md); chunks may carry it.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      // The host serves deep links (/app/orders/...) so it needs an absolute path; remotes load from wherever they are.
      publicPath: isHost ? '/' : 'auto',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], ...(serviceWorker ? { alias: serviceWorker.alias } : {}) },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          // shared-* workspace packages are TypeScript sources, so only node_modules is excluded.
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
          },
        },
        { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_URL': JSON.stringify(process.env.API_URL || 'http://localhost:4000'),
        'process.env.NODE_ENV': JSON.stringify(mode),
      }),
      new HtmlWebpackPlugin({
        // Only the app's own entry: the remote entry is loaded by a host, not by the page.
        chunks: ['main'],
        // Absolute, so a deep link (/app/customers/stockists) on a remote's own dev server still finds main.js;
        // the remote's chunks keep publicPath 'auto', which then resolves to the same root.
        publicPath: '/',
        title: title || (isHost ? 'Medico B2B' : `${name} (standalone)`),
        templateContent: ({ htmlWebpackPlugin }) =>
          `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlWebpackPlugin.options.title}</title>${installableHead(publicDir)}</head><body><div id="root"></div></body></html>`,
      }),
      ...(hasPublicDir ? [new CopyWebpackPlugin({ patterns: [{ from: publicDir, to: '.' }] })] : []),
      ...(serviceWorker ? [serviceWorker.plugin] : []),
      new ModuleFederationPlugin({
        name: federation.name || name,
        filename: 'remoteEntry.js',
        exposes: federation.exposes || exposes,
        runtimePlugins: (federation.runtimePlugins || []).map((p) => path.resolve(dirname, p)),
        shared: sharedSingletons(dirname),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
    ],
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false }, // bundle budgets live in bench/, not in build warnings
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      // Remotes' manifests and chunks are fetched cross-origin by the shell; remotes.json must never be cached.
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' },
      static: hasPublicDir ? { directory: publicDir, watch: true } : false,
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    },
  };
}

module.exports = { createWebpackConfig, SINGLETONS, CHUNK_LOAD_TIMEOUT_MS };
