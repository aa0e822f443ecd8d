// One linter for the whole repository. Every rule is an error or off, never a warning.
// Besides the usual checks it enforces the import boundaries of DESIGN.md section 1.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import kade from './scripts/eslint-rules.js';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises',
  'http', 'https', 'net', 'os', 'path', 'process', 'readline', 'stream', 'tls', 'url', 'util', 'worker_threads', 'zlib',
];

const noServer = {
  group: ['@kade/server', '@kade/server/*', '**/server/src/**'],
  message: 'Only the server imports the server: talk to it over HTTP and WebSocket.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['scripts/**', 'server/**', 'desktop/**', 'bench/**', '*.js', '*.ts', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shop-web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // @kade/shared runs anywhere: nothing of ours, no Node-only API, no DOM.
    files: ['shared/src/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.map((name) => ({ name, message: '@kade/shared must run in the browser too.' })),
        patterns: [
          { group: ['node:*'], message: '@kade/shared must run in the browser too.' },
          { group: ['@kade/*', '**/server/**', '**/shop-web/**', '**/desktop/**'], message: '@kade/shared imports nothing of ours.' },
          { group: ['react', 'react-*', 'knex', 'pg', 'koa', '@koa/*', 'electron'], message: '@kade/shared holds rules, not frameworks.' },
        ],
      }],
      'no-restricted-globals': ['error',
        ...['window', 'document', 'localStorage', 'navigator', 'process', 'Buffer', 'require', '__dirname'].map((name) => ({
          name, message: '@kade/shared runs in the browser and in Node: no DOM and no Node-only globals.',
        })),
      ],
    },
  },
  {
    files: ['shop-web/**', 'desktop/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    // No package reaches into another's internals: each talks to the others over HTTP, WebSocket or the counter's
    // bridge, and shares rules only through @kade/shared. A package's own tests may look inside it; the browser tests
    // and bench/ (the benchmarks) go through the testing entries (see below).
    files: ['server/src/**', 'desktop/src/**', 'shop-web/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'desktop/src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/src/**', '**/server/test/**'], message: 'Only the server imports the server: talk to it over HTTP and WebSocket.' },
          { group: ['**/desktop/src/**', '@kade/desktop', '@kade/desktop/*'], message: "Only the counter app imports the counter app's code: the dashboard reaches it through window.kadeCounter." },
          { group: ['**/shop-web/src/**', '@kade/shop-web', '@kade/shop-web/*'], message: 'Only the web app imports the web app.' },
        ],
      }],
    },
  },
  {
    // Features never import each other (bulletproof-react's zones): what two features need lives in
    // src/components, src/hooks or src/lib, or src/app passes it down; those shared layers import no feature.
    files: ['shop-web/src/**/*.{ts,tsx}'],
    plugins: { kade },
    rules: { 'kade/feature-boundaries': 'error' },
  },
  {
    // One paths map (shop-web/src/lib/paths.ts) for every page's address: no literal '/...' in a link's `to`, a
    // navigate(...), a link list's `to:` or a return address's `from:`, and no literal in a route's `path`.
    files: ['shop-web/src/**/*.{ts,tsx}'],
    ignores: ['shop-web/src/lib/paths.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error',
        ...[
          "JSXAttribute[name.name='to'] Literal[value=/^\\//]",
          "JSXAttribute[name.name='to'] TemplateLiteral[quasis.0.value.raw=/^\\//]",
          "CallExpression[callee.name='navigate'] > Literal[value=/^\\//]",
          "CallExpression[callee.name='navigate'] > TemplateLiteral[quasis.0.value.raw=/^\\//]",
          "Property[key.name=/^(to|from)$/] > Literal[value=/^\\//]",
          "Property[key.name=/^(to|from)$/] > TemplateLiteral[quasis.0.value.raw=/^\\//]",
          "JSXOpeningElement[name.name='Route'] > JSXAttribute[name.name='path'] Literal",
        ].map((selector) => ({ selector, message: "A page's address comes from the paths map (src/lib/paths.ts), not a string literal." })),
      ],
    },
  },
  {
    // No import cycles in any package's production code, type imports included (tests may import what they test).
    files: ['{shared,server,desktop,shop-web,bench}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { kade },
    rules: {
      'kade/no-import-cycle': ['error', { allow: [] }],
    },
  },
  {
    // The browser tests and the benchmarks drive the other packages through their public entries only: the
    // server's and the counter's testing entries (@kade/server/testing, @kade/server/testing/port,
    // @kade/desktop/testing, declared in their package.json "exports") and @kade/shared, never a module by path.
    files: ['shop-web/e2e/**', 'bench/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          {
            regex: '^(\\.\\.?/)+(server|desktop|bench|shared|shop-web)/',
            message: "Another package's modules are its own: import its public entry (@kade/<package> or @kade/<package>/testing).",
          },
          {
            regex: '^@kade/(?!shared$|server/testing$|server/testing/port$|desktop/testing$)',
            message: "Only a package's public entries may be imported: @kade/shared, @kade/server/testing, @kade/server/testing/port, @kade/desktop/testing.",
          },
        ],
      }],
    },
  },
  {
    // Issue 21: every text a shopper reads comes from the catalogues (shop-web/src/locales), so a word written
    // straight into a shopper's screen fails the lint. Words in JSX and in the attributes people hear or read
    // (aria-label, placeholder, title, alt) count; symbols, numbers and brand names do not. The dashboard
    // (features/admin, features/dashboard) stays English and is not listed, nor the static pages, whose headings
    // come from the catalogues but whose policy text is the English one in force. The rider's screen speaks the
    // rider's language (the cash form it shares with the dashboard takes its words as a prop).
    files: [
      'shop-web/src/app/frame/**/*.tsx',
      'shop-web/src/app/not-found.tsx',
      // the file picker takes its busy words from its caller (the dashboard's are English)
      'shop-web/src/components/{add-to-cart,bill-details,cash-form,file-button,language-switch,loading,price,product-card,status-badge}.tsx',
      'shop-web/src/features/{cart,checkout,orders,addresses,catalogue,search,rider}/**/*.tsx',
      'shop-web/src/features/account/**/*.tsx',
      // the static pages written in the catalogues: the privacy policy and the terms keep the English text in
      // force (marked lang="en", with a note in the shopper's language saying so)
      'shop-web/src/features/static-pages/components/{about-page,contact-page,contact-block,english-only-note}.tsx',
      // the dashboard's side menu names the shopper's own pages in the shopper's language
      'shop-web/src/features/dashboard/menu-links.tsx',
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', {
        mode: 'jsx-only',
        'jsx-attributes': { include: ['aria-label', 'placeholder', 'title', 'alt', 'label'] },
        words: { exclude: ['^[\\s0-9!-/:-@\\[-`{-~·×✓✕‹›−–—©…“”]+$', '^[A-Z_-]+$', '^(WhatsApp|Kade)$'] },
        callees: { exclude: ['i18n(ext)?', 't', 'fieldLabel', 'textInput', 'require', 'includes', 'startsWith', 'endsWith', 'encodeURIComponent', 'navigate', 'toast', 'api'] },
      }],
    },
  },
  {
    // Server layers point down only (issue 32): the infrastructure below the features (http/, db/, lib/, auth/, the
    // config, clock and logger) imports no feature module, the seed or the composition (app.ts, server.ts, main.ts,
    // cli/); a feature imports no seed or composition. What a lower layer needs from above is passed in by app.ts.
    // The TypeScript rule, so the package boundaries of no-restricted-imports above still apply to the same files.
    files: ['server/src/{http,db,lib,auth}/**/*.ts', 'server/src/{config,clock,logger,process-guards}.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { regex: '^(\\.{1,2}/)+(modules|seed|cli)(/|$)', message: 'A lower server layer imports no feature module or seed: move the piece down (db/, auth/, lib/) or have app.ts pass it in.' },
          { regex: '^(\\.{1,2}/)+(app|server|main)$', message: 'Only the entry points import the composition (app.ts, server.ts).' },
        ],
      }],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { regex: '^(\\.{1,2}/)+(seed|cli)(/|$)', message: 'A feature imports no seed: the seed sits above the features and imports them.' },
          { regex: '^(\\.{1,2}/)+(app|server|main)$', message: 'Only the entry points import the composition (app.ts, server.ts).' },
        ],
      }],
    },
  },
);
