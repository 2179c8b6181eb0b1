import type { MoveInKind } from 'shared-api';
import { AppError } from '../../../http/errors';
import type { ReadMoveInFile, ReadMoveInOptions } from './index';

export async function readTallyXml(_kind: MoveInKind, _bytes: Buffer, _options: ReadMoveInOptions): Promise<ReadMoveInFile> {
  throw new AppError('E0001', 400, 'Tally XML is not read yet', { file: 'Tally XML' });
}
