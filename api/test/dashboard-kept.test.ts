import { Kept } from '../src/modules/dashboard/service';

/** The dashboard's keeper of answers and warehouse stock (dashboard/service.ts): what it keeps, shares and lets go. */
describe('Kept', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, seconds));
  const counting = () => {
    let calls = 0;
    return { compute: (value: string) => () => Promise.resolve(`${value} ${++calls}`), calls: () => calls };
  };

  it('shares one computation and keeps its value for 30 s', async () => {
    const kept = new Kept<string, { unit: string }>(10);
    const c = counting();
    const [a, b] = [kept.get('k', { unit: 'u' }, at(0), c.compute('x')), kept.get('k', { unit: 'u' }, at(1), c.compute('x'))];
    expect([await a, await b]).toEqual(['x 1', 'x 1']);
    expect(await kept.get('k', { unit: 'u' }, at(29), c.compute('x'))).toBe('x 1');
    expect(await kept.get('k', { unit: 'u' }, at(30), c.compute('x'))).toBe('x 2');
  });

  it('lets go of the expired first, then the oldest, to stay within its limit', async () => {
    const kept = new Kept<string, { unit: string }>(3);
    const c = counting();
    await kept.get('old', { unit: 'u' }, at(0), c.compute('old'));
    await kept.get('a', { unit: 'u' }, at(20), c.compute('a'));
    // 'old' has expired by 31 s: it goes when 'b' comes, though there is room; 'a' stays.
    await kept.get('b', { unit: 'u' }, at(31), c.compute('b'));
    expect(kept.size).toBe(2);
    expect(await kept.get('a', { unit: 'u' }, at(32), c.compute('a'))).toBe('a 2');
    // Full with 'a', 'b' and 'c' (none expired): 'd' makes the oldest, 'a', go.
    await kept.get('c', { unit: 'u' }, at(33), c.compute('c'));
    await kept.get('d', { unit: 'u' }, at(33), c.compute('d'));
    expect(kept.size).toBe(3);
    expect(await kept.get('b', { unit: 'u' }, at(34), c.compute('b'))).toBe('b 3');
    expect(await kept.get('a', { unit: 'u' }, at(34), c.compute('a'))).toBe('a 6');
  });

  it('drops and updates only what the change is about, and keeps no failure', async () => {
    const kept = new Kept<string, { unit: string }>(10);
    const c = counting();
    await kept.get('one', { unit: 'u1' }, at(0), c.compute('one'));
    await kept.get('two', { unit: 'u2' }, at(0), c.compute('two'));
    kept.update((v) => v.unit === 'u1', (value) => value.then((v) => `${v} patched`));
    kept.drop((v) => v.unit === 'u2');
    expect(await kept.get('one', { unit: 'u1' }, at(1), c.compute('one'))).toBe('one 1 patched');
    expect(await kept.get('two', { unit: 'u2' }, at(1), c.compute('two'))).toBe('two 3');

    kept.update((v) => v.unit === 'u1', () => Promise.reject(new Error('the patch failed')));
    await expect(kept.get('one', { unit: 'u1' }, at(2), c.compute('one'))).rejects.toThrow('the patch failed');
    await new Promise((r) => setImmediate(r));
    expect(await kept.get('one', { unit: 'u1' }, at(3), c.compute('one'))).toBe('one 4');
  });
});
