import { optimise, sellerTotals, type BasketCell, type BasketGoal, type BasketInstance } from '../src/modules/basket/optimiser';

/** A small seeded generator (mulberry32), so a failing instance can be rebuilt from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function instanceOf(seed: number): BasketInstance {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const lineCount = int(1, 6);
  const sellerCount = int(1, 4);
  // About half the sellers have a minimum, from easy to impossible.
  const minimums = Array.from({ length: sellerCount }, () => (rnd() < 0.5 ? int(1, 60) * 100 : 0));
  const cells: BasketCell[] = [];
  for (let line = 0; line < lineCount; line++) {
    const sellers = Array.from({ length: sellerCount }, (_, s) => s).filter(() => rnd() < 0.7);
    if (!sellers.length) sellers.push(int(0, sellerCount - 1));
    for (const seller of sellers) cells.push({ line, seller, cost: int(1, 30) * 50 + int(0, 1), weight: int(0, 5) });
  }
  return { lineCount, minimums, cells };
}

interface Value {
  feasible: boolean;
  /** Lexicographic objective: [primary, cost] when feasible, [broken, cost] when not. */
  key: [number, number];
}

function valueOf(instance: BasketInstance, goal: BasketGoal, cellOfLine: readonly number[]): Value {
  const totals = sellerTotals(instance, cellOfLine);
  const broken = [...totals].filter(([s, t]) => t < instance.minimums[s]!).length;
  const cost = cellOfLine.reduce((sum, c) => sum + instance.cells[c]!.cost, 0);
  const primary = goal === 'COST' ? 0 : goal === 'SELLERS' ? totals.size : cellOfLine.reduce((sum, c) => sum + instance.cells[c]!.weight, 0);
  return broken === 0 ? { feasible: true, key: [primary, cost] } : { feasible: false, key: [broken, cost] };
}

const less = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Every assignment of lines to sellers: the best feasible one, else the one breaking fewest minimums, then cheapest. */
function bruteForce(instance: BasketInstance, goal: BasketGoal): Value {
  const options: number[][] = Array.from({ length: instance.lineCount }, () => []);
  instance.cells.forEach((cell, c) => options[cell.line]!.push(c));
  let bestFeasible: Value | null = null;
  let bestBroken: Value | null = null;
  const choice: number[] = [];
  const walk = (line: number) => {
    if (line === instance.lineCount) {
      const value = valueOf(instance, goal, choice);
      if (value.feasible && (!bestFeasible || less(value.key, bestFeasible.key))) bestFeasible = value;
      if (!value.feasible && (!bestBroken || less(value.key, bestBroken.key))) bestBroken = value;
      return;
    }
    for (const c of options[line]!) {
      choice[line] = c;
      walk(line + 1);
    }
  };
  walk(0);
  return (bestFeasible ?? bestBroken)!;
}

describe('best basket optimiser (HiGHS) against brute force', () => {
  for (const goal of ['COST', 'WEIGHT', 'SELLERS'] as const) {
    it(`${goal}: 200 seeded instances of up to 6 lines × 4 sellers with random minimums`, async () => {
      let infeasible = 0;
      for (let seed = 1; seed <= 200; seed++) {
        const instance = instanceOf(seed * 7919 + goal.length);
        const expected = bruteForce(instance, goal);
        const solution = await optimise(instance, goal);
        // Every line gets one of its own cells.
        solution.cellOfLine.forEach((c, line) => expect(instance.cells[c]!.line).toBe(line));
        expect(solution.cellOfLine).toHaveLength(instance.lineCount);
        const got = valueOf(instance, goal, solution.cellOfLine);
        expect({ seed, feasible: solution.feasible, key: got.key }).toEqual({ seed, feasible: expected.feasible, key: expected.key });
        const totals = sellerTotals(instance, solution.cellOfLine);
        expect(solution.broken.sort()).toEqual([...totals].filter(([s, t]) => t < instance.minimums[s]!).map(([s]) => s).sort());
        if (!expected.feasible) infeasible++;
      }
      // The generator must exercise both answers.
      expect(infeasible).toBeGreaterThan(5);
      expect(infeasible).toBeLessThan(150);
    });
  }

  it('meets a minimum by moving a line to a dearer seller when that is cheaper overall', async () => {
    // Seller 0 (minimum ₹100) is much cheaper on line 0 but only reaches its minimum with line 1 as well.
    const instance: BasketInstance = {
      lineCount: 2,
      minimums: [10_000, 0],
      cells: [
        { line: 0, seller: 0, cost: 6_000, weight: 0 },
        { line: 0, seller: 1, cost: 9_000, weight: 0 },
        { line: 1, seller: 0, cost: 4_100, weight: 0 },
        { line: 1, seller: 1, cost: 4_000, weight: 0 },
      ],
    };
    const solution = await optimise(instance, 'COST');
    expect(solution.feasible).toBe(true);
    expect(solution.cellOfLine).toEqual([0, 2]);
  });

  it('names the seller whose minimum cannot be met', async () => {
    const instance: BasketInstance = { lineCount: 1, minimums: [0, 50_000], cells: [{ line: 0, seller: 1, cost: 1_000, weight: 0 }] };
    const solution = await optimise(instance, 'COST');
    expect(solution).toEqual({ feasible: false, cellOfLine: [0], broken: [1] });
  });
});
