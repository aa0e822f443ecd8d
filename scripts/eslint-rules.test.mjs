// The repository's own lint rules, each shown to report what it is for and to pass what it allows.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import kade from './eslint-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = (file) => path.join(root, 'shop-web', 'src', file);
const fixture = (file) => path.join(root, 'scripts', 'eslint-rules-fixtures', file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

tester.run('feature-boundaries', kade.rules['feature-boundaries'], {
  valid: [
    { filename: web('features/admin/print/print-page.tsx'), code: "import { x } from '../orders/order-card';" },
    { filename: web('features/orders/components/a.tsx'), code: "import { x } from '../../../hooks/use-address-lines';" },
    { filename: web('app/dashboard-routes.tsx'), code: "const Page = import('../features/admin/report/report-page');" },
    { filename: web('lib/paths.ts'), code: "import { x } from '@kade/shared';" },
  ],
  invalid: [
    { filename: web('features/admin/users/users-page.tsx'), code: "import { SearchBox } from '../../dashboard/search-box';", errors: [{ messageId: 'crossFeature' }] },
    { filename: web('features/orders/components/my-orders-page.tsx'), code: "export { x } from '../../addresses/hooks/use-address-lines';", errors: [{ messageId: 'crossFeature' }] },
    { filename: web('features/dashboard/frame.tsx'), code: "const S = import('../admin/print/printer-status');", errors: [{ messageId: 'crossFeature' }] },
    { filename: web('lib/dashboard-links.ts'), code: "import { x } from '../features/cart/components/cart-page';", errors: [{ messageId: 'sharedLayer' }] },
    { filename: web('components/price.tsx'), code: "import { paths } from '../app/router';", errors: [{ messageId: 'sharedLayer' }] },
  ],
});

tester.run('no-import-cycle', kade.rules['no-import-cycle'], {
  valid: [
    // leaf imports the circle but is not in it
    { filename: fixture('leaf.ts'), code: '' },
    // an allowed edge leaves the circle out of the graph
    { filename: fixture('cycle-a.ts'), code: '', options: [{ allow: [['scripts/eslint-rules-fixtures/cycle-b.ts', 'scripts/eslint-rules-fixtures/cycle-a.ts']] }] },
  ],
  invalid: [
    // the type import counts: cycle-a -> cycle-b -> cycle-a
    { filename: fixture('cycle-a.ts'), code: '', errors: [{ messageId: 'cycle' }] },
    { filename: fixture('cycle-b.ts'), code: '', errors: [{ messageId: 'cycle' }] },
  ],
});
