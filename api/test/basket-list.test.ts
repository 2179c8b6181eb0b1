import { parseListRows, parseListText } from '../src/modules/basket/list-parser';

describe('best basket: reading a shopping list', () => {
  it('reads the usual ways of writing a line', () => {
    const { lines, errors } = parseListText(
      ['Dolo 650 x 10', '10 Dolo 650', 'Dolo 650 - 10 strips', 'Calpol 500\t4', 'Zimox 250, 3', '2 x Pan 40', 'Dolo 650x12', 'Azee 500 6 strips', 'Crocin: 5'].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(lines.map((l) => [l.lineNo, l.text, l.quantity])).toEqual([
      [1, 'Dolo 650', 10],
      [2, 'Dolo 650', 10],
      [3, 'Dolo 650', 10],
      [4, 'Calpol 500', 4],
      [5, 'Zimox 250', 3],
      [6, 'Pan 40', 2],
      [7, 'Dolo 650', 12],
      [8, 'Azee 500', 6],
      [9, 'Crocin', 5],
    ]);
  });

  it('keeps a name ending in x and skips blank lines, comments and a header', () => {
    const { lines, errors } = parseListText('Product, Qty\n\n# for the shop\nZimox 250 x 2\n1, Augmentin 625, 3\n');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      { lineNo: 4, text: 'Zimox 250', quantity: 2 },
      { lineNo: 5, text: 'Augmentin 625', quantity: 3 },
    ]);
  });

  it('says per line what is wrong instead of guessing', () => {
    const { lines, errors } = parseListText('Dolo 650\nDolo 650 x 2.5\nDolo 650 x 0\n25\nPan 40 x 1000000\nok line x 1');
    expect(lines.map((l) => l.lineNo)).toEqual([6]);
    expect(errors).toEqual([
      { lineNo: 1, text: 'Dolo 650', message: 'Say how many, e.g. "Dolo 650 x 10" or "10 Dolo 650"' },
      { lineNo: 2, text: 'Dolo 650 x 2.5', message: 'The quantity "2.5" is not a whole number of packs' },
      { lineNo: 3, text: 'Dolo 650 x 0', message: 'The quantity must be at least 1' },
      { lineNo: 4, text: '25', message: 'Say how many, e.g. "Dolo 650 x 10" or "10 Dolo 650"' },
      { lineNo: 5, text: 'Pan 40 x 1000000', message: 'The quantity must be at most 100000' },
    ]);
  });

  it('finds the product and quantity columns of a sheet by their headers', () => {
    const { lines, errors } = parseListRows([
      ['Sharma Medical Stores order'],
      ['Sr No', 'Item Name', 'Pack', 'Qty'],
      [1, 'Dolo 650', '15 Tab', 10],
      [2, 'Pan 40', '15 Tab', null],
      [3, null, null, 4],
      [],
      [4, 'Azee 500', '5 Tab', '3'],
    ]);
    expect(lines).toEqual([
      { lineNo: 3, text: 'Dolo 650', quantity: 10 },
      { lineNo: 7, text: 'Azee 500', quantity: 3 },
    ]);
    expect(errors.map((e) => [e.lineNo, e.message])).toEqual([
      [4, 'No quantity on this line'],
      [5, 'No product name in this row'],
    ]);
  });

  it('reads a sheet without a header row like pasted lines', () => {
    expect(parseListRows([['Dolo 650', 10], ['5 Pan 40']]).lines).toEqual([
      { lineNo: 1, text: 'Dolo 650', quantity: 10 },
      { lineNo: 2, text: 'Pan 40', quantity: 5 },
    ]);
  });
});
