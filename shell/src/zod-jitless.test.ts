import './zod-jitless';

it('sets zod jitless before zod loads, so no parser is compiled with new Function (the CSP forbids eval)', async () => {
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  const evalSpy = jest.spyOn(globalThis, 'Function');
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  expect(evalSpy).not.toHaveBeenCalled();
});
