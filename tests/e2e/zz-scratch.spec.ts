import { test } from './support';
test('noop', async () => {});
