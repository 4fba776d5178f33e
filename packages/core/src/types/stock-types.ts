/**
 * The stock family: symbol, company name, market, sector, industry and market cap of one row all
 * describe one listed company from stocks.json (a curated list of US-listed companies).
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField } from './record-family.js';

export interface StockRecord {
  symbol: string;
  name: string;
  market: string;
  sector: string;
  industry: string;
  /** A display string written by us, e.g. "$1.23B" or "$150.00M". */
  marketCap: string;
}

const stocks = recordFamily('stock', () => readDataFile<StockRecord[]>('stocks.json'));

export const stockTypes: TypeDefinition[] = [
  recordField(stocks, {
    name: 'Stock Symbol',
    category: 'Commerce',
    description: "The ticker symbol of the row's listed company, such as AAPL.",
    read: (stock) => stock.symbol,
  }),
  recordField(stocks, {
    name: 'Stock Name',
    category: 'Commerce',
    description: "The name of the row's listed company, such as Apple Inc.",
    read: (stock) => stock.name,
  }),
  recordField(stocks, {
    name: 'Stock Market',
    category: 'Commerce',
    description: "The exchange the row's company is listed on: NASDAQ, NYSE or NYSE American.",
    read: (stock) => stock.market,
  }),
  recordField(stocks, {
    name: 'Stock Sector',
    category: 'Commerce',
    description: "The sector of the row's listed company, such as Technology or Health Care.",
    read: (stock) => stock.sector,
  }),
  recordField(stocks, {
    name: 'Stock Industry',
    category: 'Commerce',
    description: "The industry of the row's listed company, such as Semiconductors.",
    read: (stock) => stock.industry,
  }),
  recordField(stocks, {
    name: 'Stock Market Cap',
    category: 'Commerce',
    description: "The approximate market capitalisation of the row's listed company, such as $150.00M or $3400.00B.",
    read: (stock) => stock.marketCap,
  }),
];
