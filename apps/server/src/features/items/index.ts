// The items feature as other features use it: nothing else of it may be imported from outside (Biome).
export { createItem } from './items.ts';
