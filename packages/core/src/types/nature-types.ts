/**
 * Nature types over two independent families: animals (animals.json: a common name and its
 * species' scientific name) and plants (plants.json: scientific name, common name and botanical
 * family). The fields of each family agree within a row.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField } from './record-family.js';

export interface AnimalRecord {
  common: string;
  scientific: string;
}

export interface PlantRecord {
  scientific: string;
  common: string;
  family: string;
}

const animals = recordFamily('animal', () => readDataFile<AnimalRecord[]>('animals.json'));
const plants = recordFamily('plant', () => readDataFile<PlantRecord[]>('plants.json'));

export const natureTypes: TypeDefinition[] = [
  recordField(animals, {
    name: 'Animal Common Name',
    category: 'Nature',
    description: 'The common English name of an animal species, such as Red fox.',
    read: (animal) => animal.common,
  }),
  recordField(animals, {
    name: 'Animal Scientific Name',
    category: 'Nature',
    description: "The scientific (binomial) name of the row's animal, such as Vulpes vulpes.",
    read: (animal) => animal.scientific,
  }),
  recordField(plants, {
    name: 'Plant Common Name',
    category: 'Nature',
    description: 'The common English name of a plant, such as Common sunflower.',
    read: (plant) => plant.common,
  }),
  recordField(plants, {
    name: 'Plant Scientific Name',
    category: 'Nature',
    description: "The scientific name of the row's plant, such as Helianthus annuus.",
    read: (plant) => plant.scientific,
  }),
  recordField(plants, {
    name: 'Plant Family',
    category: 'Nature',
    description: "The botanical family of the row's plant, such as Asteraceae.",
    read: (plant) => plant.family,
  }),
];
