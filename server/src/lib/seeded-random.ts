// The seed's and the bench's deterministic random source is the shared one (shared/src/seeded-random.ts).
export { seededRandom } from '@kade/shared';
