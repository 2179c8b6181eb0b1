import loadHighs from 'highs';

/*
 * The exact best-basket optimiser (issue 18): which seller fills each line, as a 0-1 integer programme solved by
 * HiGHS (branch and cut, WebAssembly, loaded once per process).
 *
 *   x[c] ∈ {0,1}  cell c = (line l, seller s) is chosen        Σ_{c of l} x[c] = 1          every line once
 *   y[s] ∈ {0,1}  seller s is used                            x[c] ≤ y[s]
 *                                                              Σ_{c of s} cost[c]·x[c] ≥ minimum[s]·y[s]
 *
 * Objectives are lexicographic (e.g. fewest sellers, then cost): each stage minimises one, then the next stage keeps
 * it at its optimum (objectives are integers, so "≤ optimum + ½" is exact). Gaps are closed to below one unit, so
 * every answer is a proven optimum, not a heuristic one.
 */

export interface BasketCell {
  line: number;
  seller: number;
  /** Landed cost in paise. */
  cost: number;
  /** A non-negative integer the WEIGHT goal minimises first (tenths of a km, days short of the longest expiry). */
  weight: number;
}

export interface BasketInstance {
  lineCount: number;
  /** Minimum order per seller in paise; 0: none. */
  minimums: readonly number[];
  /** Every line has at least one cell (lines nobody can fill are left out before). */
  cells: readonly BasketCell[];
}

/** COST: lowest total. WEIGHT: lowest total weight, then cost. SELLERS: fewest sellers, then cost. */
export type BasketGoal = 'COST' | 'WEIGHT' | 'SELLERS';

export interface BasketSolution {
  /** Every minimum order met. When false, the plan is the one breaking the fewest minimums (then cheapest). */
  feasible: boolean;
  /** The chosen cell of each line (an index into instance.cells). */
  cellOfLine: number[];
  /** Sellers used below their minimum (only when infeasible). */
  broken: number[];
}

export class BasketTimeout extends Error {}

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let loading: Promise<Highs> | null = null;

/** One solver per process; a solver that failed (WebAssembly state unknown) is replaced on the next call. */
function solver(): Promise<Highs> {
  return (loading ??= loadHighs().catch((error: unknown) => {
    loading = null;
    throw error;
  }));
}

export interface OptimiseOptions {
  /** Seconds per solver call before BasketTimeout. */
  timeLimitSeconds?: number;
}

export async function optimise(instance: BasketInstance, goal: BasketGoal, options: OptimiseOptions = {}): Promise<BasketSolution> {
  if (instance.lineCount === 0) return { feasible: true, cellOfLine: [], broken: [] };
  const highs = await solver();
  const run = (model: Model, stages: Stage[]) => {
    try {
      return solveStages(highs, model, stages, options.timeLimitSeconds ?? 20);
    } catch (error) {
      if (!(error instanceof BasketTimeout)) loading = null;
      throw error;
    }
  };
  const kept = dominanceKept(instance, goal);
  const strict = modelOf(instance, kept, goal, false);
  const stages: Stage[] = goal === 'COST' ? ['cost'] : goal === 'WEIGHT' ? ['weight', 'cost'] : ['sellers', 'cost'];
  const chosen = strict ? run(strict, stages) : null;
  if (chosen) return { feasible: true, cellOfLine: chosen, broken: [] };
  // The closest plan is judged by broken minimums, then cost: cells dominated on cost alone are dropped.
  const relaxed = modelOf(instance, dominanceKept(instance, 'COST'), 'COST', true)!;
  const closest = run(relaxed, ['broken', 'cost']);
  if (!closest) throw new Error('best basket: the relaxed model has no solution');
  const totals = sellerTotals(instance, closest);
  const broken = [...totals].filter(([s, total]) => total < instance.minimums[s]!).map(([s]) => s);
  return { feasible: false, cellOfLine: closest, broken };
}

/** Landed cost bought from each used seller. */
export function sellerTotals(instance: BasketInstance, cellOfLine: readonly number[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const c of cellOfLine) {
    const cell = instance.cells[c]!;
    totals.set(cell.seller, (totals.get(cell.seller) ?? 0) + cell.cost);
  }
  return totals;
}

/**
 * Cells that can be in some optimal plan. Sellers without a minimum take any line freely, so per line only the
 * best of them (weight, then cost) matters; a seller with a minimum that is never better than that on any of its
 * lines is never needed (moving its lines to those sellers is no worse and frees it of its minimum). The goal
 * SELLERS keeps everything: a worse cell of a seller used anyway costs no extra seller.
 */
function dominanceKept(instance: BasketInstance, goal: BasketGoal): boolean[] {
  const kept = instance.cells.map(() => true);
  if (goal === 'SELLERS') return kept;
  const key = (c: BasketCell) => (goal === 'WEIGHT' ? [c.weight, c.cost] : [c.cost, 0]) as [number, number];
  const better = (a: BasketCell, b: BasketCell) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return a1 < b1 || (a1 === b1 && a2 < b2);
  };
  const bestFree: (number | undefined)[] = new Array(instance.lineCount);
  instance.cells.forEach((cell, c) => {
    if (instance.minimums[cell.seller]! > 0) return;
    const best = bestFree[cell.line];
    if (best === undefined || better(cell, instance.cells[best]!)) bestFree[cell.line] = c;
  });
  const useful = new Set<number>();
  instance.cells.forEach((cell, c) => {
    const best = bestFree[cell.line];
    if (instance.minimums[cell.seller]! > 0) {
      if (best === undefined || better(cell, instance.cells[best]!)) useful.add(cell.seller);
    } else if (best !== c) {
      kept[c] = false;
    }
  });
  instance.cells.forEach((cell, c) => {
    if (instance.minimums[cell.seller]! > 0 && !useful.has(cell.seller)) kept[c] = false;
  });
  return kept;
}

