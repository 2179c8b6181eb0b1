import type { Gstr1Summary, Gstr3b, PeriodQuery } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { resolvePeriod } from '../ledger/period';
import { CONTENT_TYPES, type DownloadFile } from '../../http/file-reply';
import { sheetsToCsv, sheetsToXlsx } from '../../files/sheets';
import { gstr1Sheets, gstr3bSheets, type FileFormat } from './files';
import { buildGstr1 } from './gstr1';
import { buildGstr3b, gstr3bPortalJson } from './gstr3b';
import { assertPortalFile } from './portal-schemas';
import { returnPeriod } from './portal';
import { tallyXml } from './tally';

/** GSTR-1, GSTR-3B and the Tally export (issue 14): read from issued documents and vouchers, always the caller's unit's. */
export class GstReturnsService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}

  async gstr1(caller: Caller, month: string): Promise<Gstr1Summary> {
    return (await buildGstr1(this.db, caller.unitId, month)).summary;
  }

  /**
   * json: the file the GST portal takes (the Gstr1 object alone), refused (E0027) if it fails the portal's format;
   * csv and xlsx: the same sections for people.
   */
  async gstr1File(caller: Caller, month: string, format: FileFormat): Promise<DownloadFile> {
    const { summary, receiverNames } = await buildGstr1(this.db, caller.unitId, month);
    const fileName = `GSTR1_${summary.gstin ?? caller.unitCode}_${returnPeriod(month)}.${format}`;
    if (format === 'json') {
      assertPortalFile('GSTR-1', summary.gstr1);
      return { fileName, contentType: CONTENT_TYPES.json, body: JSON.stringify(summary.gstr1) };
    }
    const sheets = gstr1Sheets(summary.gstr1, receiverNames);
    return { fileName, contentType: CONTENT_TYPES[format], body: format === 'csv' ? sheetsToCsv(sheets) : await sheetsToXlsx(sheets) };
  }

  async gstr3b(caller: Caller, month: string): Promise<Gstr3b> {
    return buildGstr3b(this.db, caller.unitId, month);
  }

  /** json: the portal's GSTR-3B JSON, refused (E0027) if it fails the portal's format; csv and xlsx: its tables. */
  async gstr3bFile(caller: Caller, month: string, format: FileFormat): Promise<DownloadFile> {
    const g = await buildGstr3b(this.db, caller.unitId, month);
    const fileName = `GSTR3B_${g.gstin ?? caller.unitCode}_${returnPeriod(month)}.${format}`;
    if (format === 'json') {
      const file = gstr3bPortalJson(g);
      assertPortalFile('GSTR-3B', file);
      return { fileName, contentType: CONTENT_TYPES.json, body: JSON.stringify(file) };
    }
    const sheets = gstr3bSheets(g);
    return { fileName, contentType: CONTENT_TYPES[format], body: format === 'csv' ? sheetsToCsv(sheets) : await sheetsToXlsx(sheets) };
  }

  /** The period's vouchers as Tally's import XML. */
  async tally(caller: Caller, query: PeriodQuery): Promise<DownloadFile> {
    const { from, to } = resolvePeriod(query, this.config.now());
    return { fileName: `tally-vouchers-${from}-${to}.xml`, contentType: CONTENT_TYPES.xml, body: await tallyXml(this.db, caller.unitId, from, to) };
  }
}
