-- The books (issue 14): stock is valued at cost, batch by batch, first in first out. Each inbound stock movement
-- is a cost layer; unit_cost_paise is what one unit of it cost when that is known (a received purchase bill: the
-- line's taxable value over billed + free units; a sales return: the cost of the batch's latest layer). NULL when
-- it is not known (uploads, manual additions, legacy rows): those layers are costed at the batch's PTS, else PTR
-- (financials/stock-valuation.ts). Outbound movements carry no cost: FIFO decides which layers they consumed.
ALTER TABLE stock_movements ADD COLUMN unit_cost_paise integer CHECK (unit_cost_paise >= 0);