type Stage = 'cost' | 'weight' | 'sellers' | 'broken';

interface Model {
  /** Cell indexes with a column x<k> each. */
  cells: number[];
  /** Sellers with a y column. */
  used: number[];
  /** Sellers with a z column (relaxed: minimum not met). */
  breakable: number[];
  instance: BasketInstance;
  rows: string[];
}

/**
 * The model over the kept cells, or null when the strict one is infeasible before solving (a line left with no
 * cell once sellers that can never reach their minimum are removed).
 */
function modelOf(instance: BasketInstance, kept: readonly boolean[], goal: BasketGoal, relaxed: boolean): Model | null {
  const { minimums } = instance;
  const potential = new Map<number, number>();
  instance.cells.forEach((cell, c) => {
    if (kept[c]) potential.set(cell.seller, (potential.get(cell.seller) ?? 0) + cell.cost);
  });
  // Strict: a seller whose every line together stays below its minimum can never be used.
  const usable = (s: number) => relaxed || minimums[s]! === 0 || potential.get(s)! >= minimums[s]!;
  const cells = instance.cells.flatMap((cell, c) => (kept[c] && usable(cell.seller) ? [c] : []));
  const byLine: number[][] = Array.from({ length: instance.lineCount }, () => []);
  const bySeller = new Map<number, number[]>();
  cells.forEach((c, k) => {
    const cell = instance.cells[c]!;
    byLine[cell.line]!.push(k);
    bySeller.set(cell.seller, [...(bySeller.get(cell.seller) ?? []), k]);
  });
  if (byLine.some((ks) => ks.length === 0)) return null;
  const sellers = [...bySeller.keys()].sort((a, b) => a - b);
  const used = sellers.filter((s) => goal === 'SELLERS' || minimums[s]! > 0);
  const breakable = relaxed ? sellers.filter((s) => minimums[s]! > 0) : [];
  const rows: string[] = [];
  byLine.forEach((ks, l) => rows.push(`line${l}: ${sum(ks.map((k) => [1, `x${k}`]))} = 1`));
  for (const s of used) {
    for (const k of bySeller.get(s)!) rows.push(`link${k}: x${k} - y${s} <= 0`);
    if (minimums[s]! > 0) {
      const terms: [number, string][] = bySeller.get(s)!.map((k) => [instance.cells[cells[k]!]!.cost, `x${k}`]);
      terms.push([-minimums[s]!, `y${s}`]);
      if (relaxed) terms.push([minimums[s]!, `z${s}`]);
      rows.push(`min${s}: ${sum(terms)} >= 0`);
    }
  }
  return { cells, used, breakable, instance, rows };
}

function objectiveOf(model: Model, stage: Stage): [number, string][] {
  const { instance } = model;
  switch (stage) {
    case 'cost':
      return model.cells.map((c, k) => [instance.cells[c]!.cost, `x${k}`]);
    case 'weight':
      return model.cells.map((c, k) => [instance.cells[c]!.weight, `x${k}`]);
    case 'sellers':
      return model.used.map((s) => [1, `y${s}`]);
    case 'broken':
      return model.breakable.map((s) => [1, `z${s}`]);
  }
}

/** Solves the stages in turn; null when the model is infeasible. Returns the chosen cell of each line. */
function solveStages(highs: Highs, model: Model, stages: Stage[], timeLimitSeconds: number): number[] | null {
  const fixed: string[] = [];
  let columns: Record<string, { Primal?: number }> = {};
  for (const [i, stage] of stages.entries()) {
    const objective = objectiveOf(model, stage).filter(([coefficient]) => coefficient !== 0);
    if (!objective.length && i < stages.length - 1) continue;
    const lp = [
      'Minimize',
      ` obj: ${objective.length ? sum(objective) : `0 x0`}`,
      'Subject To',
      ...model.rows.map((r) => ` ${r}`),
      ...fixed.map((r) => ` ${r}`),
      'Binary',
      ...chunks([...model.cells.map((_, k) => `x${k}`), ...model.used.map((s) => `y${s}`), ...model.breakable.map((s) => `z${s}`)]),
      'End',
    ].join('\n');
    const result = highs.solve(lp, { output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0.5, time_limit: timeLimitSeconds });
    if (result.Status === 'Infeasible' || result.Status === 'Primal infeasible or unbounded') return null;
    if (result.Status === 'Time limit reached') throw new BasketTimeout('best basket: time limit reached');
    if (result.Status !== 'Optimal') throw new Error(`best basket: the solver ended with ${result.Status}`);
    const optimum = Math.round(result.ObjectiveValue);
    if (objective.length) fixed.push(`stage${i}: ${sum(objective)} <= ${optimum + 0.5}`);
    columns = result.Columns as Record<string, { Primal?: number }>;
  }
  const cellOfLine: number[] = new Array(model.instance.lineCount);
  model.cells.forEach((c, k) => {
    if ((columns[`x${k}`]?.Primal ?? 0) > 0.5) cellOfLine[model.instance.cells[c]!.line] = c;
  });
  return cellOfLine;
}

/** `3 x1 - 2 y4 + …`, broken over lines (the LP reader takes continuation lines). */
function sum(terms: readonly [number, string][]): string {
  const parts = terms.map(([coefficient, name], i) => {
    const sign = coefficient < 0 ? '-' : i === 0 ? '' : '+';
    return `${sign} ${Math.abs(coefficient)} ${name}`.trim();
  });
  return chunks(parts).join('\n  ');
}

function chunks(words: readonly string[], size = 20): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(` ${words.slice(i, i + size).join(' ')}`);
  return out;
}
