/**
 * Construction: equipment, materials, roles, trades, subcontract categories and CSI MasterFormat
 * cost codes, each an independent pick from a curated list (data/construction.json).
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';

interface ConstructionData {
  heavyEquipment: string[];
  materials: string[];
  roles: string[];
  /** [section number, title] of CSI MasterFormat 2016. */
  costCodes: [string, string][];
  subcontractCategories: string[];
  trades: string[];
}

const data = (): ConstructionData => readDataFile<ConstructionData>('construction.json');

function constructionType(name: string, description: string, values: () => readonly string[]): TypeDefinition {
  return listType({ name, category: 'Construction', description, values });
}

export const constructionTypes: TypeDefinition[] = [
  constructionType(
    'Construction Heavy Equipment',
    'A kind of heavy construction equipment, e.g. Excavator, Tower Crane, Skid-Steer.',
    () => data().heavyEquipment,
  ),
  constructionType(
    'Construction Material',
    'A building material, e.g. Concrete, Granite, Cross-Laminated Timber.',
    () => data().materials,
  ),
  constructionType(
    'Construction Role',
    'A role on a construction project, e.g. Site Superintendent, Estimator, Architect.',
    () => data().roles,
  ),
  constructionType(
    'Construction Standard Cost Code',
    'A CSI MasterFormat section number with its title, as used for cost codes, e.g. "03 30 00 - Cast-in-Place Concrete".',
    () => data().costCodes.map(([code, title]) => `${code} - ${title}`),
  ),
  constructionType(
    'Construction Subcontract Category',
    'A subcontract package of a building project, e.g. Drywall & Acoustical, Fire Sprinkler System.',
    () => data().subcontractCategories,
  ),
  constructionType(
    'Construction Trade',
    'A construction trade, e.g. Ironworker, Glazier, Pipefitter.',
    () => data().trades,
  ),
];
